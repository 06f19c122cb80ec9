import { bigint, customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A file's bytes in the database (FILE_STORE=db, the default with DATABASE_URL), once per content: `stored_file`
 * rows point at it by `sha256`. `touchedAt` is the last time an upload wrote or reused it; the `file.sweep` job
 * removes a blob no row points at once that is an hour old, so an upload recorded a moment later never loses it.
 */
export const fileBlob = pgTable('file_blob', {
  sha256: text('sha256').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  touchedAt: timestamptz('touched_at').notNull().defaultNow(),
});

/**
 * A blob's bytes in pieces of about 256 KB, each its own row, so neither a write nor a read holds a whole file.
 * While an upload streams in, its pieces carry a temporary key (`tmp:<ms>:<random>`, no blob yet, so no foreign
 * key); the upload's closing transaction renames them to the content's sha256 or, when that blob exists, drops them.
 */
export const fileChunk = pgTable(
  'file_chunk',
  {
    sha256: text('sha256').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);

/**
 * A content in the S3-compatible store (FILE_STORE=s3://…), once per sha256: the object `<prefix>files/<sha256>`
 * holds its bytes. The row is what the `file.sweep` job and a concurrent upload agree on (the bucket has no locks):
 * an upload claims it (`on conflict do update set touched_at`) before it copies the object in, and the sweep removes
 * the object of a row no `stored_file` points at once it is an hour untouched, in the transaction that deletes it.
 */
export const fileObject = pgTable('file_object', {
  sha256: text('sha256').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  touchedAt: timestamptz('touched_at').notNull().defaultNow(),
});
