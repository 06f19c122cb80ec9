// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './import.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerImportRoutes } from './import.routes.js';
import * as tables from './import.table.js';

export const importModule: ModuleManifest = {
  name: 'import',
  tables: { ...tables },
  register: async (app, ctx) => registerImportRoutes(app, ctx.db, ctx.config.dataDir),
};
