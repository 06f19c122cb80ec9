import {
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceQuerySchema,
  invoiceSchema,
  invoiceUpdateSchema,
  pageOf,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import {
  addInvoice,
  getInvoice,
  getInvoiceDetail,
  invoicesForExport,
  queryInvoices,
  removeInvoices,
  updateInvoice,
  type InvoiceRecord,
} from './invoice.service.js';
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
 * `/api/Invoice/...`: every call written by the module (rows carry vendor, project and creator names and the
 * caller's actions; Add and Update go through `saveInvoiceFields`, which computes the amounts).
 */
export const invoiceResource = defineResource<typeof invoice, typeof schemas, InvoiceRecord>({
  name: 'Invoice',
  module: 'invoice',
  label: 'invoice',
  table: invoice,
  schemas,
  // The keyword searches the invoice number, the PO number and the vendor's name (the service's own query).
  keywordColumns: [],
  exportColumns: [
    { header: 'Invoice number', field: 'invoiceNumber', width: 20 },
    { header: 'Vendor', field: 'vendorName', width: 30 },
    { header: 'Invoice date', field: 'invoiceDate', width: 14 },
    { header: 'Due date', field: 'dueDate', width: 14 },
    { header: 'Currency', field: 'currency', width: 10 },
    { header: 'Subtotal', field: 'subtotalAmount', width: 16 },
    { header: 'Tax', field: 'taxAmount', width: 14 },
    { header: 'Total', field: 'totalAmount', width: 16 },
    { header: 'Status', field: 'status', width: 16 },
    { header: 'Project', field: 'projectName', width: 24 },
    { header: 'PO number', field: 'poNumber', width: 20 },
    { header: 'Created by', field: 'createdByName', width: 20 },
  ],
  operations: {
    get: getInvoice,
    detail: getInvoiceDetail,
    query: queryInvoices,
    rowsForExport: invoicesForExport,
    add: addInvoice,
    update: updateInvoice,
    remove: removeInvoices,
  },
});
