import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  messages,
  msg,
  openItemClosedStatuses,
  openItemMessages,
  type OpenItem,
  type OpenItemCreate,
  type OpenItemReorder,
  type OpenItemStatus,
  type OpenItemUpdate,
  type UploadedFile,
} from '@casedesk/shared';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { hasPermission } from '../../platform/access.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { present } from '../../platform/envelope.js';
import { badRequest, conflict, fieldRefusal, forbidden, notFound } from '../../platform/errors.js';
import { versionedUpdate } from '../../platform/resource.js';
import { claimFiles, dropFiles, fileUrlOf, storedFile } from '../file/index.js';
import { project } from '../project/index.js';
import { cancelTicketForOpenItem, ticket, visibleSql } from '../ticket/index.js';
import { appUser } from '../user/index.js';
import { mayAddItem, openItemActionsFor, openItemScope, openItemScopeAlone, ticketIsOpen } from './openItem.policy.js';
import { selectOpenItems } from './openItem.queries.js';
import { openItem, openItemRelatedTicket } from './openItem.table.js';

export const fileOwner = 'OpenItem';
/** Writes that removed files answer their paths, to delete from disk once committed. */
export type WriteResult<T> = { value: T; removedFiles: string[] };

type Row = Awaited<ReturnType<ReturnType<typeof selectOpenItems>['where']>>[number];
const show = (actor: Actor, row: Row): OpenItem =>
  ({ ...present(row), actions: openItemActionsFor(actor, row.ticketStatus) }) as OpenItem;

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();
const today = () => new Date().toISOString().slice(0, 10);

/** The item if the actor sees it (through its ticket). */
async function findVisible(q: Queryable, actor: Actor, id: number): Promise<Row | undefined> {
  const [row] = await selectOpenItems(q).where(and(eq(openItem.id, id), openItemScope(actor)));
  return row;
}

/** The ticket the actor sees, locked: adds of one ticket take their serials one after another. */
async function lockTicket(tx: Tx, actor: Actor, ticketId: number) {
  const [row] = await tx
    .select({ id: ticket.id, caseNumber: ticket.caseNumber, status: ticket.status, projectId: ticket.projectId })
    .from(ticket)
    .where(and(eq(ticket.id, ticketId), visibleSql(actor)))
    .for('update');
  if (!row) throw notFound();
  if (!ticketIsOpen(row.status))
    throw badRequest(msg(openItemMessages, 'ticketClosed', { caseNumber: row.caseNumber }));
  return row;
}

/** References of a save: the project and point of contact exist; related tickets are visible and not its own. */
async function checkReferences(
  tx: Tx,
  actor: Actor,
  ticketId: number,
  input: { projectId?: number | null | undefined; pointOfContact: number | null; relatedTickets: number[] },
) {
  if (input.projectId) {
    const [found] = await tx.select({ id: project.id }).from(project).where(eq(project.id, input.projectId));
    if (!found)
      throw badRequest(msg(messages, 'fieldUnknownRecord', { field: 'projectId', label: 'project' }), [
        { field: 'projectId', message: msg(messages, 'unknownRecord', { label: 'project' }).text },
      ]);
  }
  if (input.pointOfContact) {
    const [found] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, input.pointOfContact));
    if (!found)
      throw badRequest(msg(messages, 'fieldUnknownRecord', { field: 'pointOfContact', label: 'user' }), [
        { field: 'pointOfContact', message: msg(messages, 'unknownRecord', { label: 'user' }).text },
      ]);
  }
  const related = [...new Set(input.relatedTickets)];
  if (related.includes(ticketId)) throw fieldRefusal('relatedTickets', msg(openItemMessages, 'relatedSelf'));
  if (related.length) {
    const seen = await tx
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(inArray(ticket.id, related), visibleSql(actor)));
    if (seen.length !== related.length)
      throw badRequest(msg(messages, 'fieldUnknownRecord', { field: 'relatedTickets', label: 'ticket' }), [
        { field: 'relatedTickets', message: msg(messages, 'unknownRecord', { label: 'ticket' }).text },
      ]);
  }
  return related;
}

async function saveRelated(tx: Tx, id: number, related: number[]) {
  await tx.delete(openItemRelatedTicket).where(eq(openItemRelatedTicket.openItemId, id));
  if (related.length)
    await tx.insert(openItemRelatedTicket).values(related.map((ticketId) => ({ openItemId: id, ticketId })));
}

