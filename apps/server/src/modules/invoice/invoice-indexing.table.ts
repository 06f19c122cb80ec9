import type { IndexExtractionError, InvoiceProposals } from '@casedesk/shared';
import { foreignKey, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.js';
import { invoice } from './invoice.table.js';

/**
 * What was read from an indexing document (one row per uploaded invoice document): the page count, the start
 * of the text, the proposals made from it, or why there are none. Written once, after the upload's commit.
 */
export const invoiceDocument = pgTable(
  'invoice_document',
  {
    invoiceId: integer('invoice_id').primaryKey(),
    pages: integer('pages'),
    textExcerpt: text('text_excerpt'),
    proposals: jsonb('proposals').$type<InvoiceProposals>(),
    error: text('error').$type<IndexExtractionError>(),
    durationMs: integer('duration_ms'),
    extractedAt: timestamptz('extracted_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'invoice_document_invoice_fk', columns: [t.invoiceId], foreignColumns: [invoice.id] }).onDelete(
      'cascade',
    ),
  ],
);
