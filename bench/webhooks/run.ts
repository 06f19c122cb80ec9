// bench:webhooks - webhook delivery (contract section 23) from one server process (PostgreSQL) to a loopback
// receiver (node:http, answers 200 at once):
//   - lag from commit to receipt: BENCH_LAG_TICKETS (200) tickets created one at a time through the API, each to a
//     subscribed webhook; lag = receipt − the payload's `timestamp` (set in the ticket's transaction), p50/p90/p99;
//   - throughput: BENCH_DELIVERIES (2000) deliveries queued in one transaction (copies of the tickets' payloads,
//     new webhook-ids) and a NOTIFY, drained by the server's sender: deliveries/s, and the server's CPU per delivery.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_BUILD=1 (rebuild the server first)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import {
  authTokenFactory,
  callApi,
  ensureBuilt,
  fixed,
  freshDatabase,
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  processCpuMs,
  runMain,
  signInAsAdmin,
  sleep,
  startServer,
  stopServer,
  tempDir,
  writeResults,
} from '../src/lib.js';

const lagTickets = positiveEnv('BENCH_LAG_TICKETS', 200);
const deliveries = positiveEnv('BENCH_DELIVERIES', 2000);
const port = positiveEnv('BENCH_PORT', 3244);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
};

runMain('bench:webhooks', async () => {
  ensureBuilt();
  const target = await freshDatabase('pg');
  const logFile = join(tempDir('casedesk-bench-webhooks-'), 'server.log');
  console.log(
    `bench:webhooks — ${lagTickets} tickets one by one (lag), ${deliveries} queued at once (throughput), one server process, PostgreSQL`,
  );
  console.log(machineLine());

  // The receiver: every request's arrival (wall clock, as the payload's timestamp is) by webhook-id.
  const arrivals = new Map<string, { at: number; body: string }>();
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (!arrivals.has(id)) arrivals.set(id, { at: Date.now(), body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  const receiverPort = (receiver.address() as AddressInfo).port;

  const server = await startServer({ port, env: { ...target.env, DEMO_DATA: 'false' }, logFile });
  const pool = new pg.Pool({ connectionString: target.databaseUrl!, max: 2 });
  pool.on('error', () => undefined);
  onCleanup(() => pool.end());
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;
  await q(`insert into project (project_code, project_name) values ('WP1', 'Webhook project')`);
  await q(`insert into category (category_code, category_description, new_ticket_assignee)
           select 'WC-1', 'Webhook category', id from app_user where login_name = 'admin'`);
  await q(`insert into category_project (category_id, project_id)
           select c.id, p.id from category c, project p where c.category_code = 'WC-1' and p.project_code = 'WP1'`);
  const [ids] = await q<{ projectId: number; categoryId: number }>(
    `select p.id as "projectId", c.id as "categoryId" from project p, category c where p.project_code = 'WP1' and c.category_code = 'WC-1'`,
  );

  const admin = await signInAsAdmin(port);
  const newAuthToken = authTokenFactory(admin.publicKeyPem);
  const headers = () => ({ authorization: `Bearer ${admin.token}`, 'auth-token': newAuthToken() });
  // The receiver is on loopback: Settings → Toggles must allow private addresses.
  const current = await callApi<{ toggles: { value: Record<string, unknown>; rowVersion: number } }>(
    port,
    'GET',
    '/api/Settings/Get',
    headers(),
  );
  await callApi(port, 'POST', '/api/Settings/Save', headers(), {
    group: 'toggles',
    value: { ...current.data.toggles.value, webhookPrivateAddresses: true },
    rowVersion: current.data.toggles.rowVersion,
  });
  await callApi(port, 'POST', '/api/Webhook/Add', headers(), {
    name: 'Bench receiver',
    url: `http://127.0.0.1:${receiverPort}/hook`,
    events: ['ticket.created'],
    secret: `whsec_${Buffer.from('bench-webhook-secret-of-32-bytes').toString('base64')}`,
  });

  // Lag: one ticket at a time, each delivery awaited (bounded) before the next.
  const lags: number[] = [];
  let lost = 0;
  for (let i = 0; i < lagTickets; i++) {
    const before = arrivals.size;
    await callApi(port, 'POST', '/api/Ticket/Add', headers(), { subject: `Webhook bench ${i}`, ...ids });
    const deadline = Date.now() + 10_000;
    while (arrivals.size === before && Date.now() < deadline) await sleep(1);
    if (arrivals.size === before) lost++;
    await sleep(10);
  }
  for (const { at, body } of arrivals.values())
    lags.push(at - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));

  // Throughput: deliveries queued at once (the ticket payloads again, new ids), drained by the server's sender.
  const cpuBefore = processCpuMs(server.pid) ?? NaN;
  const started = Date.now();
  await q(
    `insert into webhook_delivery (webhook_id, message_id, event, payload, ticket_id)
       select d.webhook_id, 'msg_bench_' || g || '_' || d.id, d.event, d.payload, d.ticket_id
         from generate_series(1, $1) g
         cross join lateral (select * from webhook_delivery order by id limit 1 offset (g % ${lagTickets})) d`,
    [deliveries],
  );
  await q(`select pg_notify('webhook_outbox', '')`);
  const queuedAt = Date.now();
  const deadline = queuedAt + 300_000;
  const bench = () => [...arrivals.keys()].filter((k) => k.startsWith('msg_bench_')).length;
  while (bench() < deliveries && Date.now() < deadline) await sleep(20);
  const drained = Date.now();
  const cpuAfter = processCpuMs(server.pid) ?? NaN;
  const sent = bench();
  const [states] = await q<{ delivered: number; other: number }>(
    `select count(*) filter (where status = 'Delivered')::int as delivered, count(*) filter (where status <> 'Delivered')::int as other from webhook_delivery`,
  );
  await stopServer(server);

  const lag = summary(lags);
  const perSecond = sent / ((drained - queuedAt) / 1000);
  const cpuPerDelivery = (cpuAfter - cpuBefore) / Math.max(1, sent);
  console.log(
    `\n${lag.n} tickets, ${lost} deliveries not seen within 10 s; ${sent}/${deliveries} queued deliveries received; rows: ${states!.delivered} Delivered, ${states!.other} other\n`,
  );
  console.log(
    markdownTable(
      ['commit → receipt (ms)', 'n', 'p50', 'p90', 'p99', 'max'],
      [['ticket create → webhook', lag.n, fixed(lag.p50, 1), fixed(lag.p90, 1), fixed(lag.p99, 1), fixed(lag.max, 1)]],
    ),
  );
  console.log(
    `\nThroughput: ${fixed(perSecond, 0)} deliveries/s (${sent} in ${fixed((drained - queuedAt) / 1000, 2)} s, queued in ${fixed((queuedAt - started) / 1000, 2)} s); server CPU ${fixed(cpuPerDelivery, 2)} ms per delivery`,
  );
  const file = writeResults('webhooks', {
    lag,
    lost,
    sent,
    deliveries,
    perSecond,
    cpuPerDelivery,
    machine: machineLine(),
  });
  console.log(`\nresults: ${file}`);
});
