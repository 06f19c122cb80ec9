import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { importMessages, msg, type ImportRun, type ImportRunStatus, type Page } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Db, Queryable } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { storedFile } from '../file/index.js';
import { appUser } from '../user/index.js';
import { uploadOf } from './import.service.js';
import { importDefinition, importRun } from './import.table.js';

/**
 * Runs of an import as the API shows them (contract 16): `Run` queues one, `Runs` lists them, `Cancel` stops one.
 * The `import.work` job works them (`import-work.service.ts`).
 */

export const importFileOwner = 'ImportRun';

type RunRow = typeof importRun.$inferSelect;

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
