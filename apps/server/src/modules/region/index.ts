// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './region.table.js';

// Data import writes regions through the same calls.
export { regionResource } from './region.resource.js';
import type { ModuleManifest } from '../../platform/module.js';
import { registerRegionRoutes } from './region.routes.js';
import * as tables from './region.table.js';

export const regionModule: ModuleManifest = {
  name: 'region',
  tables: { ...tables },
  register: (app, ctx) => registerRegionRoutes(app, ctx.db),
};
