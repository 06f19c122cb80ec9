import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { ThreadReason } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import {
  dropFiles,
  recordWrittenFiles,
  removeStoredFiles,
  writeReceivedFile,
  type WrittenFile,
} from '../file/index.js';
import { addCommentFromEmail, createTicketFromEmail, ticket, ticketParticipants } from '../ticket/index.js';
import { isOurMessageId } from './email-outbox.service.js';
import { approvalReplyDecision } from './email-approval-reply.service.js';
import {
  automatedReason,
  bounceOf,
  caseNumbersIn,
  keptHeaders,
  loopHeader,
  parseMail,
  safeBody,
  withFileList,
  type ParsedMail,
} from './email-parse.js';
import { email, emailSuppression, mailAccount } from './email.table.js';

/** Stored files of incoming mail belong to the mail's row (downloadable by whoever sees its ticket). */
export const emailFileOwner = 'Email';

export type ReceiveContext = {
  db: Db;
  dataDir: string;
  caseNumberPrefix: string;
  timeZone: string;
};
export type Account = Pick<
  typeof mailAccount.$inferSelect,
  'id' | 'address' | 'defaultProjectId' | 'defaultCategoryId'
>;

export type ReceiveOutcome =
  | { kind: 'duplicate'; detail: string }
  | { kind: 'stored'; emailId: number; status: 'Received' | 'Ignored' | 'Unreadable'; reason: ThreadReason };

export type Decision = {
  status: 'Received' | 'Ignored';
  reason: ThreadReason;
  detail: string;
  ticketId: number | null;
  commentId: number | null;
  relatedEmailId: number | null;
};

const hashOf = (raw: Buffer) => `sha256:${createHash('sha256').update(raw).digest('hex')}`;
/** The key that makes a second fetch of one message a duplicate: its Message-ID, else a hash of its bytes. */
export const sourceKeyOf = (parsed: ParsedMail | null, raw: Buffer) =>
  parsed?.messageId ? `mid:${parsed.messageId}` : hashOf(raw);

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Whether this account already holds the message (by its mailbox key or its source key). */
export async function alreadyReceived(
  db: Db,
  accountId: number,
  keys: { mailboxKey?: string | null; sourceKey?: string },
) {
  const matches = [
    keys.mailboxKey ? eq(email.mailboxKey, keys.mailboxKey) : undefined,
    keys.sourceKey ? eq(email.sourceKey, keys.sourceKey) : undefined,
  ].filter((m) => m !== undefined);
  if (matches.length === 0) return false;
  const [row] = await db
    .select({ id: email.id })
    .from(email)
    .where(and(eq(email.direction, 'In'), eq(email.accountId, accountId), or(...matches)))
    .limit(1);
  return row !== undefined;
}

/**
 * One fetched message, from bytes to a committed row: parsed, files written, then one transaction writes the
 * mail's row, its files, and the ticket or comment the decision makes. A message that cannot be parsed, or
 * whose decision throws, is kept as an `Unreadable` row with its raw file (never blocks the rest).
 */