const closeDateFor = (status: OpenItemStatus) => (openItemClosedStatuses.includes(status) ? new Date() : null);

export async function addOpenItem(db: Db, actor: Actor, input: OpenItemCreate): Promise<OpenItem> {
  if (!mayAddItem(actor)) throw forbidden();
  const attachments = [...new Set(input.attachments ?? [])];
  if (attachments.length && !hasPermission(actor, 'openItem:editFile')) throw forbidden();
  const id = await db.transaction(async (tx) => {
    const t = await lockTicket(tx, actor, input.ticketId);
    const related = await checkReferences(tx, actor, t.id, {
      projectId: input.projectId,
      pointOfContact: input.pointOfContact ?? null,
      relatedTickets: input.relatedTickets ?? [],
    });
    const [next] = await tx
      .select({
        serial: sql<number>`coalesce(max(${openItem.serial}), 0)::int + 1`,
        sortId: sql<number>`coalesce(max(${openItem.sortId}), 0)::int + 1`,
      })
      .from(openItem)
      .where(eq(openItem.ticketId, t.id));
    const status = input.status ?? 'Open';
    const [row] = await tx
      .insert(openItem)
      .values({
        ticketId: t.id,
        serial: next!.serial,
        sortId: next!.sortId,
        priority: input.priority ?? 'Medium',
        projectId: input.projectId ?? t.projectId,
        taskCategory: input.taskCategory ?? null,
        status,
        openDate: input.openDate ?? today(),
        closeDate: closeDateFor(status),
        loe: input.loe ?? null,
        approvedDate: input.approvedDate ?? null,
        pointOfContact: input.pointOfContact ?? null,
        description: input.description,
        comment: input.comment ?? null,
        attachments,
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning({ id: openItem.id });
    await saveRelated(tx, row!.id, related);
    await claimFiles(tx, actor, fileOwner, row!.id, attachments);
    await writeAudit(tx, { entity: 'OpenItem', entityId: row!.id, action: 'create', actorId: actor.userId });
    return row!.id;
  });
  return getOpenItem(db, actor, id);
}

export async function updateOpenItem(db: Db, actor: Actor, input: OpenItemUpdate): Promise<WriteResult<OpenItem>> {
  const removedFiles = await db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, input.id);
    if (!before) throw notFound();
    await lockTicket(tx, actor, before.ticketId);
    const status = input.status ?? before.status;
    const comment = input.comment === undefined ? before.comment : input.comment;
    // The spec: a status change comes with a new comment (the web asks for it before saving).
    if (status !== before.status && sameText(comment, before.comment))
      throw fieldRefusal('comment', msg(openItemMessages, 'updateComment'));
    const attachments = input.attachments === undefined ? before.attachments : [...new Set(input.attachments)];
    const added = attachments.filter((f) => !before.attachments.includes(f));
    const removed = before.attachments.filter((f) => !attachments.includes(f));
    if (added.length && !hasPermission(actor, 'openItem:editFile')) throw forbidden();
    if (removed.length && !hasPermission(actor, 'openItem:deleteFile')) throw forbidden();
    const related = await checkReferences(tx, actor, before.ticketId, {
      projectId: input.projectId,
      pointOfContact: input.pointOfContact === undefined ? before.pointOfContact : input.pointOfContact,
      relatedTickets: input.relatedTickets ?? before.relatedTickets,
    });
    const versioned = versionedUpdate(openItem, input.id, input.rowVersion, actor);
    const [updated] = await tx
      .update(openItem)
      .set({
        priority: input.priority ?? before.priority,
        projectId: input.projectId === undefined ? before.projectId : input.projectId,
        taskCategory: input.taskCategory === undefined ? before.taskCategory : input.taskCategory,
        status,
        closeDate: status === before.status ? before.closeDate : closeDateFor(status),
        openDate: input.openDate ?? before.openDate,
        loe: input.loe === undefined ? before.loe : input.loe,
        approvedDate: input.approvedDate === undefined ? before.approvedDate : input.approvedDate,
        pointOfContact: input.pointOfContact === undefined ? before.pointOfContact : input.pointOfContact,
        description: input.description ?? before.description,
        comment,
        attachments,
        ...versioned.set,
      })
      .where(versioned.where)
      .returning();
    if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
    await saveRelated(tx, input.id, related);
    await claimFiles(tx, actor, fileOwner, input.id, added);
    const dropped = await dropFiles(tx, fileOwner, [input.id], attachments);
    const {
      ticketNumber: _n,
      ticketSubject: _s,
      ticketStatus: _t,
      projectName: _p,
      pointOfContactName: _c,
      groupName: _g,
      ...was
    } = before;
    await writeAudit(tx, {
      entity: 'OpenItem',
      entityId: input.id,
      action: 'update',
      actorId: actor.userId,
      changes: diff({ ...was, relatedTickets: before.relatedTickets }, { ...updated, relatedTickets: related }),
    });
    return dropped;
  });
  return { value: await getOpenItem(db, actor, input.id), removedFiles };
}

