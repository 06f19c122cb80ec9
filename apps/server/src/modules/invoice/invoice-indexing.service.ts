import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  indexClaimMinutes,
  invoiceMessages,
  messages,
  type IndexFinish,
  type IndexQueueItem,
  type indexQueueQuerySchema,
  type IndexingDetail,
  msg,
  type Page,
  type UploadedFile,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { present } from '../../platform/envelope.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { claimFiles, dropFiles, readStoredFile, removeStoredFiles, storedFile } from '../file/index.js';
import { appUser, userDisplayNameSql, userNameSql } from '../user/index.js';
import { vendor } from '../vendor/index.js';
import { invoiceDocument } from './invoice-indexing.table.js';
import { excerptOf, proposeFields, readPdfText, type ReadResult } from './invoice-indexing.proposals.js';
import { saveInvoiceFields } from './invoice.service.js';
import { invoice } from './invoice.table.js';

/**
 * Indexing: uploaded invoice documents wait as `Indexing` invoices until someone claims one, keys it in with
 * the help of what its text proposes, and finishes it (→ `Draft`). A claim is a lock with a lease: it holds
 * for `indexClaimMinutes` after it was taken (or renewed by claiming again); after that anyone may take over.
 */
export const invoiceFileOwner = 'Invoice';

const claimLapsedBefore = () => new Date(Date.now() - indexClaimMinutes * 60_000);
type Row = typeof invoice.$inferSelect;

/** Whether a claim by someone other than the actor still holds. */
const heldByOther = (row: Pick<Row, 'claimedBy' | 'claimedAt'>, actor: Actor) =>
  row.claimedBy !== null &&
  row.claimedBy !== actor.userId &&
  row.claimedAt !== null &&
  row.claimedAt.getTime() > claimLapsedBefore().getTime();

