// bench:tickets:bulk - bulk edit (`Ticket/BatchUpdate`) and `Macro/Apply` of BENCH_BULK_TICKETS (1,000) tickets on a
// database loaded by bench:tickets:load: rows a second and the time to the last outcome (the answer comes whole),
// beside a bare pg baseline of the same per-ticket statements (lock, update, history, one transaction each). It works
// on a copy of the loaded database (the changes write history, tags, comments and mails), dropped at the end.
//   BENCH_TICKETS_DB=postgres://postgres@127.0.0.1:5432/casedesk_bench  BENCH_BULK_TICKETS=1000
import pg from 'pg';
import { allPermissionCodes, type MacroAction } from '@casedesk/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { openPostgres } from '../../apps/server/src/db/database.js';
import type { Actor } from '../../apps/server/src/platform/actor.js';
import { noSessionId } from '../../apps/server/src/platform/actor.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { batchUpdate } from '../../apps/server/src/modules/ticket/ticket-batch.service.js';
import { applyMacro } from '../../apps/server/src/modules/macro/macro.service.js';
import {
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  postgresBackendPids,
  processCpuMs,
  runMain,
  writeResults,
} from '../src/lib.js';

const sourceUrl = process.env.BENCH_TICKETS_DB ?? 'postgres://postgres@127.0.0.1:5432/casedesk_bench';
const count = positiveEnv('BENCH_BULK_TICKETS', 1_000);

type Run = {
  label: string;
  tickets: number;
  ok: number;
  ms: number;
  rowsPerSecond: number;
  nodeCpuMs: number;
  pgCpuMs: number;
};

runMain('bench:tickets:bulk', async () => {
  const source = new URL(sourceUrl);
  const copyName = `${source.pathname.slice(1)}_bulk_${Date.now()}`;
  const adminUrl = new URL(sourceUrl);
  adminUrl.pathname = '/postgres';
  const copyUrl = new URL(sourceUrl);
  copyUrl.pathname = `/${copyName}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${copyName} template ${source.pathname.slice(1)}`);
  onCleanup(async () => {
    await admin.query(`drop database if exists ${copyName} with (force)`);
    await admin.end();
  });

  const database = await openPostgres(copyUrl.toString(), 4);
  onCleanup(() => database.close());
  // The app as the server builds it (migrations, domain-event handlers for mails and bells), not listening.
  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', SCHEDULER: 'false' }),
    databaseUrl: copyUrl.toString(),
    demoData: false,
  };
  const { app } = await buildApp({ config, database });
  onCleanup(() => app.close());
  const pool = new pg.Pool({ connectionString: copyUrl.toString(), max: 2 });
  onCleanup(() => pool.end());

  // An administrator (the admin role): the loaded database's bench user or the first start's admin.
  const { rows: admins } = await pool.query<{ id: number; loginName: string }>(
    `select u.id, u.login_name as "loginName" from app_user u join user_role ur on ur.user_id = u.id
       join role r on r.id = ur.role_id where r.code = 'admin' and u.deleted_at is null order by u.id limit 1`,
  );
  if (!admins[0]) throw new Error('no administrator in the loaded database');
  // The administrator as a session would load them: every permission, every ticket.
  const actor: Actor = {
    userId: admins[0].id,
    loginName: admins[0].loginName,
    sessionId: noSessionId,
    tokenExp: Number.MAX_SAFE_INTEGER,
    permissions: new Set(allPermissionCodes),
    roles: ['admin'],
    projects: [],
    privateTicket: true,
    needToChangePwd: false,
    dataScope: 'all',
    language: 'en',
  };
  // Three disjoint slices of open tickets, newest first: each run changes tickets no other run touched.
  const { rows: open } = await pool.query<{ id: number }>(
    `select id from ticket where status in ('Assigned', 'InProgress') order by id desc limit $1`,
    [count * 3],
  );
  const slice = (k: number) => open.slice(k * count, (k + 1) * count).map((r) => Number(r.id));

  const runs: Run[] = [];
  const measure = async (label: string, work: () => Promise<{ tickets: number; ok: number }>) => {
    const backends = await postgresBackendPids(copyUrl.toString());
    const pgBefore = backends.map((pid) => processCpuMs(pid) ?? 0);
    const nodeBefore = process.cpuUsage();
    const t0 = performance.now();
    const { tickets, ok } = await work();
    const ms = performance.now() - t0;
    const node = process.cpuUsage(nodeBefore);
    const pgCpuMs = backends.reduce((sum, pid, i) => sum + ((processCpuMs(pid) ?? 0) - pgBefore[i]!), 0);
    const run = {
      label,
      tickets,
      ok,
      ms,
      rowsPerSecond: (tickets / ms) * 1000,
      nodeCpuMs: (node.user + node.system) / 1000,
      pgCpuMs,
    };
    runs.push(run);
    console.log(`${label}: ${tickets} tickets (${ok} ok) in ${ms.toFixed(0)} ms, ${run.rowsPerSecond.toFixed(0)}/s`);
  };

  await measure('BatchUpdate { priority, tags }', async () => {
    const outcomes = await batchUpdate(
      database.db,
      actor,
      { ids: slice(0), set: { priority: 'High', tags: ['bench-bulk'] } },
      'en',
    );
    return { tickets: outcomes.length, ok: outcomes.filter((o) => o.ok).length };
  });
  const actions: MacroAction[] = [
    { set: { priority: 'Urgent' } },
    { addTags: ['bench-macro'] },
    { comment: { public: false, body: '<p>{{ ticket.caseNumber }} escalated by {{ user.name }}.</p>' } },
  ];
  await measure('Macro/Apply (set, add tag, internal comment)', async () => {
    const outcomes = await applyMacro(database.db, actor, { id: 0, ticketIds: slice(1) }, 'en', { actions });
    return { tickets: outcomes.length, ok: outcomes.filter((o) => o.ok).length };
  });
  // The floor: what any per-ticket transaction of the same change costs, without the app's checks, clock and events.
  await measure('bare pg: lock, update, history (one transaction a ticket)', async () => {
    const client = await pool.connect();
    try {
      for (const id of slice(2)) {
        await client.query('begin');
        await client.query('select id, row_version from ticket where id = $1 for update', [id]);
        await client.query(
          `update ticket set priority = 'High', row_version = row_version + 1, modified_at = now(), modified_by = $2 where id = $1`,
          [id, actor.userId],
        );
        await client.query(
          `insert into ticket_history (ticket_id, actor_id, kind, changes) values ($1, $2, 'changed', $3)`,
          [id, actor.userId, JSON.stringify({ priority: { from: 'Medium', to: 'High' } })],
        );
        await client.query('commit');
      }
    } finally {
      client.release();
    }
    return { tickets: slice(2).length, ok: slice(2).length };
  });

  const table = markdownTable(
    ['run', 'tickets', 'ok', 'time to last result ms', 'tickets/s', 'Node CPU ms', 'PostgreSQL CPU ms'],
    runs.map((r) => [
      r.label,
      r.tickets,
      r.ok,
      r.ms.toFixed(0),
      r.rowsPerSecond.toFixed(0),
      r.nodeCpuMs.toFixed(0),
      r.pgCpuMs.toFixed(0),
    ]),
  );
  console.log(`\n${machineLine()}\n\n${table}`);
  const file = writeResults('tickets-bulk', { count, runs });
  console.log(`\nresults: ${file}`);
});
