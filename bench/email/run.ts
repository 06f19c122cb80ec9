// bench:email - the outbox against a local SMTP sink (smtp-server on loopback), on one PostgreSQL database with
// BENCH_EMAIL_PROCESSES outbox processes (apps/server/test/email-send-process.ts: the send pass of the
// `email.send` job in a loop, polling every BENCH_EMAIL_POLL_MS; the product's job runs every 5 s):
//   1. burst: BENCH_EMAILS mails queued at once (100 per transaction): mails/s from the first queued to the last sent;
//   2. steady: BENCH_EMAIL_RATE mails/s queued for BENCH_DURATION s: queue-to-sent p50/p99 (created_at -> send_date).
// Lost (a row Sent the sink never got, or not Sent at the end) and duplicated (a Message-ID the sink got twice)
// are counted from what the sink recorded; both must be 0.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_EMAILS=2000  BENCH_EMAIL_RATE=50
//   BENCH_DURATION=20  BENCH_EMAIL_PROCESSES=2  BENCH_EMAIL_POLL_MS=200  BENCH_EMAIL_BATCH=50
import pg from 'pg';
import { startSmtpSink } from '../../apps/server/test/mail-servers.js';
import {
  fixed,
  freshDatabase,
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  runMain,
  sleep,
  startTsProcess,
  writeResults,
} from '../src/lib.js';

const num = positiveEnv;
const burstCount = num('BENCH_EMAILS', 2000);
const rate = num('BENCH_EMAIL_RATE', 50);
const steadySeconds = num('BENCH_DURATION', 20);
const processCount = num('BENCH_EMAIL_PROCESSES', 2);
const pollMs = num('BENCH_EMAIL_POLL_MS', 200);
const batchSize = num('BENCH_EMAIL_BATCH', 50);

const startSender = (name: string, databaseUrl: string, env: Record<string, string> = {}) =>
  startTsProcess(name, 'test/email-send-process.ts', {
    DATABASE_URL: databaseUrl,
    SEND_EVERY_MS: String(pollMs),
    BATCH_SIZE: String(batchSize),
    LEASE_SECONDS: '300',
    ...env,
  });

runMain('bench:email', async () => {
  const target = await freshDatabase('pg');
  const databaseUrl = target.databaseUrl!;
  console.log(`bench:email — ${processCount} outbox processes, one PostgreSQL database, a local SMTP sink`);
  console.log(machineLine());
  const sink = await startSmtpSink();
  onCleanup(() => sink.close());
  // The first process migrates the new database and adds the account sending to the sink.
  const senders = [await startSender('sender 1', databaseUrl, { MIGRATE: 'true', SMTP_SINK_PORT: String(sink.port) })];
  for (let i = 1; i < processCount; i++) senders.push(await startSender(`sender ${i + 1}`, databaseUrl));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());

  let queued = 0;
  /** Queued as `queueEmail` writes them (status Sending, due now), in one transaction; unique Message-IDs. */
  const queue = async (count: number, tag: string) => {
    await client.query(
      `insert into email (direction, status, subject, to_addresses, body, message_id, next_attempt_at)
       select 'Out', 'Sending', $3 || ' ' || i, array['customer' || (i % 97) || '@example.test'],
              '<p>Your ticket was updated. <a href="https://desk.example.test/ticket/1">Open it</a></p>',
              '<bench' || i || '.' || md5(random()::text) || '@bench.invalid>', now()
       from generate_series($1::int, $2::int) as i`,
      [queued, queued + count - 1, tag],
    );
    queued += count;
  };
  const sentCount = async () =>
    Number((await client.query<{ n: string }>(`select count(*) as n from email where status <> 'Sending'`)).rows[0]!.n);
  const waitAllDone = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while ((await sentCount()) < queued && Date.now() < deadline) await sleep(100);
  };

  // 1. Burst.
  const burstStart = performance.now();
  for (let done = 0; done < burstCount; done += 100) await queue(Math.min(100, burstCount - done), 'burst');
  await waitAllDone(600_000);
  const burstSeconds = (performance.now() - burstStart) / 1000;
  const burstStats = (
    await client.query<{ first: Date; last: Date }>(
      `select min(created_at) as first, max(send_date) as last from email where subject like 'burst %'`,
    )
  ).rows[0]!;
  const burstSpan = (burstStats.last.getTime() - burstStats.first.getTime()) / 1000;

  // 2. Steady: one transaction of rate/10 mails every 100 ms.
  const perTick = Math.max(1, Math.round(rate / 10));
  const steadyEnd = Date.now() + steadySeconds * 1000;
  let next = Date.now();
  while (Date.now() < steadyEnd) {
    await queue(perTick, 'steady');
    next += 100;
    await sleep(Math.max(0, next - Date.now()));
  }
  await waitAllDone(600_000);
  await sleep(500);
  for (const sender of senders) await sender.stop();

  const latency = (
    await client.query<{ p50: number; p99: number; max: number; n: string }>(
      `select percentile_cont(0.5) within group (order by extract(epoch from send_date - created_at) * 1000)::float8 as p50,
              percentile_cont(0.99) within group (order by extract(epoch from send_date - created_at) * 1000)::float8 as p99,
              max(extract(epoch from send_date - created_at) * 1000)::float8 as max, count(*) as n
       from email where subject like 'steady %' and status = 'Sent'`,
    )
  ).rows[0]!;
  const statuses = (
    await client.query<{ status: string; n: string }>('select status, count(*) as n from email group by status')
  ).rows;
  const rows = (await client.query<{ message_id: string; status: string }>('select message_id, status from email'))
    .rows;
  const atSink = new Map<string, number>();
  for (const message of sink.messages) {
    const id = message.headers['message-id'] ?? '';
    atSink.set(id, (atSink.get(id) ?? 0) + 1);
  }
  const lost = rows.filter((row) => row.status !== 'Sent' || !atSink.has(row.message_id)).length;
  const duplicated = [...atSink.values()].filter((n) => n > 1).length;
  const strangers = [...atSink.keys()].filter((id) => !rows.some((row) => row.message_id === id)).length;

  const result = {
    processes: processCount,
    pollMs,
    batchSize,
    burst: { mails: burstCount, seconds: burstSeconds, mailsPerSecond: burstCount / burstSpan, spanSeconds: burstSpan },
    steady: {
      ratePerSecond: rate,
      seconds: steadySeconds,
      mails: Number(latency.n),
      queueToSentMs: { p50: latency.p50, p99: latency.p99, max: latency.max },
    },
    queued,
    sinkMessages: sink.messages.length,
    statuses: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
    lost,
    duplicated,
    unknownAtSink: strangers,
  };
  console.log('\n### Outbox to a local SMTP sink\n');
  console.log(
    markdownTable(
      ['phase', 'mails', 'mails/s', 'queue-to-sent p50 ms', 'p99 ms', 'max ms'],
      [
        ['burst (all queued at once)', burstCount, fixed(result.burst.mailsPerSecond, 1), '-', '-', '-'],
        [
          `steady (${rate}/s for ${steadySeconds} s)`,
          result.steady.mails,
          fixed(result.steady.mails / steadySeconds, 1),
          fixed(latency.p50),
          fixed(latency.p99),
          fixed(latency.max),
        ],
      ],
    ),
  );
  console.log(
    `\nqueued ${queued}, the sink got ${sink.messages.length}; lost ${lost}, duplicated ${duplicated}, unknown ${strangers}`,
  );
  console.log(`\nresults: ${writeResults('email', result)}`);
  if (lost > 0 || duplicated > 0 || strangers > 0) throw new Error('a mail was lost or sent twice');
});
