// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './menu.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { seedMenus } from './menu.seed.js';
import { registerMenuRoutes } from './menu.routes.js';
import * as tables from './menu.table.js';

export const menuModule: ModuleManifest = {
  name: 'menu',
  tables: { ...tables },
  register: (app, ctx) => registerMenuRoutes(app, ctx.db),
  seed: { system: seedMenus },
};
