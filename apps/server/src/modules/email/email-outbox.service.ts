import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import type { EmailEvent, TemplateLanguage } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import { secretOf } from '../../platform/secrets.js';
import { email } from './email.table.js';

/**
 * The outbox's public face: other modules queue mail with `queueEmail(tx, mail)` inside the transaction of the
 * change that causes it; the `email.send` job sends it after the commit.
 */
export type OutgoingMail = {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  /** HTML, already safe (rendered from a template with escaped values, or sanitised). */
  body: string;
  accountId?: number | null;
  ticketId?: number | null;
  commentId?: number | null;
  attachments?: number[];
  event?: EmailEvent | null;
  templateId?: number | null;
  language?: TemplateLanguage | null;
  inReplyTo?: string | null;
  references?: string[];
  createdBy?: number | null;
  /** An approval-task mail: the task a reply to it may decide. */
  workflowTaskId?: number | null;
};

// ---- our Message-IDs: random, and signed, so a forged reference cannot thread a mail into a ticket ----

const neutralIdDomain = 'casedesk.invalid';
let signingKey: Buffer | undefined;
let idDomain = neutralIdDomain;

/** Loads the signing key (kept in the database, shared by every instance) and the domain of our ids. */
export async function loadMessageIdKey(db: Db, systemUrl: string | undefined): Promise<void> {
  const key = await secretOf(db, 'mail_message_id_key', () => randomBytes(32).toString('base64'));
  signingKey = Buffer.from(key, 'base64');
  idDomain = neutralIdDomain; // an app built again in the same process (the tests) starts from its own settings
  if (systemUrl) {
    try {
      idDomain = new URL(systemUrl).hostname || idDomain;
    } catch {
      // An unreadable SYSTEM_URL keeps the neutral domain.
    }
  }
}

const signatureOf = (localPart: string) => {
  if (!signingKey) throw new Error('the Message-ID key is not loaded (the e-mail module registers it at start)');
  return createHmac('sha256', signingKey).update(localPart).digest('base64url').slice(0, 22);
};

/** What our loop header (`X-Casedesk-Loop`) carries: the instance's domain, as in our Message-IDs. */
export const loopIdentity = () => idDomain;

/** `<uuid.signature@domain>`: stable for the life of the row (retries reuse it). */
export function newMessageId(): string {
  const localPart = randomUUID().replaceAll('-', '');
  return `<${localPart}.${signatureOf(localPart)}@${idDomain}>`;
}

/** Whether a Message-ID (with or without `<>`) is one of ours: its signature checks, whatever the domain. */
export function isOurMessageId(messageId: string): boolean {
  const match = /^<?([0-9a-f]{32})\.([\w-]{22})@[^>]+>?$/i.exec(messageId.trim());
  if (!match) return false;
  const expected = Buffer.from(signatureOf(match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Writes the mail as `Sending`, due now, in the caller's transaction. Answers its id and Message-ID. */
export async function queueEmail(tx: Tx, mail: OutgoingMail): Promise<{ id: number; messageId: string }> {
  const messageId = newMessageId();
  const [row] = await tx
    .insert(email)
    .values({
      direction: 'Out',
      status: 'Sending',
      accountId: mail.accountId ?? null,
      subject: mail.subject,
      to: mail.to,
      cc: mail.cc ?? [],
      bcc: mail.bcc ?? [],
      body: mail.body,
      attachments: mail.attachments ?? [],
      ticketId: mail.ticketId ?? null,
      commentId: mail.commentId ?? null,
      messageId,
      inReplyTo: mail.inReplyTo ?? null,
      references: mail.references ?? [],
      event: mail.event ?? null,
      workflowTaskId: mail.workflowTaskId ?? null,
      templateId: mail.templateId ?? null,
      language: mail.language ?? null,
      nextAttemptAt: new Date(),
      createdBy: mail.createdBy ?? null,
      modifiedBy: mail.createdBy ?? null,
    })
    .returning({ id: email.id });
  return { id: row!.id, messageId };
}
