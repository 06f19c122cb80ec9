// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './import.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerFileOwner } from '../file/index.js';
import { canSeeRun, importFileOwner } from './import-run.service.js';
import { importWork, importWorkDefault } from './import.jobs.js';
import { registerImportRoutes } from './import.routes.js';
import * as tables from './import.table.js';

export const importModule: ModuleManifest = {
  name: 'import',
  tables: { ...tables },
  register: async (app, ctx) => {
    // A run's error file: its starter, or whoever manages import definitions, may download it.
    registerFileOwner(importFileOwner, canSeeRun);
    await registerImportRoutes(app, ctx.db, ctx.config.dataDir, ctx.jobs.scheduler);
  },
  jobs: { handlers: [importWork], defaults: [importWorkDefault] },
};
