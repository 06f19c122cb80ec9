// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './user.table.js';
export { defaultAdminPassword } from './user.seed.js';
export { userDisplayNameSql, userNameSql } from './user-directory.queries.js';

// Data import writes users through the same calls.
export { userResource } from './user.resource.js';
/** Whether the caller may manage these users (no one manages a user with more than they hold). */
export { assertManageable, preparePassword } from './user.service.js';
// My account hands a user their own data (contract 24) through the same export.
export { sendPersonalData } from './user-personal-data.service.js';
import type { ModuleManifest } from '../../platform/module.js';
import {
  groupMembersRefusal,
  roleHoldersRefusal,
  userDirectory,
  usersInDeptsRefusal,
  usersInPositionsRefusal,
} from './user-directory.queries.js';
import { seedAdmin, seedDemoUsers } from './user.seed.js';
import { registerUserRoutes } from './user.routes.js';
import { appUser, userProject, userRole } from './user.table.js';

export const userModule: ModuleManifest = {
  name: 'user',
  tables: { appUser, userRole, userProject },
  register: (app, ctx) => registerUserRoutes(app, ctx.db, ctx.config.dataDir),
  seed: { system: seedAdmin, demo: seedDemoUsers },
  // The modules below (a user has a department, a position, roles and groups) ask for users through these.
  userDirectory,
  references: [
    { record: 'dept', refusal: usersInDeptsRefusal },
    { record: 'position', refusal: usersInPositionsRefusal },
    { record: 'role', refusal: roleHoldersRefusal },
    { record: 'userGroup', refusal: groupMembersRefusal },
  ],
};
