// The measuring half of bench:email-fetch - mail to ticket throughput: 10,000 mixed messages (BENCH_MAILS) in a local dovecot Maildir,
// fetched over POP3 (BENCH_PROTOCOL=IMAP for IMAP) into tickets and comments, on each database of
// BENCH_DATABASES (pglite, pg; PostgreSQL at BENCH_PG_URL, loopback only). Reports mails/s and checks that no
// mail is lost (every distinct message has its row) and none is duplicated (no second row, ticket or comment).
// The mix: new mails (UTF-8 and GB2312), no Message-ID, auto-replies, exact re-deliveries, and, in a second
// round, replies (In-Reply-To an earlier mail) that must become comments on that mail's ticket.
// Needs /usr/sbin/dovecot (apt-get install -y dovecot-imapd dovecot-pop3d).
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.js';
import { seedSystem } from '../src/db/seed-system.js';
import { fetchAccount } from '../src/modules/email/email-fetch.service.js';
import { loadMessageIdKey } from '../src/modules/email/email-outbox.service.js';
import { email, mailAccount } from '../src/modules/email/email.table.js';
import { loadMailPasswordKey } from '../src/modules/email/mail-crypto.js';
import { project } from '../src/modules/project/project.table.js';
import { ticket, ticketComment } from '../src/modules/ticket/ticket.table.js';
import { loadConfig } from '../src/platform/config.js';
import { fetchingAccount, hasDovecot, noDovecotMessage, startDovecot } from './dovecot.js';
import { gb2312Mail, plainMail } from './mail-fixtures.js';

/**
 * The measuring half of bench:email-fetch (bench/email-fetch/run.ts starts it, once per database): it imports
 * the server's code, so it lives with the server's test helpers. Env: DATABASE_URL or DATA_DIR (a fresh
 * database), BENCH_MAILS, BENCH_PROTOCOL. Prints one JSON line of results.
 */
const total = Number(process.env.BENCH_MAILS ?? 10_000);
const protocol = process.env.BENCH_PROTOCOL === 'IMAP' ? 'IMAP' : 'POP3';

type Mix = {
  newMails: number;
  gb2312: number;
  noId: number;
  autoReplies: number;
  redeliveries: number;
  replies: number;
};