/**
 * An item the system makes on a ticket (a catalog request's fulfilment), inside the caller's transaction: no
 * visibility or permission asked (the request's rules decided), the ticket locked for its serial.
 */
export async function addSystemOpenItemIn(
  tx: Tx,
  item: { ticketId: number; description: string; pointOfContact: number | null; groupId: number | null },
  actorId: number | null,
): Promise<number> {
  const [t] = await tx
    .select({ id: ticket.id, projectId: ticket.projectId })
    .from(ticket)
    .where(eq(ticket.id, item.ticketId))
    .for('update');
  if (!t) throw notFound();
  const [next] = await tx
    .select({
      serial: sql<number>`coalesce(max(${openItem.serial}), 0)::int + 1`,
      sortId: sql<number>`coalesce(max(${openItem.sortId}), 0)::int + 1`,
    })
    .from(openItem)
    .where(eq(openItem.ticketId, t.id));
  const [row] = await tx
    .insert(openItem)
    .values({
      ticketId: t.id,
      serial: next!.serial,
      sortId: next!.sortId,
      projectId: t.projectId,
      openDate: today(),
      pointOfContact: item.pointOfContact,
      groupId: item.groupId,
      description: item.description,
      createdBy: actorId,
      modifiedBy: actorId,
    })
    .returning({ id: openItem.id });
  await writeAudit(tx, { entity: 'OpenItem', entityId: row!.id, action: 'create', actorId });
  return row!.id;
}

/**
 * Deletes items: all or none. Refused for an item marked Complete, one with a configured relation (related
 * tickets), or one of a Closed/Cancelled ticket. Each item's ticket is cancelled in the same transaction.
 */
export async function deleteOpenItems(db: Db, actor: Actor, ids: number[]): Promise<WriteResult<number>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rows = await selectOpenItems(tx)
      .where(and(inArray(openItem.id, unique), openItemScope(actor)))
      .orderBy(asc(openItem.id));
    if (rows.length !== unique.length) throw notFound();
    for (const row of rows) {
      if (!ticketIsOpen(row.ticketStatus))
        throw badRequest(msg(openItemMessages, 'ticketClosed', { caseNumber: row.ticketNumber }));
      if (row.status === 'Complete') throw badRequest(msg(openItemMessages, 'deleteComplete'));
      if (row.relatedTickets.length > 0) throw conflict(msg(openItemMessages, 'deleteRelated'));
    }
    const removedFiles = await dropFiles(tx, fileOwner, unique);
    await tx.delete(openItem).where(inArray(openItem.id, unique));
    for (const row of rows) {
      await writeAudit(tx, { entity: 'OpenItem', entityId: row.id, action: 'delete', actorId: actor.userId });
      await cancelTicketForOpenItem(tx, actor, row.ticketId, `#${row.serial} ${row.description}`.slice(0, 500));
    }
    return { value: rows.length, removedFiles };
  });
}

export async function getOpenItem(db: Queryable, actor: Actor, id: number): Promise<OpenItem> {
  const row = await findVisible(db, actor, id);
  if (!row) throw notFound();
  return show(actor, row);
}

