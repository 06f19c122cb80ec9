// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './role.table.js';
export { assertCanGrant, assertScopeGrantable, notHeld, widerThanActor } from './role.policy.js';

import type { ModuleManifest } from '../../platform/module.js';
import { seedRoles } from './role.seed.js';
import { registerRoleRoutes } from './role.routes.js';
import * as tables from './role.table.js';

export const roleModule: ModuleManifest = {
  name: 'role',
  tables: { ...tables },
  register: (app, ctx) => registerRoleRoutes(app, ctx.db),
  seed: { system: seedRoles },
};
