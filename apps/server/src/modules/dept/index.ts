// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './dept.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { seedDemoDepts } from './dept.seed.js';
import { registerDeptRoutes } from './dept.routes.js';
import * as tables from './dept.table.js';

export const deptModule: ModuleManifest = {
  name: 'dept',
  tables: { ...tables },
  register: (app, ctx) => registerDeptRoutes(app, ctx.db),
  seed: { demo: seedDemoDepts },
};
