// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './web-api.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerWebApiRoutes } from './web-api.routes.js';
import * as tables from './web-api.table.js';

export const webApiModule: ModuleManifest = {
  name: 'webApi',
  tables: { ...tables },
  register: (app, ctx) => registerWebApiRoutes(app, ctx.db, ctx.routes),
};
