import type { Readable } from 'node:stream';
import { and, eq, isNotNull, lte, or, isNull, sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import Pop3Command from 'node-pop3';
import { z } from 'zod';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { describeError, logMessage, writeSystemLog } from '../../platform/logs.js';
import { readSettings } from '../setting/index.js';
import { decryptPassword } from './mail-crypto.js';
import { alreadyReceived, receiveMail, type ReceiveContext, type ReceiveOutcome } from './email-thread.service.js';
import { mailAccount } from './email.table.js';

type AccountRow = typeof mailAccount.$inferSelect;

/** A claimed account keeps others off this long while it is fetched; a process that dies frees it then. */
const fetchLeaseSeconds = 600;
const socketTimeoutMs = 60_000;

/**
 * Claims the accounts due for a fetch in one short transaction (`for update skip locked`): their next fetch
 * time moves past the lease, so another process, or the next tick of this one, leaves them alone until
 * this fetch ends (it then sets the account's own interval).
 */
export async function claimDueAccounts(db: Db): Promise<AccountRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailAccount)
      .where(
        and(
          eq(mailAccount.status, 'Active'),
          eq(mailAccount.fetchEnabled, true),
          isNotNull(mailAccount.incomingHost),
          or(isNull(mailAccount.nextFetchAt), lte(mailAccount.nextFetchAt, sql`now()`)),
        ),
      )
      .orderBy(mailAccount.id)
      .for('update', { skipLocked: true });
    for (const account of due)
      await tx
        .update(mailAccount)
        .set({ nextFetchAt: sql`now() + make_interval(secs => ${fetchLeaseSeconds})` })
        .where(eq(mailAccount.id, account.id));
    return due;
  });
}

export type FetchSummary = { fetched: number; stored: number; duplicates: number; unreadable: number; failed?: string };
export type FetchOptions = {
  /** At most this many messages per fetch (the rest wait for the next). */
  limit: number;
  /** Tests: called after a message's row is committed, before it is deleted or flagged at the server. */
  afterCommit?: (mailboxKey: string, outcome: ReceiveOutcome) => Promise<void> | void;
};

/** Fetches one claimed account, records how it went on the account (and the system log when it failed). */
export async function fetchAccount(
  db: Db,
  config: Config,
  account: AccountRow,
  options: FetchOptions,
): Promise<FetchSummary> {
  const settings = await readSettings(db);
  const ctx: ReceiveContext = {
    db,
    dataDir: config.dataDir,
    caseNumberPrefix: settings.basic.caseNumberPrefix,
    timeZone: settings.basic.timeZone,
  };
  const summary: FetchSummary = { fetched: 0, stored: 0, duplicates: 0, unreadable: 0 };
  const count = (outcome: ReceiveOutcome) => {
    summary.fetched++;
    if (outcome.kind === 'duplicate') summary.duplicates++;
    else if (outcome.status === 'Unreadable') summary.unreadable++;
    else summary.stored++;
  };
  try {
    const password = decryptPassword(account.passwordEncrypted);
    if (account.incomingProtocol === 'POP3') await fetchPop3(ctx, account, password, options, count);
    else await fetchImap(ctx, account, password, options, count);
  } catch (error) {
    summary.failed = describeError(error);
  }
  const message = summary.failed
    ? `Fetch failed after ${summary.fetched} message(s): ${summary.failed}`
    : `${summary.fetched} fetched: ${summary.stored} stored, ${summary.duplicates} already seen, ${summary.unreadable} unreadable`;
  await db
    .update(mailAccount)
    .set({
      lastFetchAt: sql`now()`,
      lastFetchResult: summary.failed ? 'Failed' : 'Succeeded',
      lastFetchMessage: message.slice(0, 1000),
      nextFetchAt: sql`now() + make_interval(secs => ${account.fetchIntervalSeconds})`,
    })
    .where(eq(mailAccount.id, account.id));
  if (summary.failed)
    await writeSystemLog(db, {
      level: 'error',
      source: 'email',
      says: logMessage('mailFetchFailed', {
        account: account.name,
        protocol: account.incomingProtocol,
        host: account.incomingHost ?? '',
        error: message,
      }),
      detail: { accountId: account.id },
    });
  return summary;
}

/**
 * The message from POP3's multi-line answer: node-pop3 cuts the terminator `CRLF.CRLF`, whose first CRLF ends
 * the message's last line (put back), and leaves the dot-stuffing (undone).
 */
function pop3Message(data: Buffer): Buffer {
  let text = data.toString('latin1');
  if (text.startsWith('..') || text.includes('\r\n..')) text = text.replace(/^\.\./, '.').replace(/\r\n\.\./g, '\r\n.');
  if (text.length > 0 && !text.endsWith('\r\n')) text += '\r\n';
  return Buffer.from(text, 'latin1');
}

