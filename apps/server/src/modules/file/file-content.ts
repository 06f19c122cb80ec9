import { fileTypeFromBuffer } from 'file-type';
import { fileMessages, msg, type MessageValues } from '@casedesk/shared';
import { badRequest } from '../../platform/errors.js';
import type { Content } from '../../platform/file-store.js';

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
export const blocked = new Set([
  'exe',
  'dll',
  'bat',
  'cmd',
  'com',
  'scr',
  'msi',
  'ps1',
  'sh',
  'vbs',
  'js',
  'jar',
  'apk',
]);
const sameExt: Record<string, string> = { jpeg: 'jpg', tiff: 'tif', htm: 'html' };
/** How much of an upload the signature check reads (file-type needs a few KB; zip-based formats a little more). */
const headBytes = 64 * 1024;

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

export type FileRefusal = Exclude<
  keyof typeof fileMessages,
  'tooManyFiles' | 'notMultipart' | 'malformedMultipart' | 'noFile'
>;

/** An upload refused: the envelope names the file, its field error says why alone (the text after "was refused: "). */
export function refusal(name: string, reason: FileRefusal, values: MessageValues) {
  const refused = msg(fileMessages, reason, { ...values, name });
  return badRequest(refused, [
    { field: 'files', message: refused.text.slice(`The file '${name}' was refused: `.length) },
  ]);
}

/** The content type the signature in `head` shows, refusing a mismatch; null: no signature (text, checked apart). */
async function signatureType(name: string, declared: string, head: Buffer): Promise<string | null> {
  const ext = extOf(name);
  const refuse = (reason: FileRefusal, values: MessageValues = {}) => refusal(name, reason, values);
  const detected = await fileTypeFromBuffer(head);
  if (!detected) {
    // No signature: only plain-text formats may lack one, and they must be text.
    if (!textTypes[ext]) throw refuse('refusedNoSignature', { ext: ext || '(no extension)' });
    if (declared && declared.startsWith('image/') && ext !== 'svg') throw refuse('refusedNotImage', { declared });
    return null;
  }
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

/**
 * Passes an upload's bytes through while checking that they are what the name and declared type say: binary
 * formats by their magic numbers (in the first 64 KB), text formats by being valid UTF-8 without NUL bytes, read
 * as they pass. A refusal is thrown from the stream, so the store's write fails with it and keeps nothing.
 * `typed.fileType` is the content type to record, once the stream has ended.
 */
export function checkedContent(name: string, declared: string, source: Content) {
  const typed = { fileType: '' };
  const refuse = (reason: FileRefusal) => refusal(name, reason, {});
  if (blocked.has(extOf(name))) throw refuse('refusedExecutable');
  async function* content(): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headLength = 0;
    let decided = false;
    let utf8: TextDecoder | null = null;
    const pass = (chunk: Buffer) => {
      if (!utf8) return chunk;
      if (chunk.includes(0)) throw refuse('refusedNotText');
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        throw refuse('refusedNotUtf8');
      }
      return chunk;
    };
    const decide = async () => {
      decided = true;
      const type = await signatureType(name, declared, Buffer.concat(head, headLength));
      if (type === null) utf8 = new TextDecoder('utf-8', { fatal: true });
      typed.fileType = type ?? textTypes[extOf(name)] ?? '';
      const held = head;
      head = [];
      return held.map(pass);
    };
    for await (const chunk of source) {
      if (decided) {
        yield pass(chunk);
        continue;
      }
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= headBytes) yield* await decide();
    }
    if (!decided) yield* await decide();
    if (utf8) {
      try {
        (utf8 as TextDecoder).decode();
      } catch {
        throw refuse('refusedNotUtf8');
      }
    }
  }
  return { content: content(), typed };
}

/** The same checks over bytes already in memory; answers the content type to store. */
export async function checkContent(name: string, declared: string, data: Buffer): Promise<string> {
  const { content, typed } = checkedContent(name, declared, [data]);
  for await (const chunk of content) void chunk;
  return typed.fileType;
}
