// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './industry.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerIndustryRoutes } from './industry.routes.js';
import * as tables from './industry.table.js';

export const industryModule: ModuleManifest = {
  name: 'industry',
  tables: { ...tables },
  register: (app, ctx) => registerIndustryRoutes(app, ctx.db),
};
