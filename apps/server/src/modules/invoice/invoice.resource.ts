import { eq, gte, lte, or, sql } from 'drizzle-orm';
import {
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceQuerySchema,
  invoiceSchema,
  invoiceUpdateSchema,
  pageOf,
} from '@casedesk/shared';
import { defineResource, likePattern } from '../../platform/resource.js';
import { invoiceActionsFor } from './invoice.policy.js';
import { invoiceCustomValues, invoiceRowColumns, linesOf } from './invoice.queries.js';
import { addInvoice, removeInvoices, updateInvoice, type InvoiceRecord } from './invoice.service.js';
import { invoice } from './invoice.table.js';

const schemas = {
  record: invoiceSchema,
  create: invoiceCreateSchema,
  update: invoiceUpdateSchema,
  query: invoiceQuerySchema,
  detail: invoiceDetailSchema,
  page: pageOf(invoiceSchema),
};

/**
 * `/api/Invoice/...`: rows carry vendor, project and creator names and the caller's actions, Detail the lines;
 * the writes are the module's own (Add and Update go through `saveInvoiceFields`, which computes the amounts).
 */
export const invoiceResource = defineResource<typeof invoice, typeof schemas, InvoiceRecord>({
  name: 'Invoice',
  module: 'invoice',
  label: 'invoice',
  table: invoice,
  schemas,
  columns: invoiceRowColumns,
  // The keyword searches the invoice number, the PO number and the vendor's name (a filter below).
  keywordColumns: [],
  sortable: {
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    totalAmount: invoice.totalAmount,
    status: invoice.status,
    currency: invoice.currency,
    createdAt: invoice.createdAt,
    modifiedAt: invoice.modifiedAt,
    id: invoice.id,
  },
  // status (one or a list), vendorId and projectId are equalities on their columns.
  filterFields: ['currency'],
  filters: (query) => {
    const keyword = query.keyword?.trim();
    return [
      query.currency ? eq(invoice.currency, query.currency.toUpperCase()) : undefined,
      query.invoiceDateFrom === undefined ? undefined : gte(invoice.invoiceDate, query.invoiceDateFrom),
      query.invoiceDateTo === undefined ? undefined : lte(invoice.invoiceDate, query.invoiceDateTo),
      invoiceCustomValues.condition(query.custom),
      keyword
        ? or(
            sql`${invoice.invoiceNumber} ilike ${likePattern(keyword)}`,
            sql`${invoice.poNumber} ilike ${likePattern(keyword)}`,
            // The matching vendors first (one small lookup), so that each branch of the OR can use an index.
            sql`${invoice.vendorId} = any(array(select v.id from vendor v where v.vendor_name ilike ${likePattern(keyword)}))`,
          )
        : undefined,
    ];
  },
  policy: { actions: invoiceActionsFor },
  loadDetail: async (q, row) => ({ lines: await linesOf(q, row.id) }),
  addToRows: (q, rows) => invoiceCustomValues.addTo(q, rows),
  exportColumns: [
    { field: 'invoiceNumber', width: 20 },
    { field: 'vendorName', label: 'vendorId', width: 30 },
    { field: 'invoiceDate', width: 14 },
    { field: 'dueDate', width: 14 },
    { field: 'currency', width: 10 },
    { field: 'subtotalAmount', width: 16 },
    { field: 'taxAmount', width: 14 },
    { field: 'totalAmount', width: 16 },
    { field: 'status', values: 'invoiceStatus', width: 16 },
    { field: 'projectName', label: 'projectId', width: 24 },
    { field: 'poNumber', width: 20 },
    { field: 'createdByName', label: 'createdBy', width: 20 },
  ],
  moreExportColumns: (q) => invoiceCustomValues.exportColumns(q),
  operations: { add: addInvoice, update: updateInvoice, remove: removeInvoices },
});
