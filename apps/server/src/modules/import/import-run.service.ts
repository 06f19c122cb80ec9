import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  importMessages,
  msg,
  type ImportRun,
  type MessageValues,
  type ImportRunStatus,
  type Page,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import { noSessionId, type Actor } from '../../platform/actor.js';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { collectAfterCommit } from '../../platform/resource.js';
import { actorColumns, actorOf, refuseUser, type UserRow } from '../auth/index.js';
import { recordWrittenFiles, storedFile, writeFileWith } from '../file/index.js';
import { appUser } from '../user/index.js';
import { openSheet, type SheetRow } from './import.reader.js';
import { storedPath, typeOfFile, uploadOf } from './import.service.js';
import {
  importDefinition,
  importRun,
  importRunRefusal,
  type ImportReason,
  type ImportRefusal,
} from './import.table.js';
import { importTargetAdapters, referenceTables, type TargetAdapter, type TargetField } from './import.targets.js';
import { languageOf, reasonText } from './import.texts.js';

/**
 * Runs of an import (contract 16): `Run` queues one; the `import.work` job claims queued runs (and runs whose
 * process died: their lease ran out) and works them in batches. Each batch is one transaction that also
 * advances the run's counters, so a crash resumes after the last committed batch; each row is a savepoint
 * inside it, written through the target module's own calls, so a refused row never half-writes.
 */

export const importFileOwner = 'ImportRun';

type RunRow = typeof importRun.$inferSelect;
type Definition = typeof importDefinition.$inferSelect;

/** A run as the API shows it. */
async function shownRuns(q: Queryable, rows: RunRow[]): Promise<ImportRun[]> {
  const fileIds = [...new Set(rows.map((r) => r.fileId))];
  const userIds = [...new Set(rows.map((r) => r.startedBy).filter((id): id is number => id !== null))];
  const files =
    fileIds.length === 0
      ? []
      : await q
          .select({ id: storedFile.id, name: storedFile.name })
          .from(storedFile)
          .where(sql`${storedFile.id} in ${fileIds}`);
  const users =
    userIds.length === 0
      ? []
      : await q
          .select({ id: appUser.id, loginName: appUser.loginName, realName: appUser.realName })
          .from(appUser)
          .where(sql`${appUser.id} in ${userIds}`);
  const fileName = new Map(files.map((f) => [f.id, f.name]));
  const userName = new Map(users.map((u) => [u.id, u.realName ?? u.loginName]));
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map((r) => ({
    id: r.id,
    importId: r.importId,
    fileId: String(r.fileId),
    fileName: fileName.get(r.fileId) ?? null,
    dryRun: r.dryRun,
    status: r.status,
    total: r.total,
    processed: r.processed,
    inserted: r.inserted,
    updated: r.updated,
    unchanged: r.unchanged,
    failed: r.failed,
    errorFileId: r.errorFileId === null ? null : String(r.errorFileId),
    message: r.message,
    startedBy: r.startedBy,
    startedByName: r.startedBy === null ? null : (userName.get(r.startedBy) ?? null),
    createdAt: r.createdAt.toISOString(),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
  }));
}

/** Who may see a run: its starter, or whoever manages import definitions. */
const runVisible = (actor: Actor): SQL | undefined =>
  hasPermission(actor, 'import:edit') ? undefined : eq(importRun.startedBy, actor.userId);

export async function canSeeRun(q: Queryable, actor: Actor, runId: number): Promise<boolean> {
  const [row] = await q
    .select({ id: importRun.id })
    .from(importRun)
    .where(and(eq(importRun.id, runId), runVisible(actor)));
  return row !== undefined;
}

export async function getRun(db: Db, actor: Actor, runId: number): Promise<ImportRun> {
  const [row] = await db
    .select()
    .from(importRun)
    .where(and(eq(importRun.id, runId), runVisible(actor)));
  if (!row) throw notFound();
  return (await shownRuns(db, [row]))[0]!;
}