export async function receiveMail(
  ctx: ReceiveContext,
  account: Account,
  raw: Buffer,
  mailboxKey: string | null,
): Promise<ReceiveOutcome> {
  let parsed: ParsedMail | null = null;
  let parseError: unknown;
  try {
    parsed = await parseMail(raw);
  } catch (error) {
    parseError = error;
  }
  const sourceKey = sourceKeyOf(parsed, raw);
  if (await alreadyReceived(ctx.db, account.id, { mailboxKey, sourceKey }))
    return { kind: 'duplicate', detail: `already received (${sourceKey})` };

  const rawFile = await writeReceivedFile(ctx.dataDir, { name: 'message.eml', mimeType: 'message/rfc822', data: raw });
  if (parsed) {
    const files = await writeMailFiles(ctx.dataDir, parsed);
    try {
      const outcome = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(email)
          .values({ ...rowOf(account, parsed!, sourceKey, mailboxKey), status: 'Received' })
          .onConflictDoNothing({ target: [email.accountId, email.sourceKey], where: sql`${email.direction} = 'In'` })
          .returning({ id: email.id });
        // Another process stored it meanwhile.
        if (!row) return null;
        const decision = await decideAndApply(tx, ctx, account, row.id, parsed!, rawFile, files);
        return { kind: 'stored' as const, emailId: row.id, status: decision.status, reason: decision.reason };
      });
      if (outcome) return outcome;
      await removeStoredFiles(ctx.dataDir, [rawFile.path, ...files.map((f) => f.written.path)]);
      return { kind: 'duplicate', detail: `already received (${sourceKey})` };
    } catch (error) {
      await removeStoredFiles(
        ctx.dataDir,
        files.map((f) => f.written.path),
      );
      parseError = error;
    }
  }
  // Kept aside with its raw file: listed, downloadable and reprocessable.
  const stored = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(email)
      .values({
        direction: 'In',
        status: 'Unreadable',
        accountId: account.id,
        subject: parsed?.subject ?? '',
        fromAddress: parsed?.from?.address ?? null,
        fromName: parsed?.from?.name ?? null,
        messageId: parsed?.messageId ?? null,
        receivedAt: new Date(),
        sourceKey,
        mailboxKey,
        threadReason: 'unreadable',
        threadDetail: describe(parseError),
      })
      .onConflictDoNothing({ target: [email.accountId, email.sourceKey], where: sql`${email.direction} = 'In'` })
      .returning({ id: email.id });
    if (!row) return null;
    const [file] = await recordWrittenFiles(tx, emailFileOwner, row.id, [rawFile]);
    await tx.update(email).set({ rawFileId: file!.id }).where(eq(email.id, row.id));
    return row.id;
  });
  if (stored === null) {
    await removeStoredFiles(ctx.dataDir, [rawFile.path]);
    return { kind: 'duplicate', detail: `already received (${sourceKey})` };
  }
  return { kind: 'stored', emailId: stored, status: 'Unreadable', reason: 'unreadable' };
}

/** Runs the decision again on a kept mail (Unreadable or Ignored, without a comment of its own). */
export async function reprocessMail(ctx: ReceiveContext, account: Account, emailId: number, raw: Buffer) {
  const parsed = await parseMail(raw);
  const files = await writeMailFiles(ctx.dataDir, parsed);
  try {
    const { decision, dropped } = await ctx.db.transaction(async (tx) => {
      // The files of an earlier decision go; the raw message stays.
      const [row] = await tx.select({ rawFileId: email.rawFileId }).from(email).where(eq(email.id, emailId));
      const dropped = await dropFiles(tx, emailFileOwner, [emailId], row?.rawFileId ? [row.rawFileId] : []);
      await tx
        .update(email)
        .set({ ...rowOf(account, parsed, sourceKeyOf(parsed, raw), undefined), status: 'Received' })
        .where(eq(email.id, emailId));
      return { decision: await decideAndApply(tx, ctx, account, emailId, parsed, null, files), dropped };
    });
    await removeStoredFiles(ctx.dataDir, dropped);
    return decision;
  } catch (error) {
    await removeStoredFiles(
      ctx.dataDir,
      files.map((f) => f.written.path),
    );
    throw error;
  }
}

type MailFileWritten = { written: WrittenFile; contentId: string | null; inline: boolean };

async function writeMailFiles(dataDir: string, parsed: ParsedMail): Promise<MailFileWritten[]> {
  const out: MailFileWritten[] = [];
  try {
    for (const f of parsed.files)
      out.push({
        written: await writeReceivedFile(dataDir, { name: f.name, mimeType: f.mimeType, data: f.content }),
        contentId: f.contentId,
        inline: f.inline,
      });
  } catch (error) {
    await removeStoredFiles(
      dataDir,
      out.map((f) => f.written.path),
    );
    throw error;
  }
  return out;
}

function rowOf(account: Account, parsed: ParsedMail, sourceKey: string, mailboxKey: string | null | undefined) {
  return {
    direction: 'In' as const,
    accountId: account.id,
    subject: parsed.subject.slice(0, 1000),
    fromAddress: parsed.from?.address ?? null,
    fromName: parsed.from?.name || null,
    to: parsed.to,
    cc: parsed.cc,
    messageId: parsed.messageId,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    receivedAt: new Date(),
    sendDate: parsed.date,
    sourceKey,
    ...(mailboxKey === undefined ? {} : { mailboxKey }),
    headers: keptHeaders(parsed.headers),
  };
}

