import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { fileStoreOf } from '../../platform/file-store.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import type { S3Bucket } from '../../platform/s3-file-store.js';

/**
 * Deletes the content rows of `table` (`file_blob` or `file_object`, keyed by sha256) that no `stored_file` row points
 * at and that no upload wrote or reused since `before`, `batchSize` per transaction; `alsoRemove` removes a batch's
 * bytes inside that transaction (a failure keeps the rows for the next sweep). An upload reusing a content locks its
 * row (`on conflict do update`), so a sweep racing it waits and sees it touched.
 */
async function sweepUnreferenced(
  db: Db,
  table: 'file_blob' | 'file_object',
  before: Date,
  batchSize: number,
  alsoRemove: (tx: Tx, sha256s: string[]) => Promise<unknown>,
): Promise<number> {
  const name = sql.identifier(table);
  let removed = 0;
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      const rows = await rowsOf<{ sha256: string }>(
        tx,
        sql`delete from ${name} c
            where c.sha256 in (
              select sha256 from ${name}
              where touched_at < ${before.toISOString()}::timestamptz
                and not exists (select 1 from stored_file f where f.sha256 = ${name}.sha256)
              limit ${batchSize}
              for update skip locked)
            and c.touched_at < ${before.toISOString()}::timestamptz
            returning c.sha256`,
      );
      const keys = rows.map((r) => r.sha256);
      if (keys.length) await alsoRemove(tx, keys);
      return keys.length;
    });
    removed += gone;
    if (gone < batchSize) return removed;
  }
}

/**
 * Removes contents in the database that nothing points at any more (`sweepUnreferenced`), and the chunks of uploads
 * begun before `before` and never claimed (their process died). A sweep rather than a delete beside each record's:
 * many records may share one content (dedupe), and bytes are stored a moment before the row that points at them (a
 * mail's attachments are written before its transaction), so the hour of grace keeps those.
 */
export async function sweepFileBlobs(
  db: Db,
  before: Date,
  batchSize = 100,
): Promise<{ blobs: number; abandonedChunks: number }> {
  // Chunks of uploads whose process died before claiming them (their key holds the time they began).
  const abandoned = await rowsOf(
    db,
    sql`delete from file_chunk where sha256 like 'tmp:%'
        and split_part(sha256, ':', 2)::bigint < ${before.getTime()} returning seq`,
  );
  const blobs = await sweepUnreferenced(db, 'file_blob', before, batchSize, (tx, keys) =>
    tx.execute(
      sql`delete from file_chunk where sha256 in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    ),
  );
  return { blobs, abandonedChunks: abandoned.length };
}

/**
 * The same for the S3 store: contents (`file_object` rows and their objects) nothing points at, and temporary objects
 * and multipart uploads begun before `before` and never finished. A batch's objects are deleted inside the
 * transaction that deletes their rows, so a failed delete keeps the rows for the next sweep, and an upload reusing
 * one of them waits for that transaction and then writes it anew.
 */
export async function sweepFileObjects(
  db: Db,
  bucket: S3Bucket,
  before: Date,
  batchSize = 100,
): Promise<{ objects: number; abandonedObjects: number; abandonedUploads: number }> {
  const abandoned = await bucket.removeAbandoned(before);
  const objects = await sweepUnreferenced(db, 'file_object', before, batchSize, (_tx, keys) =>
    bucket.removeContents(keys),
  );
  return { objects, abandonedObjects: abandoned.objects, abandonedUploads: abandoned.uploads };
}

/** `file.sweep`: hourly, contents in the database or S3 no file points at for an hour go (platform/file-store.ts). */
export const fileSweepHandler = defineJobHandler({
  className: 'file.sweep',
  title: { en: 'Remove unused file contents', 'zh-cn': '清除无用的文件内容', 'zh-tw': '清除無用的檔案內容' },
  params: z
    .object({ graceMinutes: z.number().int().min(1).max(10_080).default(60) })
    .strict()
    .default({ graceMinutes: 60 }),
  async run(ctx, params) {
    const before = new Date(ctx.fireTime.getTime() - params.graceMinutes * 60_000);
    const removed = await sweepFileBlobs(ctx.db, before);
    const message = `${removed.blobs} contents and ${removed.abandonedChunks} abandoned upload chunks removed`;
    const bucket = fileStoreOf(ctx.config.dataDir).bucket;
    if (!bucket) return { message };
    const s3 = await sweepFileObjects(ctx.db, bucket, before);
    return {
      message: `${message}; in S3 ${s3.objects} contents, ${s3.abandonedObjects} abandoned uploads and ${s3.abandonedUploads} unfinished multipart uploads`,
    };
  },
});
