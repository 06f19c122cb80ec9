import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  msg,
  statusEffects,
  ticketMergeable,
  ticketMergeMessages,
  unmergeDays,
  type TicketMerge,
  type TicketMergeResult,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { htmlToText } from '../../platform/html.js';
import { searchableText, weightedVector } from '../../platform/text-search.js';
import { storedFile } from '../file/index.js';
import { unmergeOpen, visibleSql } from './ticket.policy.js';
import { ticketRecordColumns } from './ticket.queries.js';
import { changedClock, clockColumns, movedClock } from './ticket-sla.service.js';
import { fileOwner, type TicketRecord } from './ticket.service.js';
import { ticket, ticketComment, ticketHistory, ticketMerge, ticketSlaHold } from './ticket.table.js';

// Merge and unmerge (contract section 20). Mails are the e-mail module's rows, moved here by table name (the
// e-mail module sits above the ticket module and threads replies by `email.ticket_id`), as the archive reads
// open items. Nothing here tells anyone: no domain event, so no mail reaches the customer.

/** The source's columns a merge changes, restored as they were by Unmerge. */
const restoredKeys = [
  'status',
  'closeDate',
  'solvedBy',
  'attachments',
  ...(Object.keys(clockColumns) as (keyof typeof clockColumns)[]),
] as const;

/** The ticket a merged one now lives on: its merge target, followed through later merges. */
export async function mergeTargetOf(q: Queryable, ticketId: number): Promise<number> {
  let id = ticketId;
  // A merged ticket is never a target, so a chain only forms when a target is merged on; a cap guards the loop.
  for (let hop = 0; hop < 20; hop++) {
    const [row] = await q.select({ next: ticket.mergedIntoId }).from(ticket).where(eq(ticket.id, id));
    if (!row?.next) return id;
    id = row.next;
  }
  return id;
}

