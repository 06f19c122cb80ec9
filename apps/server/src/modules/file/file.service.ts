import { randomBytes, createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { fileMessages, messages, msg, settingMessages, type MessageValues, type UploadedFile } from '@casedesk/shared';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { storedFile } from './file.table.js';

/** Records that own files; each says whether the actor may see one of its records. */
export type FileOwnerCheck = (q: Queryable, actor: Actor, ownerId: number) => Promise<boolean>;
const owners = new Map<string, FileOwnerCheck>();
export function registerFileOwner(entity: string, check: FileOwnerCheck) {
  owners.set(entity, check);
}

export const filesDir = (dataDir: string) => resolve(dataDir, 'files');
export const fileUrlOf = (id: number) => `/api/Files/Download/${id}`;

/** Extensions whose content has a signature file-type knows; a mismatch means the file lies. */
const textTypes: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  log: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  eml: 'message/rfc822',
  svg: 'image/svg+xml',
};
/** Formats that are zip containers under another name. */
const zipBased = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip', 'jar', 'epub', 'apk']);
const cfbBased = new Set(['doc', 'xls', 'ppt', 'msg', 'msi']);
const blocked = new Set(['exe', 'dll', 'bat', 'cmd', 'com', 'scr', 'msi', 'ps1', 'sh', 'vbs', 'js', 'jar', 'apk']);
const sameExt: Record<string, string> = { jpeg: 'jpg', tiff: 'tif', htm: 'html' };

/** A client's file name reduced to a safe display name: no directories, no control characters. */
export function safeFileName(raw: string): string {
  const base = raw.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
    .replace(/^\.+/, '');
  return cleaned.slice(0, 200) || 'file';
}

export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

type FileRefusal = Exclude<
  keyof typeof fileMessages,
  'tooManyFiles' | 'notMultipart' | 'malformedMultipart' | 'noFile'
>;

/** An upload refused: the envelope names the file, its field error says why alone (the text after "was refused: "). */
function refusal(name: string, reason: FileRefusal, values: MessageValues) {
  const refused = msg(fileMessages, reason, { ...values, name });
  return badRequest(refused, [
    { field: 'files', message: refused.text.slice(`The file '${name}' was refused: `.length) },
  ]);
}

/**
 * Whether the bytes are what the name and declared type say: binary formats by their magic numbers,
 * text formats by being valid UTF-8 without NUL bytes. Returns the content type to store.
 */
export async function checkContent(name: string, declared: string, data: Buffer): Promise<string> {
  const ext = extOf(name);
  const refuse = (reason: FileRefusal, values: MessageValues = {}) => refusal(name, reason, values);
  if (blocked.has(ext)) throw refuse('refusedExecutable');
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const norm = (e: string) => sameExt[e] ?? e;
    const matches =
      norm(detected.ext) === norm(ext) ||
      (detected.ext === 'zip' && zipBased.has(ext)) ||
      (detected.ext === 'cfb' && cfbBased.has(ext)) ||
      (detected.ext === 'xml' && (ext === 'svg' || ext === 'xml'));
    if (!matches)
      throw ext
        ? refuse('refusedContent', { detected: detected.ext, expected: ext })
        : refuse('refusedContentUnnamed', { detected: detected.ext });
    if (declared && declared !== 'application/octet-stream' && declared.split('/')[0] !== detected.mime.split('/')[0])
      throw refuse('refusedContent', { detected: detected.mime, expected: declared });
    return detected.mime;
  }
  // No signature: only plain-text formats may lack one, and they must be text.
  const textType = textTypes[ext];
  if (!textType) throw refuse('refusedNoSignature', { ext: ext || '(no extension)' });
  if (data.includes(0)) throw refuse('refusedNotText');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw refuse('refusedNotUtf8');
  }
  if (declared && declared.startsWith('image/') && ext !== 'svg') throw refuse('refusedNotImage', { declared });
  return textType;
}

