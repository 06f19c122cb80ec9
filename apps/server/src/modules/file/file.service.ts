import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq, inArray, isNull, notInArray, or, and, sql } from 'drizzle-orm';
import { messages, msg, settingMessages, type UploadedFile } from '@casedesk/shared';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { fileStoreOf, readWhole, type Content, type PutResult } from '../../platform/file-store.js';
import { blocked, checkedContent, extOf, refusal, safeFileName } from './file-content.js';
import { storedFile } from './file.table.js';

export { filesDir } from '../../platform/file-store.js';
export { checkContent, extOf, safeFileName } from './file-content.js';

/** Records that own files; each says whether the actor may see one of its records. */
export type FileOwnerCheck = (q: Queryable, actor: Actor, ownerId: number) => Promise<boolean>;
const owners = new Map<string, FileOwnerCheck>();
export function registerFileOwner(entity: string, check: FileOwnerCheck) {
  owners.set(entity, check);
}

export const fileUrlOf = (id: number) => `/api/Files/Download/${id}`;

/** Records stored bytes as the uploader's file, not yet attached; answers what the upload calls return. */
async function recordUpload(
  db: Db,
  actor: Actor,
  stored: PutResult,
  file: { name: string; ext: string; fileType: string },
): Promise<UploadedFile> {
  const [row] = await db
    .insert(storedFile)
    .values({
      ...file,
      path: stored.path,
      size: stored.size,
      sha256: stored.sha256,
      fileUrl: '',
      createdBy: actor.userId,
      modifiedBy: actor.userId,
    })
    .returning({ id: storedFile.id });
  if (!row) throw new Error('insert returned nothing');
  const fileUrl = fileUrlOf(row.id);
  await db.update(storedFile).set({ fileUrl }).where(eq(storedFile.id, row.id));
  return { fileId: row.id, fileUrl, ...file, size: stored.size };
}

/**
 * Streams an upload into the file store, checking its content as it passes (a refusal leaves nothing stored), and
 * records it as the uploader's, not yet attached. `tooLarge` says whether the multipart stream was cut at its cap.
 */
export async function saveUpload(
  db: Db,
  actor: Actor,
  dataDir: string,
  upload: { name: string; mimetype: string; stream: Content; tooLarge?: () => Error | null },
  /** Settings → Upload → allowed types (extensions); executables stay refused whatever it says. */
  allowedTypes?: readonly string[],
): Promise<UploadedFile> {
  const name = safeFileName(upload.name);
  const ext = extOf(name);
  if (allowedTypes && !allowedTypes.includes(ext) && !blocked.has(ext)) {
    throw refusal(name, 'refusedType', { ext: ext || '(none)' });
  }
  const { content, typed } = checkedContent(name, upload.mimetype, upload.stream);
  async function* capped() {
    yield* content;
    // Before the store commits: a cut file is refused, not kept.
    const cut = upload.tooLarge?.();
    if (cut) throw cut;
  }
  const store = fileStoreOf(dataDir);
  const stored = await store.put(capped());
  try {
    return await recordUpload(db, actor, stored, { name, ext, fileType: typed.fileType });
  } catch (error) {
    await store.release([stored]);
    throw error;
  }
}

/** Gives a record the files it lists: the actor's unattached uploads, or files it already has. */
export async function claimFiles(tx: Tx, actor: Actor, entity: string, ownerId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const claimed = await tx
    .update(storedFile)
    .set({ ownerEntity: entity, ownerId })
    .where(
      and(
        inArray(storedFile.id, unique),
        or(
          and(isNull(storedFile.ownerEntity), eq(storedFile.createdBy, actor.userId)),
          and(eq(storedFile.ownerEntity, entity), eq(storedFile.ownerId, ownerId)),
        ),
      ),
    )
    .returning({ id: storedFile.id });
  if (claimed.length !== unique.length)
    throw badRequest(msg(messages, 'fieldUnknownRecord', { field: 'attachments', label: 'file' }), [
      { field: 'attachments', message: msg(messages, 'unknownRecord', { label: 'file' }).text },
    ]);
}

/** Removes a record's files that it no longer lists; answers their paths, to delete after commit. */
export async function dropFiles(tx: Tx, entity: string, ownerIds: number[], keep: number[] = []): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const dropped = await tx
    .delete(storedFile)
    .where(
      and(
        eq(storedFile.ownerEntity, entity),
        inArray(storedFile.ownerId, ownerIds),
        keep.length ? notInArray(storedFile.id, keep) : undefined,
      ),
    )
    .returning({ path: storedFile.path });
  return dropped.map((d) => d.path);
}

/** After the commit that dropped their rows: the disk store removes the files, the database's sweep its blobs. */
export async function removeStoredFiles(dataDir: string, paths: string[]) {
  await fileStoreOf(dataDir)
    .release(paths.map((path) => ({ path, sha256: '' })))
    .catch(() => undefined);
}

/** The file, if the actor may download it: their own unattached upload, or one of a record they see. */
export async function findDownloadable(db: Db, actor: Actor, id: number) {
  const [file] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  if (!file) throw notFound();
  if (file.ownerEntity === null || file.ownerId === null) {
    if (file.createdBy !== actor.userId) throw notFound();
  } else {
    const check = owners.get(file.ownerEntity);
    if (!check || !(await check(db, actor, file.ownerId))) throw notFound();
  }
  await db
    .update(storedFile)
    .set({ downloads: sql`${storedFile.downloads} + 1` })
    .where(eq(storedFile.id, id));
  return file;
}