export async function queryRuns(
  db: Db,
  actor: Actor,
  query: { page: number; pageSize: number; importId?: number | undefined; status?: ImportRunStatus | undefined },
): Promise<Page<ImportRun>> {
  const where = and(
    runVisible(actor),
    query.importId !== undefined ? eq(importRun.importId, query.importId) : undefined,
    query.status !== undefined ? eq(importRun.status, query.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(importRun)
      .where(where)
      .orderBy(desc(importRun.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(importRun)
      .where(where),
  ]);
  return { items: await shownRuns(db, rows), total: Number(counted?.total ?? 0) };
}

/** `POST Run`: queues a run of an active definition over the starter's own upload. */
export async function startRun(
  db: Db,
  actor: Actor,
  input: { importId: number; fileId: number; dryRun: boolean },
): Promise<{ runId: number }> {
  return db.transaction(async (tx) => {
    const [definition] = await tx.select().from(importDefinition).where(eq(importDefinition.id, input.importId));
    if (!definition) throw notFound();
    if (definition.status !== 'Active') throw badRequest(msg(importMessages, 'inactive'));
    const file = await uploadOf(tx, actor, input.fileId);
    const [run] = await tx
      .insert(importRun)
      .values({ importId: definition.id, fileId: file.id, dryRun: input.dryRun, startedBy: actor.userId })
      .returning({ id: importRun.id });
    return { runId: run!.id };
  });
}

/** `POST Runs/Cancel/{runId}`: a queued run ends now; a running one after its current batch. */
export async function cancelRun(db: Db, actor: Actor, runId: number): Promise<ImportRun> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(importRun)
      .where(and(eq(importRun.id, runId), runVisible(actor)))
      .for('update');
    if (!row) throw notFound();
    if (row.status !== 'Queued' && row.status !== 'Running') throw conflict(msg(importMessages, 'runFinished'));
    if (row.status === 'Queued')
      await tx
        .update(importRun)
        .set({ status: 'Cancelled', finishedAt: new Date(), cancelRequested: true })
        .where(eq(importRun.id, runId));
    else await tx.update(importRun).set({ cancelRequested: true }).where(eq(importRun.id, runId));
  });
  return getRun(db, actor, runId);
}

// ---------------------------------------------------------------- the worker

export type WorkOptions = { dataDir: string; leaseMs: number; signal?: AbortSignal; log?: (msg: string) => void };

/** Claims one queued run, or one whose worker's lease ran out (it died), for this worker. */
async function claimRun(db: Db, leaseMs: number): Promise<RunRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(importRun)
      .where(
        sql`${importRun.status} = 'Queued' or (${importRun.status} = 'Running' and ${importRun.leaseUntil} < now())`,
      )
      .orderBy(asc(importRun.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const [claimed] = await tx
      .update(importRun)
      .set({
        status: 'Running',
        startedAt: row.startedAt ?? new Date(),
        leaseUntil: new Date(Date.now() + leaseMs),
      })
      .where(eq(importRun.id, row.id))
      .returning();
    return claimed;
  });
}

/** Works queued runs until none is left (or the server stops). Returns how many runs it worked. */
export async function workImports(db: Db, options: WorkOptions): Promise<number> {
  let worked = 0;
  while (!options.signal?.aborted) {
    const run = await claimRun(db, options.leaseMs);
    if (!run) break;
    worked++;
    try {
      await workRun(db, run, options);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(importRun)
        .set({ status: 'Failed', message, finishedAt: new Date(), leaseUntil: null })
        .where(eq(importRun.id, run.id));
    }
  }
  return worked;
}

/** The starter as the target modules see them now: roles, scope, permissions; refused when no longer active. */
async function starterActor(db: Db, userId: number | null): Promise<{ actor: Actor; language: string }> {
  if (userId === null) throw notFound();
  const [row] = await rowsOf<UserRow & { language: string }>(
    db,
    sql`select ${actorColumns}, u.language from app_user u where u.id = ${userId}`,
  );
  if (!row) throw notFound();
  refuseUser(row, badRequest);
  return { actor: actorOf(row, noSessionId, 0), language: row.language };
}

