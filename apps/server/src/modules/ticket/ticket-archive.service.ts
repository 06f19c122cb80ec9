import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ticketArchiveParamsSchema, type TicketArchive } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { present } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { storedFile } from '../file/index.js';
import { readSettings } from '../setting/index.js';
import { userNameSql } from '../user/index.js';
import { canSee } from './ticket.policy.js';
import { qualified, ticketNameColumns, ticketRecordColumns } from './ticket.queries.js';
import { fileOwner } from './ticket.service.js';
import { customValuesOf } from './ticket-custom.service.js';
import { ticketArchive } from './ticket-archive.table.js';
import { ticket, ticketComment, ticketHistory } from './ticket.table.js';

/** `months` calendar months before `at` (UTC): the close date a ticket must be older than to be archived. */
export function archiveCutoff(at: Date, months: number): Date {
  const cutoff = new Date(at.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * The ids of up to `limit` tickets that may go: Closed or Cancelled before `cutoff`, and nothing that stays
 * points at them (a child ticket, a ticket merged into it, an open item or its related-ticket link: those would lose their ticket).
 * Locked, skipping tickets another transaction holds.
 */
async function nextBatch(tx: Tx, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select t.id from ${ticket} t
        where t.status in ('Closed', 'Cancelled') and t.close_date < ${cutoff.toISOString()}::timestamptz
          and not exists (select 1 from ${ticket} c where c.parent_ticket = t.id)
          and not exists (select 1 from ${ticket} m where m.merged_into_id = t.id)
          and not exists (select 1 from open_item o where o.ticket_id = t.id)
          and not exists (select 1 from open_item_related_ticket r where r.ticket_id = t.id)
        order by t.id limit ${limit} for update of t skip locked`,
  );
  return rows.map((r) => Number(r.id));
}

/** The read-only records of these tickets as the archive keeps them: names, comments, history, files. */
async function snapshots(tx: Tx, ids: number[]): Promise<Omit<TicketArchive, 'archivedAt'>[]> {
  // One after another: a transaction is one connection.
  const tickets = await tx
    .select({ ...ticketRecordColumns, ...ticketNameColumns })
    .from(ticket)
    .where(inArray(ticket.id, ids));
  const comments = await tx
    .select({
      id: ticketComment.id,
      ticketId: ticketComment.ticketId,
      comment: ticketComment.comment,
      public: ticketComment.public,
      createdAt: ticketComment.createdAt,
      createdBy: ticketComment.createdBy,
      createdByName: userNameSql(ticketComment.createdBy),
    })
    .from(ticketComment)
    .where(inArray(ticketComment.ticketId, ids))
    .orderBy(asc(ticketComment.id));
  const history = await tx
    .select({
      ticketId: ticketHistory.ticketId,
      at: ticketHistory.at,
      actorId: ticketHistory.actorId,
      actorName: sql<
        string | null
      >`(select coalesce(u.full_name, u.login_name) from app_user u where u.id = ${qualified(ticketHistory.actorId)})`,
      kind: ticketHistory.kind,
      changes: ticketHistory.changes,
    })
    .from(ticketHistory)
    .where(inArray(ticketHistory.ticketId, ids))
    .orderBy(asc(ticketHistory.id));
  const files = await tx
    .select({ fileId: storedFile.id, name: storedFile.name, ownerId: storedFile.ownerId })
    .from(storedFile)
    .where(and(eq(storedFile.ownerEntity, fileOwner), inArray(storedFile.ownerId, ids)));
  // The custom values go with the ticket (their rows are deleted with it): kept as the record gives them.
  const custom = await customValuesOf(tx, ids);
  return tickets.map((t) => ({
    ...(present(t) as unknown as Omit<TicketArchive, 'archivedAt' | 'comments' | 'history' | 'files'>),
    comments: comments.filter((c) => c.ticketId === t.id).map(({ ticketId: _, ...c }) => present(c)),
    history: history
      .filter((h) => h.ticketId === t.id)
      .map(({ ticketId: _, ...h }) => ({ ...present(h), changes: h.changes ?? null })),
    files: files.filter((f) => f.ownerId === t.id).map((f) => ({ fileId: f.fileId, name: f.name })),
    customFields: custom.get(t.id) ?? {},
  }));
}

/**
 * Moves one batch into the archive, in one transaction: the archive rows are written and the tickets deleted
 * (their comments and history with them) together, so a crash at any point leaves each ticket in exactly one
 * place and the next run simply carries on. Returns how many moved.
 */
async function archiveBatch(db: Db, cutoff: Date, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await nextBatch(tx, cutoff, batchSize);
    if (ids.length === 0) return 0;
    const records = await snapshots(tx, ids);
    await tx
      .insert(ticketArchive)
      .values(
        records.map((r) => ({
          id: r.id,
          caseNumber: r.caseNumber,
          projectId: r.projectId,
          privateTicket: r.privateTicket,
          createdBy: r.createdBy,
          assignTo: r.assignTo,
          delegateTo: r.delegateTo,
          grantAccess: r.grantAccess,
          closeDate: r.closeDate ? new Date(r.closeDate) : null,
          record: r,
        })),
      )
      .onConflictDoNothing();
    await tx.delete(ticket).where(inArray(ticket.id, ids));
    for (const r of records)
      await writeAudit(tx, {
        entity: 'Ticket',
        entityId: r.id,
        action: 'delete',
        actorId: null,
        changes: { archived: { from: null, to: r.caseNumber } },
      });
    return ids.length;
  });
}

/** Archives every ticket closed before `cutoff`, batch by batch; stops between batches when aborted. */
export async function archiveClosedTickets(
  db: Db,
  options: { cutoff: Date; batchSize: number; signal?: AbortSignal },
): Promise<number> {
  let moved = 0;
  while (!options.signal?.aborted) {
    const n = await archiveBatch(db, options.cutoff, options.batchSize);
    moved += n;
    if (n < options.batchSize) break;
  }
  return moved;
}

/** `ticket.archive`: Data Management's rule "archive closed tickets after N months" (0 = off). */
export const ticketArchiveHandler = defineJobHandler({
  className: 'ticket.archive',
  title: { en: 'Archive closed tickets', 'zh-cn': '归档已关闭工单', 'zh-tw': '歸檔已關閉工單' },
  params: ticketArchiveParamsSchema.default({ batchSize: 200 }),
  // Each batch commits whole: running again after a crash continues where the last commit left off.
  onInterrupted: 'retry',
  async run(ctx, params) {
    const months = (await readSettings(ctx.db)).retention.archiveClosedAfterMonths;
    if (months === 0) return { message: 'Archiving is off (Data Management → retention).' };
    const cutoff = archiveCutoff(ctx.fireTime, months);
    const moved = await archiveClosedTickets(ctx.db, { cutoff, batchSize: params.batchSize, signal: ctx.signal });
    return { message: `Archived ${moved} ticket(s) closed before ${cutoff.toISOString()}.` };
  },
});

/** An archived ticket by case number, if the actor could see it (the same rule as a live ticket); else 404. */
export async function findArchivedTicket(db: Db, actor: Actor, caseNumber: string): Promise<TicketArchive> {
  const [row] = await db
    .select()
    .from(ticketArchive)
    .where(eq(ticketArchive.caseNumber, caseNumber.trim().toUpperCase()));
  if (!row || !canSee(actor, row)) throw notFound();
  // Archived before custom fields: none.
  return { ...row.record, customFields: row.record.customFields ?? {}, archivedAt: row.archivedAt.toISOString() };
}