/** The tickets named, visible to the actor and locked in id order (no deadlock between two merges); 404 if one is not. */
async function lockVisible(tx: Tx, actor: Actor, ids: number[]): Promise<Map<number, TicketRecord>> {
  const rows = await tx
    .select(ticketRecordColumns)
    .from(ticket)
    .where(and(inArray(ticket.id, ids), visibleSql(actor)))
    .orderBy(asc(ticket.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A ticket's comment search document built again from the comments it holds now (after comments moved away). */
export async function rebuildSearchComments(tx: Tx, ticketId: number): Promise<void> {
  const comments = await tx
    .select({ comment: ticketComment.comment })
    .from(ticketComment)
    .where(eq(ticketComment.ticketId, ticketId))
    .orderBy(asc(ticketComment.id));
  const vectors = comments.map((c) => weightedVector(searchableText(htmlToText(c.comment)), 'D'));
  await tx
    .update(ticket)
    .set({ searchComments: vectors.length > 0 ? sql.join(vectors, sql` || `) : sql`''::tsvector` })
    .where(eq(ticket.id, ticketId));
}

/** The rows that move with a ticket's conversation, by id: what a merge moves and its unmerge moves back. */
export type MovedRows = { commentIds: number[]; fileIds: number[]; emailIds: number[]; childIds: number[] };

const idList = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Moves the rows named from one ticket to another: comments with their timeline entries, files, mails and child
 * tickets. Each moves only while it is still on `fromId` (a child relinked since stays where it is now).
 */
export async function moveTicketRows(tx: Tx, rows: Partial<MovedRows>, fromId: number, toId: number): Promise<void> {
  const { commentIds = [], fileIds = [], emailIds = [], childIds = [] } = rows;
  if (commentIds.length > 0) {
    await tx
      .update(ticketComment)
      .set({ ticketId: toId })
      .where(and(inArray(ticketComment.id, commentIds), eq(ticketComment.ticketId, fromId)));
    await tx.update(ticketHistory).set({ ticketId: toId }).where(inArray(ticketHistory.commentId, commentIds));
  }
  if (fileIds.length > 0)
    await tx
      .update(storedFile)
      .set({ ownerId: toId })
      .where(
        and(inArray(storedFile.id, fileIds), eq(storedFile.ownerEntity, fileOwner), eq(storedFile.ownerId, fromId)),
      );
  if (emailIds.length > 0)
    await tx.execute(
      sql`update email set ticket_id = ${toId} where id = any(${idList(emailIds)}) and ticket_id = ${fromId}`,
    );
  if (childIds.length > 0)
    await tx
      .update(ticket)
      .set({ parentTicket: toId })
      .where(and(inArray(ticket.id, childIds), eq(ticket.parentTicket, fromId)));
}

/** What a timeline entry says changed: field -> from, to. */
type Changes = Record<string, { from: unknown; to: unknown }>;

/** A "changed" timeline entry on each of the tickets named, by one actor: what each now says of the other. */
export async function noteOnTickets(tx: Tx, actorId: number, notes: [ticketId: number, changes: Changes][]) {
  await tx
    .insert(ticketHistory)
    .values(notes.map(([ticketId, changes]) => ({ ticketId, actorId, kind: 'changed' as const, changes })));
}

/** Children of the source that become the target's, less any that would make the target its own ancestor. */
async function movableChildren(tx: Tx, sourceId: number, targetId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`with recursive up(id) as (
          select ${targetId}::int
          union select t.parent_ticket from ${ticket} t join up on t.id = up.id where t.parent_ticket is not null)
        select c.id from ${ticket} c where c.parent_ticket = ${sourceId} and c.id not in (select id from up)
        order by c.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** One source into the target, inside the merge's transaction: what moves is recorded in `ticket_merge`. */
async function mergeOne(tx: Tx, actor: Actor, source: TicketRecord, target: TicketRecord, now: Date) {
  const comments = await tx
    .select({ id: ticketComment.id })
    .from(ticketComment)
    .where(eq(ticketComment.ticketId, source.id))
    .orderBy(asc(ticketComment.id));
  const files = await tx
    .select({ id: storedFile.id })
    .from(storedFile)
    .where(and(eq(storedFile.ownerEntity, fileOwner), eq(storedFile.ownerId, source.id)))
    .orderBy(asc(storedFile.id));
  const mails = await rowsOf<{ id: number }>(tx, sql`select id from email where ticket_id = ${source.id} order by id`);
  const moved: MovedRows = {
    commentIds: comments.map((c) => c.id),
    fileIds: files.map((f) => f.id),
    emailIds: mails.map((m) => Number(m.id)),
    childIds: await movableChildren(tx, source.id, target.id),
  };
  const { commentIds, fileIds, emailIds, childIds } = moved;
  await moveTicketRows(tx, moved, source.id, target.id);

  // The source: Merged, its clock stopped as a final status stops it (the open span of waiting, if any, ends).
  const [openHold] = await tx
    .select({ id: ticketSlaHold.id })
    .from(ticketSlaHold)
    .where(and(eq(ticketSlaHold.ticketId, source.id), isNull(ticketSlaHold.endedAt)));
  const effects = statusEffects(source, 'Merged', actor.userId, now);
  const { clock } = await movedClock(tx, source.id, source, { ...source, status: 'Merged' }, { now });
  const [endedHold] = openHold
    ? await tx.select({ endedAt: ticketSlaHold.endedAt }).from(ticketSlaHold).where(eq(ticketSlaHold.id, openHold.id))
    : [];
  const previous = Object.fromEntries(restoredKeys.map((key) => [key, source[key]]));
  const [merged] = await tx
    .update(ticket)
    .set({
      ...effects,
      ...changedClock(source, clock),
      status: 'Merged',
      attachments: [],
      mergedIntoId: target.id,
      mergedAt: now,
      searchComments: sql`''::tsvector`,
      rowVersion: sql`${ticket.rowVersion} + 1`,
      modifiedAt: now,
      modifiedBy: actor.userId,
    })
    .where(eq(ticket.id, source.id))
    .returning({ rowVersion: ticket.rowVersion });
  await tx.insert(ticketMerge).values({
    sourceId: source.id,
    targetId: target.id,
    mergedAt: now,
    mergedBy: actor.userId,
    commentIds,
    fileIds,
    emailIds,
    childIds,
    previous,
    mergedRowVersion: merged!.rowVersion,
    endedHoldId: openHold && endedHold?.endedAt ? openHold.id : null,
  });
  await noteOnTickets(tx, actor.userId, [
    [
      source.id,
      {
        status: { from: source.status, to: 'Merged' },
        mergedInto: { from: null, to: target.caseNumber },
      },
    ],
    [target.id, { mergedFrom: { from: null, to: source.caseNumber } }],
  ]);
  await writeAudit(tx, {
    entity: 'Ticket',
    entityId: source.id,
    action: 'update',
    actorId: actor.userId,
    changes: {
      status: { from: source.status, to: 'Merged' },
      mergedIntoId: { from: null, to: target.id },
      moved: { from: null, to: { comments: commentIds, files: fileIds, emails: emailIds, children: childIds } },
    },
  });
  return { commentIds, fileIds };
}

/** `Ticket/Merge`: every source into the target, in one transaction; the caller must be able to change them all. */
export async function mergeTickets(db: Db, actor: Actor, input: TicketMerge): Promise<TicketMergeResult> {
  const sourceIds = [...new Set(input.sourceIds)];
  if (sourceIds.includes(input.targetId)) throw badRequest(msg(ticketMergeMessages, 'intoItself'));
  return db.transaction(async (tx) => {
    const found = await lockVisible(tx, actor, [...sourceIds, input.targetId]);
    const target = found.get(input.targetId)!;
    if (!ticketMergeable(target.status))
      throw conflict(msg(ticketMergeMessages, 'targetNotOpen', { caseNumber: target.caseNumber }));
    for (const id of sourceIds) {
      const source = found.get(id)!;
      if (source.status === 'Merged')
        throw conflict(msg(ticketMergeMessages, 'alreadyMerged', { caseNumber: source.caseNumber }));
      if (!ticketMergeable(source.status))
        throw conflict(msg(ticketMergeMessages, 'notMergeable', { caseNumber: source.caseNumber }));
    }
    const now = new Date();
    const movedFiles: number[] = [];
    const movedComments: number[] = [];
    for (const id of sourceIds) {
      const moved = await mergeOne(tx, actor, found.get(id)!, target, now);
      movedFiles.push(...moved.fileIds);
      movedComments.push(...moved.commentIds);
    }
    // The target: the moved files on its list, the moved comments in its search document.
    const attachments = [...new Set([...target.attachments, ...movedFiles])];
    const comments = movedComments.length
      ? await tx
          .select({ comment: ticketComment.comment })
          .from(ticketComment)
          .where(inArray(ticketComment.id, movedComments))
      : [];
    await tx
      .update(ticket)
      .set({
        attachments,
        ...(comments.length > 0
          ? {
              searchComments: sql`${ticket.searchComments} || ${sql.join(
                comments.map((c) => weightedVector(searchableText(htmlToText(c.comment)), 'D')),
                sql` || `,
              )}`,
            }
          : {}),
        rowVersion: sql`${ticket.rowVersion} + 1`,
        modifiedAt: now,
        modifiedBy: actor.userId,
      })
      .where(eq(ticket.id, target.id));
    return { targetId: target.id, sourceIds };
  });
}

/** The columns restored from a merge's record, as the driver gives them back (dates were kept as text). */
function restoredValues(previous: Record<string, unknown>): Partial<TicketRecord> {
  const values: Record<string, unknown> = {};
  for (const key of restoredKeys) {
    const column = ticketRecordColumns[key];
    const value = previous[key];
    values[key] =
      value !== null && value !== undefined && column.columnType === 'PgTimestamp'
        ? new Date(value as string)
        : (value ?? null);
  }
  return values as Partial<TicketRecord>;
}

/**
 * `Ticket/Unmerge`: puts back exactly what its merge moved, within 30 days. Refused when the target no longer holds
 * what moved (a moved comment was split off or the target was merged on): restoring part of it would lose the rest.
 * Children moved by the merge go back only while they still hang under the target (a link edited since stays).
 */
export async function unmergeTicket(db: Db, actor: Actor, sourceId: number): Promise<TicketMergeResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ mergedIntoId: ticket.mergedIntoId })
      .from(ticket)
      .where(and(eq(ticket.id, sourceId), visibleSql(actor)));
    if (!current) throw notFound();
    if (!current.mergedIntoId) throw conflict(msg(ticketMergeMessages, 'notMerged'));
    const found = await lockVisible(
      tx,
      actor,
      [sourceId, current.mergedIntoId].sort((a, b) => a - b),
    );
    const source = found.get(sourceId)!;
    const target = found.get(current.mergedIntoId)!;
    if (source.status !== 'Merged') throw conflict(msg(ticketMergeMessages, 'notMerged'));
    const now = new Date();
    if (!unmergeOpen(source, now)) throw conflict(msg(ticketMergeMessages, 'unmergeExpired', { days: unmergeDays }));
    const [record] = await tx
      .select()
      .from(ticketMerge)
      .where(and(eq(ticketMerge.sourceId, sourceId), isNull(ticketMerge.unmergedAt)))
      .orderBy(sql`${ticketMerge.id} desc`)
      .limit(1);
    if (!record || record.targetId !== target.id) throw conflict(msg(ticketMergeMessages, 'notMerged'));
    const gone = conflict(msg(ticketMergeMessages, 'targetGone', { caseNumber: target.caseNumber }));
    if (target.status === 'Merged') throw gone;
    const stillThere = async (ids: number[], count: (ids: number[]) => Promise<number>) =>
      ids.length === 0 || (await count(ids)) === ids.length;
    const commentsThere = await stillThere(record.commentIds, async (ids) => {
      const rows = await tx
        .select({ id: ticketComment.id })
        .from(ticketComment)
        .where(and(inArray(ticketComment.id, ids), eq(ticketComment.ticketId, target.id)));
      return rows.length;
    });
    const filesThere = await stillThere(record.fileIds, async (ids) => {
      const rows = await tx
        .select({ id: storedFile.id })
        .from(storedFile)
        .where(
          and(inArray(storedFile.id, ids), eq(storedFile.ownerEntity, fileOwner), eq(storedFile.ownerId, target.id)),
        );
      return rows.length;
    });
    const mailsThere = await stillThere(record.emailIds, async (ids) => {
      const rows = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from email where id = any(${idList(ids)}) and ticket_id = ${target.id}`,
      );
      return Number(rows[0]?.n ?? 0);
    });
    if (!commentsThere || !filesThere || !mailsThere) throw gone;

    await moveTicketRows(tx, record, target.id, source.id);
    if (record.endedHoldId !== null)
      await tx
        .update(ticketSlaHold)
        .set({ endedAt: null, workingMinutes: null })
        .where(eq(ticketSlaHold.id, record.endedHoldId));
    await tx
      .update(ticket)
      .set({
        ...restoredValues(record.previous),
        mergedIntoId: null,
        mergedAt: null,
        rowVersion: sql`${ticket.rowVersion} + 1`,
        modifiedAt: now,
        modifiedBy: actor.userId,
      })
      .where(eq(ticket.id, source.id));
    const movedBack = new Set(record.fileIds);
    await tx
      .update(ticket)
      .set({
        attachments: target.attachments.filter((id) => !movedBack.has(id)),
        rowVersion: sql`${ticket.rowVersion} + 1`,
        modifiedAt: now,
        modifiedBy: actor.userId,
      })
      .where(eq(ticket.id, target.id));
    await rebuildSearchComments(tx, source.id);
    await rebuildSearchComments(tx, target.id);
    await tx
      .update(ticketMerge)
      .set({ unmergedAt: now, unmergedBy: actor.userId })
      .where(eq(ticketMerge.id, record.id));
    const previousStatus = (record.previous as { status: string }).status;
    await noteOnTickets(tx, actor.userId, [
      [
        source.id,
        {
          status: { from: 'Merged', to: previousStatus },
          unmergedFrom: { from: null, to: target.caseNumber },
        },
      ],
      [target.id, { unmerged: { from: null, to: source.caseNumber } }],
    ]);
    await writeAudit(tx, {
      entity: 'Ticket',
      entityId: source.id,
      action: 'update',
      actorId: actor.userId,
      changes: { status: { from: 'Merged', to: previousStatus }, mergedIntoId: { from: target.id, to: null } },
    });
    return { targetId: target.id, sourceIds: [source.id] };
  });
}
