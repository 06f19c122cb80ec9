import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { emailMessages, messages, type EmailCreate, type EmailUpdate, type Message, msg } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { AppError, conflict, forbidden, notFound, fieldRefusal } from '../../platform/errors.js';
import { escapeHtml, sanitizeHtml } from '../../platform/html.js';
import { versionedUpdate } from '../../platform/resource.js';
import { claimFiles, dropFiles, storedFile } from '../file/index.js';
import { readSettings } from '../setting/index.js';
import { ticket, visibleSql } from '../ticket/index.js';
import { newMessageId } from './email-outbox.service.js';
import { email } from './email.table.js';

export type EmailRow = typeof email.$inferSelect;
/** Stored files an e-mail takes (`ownerEntity`): whoever sees the e-mail may download them. */
export const emailFileOwner = 'email';

/** An e-mail as the API shows it (`from` is the sender's address). */
export function emailAnswer(row: EmailRow) {
  const {
    fromAddress,
    leaseUntil: _leaseUntil,
    sourceKey: _sourceKey,
    rawFileId: _rawFileId,
    headers: _headers,
    language: _language,
    ...rest
  } = row;
  // A reset mail carries a working sign-in link: whoever may read mails must not be able to use it.
  if (rest.event === 'passwordReset') rest.body = `<p>${escapeHtml(emailMessages.secretBodyHidden)}</p>`;
  return { ...rest, from: fromAddress };
}
export type EmailAnswer = ReturnType<typeof emailAnswer>;

/**
 * The data scope: a mail linked to a ticket is seen by who sees the ticket; a mail linked to none by every
 * holder of `email:view`.
 */
export function emailScope(actor: Actor): SQL {
  const ticketRule = visibleSql(actor);
  if (!ticketRule) return sql`true`;
  return sql`(${email.ticketId} is null or exists (select 1 from ${ticket} where ${ticket.id} = ${email.ticketId} and ${ticketRule}))`;
}

async function findVisibleEmail(q: Queryable, actor: Actor, id: number, lock = false): Promise<EmailRow> {
  const query = q
    .select()
    .from(email)
    .where(and(eq(email.id, id), emailScope(actor)));
  const [row] = lock ? await query.for('update', { of: email }) : await query;
  if (!row) throw notFound();
  return row;
}

export async function getEmail(db: Db, actor: Actor, id: number): Promise<EmailAnswer> {
  return emailAnswer(await findVisibleEmail(db, actor, id));
}

/** Whether the actor sees this e-mail (its stored files' downloads). */
export async function emailVisible(q: Queryable, actor: Actor, id: number): Promise<boolean> {
  const [row] = await q
    .select({ id: email.id })
    .from(email)
    .where(and(eq(email.id, id), emailScope(actor)));
  return !!row;
}

/** What a draft must have before it is queued: a recipient. Addresses are checked by the shared schema. */
function checkSendable(mail: { to: string[]; cc: string[]; bcc: string[] }) {
  if (mail.to.length + mail.cc.length + mail.bcc.length === 0)
    throw fieldRefusal('to', msg(emailMessages, 'noRecipient'));
}

/** The attachments' sizes within the upload setting's limit (read before the transaction opens). */
export async function attachmentLimitBytes(db: Db): Promise<number> {
  return (await readSettings(db)).upload.maxSizeMb * 1024 * 1024;
}

