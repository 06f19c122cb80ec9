import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  importMessages,
  importTargets,
  msg,
  type importPreviewSchema,
  type ImportPreview,
  type ImportPreviewResult,
  type ImportTargetInfo,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Db, Queryable } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { storedFile } from '../file/index.js';
import { localCopyOf } from '../../platform/file-store.js';
import { openSheet, type OpenSheet } from './import.reader.js';
import { importTargetAdapters, targetFields } from './import.targets.js';

/** The targets the actor may write into (their `<module>:create` or `:edit`), with their fields. */
export async function targetsFor(q: Queryable, actor: Actor): Promise<ImportTargetInfo[]> {
  const adapters = importTargets
    .map((target) => importTargetAdapters.get(target)!)
    .filter((t) => hasPermission(actor, t.permissions.insert) || hasPermission(actor, t.permissions.update));
  const targets = await Promise.all(adapters.map(async (t) => ({ t, fields: await targetFields(q, t.target) })));
  return targets.map(({ t, fields }) => ({
    target: t.target,
    fields: fields.map(({ field, labels, required, matchable, type }) => ({
      field,
      labels,
      required,
      matchable,
      type,
    })),
  }));
}

/** An upload the actor may read into an import: their own file (404 otherwise, as for a missing one). */
export async function uploadOf(q: Queryable, actor: Actor, fileId: number) {
  const [file] = await q
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, fileId), eq(storedFile.createdBy, actor.userId)));
  if (!file) throw notFound();
  return file;
}

/** Opens an uploaded sheet where it is stored (a scratch copy when in the database), removed again at `close`. */
export async function openStoredSheet(
  dataDir: string,
  file: { path: string; sha256: string },
  options: Parameters<typeof openSheet>[1],
): Promise<OpenSheet> {
  const local = await localCopyOf(dataDir, file);
  try {
    const sheet = await openSheet(local.path, options);
    const close = sheet.close.bind(sheet);
    return Object.assign(sheet, { close: () => close().finally(() => local.remove()) });
  } catch (error) {
    await local.remove();
    throw error;
  }
}

/** `xlsx` for workbooks, `csv` otherwise, when the call does not say. */
export const typeOfFile = (ext: string) => (ext.toLowerCase() === 'xlsx' ? 'xlsx' : 'csv');

const normal = (text: string) => text.toLowerCase().replace(/[\s_]+/g, '');

/** The field a header names: the field itself or one of its labels, case and spaces aside. */
export async function proposeMappings(q: Queryable, target: ImportPreview['tableModel'], columns: string[]) {
  const fields = await targetFields(q, target);
  const byText = new Map<string, string>();
  for (const f of fields)
    for (const text of [f.field, f.labels.en, f.labels['zh-cn'], f.labels['zh-tw']])
      if (!byText.has(normal(text))) byText.set(normal(text), f.field);
  const used = new Set<string>();
  const mappings: { column: string; field: string }[] = [];
  for (const column of columns) {
    const field = byText.get(normal(column));
    if (field && !used.has(field)) {
      used.add(field);
      mappings.push({ column, field });
    }
  }
  return mappings;
}

/** `POST /api/Import/Preview`: sheets, encoding, columns with five samples, and a proposed mapping. */
export async function previewImport(
  db: Db,
  actor: Actor,
  dataDir: string,
  input: z.output<typeof importPreviewSchema>,
): Promise<ImportPreviewResult> {
  const file = await uploadOf(db, actor, input.fileId);
  const sheet = await openStoredSheet(dataDir, file, {
    importType: input.importType ?? typeOfFile(file.ext),
    encoding: input.encoding,
    haveHeader: input.haveHeader ?? true,
    headerRow: input.headerRow ?? 1,
    sheetName: input.sheetName ?? null,
  });
  const samples: string[][] = [];
  try {
    for await (const row of sheet.rows) {
      samples.push(row.cells);
      if (samples.length === 5) break;
    }
  } finally {
    await sheet.close();
  }
  const columns = sheet.columns.map((column, i) => ({ column, samples: samples.map((cells) => cells[i] ?? '') }));
  return {
    sheets: sheet.sheets,
    encoding: sheet.encoding,
    columns,
    mappings: await proposeMappings(db, input.tableModel, sheet.columns),
  };
}

/** `POST /api/Import/Upload` takes sheets up to this size (Files/Upload's cap is for attachments). */
export const importUploadMaxMb = 200;

/** An import upload is a csv (text in any of the encodings: no NUL bytes) or an xlsx (a zip). */
export function checkImportUpload(name: string, head: Buffer): string {
  const ext = name.toLowerCase().split('.').pop();
  const refuse = (why: 'uploadNotXlsx' | 'uploadNotText' | 'uploadNotSheet') => {
    const message = msg(importMessages, why, { name });
    return badRequest(message, [{ field: 'files', message: message.text }]);
  };
  if (ext === 'xlsx') {
    if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) throw refuse('uploadNotXlsx');
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  if (ext === 'csv') {
    if (head.includes(0)) throw refuse('uploadNotText');
    return 'text/csv';
  }
  throw refuse('uploadNotSheet');
}