/** The contract's text names the limit in force (Settings → Upload; 20 MB by default). */
export const fileTooLarge = (maxSizeMb = 20) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    maxSizeMb === 20 ? msg(messages, 'fileTooLarge') : msg(settingMessages, 'fileTooLarge', { mb: maxSizeMb }),
  );

/** Removes uploads saved before a refusal (rows and stored files): an upload is all or none. */
export async function discardUploads(db: Db, dataDir: string, ids: number[]): Promise<void> {
  const rows = await db.delete(storedFile).where(inArray(storedFile.id, ids)).returning({ path: storedFile.path });
  await removeStoredFiles(
    dataDir,
    rows.map((r) => r.path),
  );
}

/** Bytes written under a random name before the transaction that records them (files a job receives). */
export type WrittenFile = { path: string; name: string; ext: string; size: number; fileType: string; sha256: string };

/**
 * Stores bytes a job received (an incoming mail, its attachments) as they are: no size limit and no content
 * check, since refusing them would lose the mail; the content type is the declared one. Record the file with
 * `recordWrittenFiles` inside the transaction that uses it, or release it with `removeStoredFiles`.
 */
export async function writeReceivedFile(
  dataDir: string,
  file: { name: string; mimeType: string; data: Buffer },
): Promise<WrittenFile> {
  const stored = await fileStoreOf(dataDir).put([file.data]);
  const name = safeFileName(file.name);
  return { ...stored, name, ext: extOf(name), fileType: file.mimeType || 'application/octet-stream' };
}

/** Records written files as owned by a record; answers their ids and URLs in the same order. */
export async function recordWrittenFiles(
  tx: Tx,
  entity: string,
  ownerId: number,
  files: WrittenFile[],
): Promise<{ id: number; fileUrl: string }[]> {
  if (files.length === 0) return [];
  const rows = await tx
    .insert(storedFile)
    .values(files.map((f) => ({ ...f, fileUrl: '', ownerEntity: entity, ownerId })))
    .returning({ id: storedFile.id });
  const ids = rows.map((r) => r.id);
  await tx
    .update(storedFile)
    .set({ fileUrl: sql`'/api/Files/Download/' || ${storedFile.id}` })
    .where(inArray(storedFile.id, ids));
  return ids.map((id) => ({ id, fileUrl: fileUrlOf(id) }));
}

/** A stored file's bytes by id, whole (a raw .eml, a PDF to index), or null when the row or its bytes are gone. */
export async function readStoredFile(
  q: Queryable,
  dataDir: string,
  id: number,
): Promise<{ name: string; fileType: string; data: Buffer } | null> {
  const [file] = await q.select().from(storedFile).where(eq(storedFile.id, id));
  if (!file) return null;
  try {
    return { name: file.name, fileType: file.fileType, data: await readWhole(fileStoreOf(dataDir), file) };
  } catch {
    return null;
  }
}

/**
 * An upload streamed into the store as it arrives (big import sheets): never held whole in memory. `check` sees
 * the first bytes (at most 64 KB) and refuses what is not the expected kind; `tooLarge` says whether the stream was
 * cut at its size cap. Recorded as the uploader's, not yet attached, like `saveUpload`.
 */
export async function saveStreamedUpload(
  db: Db,
  actor: Actor,
  dataDir: string,
  upload: { name: string; mimetype: string; stream: AsyncIterable<Buffer> },
  options: { check: (name: string, head: Buffer) => string; tooLarge: () => boolean; refuseTooLarge: () => Error },
): Promise<UploadedFile> {
  const name = safeFileName(upload.name);
  const ext = extOf(name);
  let fileType = '';
  async function* checked() {
    let head = Buffer.alloc(0);
    for await (const chunk of upload.stream) {
      if (head.length < 64 * 1024) head = Buffer.concat([head, chunk.subarray(0, 64 * 1024 - head.length)]);
      if (!fileType && head.length >= 64 * 1024) fileType = options.check(name, head);
      yield chunk;
    }
    if (options.tooLarge()) throw options.refuseTooLarge();
    if (!fileType) fileType = options.check(name, head);
  }
  const store = fileStoreOf(dataDir);
  const stored = await store.put(checked());
  try {
    return await recordUpload(db, actor, stored, { name, ext, fileType });
  } catch (error) {
    await store.release([stored]);
    throw error;
  }
}

/**
 * A file a job writes itself (an import's error sheet), written by `write` to a scratch file under DATA_DIR/tmp
 * (exceljs writes to a path) and streamed from there into the store: never whole in memory. Record it with
 * `recordWrittenFiles` inside the transaction that uses it.
 */
export async function writeFileWith(
  dataDir: string,
  file: { name: string; fileType: string },
  write: (absolutePath: string) => Promise<void>,
): Promise<WrittenFile> {
  const scratch = join(resolve(dataDir, 'tmp'), randomBytes(16).toString('hex'));
  await mkdir(join(scratch, '..'), { recursive: true });
  try {
    await write(scratch);
    const stored = await fileStoreOf(dataDir).put(createReadStream(scratch));
    const name = safeFileName(file.name);
    return { ...stored, name, ext: extOf(name), fileType: file.fileType };
  } finally {
    await rm(scratch, { force: true });
  }
}
