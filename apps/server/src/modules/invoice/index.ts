// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './invoice.table.js';
// What the indexing queue builds on: the one save of an invoice's fields, and its amounts.
export { computeInvoiceAmounts, saveInvoiceFields, type InvoiceFieldsInput } from './invoice.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { invoiceWorkflowType } from './invoice-approval.service.js';
import { registerInvoiceRoutes } from './invoice.routes.js';
import { seedDemoInvoices } from './invoice.seed.js';
import * as tables from './invoice.table.js';
import * as indexingTables from './invoice-indexing.table.js';
import { registerInvoiceIndexingRoutes } from './invoice-indexing.routes.js';

export const invoiceModule: ModuleManifest = {
  name: 'invoice',
  tables: { ...tables, ...indexingTables },
  register: async (app, ctx) => {
    registerInvoiceRoutes(app, ctx.db);
    // Indexing (the queue of uploaded documents): its own calls, files and table.
    await registerInvoiceIndexingRoutes(app, ctx.db, ctx.config.dataDir);
  },
  workflowTypes: [invoiceWorkflowType],
  seed: { demo: seedDemoInvoices },
};