/** Claims the caller's uploads for the mail and checks their total size. */
export async function attachFiles(tx: Tx, actor: Actor, emailId: number, ids: number[], limitBytes: number) {
  await claimFiles(tx, actor, emailFileOwner, emailId, ids);
  if (ids.length === 0) return;
  const [sum] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${storedFile.size}), 0)`.mapWith(Number) })
    .from(storedFile)
    .where(inArray(storedFile.id, ids));
  if ((sum?.bytes ?? 0) > limitBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', msg(emailMessages, 'attachmentsTooLarge'), [
      { field: 'attachments', message: emailMessages.attachmentsTooLarge },
    ]);
}

async function checkTicket(tx: Tx, actor: Actor, ticketId: number | null | undefined) {
  if (!ticketId) return;
  const rule = visibleSql(actor);
  const [row] = await tx
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.id, ticketId), rule));
  if (!row) throw fieldRefusal('ticketId', msg(messages, 'notFound'));
}

const requireSend = (actor: Actor) => {
  if (!hasPermission(actor, 'email:send')) throw forbidden();
};

/** `Add`: a draft, or queued at once with `send: true` (which needs `email:send`). */
export async function addEmail(db: Db, actor: Actor, input: EmailCreate): Promise<EmailAnswer> {
  const { send, ...fields } = input;
  if (send) {
    requireSend(actor);
    checkSendable(fields);
  }
  const limit = await attachmentLimitBytes(db);
  const row = await db.transaction(async (tx) => {
    await checkTicket(tx, actor, fields.ticketId);
    const [inserted] = await tx
      .insert(email)
      .values({
        ...fields,
        direction: 'Out',
        status: send ? 'Sending' : 'Draft',
        body: sanitizeHtml(fields.body),
        // Given now and kept: a draft sent later and every retry carry the same Message-ID.
        messageId: newMessageId(),
        nextAttemptAt: send ? new Date() : null,
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning();
    if (!inserted) throw new Error('insert returned nothing');
    await attachFiles(tx, actor, inserted.id, fields.attachments, limit);
    await writeAudit(tx, { entity: 'Email', entityId: inserted.id, action: 'create', actorId: actor.userId });
    return inserted;
  });
  return emailAnswer(row);
}

/** `Update`: drafts only, at the version the caller read. */
export async function updateEmail(db: Db, actor: Actor, input: EmailUpdate): Promise<EmailAnswer> {
  const { id, rowVersion, ...fields } = input;
  const limit = await attachmentLimitBytes(db);
  const row = await db.transaction(async (tx) => {
    const before = await findVisibleEmail(tx, actor, id, true);
    if (before.status !== 'Draft') throw conflict(msg(emailMessages, 'notADraft'));
    await checkTicket(tx, actor, fields.ticketId);
    const versioned = versionedUpdate(email, id, rowVersion, actor);
    const [updated] = await tx
      .update(email)
      .set({ ...fields, ...(fields.body === undefined ? {} : { body: sanitizeHtml(fields.body) }), ...versioned.set })
      .where(versioned.where)
      .returning();
    if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
    if (fields.attachments) {
      await dropFiles(tx, emailFileOwner, [id], fields.attachments);
      await attachFiles(tx, actor, id, fields.attachments, limit);
    }
    await writeAudit(tx, {
      entity: 'Email',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: diff(emailAnswer(before), emailAnswer(updated)),
    });
    return updated;
  });
  return emailAnswer(row);
}

/**
 * `Delete`: drafts and failed mails only (neither reached anyone; a failed one is kept until someone tidies
 * it). Sent, queued and incoming mail is history and stays. Answers the stored files' paths to remove.
 */
export async function deleteEmails(db: Db, actor: Actor, ids: number[]): Promise<{ deleted: number; paths: string[] }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: email.id, status: email.status, direction: email.direction })
      .from(email)
      .where(and(inArray(email.id, unique), emailScope(actor)));
    if (found.length !== unique.length) throw notFound();
    if (found.some((row) => row.direction !== 'Out' || (row.status !== 'Draft' && row.status !== 'Failed')))
      throw conflict(msg(emailMessages, 'notADraft'));
    const paths = await dropFiles(tx, emailFileOwner, unique);
    await tx.delete(email).where(inArray(email.id, unique));
    for (const id of unique)
      await writeAudit(tx, { entity: 'Email', entityId: id, action: 'delete', actorId: actor.userId });
    return { deleted: unique.length, paths };
  });
}

/** `Send`: a draft is queued (Draft → Sending, due now). */
export async function sendDraft(db: Db, actor: Actor, id: number): Promise<EmailAnswer> {
  return queueAgain(db, actor, id, 'Draft', msg(emailMessages, 'notADraft'));
}

/** `Resend`: a failed mail is queued again, its attempts counted from zero (same Message-ID). */
export async function resendFailed(db: Db, actor: Actor, id: number): Promise<EmailAnswer> {
  return queueAgain(db, actor, id, 'Failed', msg(emailMessages, 'notFailed'));
}

async function queueAgain(db: Db, actor: Actor, id: number, from: 'Draft' | 'Failed', refusal: Message) {
  requireSend(actor);
  const row = await db.transaction(async (tx) => {
    const before = await findVisibleEmail(tx, actor, id, true);
    if (before.direction !== 'Out' || before.status !== from) throw conflict(refusal);
    checkSendable(before);
    const [updated] = await tx
      .update(email)
      .set({
        status: 'Sending',
        attempts: 0,
        error: null,
        leaseUntil: null,
        nextAttemptAt: new Date(),
        modifiedAt: new Date(),
        modifiedBy: actor.userId,
        rowVersion: sql`${email.rowVersion} + 1`,
      })
      .where(and(eq(email.id, id), eq(email.status, from), isNull(email.leaseUntil)))
      .returning();
    if (!updated) throw conflict(refusal);
    await writeAudit(tx, {
      entity: 'Email',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { status: { from, to: 'Sending' } },
    });
    return updated;
  });
  return emailAnswer(row);
}