type Counters = { processed: number; inserted: number; updated: number; unchanged: number; failed: number };
type Outcome = 'inserted' | 'updated' | 'unchanged';

class RowRefused extends Error {
  constructor(readonly reason: ImportReason) {
    super('row refused');
  }
}
/** A row refused with one of the import's own messages (written in the starter's language). */
const refuse = (name: keyof typeof importMessages, values?: MessageValues): RowRefused =>
  new RowRefused(values ? { key: `import.${name}`, values } : { key: `import.${name}` });

/** Rolls a dry run's batch back after it was worked. */
class DryRunRollback extends Error {}

async function workRun(db: Db, run: RunRow, options: WorkOptions) {
  const [definition] = await db.select().from(importDefinition).where(eq(importDefinition.id, run.importId));
  if (!definition) throw notFound();
  const { actor, language } = await starterActor(db, run.startedBy);
  if (!hasPermission(actor, 'import:run')) throw new AppError('FORBIDDEN', msg(importMessages, 'starterMayNotRun'));
  const adapter = importTargetAdapters.get(definition.tableModel as never);
  if (!adapter) throw badRequest(msg(importMessages, 'unknownField', { field: definition.tableModel }));
  const file = await uploadOf(db, actor, run.fileId);
  const importType = typeOfFile(file.ext) === 'xlsx' ? 'xlsx' : definition.importType;
  const sheet = await openSheet(storedPath(options.dataDir, file.path), {
    importType,
    encoding: definition.encoding,
    haveHeader: definition.haveHeader,
    headerRow: definition.headerRow,
    sheetName: definition.sheetName,
  });
  const worker = new RowWorker(definition, adapter, actor, sheet.columns, options.dataDir, run.id);
  const counters: Counters = {
    processed: run.processed,
    inserted: run.inserted,
    updated: run.updated,
    unchanged: run.unchanged,
    failed: run.failed,
  };
  let seen = 0;
  let batch: SheetRow[] = [];
  let cancelled = false;
  try {
    for await (const row of sheet.rows) {
      seen++;
      // Rows a crashed worker already committed: only their match keys are remembered (duplicates).
      if (seen <= run.processed) {
        worker.remember(row);
        continue;
      }
      batch.push(row);
      if (batch.length >= definition.batchSize) {
        cancelled = await runBatch(db, run, worker, batch, counters, options);
        batch = [];
        if (cancelled || options.signal?.aborted) break;
      }
    }
    if (!cancelled && !options.signal?.aborted && batch.length > 0)
      cancelled = await runBatch(db, run, worker, batch, counters, options);
  } finally {
    await sheet.close();
  }
  // Stopped for a shutdown: the lease runs out and a worker resumes after the last committed batch.
  if (options.signal?.aborted && !cancelled) return;
  if (seen === 0 && !cancelled) {
    await finish(db, run.id, { status: 'Failed', message: importMessages.emptyFile, total: 0 });
    return;
  }
  const errorFileId =
    counters.failed > 0 ? await writeErrorFile(db, run, file.name, importType, sheet.columns, language, options) : null;
  await finish(db, run.id, {
    status: cancelled ? 'Cancelled' : 'Succeeded',
    total: cancelled ? null : seen,
    errorFileId,
    message: null,
  });
}

async function finish(
  db: Db,
  runId: number,
  values: { status: ImportRunStatus; message: string | null; total: number | null; errorFileId?: number | null },
) {
  await db
    .update(importRun)
    .set({
      status: values.status,
      message: values.message,
      ...(values.total !== null ? { total: values.total } : {}),
      errorFileId: values.errorFileId ?? null,
      finishedAt: new Date(),
      leaseUntil: null,
    })
    .where(eq(importRun.id, runId));
}

/**
 * One batch in one transaction: each row in its own savepoint; the counters and the refusals are written in
 * the same transaction (a dry run rolls its rows back and writes only those). Answers whether the run was
 * cancelled meanwhile (it then stops after this batch).
 */
