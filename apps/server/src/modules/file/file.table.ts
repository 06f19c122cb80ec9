import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/**
 * An uploaded file (spec section 3: path, thumbPath, name, ext, size, downloads, fileUrl, fileType).
 * `path` is a random name under DATA_DIR/files, never the client's, `db:<sha256>` for bytes held in the
 * database (`file_blob`, platform/file-store.ts) or `s3:<sha256>` for an S3 object (`file_object`). A file belongs to its uploader
 * until a record takes it (`ownerEntity`/`ownerId`); from then on whoever may see that record may
 * download it.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    ...recordColumns(),
    path: text('path').notNull(),
    thumbPath: text('thumb_path'),
    name: text('name').notNull(),
    ext: text('ext').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    downloads: integer('downloads').notNull().default(0),
    fileUrl: text('file_url').notNull(),
    fileType: text('file_type').notNull(),
    sha256: text('sha256').notNull(),
    ownerEntity: text('owner_entity'),
    ownerId: integer('owner_id'),
  },
  (t) => [
    index('stored_file_owner_idx').on(t.ownerEntity, t.ownerId),
    index('stored_file_created_by_idx').on(t.createdBy),
    // The blob sweep asks whether any file still points at a content.
    index('stored_file_sha256_idx').on(t.sha256),
    // The uploader (created_by) owns a file until a record takes it; `ownerEntity/ownerId` names any table, so no key.
    ...authorKeys('stored_file', t),
  ],
);