/** Inside the mail's transaction: records its files, decides where it goes, writes that and the row. */
async function decideAndApply(
  tx: Tx,
  ctx: ReceiveContext,
  account: Account,
  emailId: number,
  parsed: ParsedMail,
  rawFile: WrittenFile | null,
  files: MailFileWritten[],
): Promise<Decision> {
  const [rawRecorded] = rawFile ? await recordWrittenFiles(tx, emailFileOwner, emailId, [rawFile]) : [];
  const recorded = await recordWrittenFiles(
    tx,
    emailFileOwner,
    emailId,
    files.map((f) => f.written),
  );
  const urlByContentId = new Map<string, string>();
  files.forEach((f, i) => {
    if (f.contentId) urlByContentId.set(f.contentId, recorded[i]!.fileUrl);
  });
  const body = safeBody(parsed.html, (cid) => urlByContentId.get(cid));
  const content = withFileList(
    body,
    files.map((f, i) => ({ fileUrl: recorded[i]!.fileUrl, name: f.written.name, size: f.written.size })),
  );

  const decision = await decide(tx, ctx, account, emailId, parsed, content);
  await tx
    .update(email)
    .set({
      status: decision.status,
      body,
      attachments: recorded.map((r) => r.id),
      ...(rawRecorded ? { rawFileId: rawRecorded.id } : {}),
      ticketId: decision.ticketId,
      commentId: decision.commentId,
      threadReason: decision.reason,
      threadDetail: decision.detail,
      relatedEmailId: decision.relatedEmailId,
      rowVersion: sql`${email.rowVersion} + 1`,
      modifiedAt: sql`now()`,
    })
    .where(eq(email.id, emailId));
  return decision;
}

const ignored = (reason: ThreadReason, detail: string, extra: Partial<Decision> = {}): Decision => ({
  status: 'Ignored',
  reason,
  detail,
  ticketId: null,
  commentId: null,
  relatedEmailId: null,
  ...extra,
});

