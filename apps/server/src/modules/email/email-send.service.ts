import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { z } from 'zod';
import { emailMessages, msg } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { fileStoreOf, readWhole } from '../../platform/file-store.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { logMessage, writeSystemLog } from '../../platform/logs.js';
import { storedFile } from '../file/index.js';
import { loopIdentity } from './email-outbox.service.js';
import { failureText, pooledSmtpTransport } from './mail-connection.js';
import { decryptPassword } from './mail-crypto.js';
import { email, emailSuppression, mailAccount } from './email.table.js';

type EmailRow = typeof email.$inferSelect;
type AccountRow = typeof mailAccount.$inferSelect;

/** Waits before the 2nd, 3rd ... attempt; after the last one the mail is Failed. */
export const retryDelaysMs = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

export type SendOptions = {
  /** The server's data folder, which names its file store (platform/file-store.ts). */
  dataDir: string;
  batchSize?: number;
  /** How long a claimed mail is held by its process; past it, the claim is judged interrupted. */
  leaseSeconds?: number;
  /** The clock (tests move it forward instead of waiting). */
  now?: Date;
  /** Called after the SMTP server accepted a mail and before its state is written (the kill -9 test). */
  afterAccept?: (row: EmailRow) => Promise<void>;
};

export type SendSummary = { sent: number; retried: number; failed: number; interrupted: number; waiting: number };

/**
 * One pass of the outbox, in three steps so that no transaction is open during network I/O:
 * 1. a short transaction judges claims whose lease ran out (the process died holding them) and claims the due
 *    mails (`for update skip locked`: two processes never claim the same row), counting the attempt;
 * 2. the SMTP calls, outside any transaction;
 * 3. one short transaction per mail writes what happened (Sent, a retry later, or Failed).
 *
 * At most once: a claim whose lease ran out may have been accepted by the SMTP server before its process died
 * (between accept and step 3). It is marked Failed ("interrupted, may have been sent") rather than sent again;
 * an admin who knows it was not delivered may Resend it (the same Message-ID, so a receiver that de-duplicates
 * by Message-ID drops a second copy anyway). Not guaranteed: delivery itself (a crash before the SMTP accept
 * also ends as Failed-interrupted, never silently lost), and a duplicate if an admin resends an interrupted one.
 */