/** What Detail adds to an item: its related tickets (those the actor sees) and its files. */
export async function openItemDetails(db: Queryable, item: { id: number; relatedTickets: number[] }, actor: Actor) {
  const [related, files] = await Promise.all([
    item.relatedTickets.length
      ? db
          .select({ id: ticket.id, caseNumber: ticket.caseNumber, subject: ticket.subject })
          .from(ticket)
          .where(and(inArray(ticket.id, item.relatedTickets), visibleSql(actor)))
          .orderBy(asc(ticket.id))
      : Promise.resolve([]),
    db
      .select({ fileId: storedFile.id, name: storedFile.name, ext: storedFile.ext, size: storedFile.size })
      .from(storedFile)
      .where(and(eq(storedFile.ownerEntity, fileOwner), eq(storedFile.ownerId, item.id)))
      .orderBy(asc(storedFile.id)),
  ]);
  return { related, files: files.map((f) => ({ ...f, fileUrl: fileUrlOf(f.fileId) })) };
}

/** Drag to reorder: the ticket's items, every one once, in their new order (one transaction). */
export async function reorderOpenItems(db: Db, actor: Actor, input: OpenItemReorder): Promise<OpenItem[]> {
  await db.transaction(async (tx) => {
    await lockTicket(tx, actor, input.ticketId);
    const current = await tx.select({ id: openItem.id }).from(openItem).where(eq(openItem.ticketId, input.ticketId));
    const wanted = new Set(input.ids);
    if (wanted.size !== input.ids.length || current.length !== wanted.size || current.some((c) => !wanted.has(c.id)))
      throw fieldRefusal('ids', msg(openItemMessages, 'reorderMismatch'));
    for (const [index, id] of input.ids.entries())
      await tx
        .update(openItem)
        .set({
          sortId: index + 1,
          rowVersion: sql`${openItem.rowVersion} + 1`,
          modifiedAt: sql`now()`,
          modifiedBy: actor.userId,
        })
        .where(and(eq(openItem.id, id), sql`${openItem.sortId} is distinct from ${index + 1}`));
  });
  const rows = await selectOpenItems(db)
    .where(and(eq(openItem.ticketId, input.ticketId), openItemScope(actor)))
    .orderBy(asc(openItem.sortId), asc(openItem.id));
  return rows.map((r) => show(actor, r));
}

/** UploadV2 with an item: the uploaded files join its attachments (one transaction; `openItem:editFile`). */
export async function attachUploads(db: Db, actor: Actor, id: number, files: UploadedFile[]): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, id);
    if (!before) throw notFound();
    await lockTicket(tx, actor, before.ticketId);
    const ids = files.map((f) => f.fileId);
    await claimFiles(tx, actor, fileOwner, id, ids);
    await tx
      .update(openItem)
      .set({
        attachments: [...before.attachments, ...ids],
        ...versionedUpdate(openItem, id, before.rowVersion, actor).set,
      })
      .where(eq(openItem.id, id));
    await writeAudit(tx, {
      entity: 'OpenItem',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { attachments: { from: before.attachments, to: [...before.attachments, ...ids] } },
    });
  });
}

/** One file off an item (`openItem:deleteFile`); answers the stored paths to remove once committed. */
export async function removeAttachment(
  db: Db,
  actor: Actor,
  input: { openItemId: number; fileId: number },
): Promise<WriteResult<OpenItem>> {
  const removedFiles = await db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, input.openItemId);
    if (!before) throw notFound();
    await lockTicket(tx, actor, before.ticketId);
    if (!before.attachments.includes(input.fileId)) throw notFound();
    const kept = before.attachments.filter((f) => f !== input.fileId);
    await tx
      .update(openItem)
      .set({ attachments: kept, ...versionedUpdate(openItem, before.id, before.rowVersion, actor).set })
      .where(eq(openItem.id, before.id));
    await writeAudit(tx, {
      entity: 'OpenItem',
      entityId: before.id,
      action: 'update',
      actorId: actor.userId,
      changes: { attachments: { from: before.attachments, to: kept } },
    });
    return dropFiles(tx, fileOwner, [before.id], kept);
  });
  return { value: await getOpenItem(db, actor, input.openItemId), removedFiles };
}

/** Whether the actor sees this item (file downloads). */
export async function openItemVisible(q: Queryable, actor: Actor, id: number): Promise<boolean> {
  const [row] = await q
    .select({ id: openItem.id })
    .from(openItem)
    .where(and(eq(openItem.id, id), openItemScopeAlone(actor)));
  return !!row;
}