/** Builds the two rounds of messages; answers them and what each kind should become. */
function buildMailbox(run: string) {
  const replies = Math.round(total * 0.2);
  const redeliveries = Math.round(total * 0.05);
  const autoReplies = Math.round(total * 0.05);
  const gb2312 = Math.round(total * 0.05);
  const noId = Math.round(total * 0.05);
  const newMails = total - replies - redeliveries - autoReplies - gb2312 - noId;
  const first: Buffer[] = [];
  const newIds: string[] = [];
  for (let i = 0; i < newMails; i++) {
    const id = `<bench-${run}-${i}@customer.example>`;
    newIds.push(id);
    first.push(
      plainMail({ from: `c${i}@customer.example`, subject: `Bench ${run} #${i}`, messageId: id, body: `Mail ${i}.` }),
    );
  }
  for (let i = 0; i < gb2312; i++)
    first.push(gb2312Mail(`g${i}@customer.example`, `<bench-${run}-gb-${i}@customer.example>`));
  for (let i = 0; i < noId; i++)
    first.push(
      plainMail({
        from: `n${i}@customer.example`,
        subject: `Bench ${run} no id ${i}`,
        messageId: null,
        body: `${randomBytes(8).toString('hex')}`,
      }),
    );
  for (let i = 0; i < autoReplies; i++)
    first.push(
      plainMail({
        from: `c${i}@customer.example`,
        subject: 'Out of office',
        messageId: `<bench-${run}-ooo-${i}@customer.example>`,
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
  // Exact re-deliveries of mails of the same round: skipped, no second row.
  for (let i = 0; i < redeliveries; i++) first.push(first[i]!);
  const second: Buffer[] = [];
  for (let i = 0; i < replies; i++)
    second.push(
      plainMail({
        from: `c${i}@customer.example`,
        subject: `Re: changed subject ${i}`,
        messageId: `<bench-${run}-re-${i}@customer.example>`,
        headers: { 'In-Reply-To': newIds[i % newIds.length]! },
      }),
    );
  const mix: Mix = { newMails, gb2312, noId, autoReplies, redeliveries, replies };
  return { first, second, mix };
}

async function main() {
  if (!hasDovecot) {
    console.log(noDovecotMessage);
    return;
  }
  {
    const kind = process.env.DATABASE_URL ? 'pg' : 'pglite';
    const server = await startDovecot();
    const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), demoData: false };
    const database = await openDatabase(config);
    await database.migrate();
    await seedSystem(database.db, { adminPassword: undefined });
    await loadMailPasswordKey(database.db);
    await loadMessageIdKey(database.db, undefined);
    const db = database.db;
    const [p] = await db
      .insert(project)
      .values({ projectCode: 'MAILBENCH', projectName: 'Mail bench' })
      .returning({ id: project.id });
    const [created] = await db
      .insert(mailAccount)
      .values({
        name: 'Bench desk',
        ...fetchingAccount(server, protocol),
        defaultProjectId: p!.id,
      })
      .returning();
    const account = created!;
    const run = randomBytes(3).toString('hex');
    const { first, second, mix } = buildMailbox(run);

    let fetchMs = 0;
    const summaries = [];
    for (const round of [first, second]) {
      for (const raw of round) await server.drop(raw);
      const started = performance.now();
      summaries.push(await fetchAccount(db, config, account, { limit: total * 2 }));
      fetchMs += performance.now() - started;
    }
    const left = await server.count();

    // What the database holds for this account, against what the mix must give.
    const [stored] = await db.select({ n: count() }).from(email).where(eq(email.accountId, account.id));
    const distinct = total - mix.redeliveries;
    const dupRowsN = await dupCount(database, account.id);
    const [tickets] = await db.select({ n: count() }).from(ticket).where(eq(ticket.projectId, p!.id));
    const [comments] = await db
      .select({ n: count() })
      .from(email)
      .where(and(eq(email.accountId, account.id), isNotNull(email.commentId)));
    const [commentRows] = await db.select({ n: count() }).from(ticketComment);
    const [ignored] = await db
      .select({ n: count() })
      .from(email)
      .where(and(eq(email.accountId, account.id), eq(email.status, 'Ignored')));
    const expectedTickets = mix.newMails + mix.gb2312 + mix.noId;
    const lost = distinct - (stored?.n ?? 0);
    const duplicated =
      dupRowsN + Math.max(0, (tickets?.n ?? 0) - expectedTickets) + Math.max(0, (commentRows?.n ?? 0) - mix.replies);
    const mailsPerSecond = total / (fetchMs / 1000);
    const result = {
      kind,
      protocol,
      mails: total,
      mix,
      fetchSeconds: fetchMs / 1000,
      mailsPerSecond,
      rows: stored?.n,
      tickets: tickets?.n,
      comments: comments?.n,
      ignored: ignored?.n,
      leftOnServer: left,
      lost,
      duplicated,
      summaries,
    };
    await database.close();
    await server.stop();
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (lost !== 0 || duplicated !== 0 || left !== 0 || tickets?.n !== expectedTickets || comments?.n !== mix.replies)
      process.exitCode = 1;
  }
}

await main();

async function dupCount(database: Awaited<ReturnType<typeof openDatabase>>, accountId: number): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(
    database.db
      .select({ k: email.sourceKey })
      .from(email)
      .where(eq(email.accountId, accountId))
      .groupBy(email.sourceKey)
      .having(sql`count(*) > 1`)
      .as('d'),
  );
  return row?.n ?? 0;
}