/** Writes an upload under a random name and records it as the uploader's, not yet attached. */
export async function saveUpload(
  db: Db,
  actor: Actor,
  dataDir: string,
  upload: { name: string; mimetype: string; data: Buffer },
  /** Settings → Upload → allowed types (extensions); executables stay refused whatever it says. */
  allowedTypes?: readonly string[],
): Promise<UploadedFile> {
  const name = safeFileName(upload.name);
  const ext = extOf(name);
  if (allowedTypes && !allowedTypes.includes(ext) && !blocked.has(ext)) {
    throw refusal(name, 'refusedType', { ext: ext || '(none)' });
  }
  const fileType = await checkContent(name, upload.mimetype, upload.data);
  const { relative, absolute } = await newFilePath(dataDir);
  await writeFile(absolute, upload.data, { flag: 'wx' });
  try {
    const [row] = await db
      .insert(storedFile)
      .values({
        path: relative,
        name,
        ext,
        size: upload.data.length,
        fileUrl: '',
        fileType,
        sha256: createHash('sha256').update(upload.data).digest('hex'),
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning({ id: storedFile.id });
    if (!row) throw new Error('insert returned nothing');
    const fileUrl = fileUrlOf(row.id);
    await db.update(storedFile).set({ fileUrl }).where(eq(storedFile.id, row.id));
    return { fileId: row.id, fileUrl, name, ext, size: upload.data.length, fileType };
  } catch (error) {
    await rm(absolute, { force: true });
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

export async function removeStoredFiles(dataDir: string, paths: string[]) {
  await Promise.all(paths.map((p) => rm(join(filesDir(dataDir), p), { force: true }).catch(() => undefined)));
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

/** A new random name under DATA_DIR/files/<year>/<month>/, its folder made: never the client's name. */
async function newFilePath(dataDir: string) {
  const now = new Date();
  const relative = join(
    String(now.getUTCFullYear()),
    String(now.getUTCMonth() + 1).padStart(2, '0'),
    randomBytes(16).toString('hex'),
  );
  const absolute = join(filesDir(dataDir), relative);
  await mkdir(join(absolute, '..'), { recursive: true });
  return { relative, absolute };
}

/**
 * Writes bytes a job received (an incoming mail, its attachments) as they are: no size limit and no content
 * check, since refusing them would lose the mail; the content type is the declared one. Record the file with
 * `recordWrittenFiles` inside the transaction that uses it, or remove it with `removeStoredFiles`.
 */
export async function writeReceivedFile(
  dataDir: string,
  file: { name: string; mimeType: string; data: Buffer },
): Promise<WrittenFile> {
  const { relative, absolute } = await newFilePath(dataDir);
  await writeFile(absolute, file.data, { flag: 'wx' });
  const name = safeFileName(file.name);
  return {
    path: relative,
    name,
    ext: extOf(name),
    size: file.data.length,
    fileType: file.mimeType || 'application/octet-stream',
    sha256: createHash('sha256').update(file.data).digest('hex'),
  };
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

/** A stored file's bytes by id (the raw .eml of a mail), or null when the row or the file is gone. */
export async function readStoredFile(
  q: Queryable,
  dataDir: string,
  id: number,
): Promise<{ name: string; fileType: string; data: Buffer } | null> {
  const [file] = await q.select().from(storedFile).where(eq(storedFile.id, id));
  if (!file) return null;
  try {
    return { name: file.name, fileType: file.fileType, data: await readFile(join(filesDir(dataDir), file.path)) };
  } catch {
    return null;
  }
}

/**
 * An upload streamed to disk as it arrives (big import sheets): never held whole in memory. `check` sees the
 * first bytes (at most 64 KB) and refuses what is not the expected kind; `tooLarge` says whether the stream was
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
  const { relative, absolute } = await newFilePath(dataDir);
  const hash = createHash('sha256');
  const out = createWriteStream(absolute, { flags: 'wx' });
  let size = 0;
  let head = Buffer.alloc(0);
  let fileType = '';
  try {
    for await (const chunk of upload.stream) {
      if (head.length < 64 * 1024) head = Buffer.concat([head, chunk.subarray(0, 64 * 1024 - head.length)]);
      if (!fileType && head.length >= 64 * 1024) fileType = options.check(name, head);
      size += chunk.length;
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (options.tooLarge()) throw options.refuseTooLarge();
    if (!fileType) fileType = options.check(name, head);
    out.end();
    await once(out, 'finish');
    const [row] = await db
      .insert(storedFile)
      .values({
        path: relative,
        name,
        ext,
        size,
        fileUrl: '',
        fileType,
        sha256: hash.digest('hex'),
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning({ id: storedFile.id });
    if (!row) throw new Error('insert returned nothing');
    const fileUrl = fileUrlOf(row.id);
    await db.update(storedFile).set({ fileUrl }).where(eq(storedFile.id, row.id));
    return { fileId: row.id, fileUrl, name, ext, size, fileType };
  } catch (error) {
    out.destroy();
    await rm(absolute, { force: true });
    throw error;
  }
}

/**
 * A file a job writes itself, streamed to its random path by `write` (an import's error sheet): never whole in
 * memory. Record it with `recordWrittenFiles` inside the transaction that uses it.
 */
export async function writeFileWith(
  dataDir: string,
  file: { name: string; fileType: string },
  write: (absolutePath: string) => Promise<void>,
): Promise<WrittenFile> {
  const { relative, absolute } = await newFilePath(dataDir);
  try {
    await write(absolute);
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(absolute) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    const name = safeFileName(file.name);
    return { path: relative, name, ext: extOf(name), size, fileType: file.fileType, sha256: hash.digest('hex') };
  } catch (error) {
    await rm(absolute, { force: true });
    throw error;
  }
}
