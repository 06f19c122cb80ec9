import { createHash } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { routedFileStore, storeOfPath, type FileStore, type StoredBytes } from '../../platform/file-store.js';
import { storedFile } from './file.table.js';

/** What `files:migrate` did: files moved, already in the store, whose bytes were gone, whose bytes differ from their hash. */
export type FileMigration = { moved: number; already: number; missing: string[]; mismatched: string[] };

async function hashOf(stream: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Moves every stored file that is not in `target` (files left on disk or in the database when the database or S3
 * became the store, or the other way) into it: streams the bytes over, reads them back from the target and compares hash and size with
 * the row's, then points the row at them (only if it still points where it did) and removes the old copy.
 * A file whose bytes are missing or differ from its recorded hash stays as it is and is reported. Safe to run
 * again: a second run finds nothing to move. `keepOld` leaves the source copies (to remove by hand once checked).
 */
export async function migrateStoredFiles(
  db: Db,
  dataDir: string,
  target: FileStore,
  options: { keepOld?: boolean; log?: (line: string) => void } = {},
): Promise<FileMigration> {
  // Reads each file where its path says (disk, database, or the target's bucket).
  const source = routedFileStore(target, db, dataDir);
  const result: FileMigration = { moved: 0, already: 0, missing: [], mismatched: [] };
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: storedFile.id, path: storedFile.path, sha256: storedFile.sha256, size: storedFile.size })
      .from(storedFile)
      .where(gt(storedFile.id, after))
      .orderBy(asc(storedFile.id))
      .limit(200);
    if (rows.length === 0) return result;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      if (storeOfPath(row.path) === target.kind) {
        result.already++;
        continue;
      }
      const label = `#${row.id} ${row.path}`;
      if (!(await source.has(row))) {
        result.missing.push(label);
        continue;
      }
      const put = await target.put(source.get(row));
      const back = await hashOf(target.get(put));
      if (put.sha256 !== row.sha256 || back.sha256 !== row.sha256 || back.size !== row.size) {
        await target.release([put]);
        result.mismatched.push(label);
        continue;
      }
      const [moved] = await db
        .update(storedFile)
        .set({ path: put.path })
        .where(and(eq(storedFile.id, row.id), eq(storedFile.path, row.path)))
        .returning({ id: storedFile.id });
      if (!moved) continue;
      if (!options.keepOld) await source.release([row satisfies StoredBytes]);
      result.moved++;
      options.log?.(`moved ${label} -> ${put.path}`);
    }
  }
}