async function lockIndexing(tx: Tx, id: number): Promise<Row> {
  const [row] = await tx.select().from(invoice).where(eq(invoice.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== 'Indexing') throw conflict(msg(invoiceMessages, 'wrongStatus', { status: row.status }));
  return row;
}

async function holderName(q: Queryable, userId: number): Promise<string> {
  const [user] = await q.select({ name: userDisplayNameSql }).from(appUser).where(eq(appUser.id, userId));
  return user?.name ?? String(userId);
}

/** 409 naming the holder when another person's claim still holds. */
async function refuseIfHeld(q: Queryable, row: Row, actor: Actor) {
  if (heldByOther(row, actor))
    throw new AppError(
      'CONFLICT',
      msg(invoiceMessages, 'claimedByOther', { name: await holderName(q, row.claimedBy!) }),
    );
}

// ---- upload ----------------------------------------------------------------------------------------------

/**
 * Files already saved (and checked to be a PDF or an image) become `Indexing` invoices, one each, in one
 * transaction; then each PDF is read (bounded) and what it proposes is stored. Answers the queue items.
 */
export async function createIndexDocuments(
  db: Db,
  actor: Actor,
  dataDir: string,
  files: UploadedFile[],
): Promise<IndexQueueItem[]> {
  const ids = await db.transaction(async (tx) => {
    const created: number[] = [];
    for (const file of files) {
      const [row] = await tx
        .insert(invoice)
        .values({ status: 'Indexing', documentFileId: file.fileId, createdBy: actor.userId, modifiedBy: actor.userId })
        .returning({ id: invoice.id });
      if (!row) throw new Error('insert returned nothing');
      await claimFiles(tx, actor, invoiceFileOwner, row.id, [file.fileId]);
      await writeAudit(tx, { entity: 'Invoice', entityId: row.id, action: 'create', actorId: actor.userId });
      created.push(row.id);
    }
    return created;
  });
  const vendors = await db
    .select({ id: vendor.id, vendorName: vendor.vendorName, emailAddress: vendor.emailAddress })
    .from(vendor)
    .where(eq(vendor.status, 'Active'));
  for (const [index, id] of ids.entries()) {
    const file = files[index]!;
    let read: ReadResult;
    if (file.fileType === 'application/pdf') {
      const stored = await readStoredFile(db, dataDir, file.fileId);
      read = stored ? await readPdfText(stored.data) : { pages: null, text: null, error: 'unreadable', durationMs: 0 };
    } else read = { pages: 1, text: null, error: 'image', durationMs: 0 };
    await db
      .insert(invoiceDocument)
      .values({
        invoiceId: id,
        pages: read.pages,
        textExcerpt: excerptOf(read.text),
        proposals: read.text ? proposeFields(read.text, vendors) : null,
        error: read.error,
        durationMs: read.durationMs,
      })
      .onConflictDoNothing();
  }
  const items = await queueItems(db, inIds(ids));
  return ids.map((id) => items.find((item) => item.id === id)!).filter(Boolean);
}

const inIds = (ids: number[]) => (ids.length ? sql`${invoice.id} in ${ids}` : sql`false`);

// ---- queue -----------------------------------------------------------------------------------------------

const queueColumns = {
  id: invoice.id,
  rowVersion: invoice.rowVersion,
  createdAt: invoice.createdAt,
  createdBy: invoice.createdBy,
  createdByName: userNameSql(invoice.createdBy),
  claimedBy: invoice.claimedBy,
  claimedByName: userNameSql(invoice.claimedBy),
  claimedAt: invoice.claimedAt,
  fileId: storedFile.id,
  fileName: storedFile.name,
  fileType: storedFile.fileType,
  fileSize: storedFile.size,
  fileUrl: storedFile.fileUrl,
  pages: invoiceDocument.pages,
  hasProposals: sql<boolean>`${invoiceDocument.proposals} is not null`,
  error: invoiceDocument.error,
};

async function queueItems(q: Queryable, where: SQL | undefined, paging?: { limit: number; offset: number }) {
  let query = q
    .select(queueColumns)
    .from(invoice)
    .leftJoin(storedFile, eq(storedFile.id, invoice.documentFileId))
    .leftJoin(invoiceDocument, eq(invoiceDocument.invoiceId, invoice.id))
    .where(and(eq(invoice.status, 'Indexing'), where))
    .orderBy(asc(invoice.createdAt), asc(invoice.id))
    .$dynamic();
  if (paging) query = query.limit(paging.limit).offset(paging.offset);
  const rows = await query;
  const lapsed = claimLapsedBefore().getTime();
  return rows.map((r): IndexQueueItem => ({
    id: r.id,
    rowVersion: r.rowVersion,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    file:
      r.fileId === null
        ? null
        : { id: r.fileId, name: r.fileName!, fileType: r.fileType!, size: r.fileSize!, fileUrl: r.fileUrl! },
    claimedBy: r.claimedBy,
    claimedByName: r.claimedBy === null ? null : r.claimedByName,
    claimedAt: r.claimedAt?.toISOString() ?? null,
    claimExpired: r.claimedAt !== null && r.claimedAt.getTime() <= lapsed,
    pages: r.pages,
    hasProposals: Boolean(r.hasProposals),
    error: r.error ?? null,
  }));
}

/** The documents waiting, oldest first, with who holds each (`mine`: only the caller's live claims). */
export async function indexQueue(
  db: Db,
  actor: Actor,
  query: z.output<typeof indexQueueQuerySchema>,
): Promise<Page<IndexQueueItem>> {
  const { page, pageSize } = query;
  const where = query.mine
    ? and(eq(invoice.claimedBy, actor.userId), gt(invoice.claimedAt, claimLapsedBefore()))
    : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(invoice)
    .where(and(eq(invoice.status, 'Indexing'), where));
  const items = await queueItems(db, where, { limit: pageSize, offset: (page - 1) * pageSize });
  return { items, total: total?.n ?? 0 };
}

// ---- claim, release, detail --------------------------------------------------------------------------------

export async function indexDetail(q: Queryable, id: number): Promise<IndexingDetail> {
  const [row] = await q.select().from(invoice).where(eq(invoice.id, id));
  if (!row || row.status !== 'Indexing') throw notFound();
  const [file] = row.documentFileId
    ? await q.select().from(storedFile).where(eq(storedFile.id, row.documentFileId))
    : [];
  const [document] = await q.select().from(invoiceDocument).where(eq(invoiceDocument.invoiceId, id));
  return {
    invoice: present(row) as unknown as IndexingDetail['invoice'],
    file: file
      ? { id: file.id, name: file.name, fileType: file.fileType, size: file.size, fileUrl: file.fileUrl }
      : null,
    document: document
      ? {
          pages: document.pages,
          textExcerpt: document.textExcerpt,
          proposals: document.proposals,
          error: document.error,
          durationMs: document.durationMs,
        }
      : null,
    claimedByName: row.claimedBy === null ? null : await holderName(q, row.claimedBy),
    claimExpired: row.claimedAt !== null && row.claimedAt.getTime() <= claimLapsedBefore().getTime(),
  };
}

/** Locks the document to the caller (or renews the caller's claim); another's live claim → 409 naming them. */
export async function claimIndexDocument(db: Db, actor: Actor, id: number): Promise<IndexingDetail> {
  return db.transaction(async (tx) => {
    const row = await lockIndexing(tx, id);
    await refuseIfHeld(tx, row, actor);
    await tx
      .update(invoice)
      .set({
        claimedBy: actor.userId,
        claimedAt: new Date(),
        rowVersion: sql`${invoice.rowVersion} + 1`,
        modifiedAt: new Date(),
        modifiedBy: actor.userId,
      })
      .where(eq(invoice.id, id));
    if (row.claimedBy !== actor.userId)
      await writeAudit(tx, {
        entity: 'Invoice',
        entityId: id,
        action: 'update',
        actorId: actor.userId,
        changes: { claimedBy: { from: row.claimedBy, to: actor.userId } },
      });
    return indexDetail(tx, id);
  });
}

/** Gives the document back to the queue; only its holder may (a lapsed claim of another's is simply free). */
export async function releaseIndexDocument(db: Db, actor: Actor, id: number): Promise<IndexQueueItem> {
  await db.transaction(async (tx) => {
    const row = await lockIndexing(tx, id);
    await refuseIfHeld(tx, row, actor);
    if (row.claimedBy === null) return;
    await tx
      .update(invoice)
      .set({
        claimedBy: null,
        claimedAt: null,
        rowVersion: sql`${invoice.rowVersion} + 1`,
        modifiedAt: new Date(),
        modifiedBy: actor.userId,
      })
      .where(eq(invoice.id, id));
    await writeAudit(tx, {
      entity: 'Invoice',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { claimedBy: { from: row.claimedBy, to: null } },
    });
  });
  const [item] = await queueItems(db, eq(invoice.id, id));
  if (!item) throw notFound();
  return item;
}

/**
 * Finishing: only the holder of a live claim. The capture fields go through the invoice module's one save
 * (its checks, exact amounts, duplicate refusal, audit), the status becomes `Draft` and the claim is cleared,
 * all in one transaction. Answers the invoice's id.
 */
export async function finishIndexDocument(db: Db, actor: Actor, input: IndexFinish & { lines: unknown[] }) {
  const { id, rowVersion, ...fields } = input as IndexFinish & { id: number; rowVersion: number };
  return db.transaction(async (tx) => {
    const row = await lockIndexing(tx, id);
    await refuseIfHeld(tx, row, actor);
    if (row.claimedBy !== actor.userId || row.claimedAt === null || row.claimedAt <= claimLapsedBefore())
      throw conflict(msg(invoiceMessages, 'notClaimed'));
    if (row.rowVersion !== rowVersion) throw conflict(msg(messages, 'staleRowVersion'));
    await saveInvoiceFields(
      tx,
      actor,
      id,
      { ...(fields as Parameters<typeof saveInvoiceFields>[3]), documentFileId: row.documentFileId },
      { rowVersion, status: 'Draft', extra: { claimedBy: null, claimedAt: null } },
    );
    return id;
  });
}

/** Removes a document that was uploaded by mistake: unclaimed, or claimed by the caller. */
export async function deleteIndexDocument(db: Db, dataDir: string, actor: Actor, id: number) {
  const paths = await db.transaction(async (tx) => {
    const row = await lockIndexing(tx, id);
    await refuseIfHeld(tx, row, actor);
    await tx.delete(invoice).where(eq(invoice.id, id));
    const dropped = await dropFiles(tx, invoiceFileOwner, [id]);
    await writeAudit(tx, { entity: 'Invoice', entityId: id, action: 'delete', actorId: actor.userId });
    return dropped;
  });
  await removeStoredFiles(dataDir, paths);
  return { id };
}

/** A document file is downloadable by those who index, and by those who see invoices. */
export async function invoiceFileVisible(q: Queryable, actor: Actor, ownerId: number): Promise<boolean> {
  if (!actor.permissions.has('invoice:index') && !actor.permissions.has('invoice:view')) return false;
  const [row] = await q.select({ id: invoice.id }).from(invoice).where(eq(invoice.id, ownerId));
  return Boolean(row);
}