async function streamBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function fetchPop3(
  ctx: ReceiveContext,
  account: AccountRow,
  password: string,
  options: FetchOptions,
  count: (o: ReceiveOutcome) => void,
) {
  const pop = new Pop3Command({
    host: account.incomingHost!,
    port: account.incomingPort ?? (account.incomingSsl ? 995 : 110),
    tls: account.incomingSsl,
    user: account.account,
    password,
    timeout: socketTimeoutMs,
  });
  try {
    const list = (await pop.UIDL()) as string[][];
    let taken = 0;
    for (const [number, uid] of list) {
      if (!number || !uid) continue;
      const mailboxKey = `pop3:${uid}`;
      // Stored before (a crash came between the commit and DELE): delete it now.
      if (await alreadyReceived(ctx.db, account.id, { mailboxKey })) {
        await pop.DELE(Number(number));
        count({ kind: 'duplicate', detail: mailboxKey });
        continue;
      }
      if (taken++ >= options.limit) break;
      // RETR's stream, not its string: the message's bytes as they are (8-bit bodies in legacy charsets).
      const [, stream] = (await pop.command('RETR', number)) as [string, Readable];
      const raw = pop3Message(await streamBytes(stream));
      const outcome = await receiveMail(ctx, account, raw, mailboxKey);
      count(outcome);
      await options.afterCommit?.(mailboxKey, outcome);
      // Only now, with its row committed: a crash before this leaves a duplicate the next fetch skips.
      await pop.DELE(Number(number));
    }
    await pop.QUIT();
  } catch (error) {
    // Without QUIT the server keeps the messages (DELE takes effect only at QUIT): the next fetch skips them.
    try {
      await pop.QUIT();
    } catch {
      // The connection is gone already.
    }
    throw error;
  }
}

/** Our keyword on fetched IMAP messages (with \Seen): a message flagged with it is not fetched again. */
export const fetchedKeyword = '$CasedeskFetched';

async function fetchImap(
  ctx: ReceiveContext,
  account: AccountRow,
  password: string,
  options: FetchOptions,
  count: (o: ReceiveOutcome) => void,
) {
  const client = new ImapFlow({
    host: account.incomingHost!,
    port: account.incomingPort ?? (account.incomingSsl ? 993 : 143),
    secure: account.incomingSsl,
    doSTARTTLS: account.incomingSsl ? undefined : account.incomingStartTls ? true : undefined,
    auth: { user: account.account, pass: password },
    logger: false,
    socketTimeout: socketTimeoutMs,
  });
  client.on('error', () => {
    // A dropped connection fails the current command, which the fetch reports.
  });
  await client.connect();
  try {
    const lock = await client.getMailboxLock(account.incomingFolder);
    try {
      const mailbox = client.mailbox;
      const validity = mailbox ? String(mailbox.uidValidity) : '0';
      const uids = (await client.search({ seen: false, unKeyword: fetchedKeyword }, { uid: true })) || [];
      for (const uid of uids.slice(0, options.limit)) {
        const mailboxKey = `imap:${account.incomingFolder}:${validity}:${uid}`;
        let outcome: ReceiveOutcome;
        if (await alreadyReceived(ctx.db, account.id, { mailboxKey }))
          outcome = { kind: 'duplicate', detail: mailboxKey };
        else {
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!message || !message.source) continue;
          outcome = await receiveMail(ctx, account, message.source, mailboxKey);
          await options.afterCommit?.(mailboxKey, outcome);
        }
        count(outcome);
        await client.messageFlagsAdd(String(uid), ['\\Seen', fetchedKeyword], { uid: true });
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

const fetchParams = z
  .object({
    /** At most this many messages per account per run. */
    limit: z.number().int().min(1).max(10_000).default(200),
  })
  .strict();

/** The `email.fetch` job: every due account, one at a time, each claimed so no two fetches of it overlap. */
export const fetchMailHandler = defineJobHandler({
  className: 'email.fetch',
  title: { en: 'Fetch incoming mail', 'zh-cn': '收取邮件', 'zh-tw': '收取郵件' },
  params: fetchParams,
  async run(ctx, params) {
    const accounts = await claimDueAccounts(ctx.db);
    const results: string[] = [];
    for (const account of accounts) {
      if (ctx.signal.aborted) break;
      const summary = await fetchAccount(ctx.db, ctx.config, account, { limit: params.limit });
      results.push(`${account.name}: ${summary.failed ? `failed (${summary.failed})` : `${summary.fetched} fetched`}`);
    }
    return { message: results.length ? results.join('; ') : 'No account was due.' };
  },
});
