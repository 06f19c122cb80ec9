import { asc, eq, sql } from 'drizzle-orm';
import { importMessages, msg, type ImportRunStatus } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import { noSessionId, type Actor } from '../../platform/actor.js';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { collectAfterCommit } from '../../platform/resource.js';
import { actorColumns, actorOf, refuseUser, type UserRow } from '../auth/index.js';
import { writeErrorFile } from './import-error-file.service.js';
import { RowWorker } from './import-row.service.js';
import type { SheetRow } from './import.reader.js';
import { openStoredSheet, typeOfFile, uploadOf } from './import.service.js';
import { importDefinition, importRun, importRunRefusal, type ImportRefusal } from './import.table.js';
import { importTargetAdapters, targetFields } from './import.targets.js';

/**
 * The import worker: the `import.work` job claims queued runs (and runs whose process died: their lease ran out)
 * and works them in batches. Each batch is one transaction that also advances the run's counters, so a crash
 * resumes after the last committed batch; each row is a savepoint inside it (`import-row.service.ts`).
 */

type RunRow = typeof importRun.$inferSelect;

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
  const sheet = await openStoredSheet(options.dataDir, file, {
    importType,
    encoding: definition.encoding,
    haveHeader: definition.haveHeader,
    headerRow: definition.headerRow,
    sheetName: definition.sheetName,
  });
  const fields = await targetFields(db, adapter.target);
  const worker = new RowWorker(definition, adapter, fields, actor, sheet.columns, options.dataDir);
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
    counters.failed > 0
      ? await writeErrorFile(db, run, file.name, importType, sheet.columns, language, options.dataDir, (lang) =>
          worker.labelOf(lang),
        )
      : null;
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
  await worker.prepare(db, rows);
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