/** The decision, in the documented order; the first rule that applies says where the mail goes and why. */
async function decide(
  tx: Tx,
  ctx: ReceiveContext,
  account: Account,
  emailId: number,
  parsed: ParsedMail,
  content: string,
): Promise<Decision> {
  // 1. Our own mail, or a loop.
  if (loopHeader in parsed.headers)
    return ignored('loop', `our loop header ${loopHeader}: ${parsed.headers[loopHeader]}`);
  if (parsed.messageId && isOurMessageId(parsed.messageId))
    return ignored('ownMail', `its Message-ID ${parsed.messageId} is one we signed`);
  if (parsed.from?.address && parsed.from.address === account.address.toLowerCase() && !parsed.inReplyTo)
    return ignored('ownMail', `sent from this account's own address ${account.address}`);

  // 2. A bounce (delivery status report): a kind of automated mail, told apart so it finds the mail it bounces.
  const bounce = bounceOf(parsed);
  if (bounce) {
    const [original] = bounce.originalMessageId
      ? await tx
          .select({ id: email.id, ticketId: email.ticketId })
          .from(email)
          .where(and(eq(email.messageId, bounce.originalMessageId), eq(email.direction, 'Out')))
          .limit(1)
      : [];
    for (const p of bounce.permanent)
      await tx
        .insert(emailSuppression)
        .values({ address: p.address, reason: `bounced with status ${p.status}`, bounceEmailId: emailId })
        .onConflictDoNothing();
    const what = original
      ? `bounces e-mail #${original.id}`
      : `bounces ${bounce.originalMessageId ?? 'an unknown mail'}`;
    const stopped = bounce.permanent.length
      ? `; permanent failure (${bounce.permanent.map((p) => `${p.address} ${p.status}`).join(', ')}): mails to it are stopped`
      : bounce.statuses.length
        ? `; status ${bounce.statuses.join(', ')} (not permanent)`
        : '';
    return ignored('bounce', `delivery status report: ${what}${stopped}`, {
      relatedEmailId: original?.id ?? null,
      ticketId: original?.ticketId ?? null,
    });
  }

  // 3. Automated mail: never makes or reopens a ticket.
  const automated = automatedReason(parsed);
  if (automated) return ignored('autoReply', `automated mail (${automated})`);

  // 3b. A reply to an approval-task mail decides that task, or is kept with why not: it never makes a ticket.
  const approvalReply = await approvalReplyDecision(tx, parsed);
  if (approvalReply) return approvalReply;

  // 4. A reply to a mail of a ticket: In-Reply-To, then References newest first. Only our signed ids, or the id
  // of an incoming mail already on a ticket, count: a forged reference cannot thread into a ticket.
  const candidates: { id: string; reason: ThreadReason }[] = [];
  if (parsed.inReplyTo) candidates.push({ id: parsed.inReplyTo, reason: 'inReplyTo' });
  for (const id of [...parsed.references].reverse()) candidates.push({ id, reason: 'references' });
  if (candidates.length > 0) {
    const ids = [...new Set(candidates.map((c) => c.id))];
    const known = await tx
      .select({
        messageId: email.messageId,
        direction: email.direction,
        ticketId: email.ticketId,
        caseNumber: ticket.caseNumber,
      })
      .from(email)
      .innerJoin(ticket, eq(ticket.id, email.ticketId))
      .where(and(inArray(email.messageId, ids), isNotNull(email.ticketId)))
      .orderBy(desc(email.id));
    for (const c of candidates) {
      const match = known.find((k) => k.messageId === c.id && (k.direction === 'In' || isOurMessageId(c.id)));
      if (!match) continue;
      const comment = await addCommentFromEmail(tx, {
        ticketId: match.ticketId!,
        comment: content,
        viaEmailId: emailId,
        reopen: true,
      });
      const header = c.reason === 'inReplyTo' ? 'In-Reply-To' : 'References';
      return {
        status: 'Received',
        reason: c.reason,
        detail: `${header} ${c.id} is a mail of ${match.caseNumber}${comment.ticketId !== match.ticketId ? ', merged into another ticket' : ''}${comment.reopenedFrom ? `; the ${comment.reopenedFrom} ticket went back to InProgress` : ''}`,
        ticketId: comment.ticketId,
        commentId: comment.id,
        relatedEmailId: null,
      };
    }
  }

  // 5. A case number in the subject: a comment only from the ticket's customer or a participant.
  let strangerNote = '';
  const sender = parsed.from?.address ?? '';
  for (const caseNumber of caseNumbersIn(parsed.subject, ctx.caseNumberPrefix)) {
    const found = await ticketParticipants(tx, caseNumber);
    if (!found) continue;
    const earlier = await tx
      .select({ from: email.fromAddress, to: email.to, cc: email.cc })
      .from(email)
      .where(eq(email.ticketId, found.id));
    for (const e of earlier) for (const a of [e.from, ...e.to, ...e.cc]) if (a) found.addresses.add(a.toLowerCase());
    if (sender && found.addresses.has(sender)) {
      const comment = await addCommentFromEmail(tx, {
        ticketId: found.id,
        comment: content,
        viaEmailId: emailId,
        reopen: true,
      });
      return {
        status: 'Received',
        reason: 'subjectCaseNumber',
        detail: `${caseNumber} in the subject, and ${sender} takes part in it${comment.reopenedFrom ? `; the ${comment.reopenedFrom} ticket went back to InProgress` : ''}`,
        ticketId: found.id,
        commentId: comment.id,
        relatedEmailId: null,
      };
    }
    strangerNote = `; ${caseNumber} in the subject, but ${sender || 'the sender'} is not its customer or a participant`;
  }

  // 6. A new ticket in the account's default project and category.
  if (account.defaultProjectId === null)
    throw new Error('the mail account has no default project for new tickets (Settings → E-mail)');
  const made = await createTicketFromEmail(tx, {
    projectId: account.defaultProjectId,
    categoryId: account.defaultCategoryId,
    subject: parsed.subject,
    content,
    customerEmail: parsed.from?.address ?? null,
    customerName: parsed.from?.name ?? null,
    viaEmailId: emailId,
    caseNumberPrefix: ctx.caseNumberPrefix,
    timeZone: ctx.timeZone,
  });
  return {
    status: 'Received',
    reason: 'newTicket',
    detail: `new ticket ${made.caseNumber}${strangerNote}`,
    ticketId: made.id,
    commentId: null,
    relatedEmailId: null,
  };
}
