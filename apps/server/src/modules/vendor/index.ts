// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './vendor.table.js';

// Data import writes vendors through the same calls.
export { vendorResource } from './vendor.resource.js';
import type { ModuleManifest } from '../../platform/module.js';
import { registerVendorRoutes } from './vendor.routes.js';
import { seedDemoVendors, seedPaymentDictionaries } from './vendor.seed.js';
import * as tables from './vendor.table.js';

export const vendorModule: ModuleManifest = {
  name: 'vendor',
  tables: { ...tables },
  register: (app, ctx) => registerVendorRoutes(app, ctx.db),
  seed: { system: seedPaymentDictionaries, demo: seedDemoVendors },
};
