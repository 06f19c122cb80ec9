import { eq, inArray, sql } from 'drizzle-orm';
import { emailMessages, type EmailThreadResult, msg } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Config } from '../../platform/config.js';
import type { Db, Queryable } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { readStoredFile, storedFile } from '../file/index.js';
import { readSettings } from '../setting/index.js';
import {
  addCommentFromEmail,
  createTicketFromEmail,
  moveEmailComment,
  removeEmailComment,
  ticket,
  ticketVisible,
} from '../ticket/index.js';
import { withFileList } from './email-parse.js';
import { reprocessMail } from './email-thread.service.js';
import { email, mailAccount } from './email.table.js';

type EmailRow = typeof email.$inferSelect;

/** An incoming mail the actor may see: its ticket visible to them (a mail on no ticket: `email:view` is enough). */
export async function visibleIncoming(db: Db, actor: Actor, id: number): Promise<EmailRow> {
  const [row] = await db.select().from(email).where(eq(email.id, id));
  if (!row || !(await emailVisible(db, actor, row))) throw notFound();
  if (row.direction !== 'In') throw badRequest(msg(emailMessages, 'notIncoming'));
  return row;
}

export async function emailVisible(db: Db, actor: Actor, row: Pick<EmailRow, 'ticketId'>): Promise<boolean> {
  return row.ticketId === null || (await ticketVisible(db, actor, row.ticketId));
}

/**
 * Who may download a mail's files (raw message, attachments, inline images): whoever sees its ticket, or with
 * `email:view` a mail that made no ticket.
 */
export const mayReadEmailFiles =
  (db: Db) =>
  async (q: Queryable, actor: Actor, emailId: number): Promise<boolean> => {
    const [row] = await q.select({ ticketId: email.ticketId }).from(email).where(eq(email.id, emailId));
    if (!row) return false;
    if (row.ticketId === null) return actor.permissions.has('email:view');
    return emailVisible(db, actor, row);
  };

/** The raw .eml of an incoming mail. */
export async function rawMessage(db: Db, config: Config, actor: Actor, id: number) {
  const row = await visibleIncoming(db, actor, id);
  const file = row.rawFileId ? await readStoredFile(db, config.dataDir, row.rawFileId) : null;
  if (!file) throw badRequest(msg(emailMessages, 'rawMissing'));
  return { name: `email-${row.id}.eml`, data: file.data };
}

const resultOf = (row: EmailRow): EmailThreadResult => ({
  id: row.id,
  status: row.status,
  ticketId: row.ticketId,
  commentId: row.commentId,
  threadReason: row.threadReason,
  threadDetail: row.threadDetail,
});

async function reread(db: Db, id: number) {
  const [row] = await db.select().from(email).where(eq(email.id, id));
  if (!row) throw notFound();
  return resultOf(row);
}

/** The mail's body with its files listed, as a ticket or comment made from it shows it. */
async function contentOf(db: Db, row: EmailRow): Promise<string> {
  const ids = row.attachments;
  const files = ids.length
    ? await db
        .select({ id: storedFile.id, fileUrl: storedFile.fileUrl, name: storedFile.name, size: storedFile.size })
        .from(storedFile)
        .where(inArray(storedFile.id, ids))
    : [];
  return withFileList(row.body, files);
}

const caseNumberOf = async (db: Db, ticketId: number | null) => {
  if (ticketId === null) return null;
  const [t] = await db.select({ caseNumber: ticket.caseNumber }).from(ticket).where(eq(ticket.id, ticketId));
  return t?.caseNumber ?? null;
};

