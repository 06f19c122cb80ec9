import { z } from 'zod';
import { idSchema, maxInt, pageOf } from '../platform/paging.js';
import { invoiceCreateSchema, invoiceSchema } from './invoice.schemas.js';

/**
 * Indexing (spec section 2 Indexing; issue 14 item 4). Contract section 15 names no calls for it, so these are
 * ours, all under `invoice:index`:
 *
 * | call | body | answers |
 * | --- | --- | --- |
 * | `POST /api/Invoice/IndexUpload` | multipart, field `files` (PDF, PNG, JPEG, TIFF, WebP by their bytes; 20 MB each, at most 20) | `IndexQueueItem[]`, one `Indexing` invoice per file |
 * | `POST /api/Invoice/IndexQueue` | `IndexQueueQuery` | `Page<IndexQueueItem>`: the `Indexing` invoices, oldest first, with who holds each |
 * | `POST /api/Invoice/IndexClaim` | `{ id }` | `IndexingDetail`; locks the document to the caller (409 `invoice.claimedByOther(name)` while another holds it) |
 * | `GET  /api/Invoice/IndexDetail/:key` | — | `IndexingDetail` (anyone with `invoice:index`; the form is editable only for the holder) |
 * | `POST /api/Invoice/IndexRelease` | `{ id }` | `IndexQueueItem`; only the holder |
 * | `POST /api/Invoice/IndexFinish` | `IndexFinish` (the invoice's capture fields + `id`, `rowVersion`) | the `Draft` invoice; only the holder |
 * | `POST /api/Invoice/IndexDelete` | `{ id }` | `{ id }`; an unclaimed document or one the caller holds |
 *
 * A claim lapses after `indexClaimMinutes` without a new claim: someone else may then take the document over
 * (the claim is renewed by claiming again, which the web does when the form is opened).
 */
export const indexClaimMinutes = 30;
/** Text extraction reads at most this many pages, for at most this long, per document. */
export const indexMaxPages = 5;
export const indexTimeLimitMs = 10_000;
/** How much of the extracted text is kept (the proposals are made from all of the pages read). */
export const indexExcerptChars = 4000;
/** What indexing accepts, by the bytes' signature (not the name). */
export const indexDocumentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'image/webp'] as const;

/** Why a document yielded no proposals. Images are not read (no OCR). */
export const indexExtractionErrors = ['image', 'encrypted', 'unreadable', 'timeout', 'noText'] as const;
export const indexExtractionErrorSchema = z.enum(indexExtractionErrors);
export type IndexExtractionError = z.infer<typeof indexExtractionErrorSchema>;

/** What the document's text suggests; each field null when nothing was found. The person confirms them. */
export const invoiceProposalsSchema = z.object({
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** A decimal string with two places. */
  totalAmount: z.string().nullable(),
  currency: z.string().nullable(),
  poNumber: z.string().nullable(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  /** How the vendor was found: its e-mail address (or the address's domain) or its name in the text. */
  vendorMatchedBy: z.enum(['email', 'name']).nullable(),
});
export type InvoiceProposals = z.infer<typeof invoiceProposalsSchema>;
export const invoiceProposalFields = [
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'totalAmount',
  'currency',
  'poNumber',
  'vendorId',
] as const;

/** The stored result of reading a document (table `invoice_document`). */
export const invoiceDocumentSchema = z.object({
  pages: z.number().int().nullable(),
  /** The first `indexExcerptChars` characters of the text read. */
  textExcerpt: z.string().nullable(),
  proposals: invoiceProposalsSchema.nullable(),
  error: indexExtractionErrorSchema.nullable(),
  durationMs: z.number().int().nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const indexFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fileType: z.string(),
  size: z.number().int(),
  fileUrl: z.string(),
});

/** One document waiting in the queue. */
export const indexQueueItemSchema = z.object({
  id: z.number().int(),
  rowVersion: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  file: indexFileSchema.nullable(),
  claimedBy: z.number().int().nullable(),
  claimedByName: z.string().nullable(),
  claimedAt: z.string().nullable(),
  /** The claim is older than `indexClaimMinutes`: anyone may take the document over. */
  claimExpired: z.boolean(),
  pages: z.number().int().nullable(),
  hasProposals: z.boolean(),
  error: indexExtractionErrorSchema.nullable(),
});
export type IndexQueueItem = z.infer<typeof indexQueueItemSchema>;
export const indexQueuePageSchema = pageOf(indexQueueItemSchema);

export const indexQueueQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    /** Only the documents the caller holds. */
    mine: z.boolean().default(false),
  })
  .strict();
export type IndexQueueQuery = z.input<typeof indexQueueQuerySchema>;

export const indexKeySchema = z.object({ id: idSchema }).strict();
export type IndexKey = z.infer<typeof indexKeySchema>;

/** The document opened for capture: the invoice, its file, what was read from it. */
export const indexingDetailSchema = z.object({
  invoice: invoiceSchema,
  file: indexFileSchema.nullable(),
  document: invoiceDocumentSchema.nullable(),
  claimedByName: z.string().nullable(),
  claimExpired: z.boolean(),
});
export type IndexingDetail = z.infer<typeof indexingDetailSchema>;

/** Finishing: the capture fields (the invoice's own schema; the document stays the uploaded one). */
export const indexFinishSchema = invoiceCreateSchema
  .omit({ documentFileId: true })
  .extend({ id: idSchema, rowVersion: z.number().int().min(0).max(maxInt) })
  .strict();
export type IndexFinish = z.input<typeof indexFinishSchema>;
