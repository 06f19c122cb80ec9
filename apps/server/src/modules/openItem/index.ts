// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './openItem.table.js';
// The quick start's demo items, written after the demo tickets (db/seed-demo.ts).
export { seedDemoOpenItems } from './openItem.seed.js';

// Data import writes open items through the same calls.
export { createOpenItemResource } from './openItem.resource.js';
// A catalog request's fulfilment items become open items of its ticket.
export { addSystemOpenItemIn } from './openItem.service.js';
import type { ModuleManifest } from '../../platform/module.js';
import { registerOpenItemRoutes } from './openItem.routes.js';
import { seedTaskCategories } from './openItem.seed.js';
import * as tables from './openItem.table.js';

export const openItemModule: ModuleManifest = {
  name: 'openItem',
  tables: { ...tables },
  register: (app, ctx) => registerOpenItemRoutes(app, ctx.db, ctx.config.dataDir),
  seed: { system: seedTaskCategories },
};