async function runBatch(
  db: Db,
  run: RunRow,
  worker: RowWorker,
  rows: SheetRow[],
  counters: Counters,
  options: WorkOptions,
): Promise<boolean> {
  const next = { ...counters };
  const refusals: ImportRefusal[] = [];
  const hooks: (() => Promise<void>)[] = [];
  const record = async (tx: Tx) => {
    if (refusals.length > 0)
      await tx
        .insert(importRunRefusal)
        .values(refusals.map((r) => ({ runId: run.id, rowNo: r.row, cells: r.cells, reason: r.reason })))
        .onConflictDoNothing();
    const [row] = await tx
      .update(importRun)
      .set({ ...next, leaseUntil: new Date(Date.now() + options.leaseMs) })
      .where(eq(importRun.id, run.id))
      .returning({ cancelRequested: importRun.cancelRequested });
    return row?.cancelRequested ?? false;
  };
  const work = async (tx: Tx) => {
    for (const row of rows) {
      next.processed++;
      try {
        const { value: outcome, hooks: rowHooks } = await collectAfterCommit(() =>
          tx.transaction((savepoint) => worker.write(savepoint, row)),
        );
        next[outcome]++;
        hooks.push(...rowHooks);
      } catch (error) {
        next.failed++;
        refusals.push({ row: row.rowNo, cells: row.cells, reason: worker.reasonOf(error) });
      }
    }
  };
  let cancelled: boolean;
  if (run.dryRun) {
    try {
      await db.transaction(async (tx) => {
        await work(tx);
        throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
    worker.forgetCache();
    cancelled = await db.transaction(record);
  } else {
    cancelled = await db.transaction(async (tx) => {
      await work(tx);
      return record(tx);
    });
    // The rows' own after-commit work (none of the targets has any today), now that they are committed.
    for (const hook of hooks) await hook();
  }
  Object.assign(counters, next);
  return cancelled;
}

/** Turns one sheet row into a write through the target: converts, resolves references, matches, compares. */
class RowWorker {
  private readonly fieldsByName: Map<string, TargetField>;
  private readonly mapped: { field: TargetField; index: number }[];
  private readonly keys = new Map<string, number>();
  private references = new Map<string, number | 'none' | 'many'>();

  constructor(
    private readonly definition: Definition,
    private readonly adapter: TargetAdapter,
    private readonly actor: Actor,
    columns: string[],
    private readonly dataDir: string,
    private readonly runId: number,
  ) {
    this.fieldsByName = new Map(adapter.fields.map((f) => [f.field, f]));
    const columnIndex = new Map(columns.map((c, i) => [c.toLowerCase(), i]));
    this.mapped = definition.mappings.map((m) => {
      const index = columnIndex.get(m.column.trim().toLowerCase());
      if (index === undefined) throw badRequest(msg(importMessages, 'unknownColumn', { column: m.column }));
      const field = this.fieldsByName.get(m.field);
      if (!field) throw badRequest(msg(importMessages, 'unknownField', { field: m.field }));
      return { field, index };
    });
    void this.runId;
  }

  private get matching() {
    return this.definition.operationType !== 'Insert' && this.definition.matchConditions.length > 0;
  }

  /** The row's match key as text (case and spaces aside), or undefined when it has none. */
  private keyOf(row: SheetRow): string | undefined {
    if (!this.matching) return undefined;
    const parts = this.definition.matchConditions.map((field) => {
      const m = this.mapped.find((x) => x.field.field === field);
      return m ? (row.cells[m.index] ?? '').trim().toLowerCase() : '';
    });
    return parts.every((p) => p === '') ? undefined : JSON.stringify(parts);
  }

  /** A row before the resume point: its key still makes later rows duplicates. */
  remember(row: SheetRow) {
    const key = this.keyOf(row);
    if (key !== undefined && !this.keys.has(key)) this.keys.set(key, row.rowNo);
  }

  /** A dry run rolled back: what it resolved may have been created inside it. */
  forgetCache() {
    this.references = new Map();
  }

  async write(tx: Tx, row: SheetRow): Promise<Outcome> {
    if (row.error) throw new RowRefused(row.error);
    const key = this.keyOf(row);
    if (key !== undefined) {
      const first = this.keys.get(key);
      if (first !== undefined) throw refuse('duplicateRow', { row: first });
      this.keys.set(key, row.rowNo);
    }
    const values: Record<string, unknown> = {};
    for (const { field, index } of this.mapped) {
      const text = (row.cells[index] ?? '').trim();
      if (text === '') continue;
      values[field.field] = await this.convert(tx, field, text);
    }
    const w = { tx, actor: this.actor, dataDir: this.dataDir };
    const permissions = this.adapter.permissions;
    const insert = async (): Promise<Outcome> => {
      if (!hasPermission(this.actor, permissions.insert)) throw refuse('noCreatePermission');
      await this.adapter.insert(w, this.writable(values));
      return 'inserted';
    };
    if (this.definition.operationType === 'Insert') return insert();
    const match: Record<string, unknown> = {};
    for (const field of this.definition.matchConditions) {
      if (values[field] === undefined)
        throw refuse('matchValueMissing', { field: this.fieldsByName.get(field)?.labels.en ?? field });
      match[field] = values[field];
    }
    const matched = await this.adapter.find(w, match);
    if (!matched) {
      if (this.definition.operationType === 'Update') throw refuse('noMatch');
      return insert();
    }
    if (!hasPermission(this.actor, permissions.update)) throw refuse('noEditPermission');
    // Fields the target takes on insert only (a user's password) are not compared or sent on update.
    const changes = Object.fromEntries(
      Object.entries(this.writable(values)).filter(([k]) => !this.fieldsByName.get(k)?.insertOnly),
    );
    if (Object.entries(changes).every(([k, v]) => same(v, matched.values[k]))) return 'unchanged';
    await this.adapter.update(w, matched, changes);
    return 'updated';
  }

  /** The values a write takes: match-only fields (a ticket's case number) are left out. */
  private writable(values: Record<string, unknown>) {
    return Object.fromEntries(Object.entries(values).filter(([k]) => !this.fieldsByName.get(k)?.matchOnly));
  }

  private async convert(tx: Tx, field: TargetField, text: string): Promise<unknown> {
    if (field.ref) {
      if (!field.many) return this.resolve(tx, field, text);
      const parts = text
        .split(/[,;，；]/)
        .map((p) => p.trim())
        .filter(Boolean);
      const ids: number[] = [];
      for (const part of parts) ids.push(await this.resolve(tx, field, part));
      return ids;
    }
    switch (field.type) {
      case 'number':
        return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
      case 'boolean': {
        const t = text.toLowerCase();
        if (['true', 'yes', 'y', '1', '是', '√'].includes(t)) return true;
        if (['false', 'no', 'n', '0', '否'].includes(t)) return false;
        return text;
      }
      case 'date':
        return /^\d{4}[-/]\d{1,2}[-/]\d{1,2}$/.test(text)
          ? text
              .split(/[-/]/)
              .map((p, i) => (i === 0 ? p : p.padStart(2, '0')))
              .join('-')
          : text;
      default:
        return text;
    }
  }

  /** A reference by code (first) or name, to its id; refused when nothing or more than one record has it. */
  private async resolve(tx: Tx, field: TargetField, text: string): Promise<number> {
    const kind = field.ref!;
    const cacheKey = `${kind}:${text.toLowerCase()}`;
    let found = this.references.get(cacheKey);
    if (found === undefined) {
      const t = referenceTables[kind];
      const byCode = await rowsOf<{ id: number }>(
        tx,
        sql`select id from ${sql.identifier(t.table)} where lower(${sql.identifier(t.code)}) = lower(${text}) limit 2`,
      );
      let rows = byCode;
      if (rows.length === 0 && t.name)
        rows = await rowsOf<{ id: number }>(
          tx,
          sql`select id from ${sql.identifier(t.table)} where lower(${sql.identifier(t.name)}) = lower(${text}) limit 2`,
        );
      found = rows.length === 0 ? 'none' : rows.length > 1 ? 'many' : Number(rows[0]!.id);
      this.references.set(cacheKey, found);
    }
    if (found === 'none') throw refuse('referenceNotFound', { field: field.labels.en, value: text });
    if (found === 'many') throw refuse('referenceAmbiguous', { field: field.labels.en, value: text });
    return found;
  }

  /** Why a row was refused, kept as a message key where it is the import's own, else as the server said it. */
  reasonOf(error: unknown): ImportReason {
    if (error instanceof RowRefused) return error.reason;
    if (error instanceof z.ZodError) {
      const issue = error.issues[0];
      const fieldName = String(issue?.path[0] ?? '');
      const label = this.fieldsByName.get(fieldName)?.labels.en ?? fieldName;
      return { key: 'import.invalidValue', values: { field: label, reason: issue?.message ?? 'invalid' } };
    }
    if (error instanceof AppError) {
      const detail = error.errors?.[0];
      return {
        text: detail && detail.message !== error.message ? `${error.message} (${detail.message})` : error.message,
      };
    }
    return { text: error instanceof Error ? error.message : String(error) };
  }
}

/** Equal for "nothing to change": blanks alike, numbers and decimals by value, lists as sets. */
function same(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) && blank(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    const sa = a.map(String).sort();
    const sb = b.map(String).sort();
    return sa.length === sb.length && sa.every((v, i) => v === sb[i]);
  }
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  const ta = String(a);
  const tb = String(b);
  if (ta === tb) return true;
  if (/^-?\d+(\.\d+)?$/.test(ta) && /^-?\d+(\.\d+)?$/.test(tb)) return Number(ta) === Number(tb);
  // A date cell against a stored timestamp at midnight UTC.
  return /^\d{4}-\d{2}-\d{2}$/.test(ta) && tb.startsWith(`${ta}T00:00:00`);
}

/**
 * The error file: the refused rows as uploaded, with one more column saying why, in the starter's language;
 * an xlsx (or a UTF-8 csv for a csv upload), streamed from the refusal rows in chunks.
 */
async function writeErrorFile(
  db: Db,
  run: RunRow,
  uploadName: string,
  importType: 'xlsx' | 'csv',
  columns: string[],
  language: string,
  options: WorkOptions,
): Promise<number> {
  const lang = languageOf(language);
  const header = [...columns, reasonText({ key: 'import.errorColumn' }, lang)];
  const base = uploadName.replace(/\.[^.]+$/, '');
  const chunks = async function* () {
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(importRunRefusal)
        .where(and(eq(importRunRefusal.runId, run.id), gt(importRunRefusal.rowNo, after)))
        .orderBy(asc(importRunRefusal.rowNo))
        .limit(1000);
      if (rows.length === 0) return;
      for (const r of rows) {
        const cells = [...r.cells];
        while (cells.length < columns.length) cells.push('');
        yield [...cells.slice(0, columns.length), reasonText(r.reason, lang)];
      }
      after = rows[rows.length - 1]!.rowNo;
    }
  };
  const written =
    importType === 'xlsx'
      ? await writeFileWith(
          options.dataDir,
          {
            name: `${base}-errors.xlsx`,
            fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
          async (path) => {
            const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
            const sheet = workbook.addWorksheet('Errors');
            sheet.addRow(header).commit();
            for await (const cells of chunks()) sheet.addRow(cells).commit();
            sheet.commit();
            await workbook.commit();
          },
        )
      : await writeFileWith(options.dataDir, { name: `${base}-errors.csv`, fileType: 'text/csv' }, async (path) => {
          const out = createWriteStream(path, { flags: 'wx' });
          const line = (cells: string[]) =>
            cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
          out.write('\ufeff' + line(header));
          for await (const cells of chunks()) if (!out.write(line(cells))) await once(out, 'drain');
          out.end();
          await once(out, 'finish');
        });
  return db.transaction(async (tx) => {
    const [saved] = await recordWrittenFiles(tx, importFileOwner, run.id, [written]);
    await tx.update(storedFile).set({ createdBy: run.startedBy }).where(eq(storedFile.id, saved!.id));
    return saved!.id;
  });
}
