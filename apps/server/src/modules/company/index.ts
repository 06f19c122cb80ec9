// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './company.table.js';

// Data import writes companies through the same calls.
export { companyResource } from './company.resource.js';
import type { ModuleManifest } from '../../platform/module.js';
import { seedDemoCompanies } from './company.seed.js';
import { registerCompanyRoutes } from './company.routes.js';
import * as tables from './company.table.js';

export const companyModule: ModuleManifest = {
  name: 'company',
  tables: { ...tables },
  register: (app, ctx) => registerCompanyRoutes(app, ctx.db),
  seed: { demo: seedDemoCompanies },
};