export async function sendDueEmails(db: Db, options: SendOptions): Promise<SendSummary> {
  const now = options.now ?? new Date();
  const leaseMs = (options.leaseSeconds ?? 300) * 1000;
  const summary: SendSummary = { sent: 0, retried: 0, failed: 0, interrupted: 0, waiting: 0 };

  const { claimed, interrupted } = await db.transaction(async (tx) => {
    const lost = await tx
      .update(email)
      .set({ status: 'Failed', error: emailMessages.interrupted, leaseUntil: null, nextAttemptAt: null })
      .where(
        and(
          eq(email.direction, 'Out'),
          eq(email.status, 'Sending'),
          isNotNull(email.leaseUntil),
          lt(email.leaseUntil, now),
        ),
      )
      .returning({ id: email.id, subject: email.subject });
    for (const row of lost)
      await writeSystemLog(tx, {
        level: 'warn',
        source: 'email',
        says: logMessage('mailInterrupted', {
          emailId: row.id,
          subject: row.subject,
          reason: msg(emailMessages, 'interrupted'),
        }),
        detail: { emailId: row.id },
      });
    const due = tx
      .select({ id: email.id })
      .from(email)
      .where(
        and(
          eq(email.direction, 'Out'),
          eq(email.status, 'Sending'),
          lte(email.nextAttemptAt, now),
          isNull(email.leaseUntil),
        ),
      )
      .orderBy(asc(email.nextAttemptAt))
      .limit(options.batchSize ?? 50)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(email)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${email.attempts} + 1` })
      .where(inArray(email.id, due))
      .returning();
    return { claimed: rows.sort((a, b) => a.id - b.id), interrupted: lost.length };
  });
  summary.interrupted = interrupted;
  if (claimed.length === 0) return summary;

  const accounts = await sendingAccounts(db, claimed);
  const suppressed = await suppressedAmong(db, claimed);
  const transports = new Map<number, Transporter>();
  try {
    for (const row of claimed) {
      const outcome = await sendOne(db, row, accounts, suppressed, transports, options);
      summary[outcome] += 1;
    }
  } finally {
    for (const transport of transports.values()) transport.close();
  }
  return summary;
}

/** The accounts the claimed mails go out through: their own, else the default active one. */
async function sendingAccounts(db: Db, rows: EmailRow[]) {
  const ids = [...new Set(rows.map((r) => r.accountId).filter((id): id is number => id !== null))];
  // Active accounts only: few, so all are read; the default, else the first by name (a deleted default).
  const found = await db
    .select()
    .from(mailAccount)
    .where(eq(mailAccount.status, 'Active'))
    .orderBy(asc(mailAccount.name), asc(mailAccount.id));
  const byId = new Map(found.filter((a) => ids.includes(a.id)).map((a) => [a.id, a]));
  const fallback = found.find((a) => a.isDefault) ?? found[0];
  return (row: EmailRow): AccountRow | undefined =>
    row.accountId !== null ? (byId.get(row.accountId) ?? fallback) : fallback;
}

async function suppressedAmong(db: Db, rows: EmailRow[]): Promise<Set<string>> {
  const all = [...new Set(rows.flatMap((r) => [...r.to, ...r.cc, ...r.bcc]).map((a) => a.toLowerCase()))];
  if (all.length === 0) return new Set();
  const found = await db
    .select({ address: sql<string>`lower(${emailSuppression.address})` })
    .from(emailSuppression)
    .where(inArray(sql`lower(${emailSuppression.address})`, all));
  return new Set(found.map((f) => f.address));
}

type Outcome = 'sent' | 'retried' | 'failed' | 'waiting';

/** How soon a mail waiting for a mail account is looked at again. */
export const noAccountRecheckMs = 60_000;

async function sendOne(
  db: Db,
  row: EmailRow,
  accountOf: (row: EmailRow) => AccountRow | undefined,
  suppressed: Set<string>,
  transports: Map<number, Transporter>,
  options: SendOptions,
): Promise<Outcome> {
  const account = accountOf(row);
  if (!account) return waitForAccount(db, row, options.now ?? new Date());
  const keep = (list: string[]) => list.filter((a) => !suppressed.has(a.toLowerCase()));
  const to = keep(row.to);
  const cc = keep(row.cc);
  const bcc = keep(row.bcc);
  if (to.length + cc.length + bcc.length === 0) return fail(db, row, emailMessages.suppressed);

  let transport = transports.get(account.id);
  try {
    if (!transport) {
      transport = pooledSmtpTransport(account, decryptPassword(account.passwordEncrypted));
      transports.set(account.id, transport);
    }
    const attachments = await attachmentsOf(db, row, options.dataDir);
    await transport.sendMail({
      from: { name: account.displayName ?? account.name, address: account.address },
      to,
      cc,
      bcc,
      subject: row.subject,
      html: row.body,
      attachments,
      messageId: row.messageId ?? undefined,
      inReplyTo: row.inReplyTo ?? undefined,
      references: row.references.length ? row.references : undefined,
      headers: headersOf(row),
    });
  } catch (error) {
    return retryOrFail(db, row, error, options.now ?? new Date());
  }
  await options.afterAccept?.(row);
  await record(db, row, { status: 'Sent', sendDate: new Date(), error: null, nextAttemptAt: null });
  return 'sent';
}

/**
 * Our headers: the loop mark (mailin ignores mail carrying it), no auto-replies please, and
 * `Auto-Submitted: auto-generated` on notifications only. A person's mail (a reply from the ticket, a mail
 * written in the list) is not automatic (RFC 3834): marked so, the customer's auto-responders and filters would
 * treat it as machine mail; their out-of-office answers to it are caught by mailin's automated-mail rule anyway.
 */
function headersOf(row: EmailRow): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Casedesk-Loop': loopIdentity(),
    'X-Auto-Response-Suppress': 'All',
  };
  if (row.event !== null) headers['Auto-Submitted'] = 'auto-generated';
  return headers;
}

async function attachmentsOf(db: Db, row: EmailRow, dataDir: string): Promise<Mail.Attachment[]> {
  if (row.attachments.length === 0) return [];
  const files = await db.select().from(storedFile).where(inArray(storedFile.id, row.attachments));
  return Promise.all(
    files.map(async (file) => ({
      filename: file.name,
      contentType: file.fileType,
      content: await readWhole(fileStoreOf(dataDir), file),
    })),
  );
}

/** Permanent: the server said no for good (5xx, authentication); the next try would say the same. */
function isPermanent(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: unknown };
  if (e.code === 'EAUTH') return true;
  return typeof e.responseCode === 'number' && e.responseCode >= 500;
}

const reasonOf = (error: unknown) => {
  const detail = error instanceof Error ? error.message : String(error);
  return `${failureText(error)}: ${detail}`.slice(0, 2000);
};

async function retryOrFail(db: Db, row: EmailRow, error: unknown, now: Date): Promise<Outcome> {
  const delay = retryDelaysMs[row.attempts - 1];
  if (isPermanent(error) || delay === undefined)
    return fail(db, row, isPermanent(error) ? reasonOf(error) : `${emailMessages.gaveUp} ${reasonOf(error)}`);
  await record(db, row, { status: 'Sending', error: reasonOf(error), nextAttemptAt: new Date(now.getTime() + delay) });
  return 'retried';
}

/**
 * No active mail account: the mail is not failed but waits, saying why (a catalog text the web translates), and
 * is looked at again every minute without using up its attempts; it goes out once an account is added.
 * The system log hears of it once per mail.
 */
async function waitForAccount(db: Db, row: EmailRow, now: Date): Promise<Outcome> {
  await db.transaction(async (tx) => {
    await tx
      .update(email)
      .set({
        error: emailMessages.noAccount,
        nextAttemptAt: new Date(now.getTime() + noAccountRecheckMs),
        attempts: Math.max(0, row.attempts - 1),
        leaseUntil: null,
      })
      .where(and(eq(email.id, row.id), eq(email.status, 'Sending'), eq(email.leaseUntil, row.leaseUntil!)));
    if (row.error !== emailMessages.noAccount)
      await writeSystemLog(tx, {
        level: 'warn',
        source: 'email',
        says: logMessage('mailWaits', {
          emailId: row.id,
          subject: row.subject,
          reason: msg(emailMessages, 'noAccount'),
        }),
        detail: { emailId: row.id },
      });
  });
  return 'waiting';
}

async function fail(db: Db, row: EmailRow, reason: string): Promise<Outcome> {
  await db.transaction(async (tx) => {
    await record(tx, row, { status: 'Failed', error: reason, nextAttemptAt: null });
    await writeSystemLog(tx, {
      level: 'error',
      source: 'email',
      says: logMessage('mailFailed', {
        emailId: row.id,
        subject: row.subject,
        to: [...row.to, ...row.cc].join(', '),
        reason,
      }),
      detail: { emailId: row.id, attempts: row.attempts },
    });
  });
  return 'failed';
}

/** Writes the outcome of this process's claim (the lease it set guards against a judged or re-claimed row). */
async function record(
  q: Pick<Db, 'update'>,
  row: EmailRow,
  set: Partial<Pick<EmailRow, 'status' | 'sendDate' | 'error' | 'nextAttemptAt'>>,
) {
  await q
    .update(email)
    .set({ ...set, leaseUntil: null })
    .where(and(eq(email.id, row.id), eq(email.status, 'Sending'), eq(email.leaseUntil, row.leaseUntil!)));
}

/** The `email.send` job: every few seconds, sends what the outbox holds. */
export const sendHandler = defineJobHandler({
  className: 'email.send',
  title: { en: 'Send e-mails', 'zh-cn': '发送邮件', 'zh-tw': '發送郵件' },
  params: z
    .object({
      batchSize: z.number().int().min(1).max(1000).default(50),
      leaseSeconds: z.number().int().min(5).max(3600).default(300),
    })
    .strict(),
  async run(ctx, params) {
    const total: SendSummary = { sent: 0, retried: 0, failed: 0, interrupted: 0, waiting: 0 };
    // Batches until the due mails are gone (or the server stops).
    for (let batch = 0; batch < 100 && !ctx.signal.aborted; batch++) {
      const done = await sendDueEmails(ctx.db, { dataDir: ctx.config.dataDir, ...params });
      for (const key of Object.keys(total) as (keyof SendSummary)[]) total[key] += done[key];
      if (done.sent + done.retried + done.failed + done.waiting < params.batchSize) break;
    }
    return {
      message: `${total.sent} sent, ${total.retried} to retry, ${total.failed} failed, ${total.interrupted} interrupted, ${total.waiting} waiting for a mail account`,
    };
  },
});
