// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './user-group.table.js';
export { activeGroupIds } from './user-group.queries.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerUserGroupRoutes } from './user-group.routes.js';
import * as tables from './user-group.table.js';

export const userGroupModule: ModuleManifest = {
  name: 'userGroup',
  tables: { ...tables },
  register: (app, ctx) => registerUserGroupRoutes(app, ctx.db),
};