/** Runs the decision again on a kept mail, from its raw message. */
export async function reprocess(db: Db, config: Config, actor: Actor, id: number): Promise<EmailThreadResult> {
  const row = await visibleIncoming(db, actor, id);
  if (!['Unreadable', 'Ignored'].includes(row.status) || row.commentId !== null)
    throw badRequest(msg(emailMessages, 'notReprocessable'));
  const [account] = row.accountId ? await db.select().from(mailAccount).where(eq(mailAccount.id, row.accountId)) : [];
  if (!account) throw badRequest(msg(emailMessages, 'accountMissing'));
  const raw = row.rawFileId ? await readStoredFile(db, config.dataDir, row.rawFileId) : null;
  if (!raw) throw badRequest(msg(emailMessages, 'rawMissing'));
  const settings = await readSettings(db);
  try {
    await reprocessMail(
      {
        db,
        dataDir: config.dataDir,
        caseNumberPrefix: settings.basic.caseNumberPrefix,
        timeZone: settings.basic.timeZone,
      },
      account,
      id,
      raw.data,
    );
  } catch (error) {
    // Still unreadable: say why on the row, as the fetch does.
    await db
      .update(email)
      .set({
        status: 'Unreadable',
        threadReason: 'unreadable',
        threadDetail: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
      })
      .where(eq(email.id, id));
  }
  return reread(db, id);
}

/** Moves an incoming mail (and its comment) to another ticket the actor sees. */
export async function moveEmail(
  db: Db,
  actor: Actor,
  input: { id: number; ticketId: number },
): Promise<EmailThreadResult> {
  const row = await visibleIncoming(db, actor, input.id);
  if (!(await ticketVisible(db, actor, input.ticketId))) throw notFound();
  const from = await caseNumberOf(db, row.ticketId);
  const to = await caseNumberOf(db, input.ticketId);
  const content = row.commentId === null ? await contentOf(db, row) : '';
  await db.transaction(async (tx) => {
    let commentId = row.commentId;
    // A mail moved to a merged ticket lands on the ticket it was merged into, as a reply to it would.
    let ticketId = input.ticketId;
    if (commentId !== null) await moveEmailComment(tx, commentId, input.ticketId, actor.userId);
    else {
      const added = await addCommentFromEmail(tx, {
        ticketId: input.ticketId,
        comment: content,
        viaEmailId: row.id,
        reopen: false,
      });
      commentId = added.id;
      ticketId = added.ticketId;
    }
    await tx
      .update(email)
      .set({
        status: 'Received',
        ticketId,
        commentId,
        threadReason: 'movedByUser',
        threadDetail: `moved by ${actor.loginName}${from ? ` from ${from}` : ''} to ${to}`,
        modifiedBy: actor.userId,
        rowVersion: sql`${email.rowVersion} + 1`,
        modifiedAt: sql`now()`,
      })
      .where(eq(email.id, row.id));
  });
  return reread(db, row.id);
}

/** Makes a new ticket of an incoming mail (its comment, if any, leaves the ticket it was on). */
export async function splitEmail(db: Db, actor: Actor, input: { id: number }): Promise<EmailThreadResult> {
  const row = await visibleIncoming(db, actor, input.id);
  const [account] = row.accountId ? await db.select().from(mailAccount).where(eq(mailAccount.id, row.accountId)) : [];
  const [current] = row.ticketId
    ? await db
        .select({ projectId: ticket.projectId, categoryId: ticket.categoryId })
        .from(ticket)
        .where(eq(ticket.id, row.ticketId))
    : [];
  const projectId = current?.projectId ?? account?.defaultProjectId ?? null;
  if (projectId === null) throw badRequest(msg(emailMessages, 'noDefaultProject'));
  const from = await caseNumberOf(db, row.ticketId);
  const content = await contentOf(db, row);
  const settings = await readSettings(db);
  await db.transaction(async (tx) => {
    if (row.commentId !== null) await removeEmailComment(tx, row.commentId);
    const made = await createTicketFromEmail(tx, {
      projectId,
      categoryId: current ? current.categoryId : (account?.defaultCategoryId ?? null),
      subject: row.subject,
      content,
      customerEmail: row.fromAddress,
      customerName: row.fromName,
      viaEmailId: row.id,
      caseNumberPrefix: settings.basic.caseNumberPrefix,
      timeZone: settings.basic.timeZone,
    });
    await tx
      .update(email)
      .set({
        status: 'Received',
        ticketId: made.id,
        commentId: null,
        threadReason: 'splitByUser',
        threadDetail: `split by ${actor.loginName}${from ? ` from ${from}` : ''} into ${made.caseNumber}`,
        modifiedBy: actor.userId,
        rowVersion: sql`${email.rowVersion} + 1`,
        modifiedAt: sql`now()`,
      })
      .where(eq(email.id, row.id));
  });
  return reread(db, row.id);
}
