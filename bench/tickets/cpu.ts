// bench:tickets:cpu - Node CPU time per request of the ticket paths, in-process (app.inject), on a
// throw-away PostgreSQL database with the demo data (3,000 tickets). CPU per request is what the server
// process spends, whatever else runs on the machine (and, from /proc, what the database's PostgreSQL
// backends spend); the Auth-Tokens are encrypted before measuring.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_CPU_REQUESTS=400  BENCH_CPU_ROUNDS=5
//   BENCH_CPU_CONCURRENCY=10  BENCH_LOG_LEVEL=warn  BENCH_CPU_PATHS="Dashboard;Ticket create"
//   BENCH_CPU_LOG_SWITCH=1: each path twice per round, with the request log on and off (in turn, the order
//   alternating by round), so that the request log's cost is read in one process under the same load
//   BENCH_CPU_LIMIT_SWITCH=1: the same for the rate limiter: each path twice per round, through an app without it
//   and one counting every request in PostgreSQL (BENCH_RATE_LIMIT_MAX, default 10,000,000: none refused), two
//   apps on one database in this process
// For a profile: node --cpu-prof --cpu-prof-dir=bench/results/profiles --import tsx bench/tickets/cpu.ts
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CatalogItem } from '@casedesk/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { openPostgres, rowsOf } from '../../apps/server/src/db/database.js';
import { seedDemo } from '../../apps/server/src/db/seed-demo.js';
import { seedSystem } from '../../apps/server/src/db/seed-system.js';
import { invalidateSettings } from '../../apps/server/src/modules/setting/setting.service.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { loadServerKeys } from '../../apps/server/src/platform/secrets.js';
import { benchPassword, maxSeconds } from './settings.js';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const perRound = Number(process.env.BENCH_CPU_REQUESTS ?? 400);
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CPU_CONCURRENCY ?? 10);
const only = process.env.BENCH_CPU_PATHS?.split(';');
const logSwitch = process.env.BENCH_CPU_LOG_SWITCH === '1';
const limitSwitch = process.env.BENCH_CPU_LIMIT_SWITCH === '1';
if (logSwitch && limitSwitch) throw new Error('BENCH_CPU_LOG_SWITCH and BENCH_CPU_LIMIT_SWITCH: one at a time');
const host = new URL(adminUrl).hostname;
if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') throw new Error('BENCH_PG_URL must be loopback');

const name = `casedesk_bench_cpu_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
const dropDatabase = async () => {
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
};
const deadline = setTimeout(() => {
  console.error(`bench:tickets:cpu gave up after ${maxSeconds} s`);
  void dropDatabase().finally(() => process.exit(1));
}, maxSeconds * 1000);
deadline.unref();

/** One measured unit: a request, or (`then`) the requests a screen sends, counted together. */
type Path = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  then?: string[];
  /**
   * Rows the path is measured with (made before each measure, removed after): 20 triggers and 3 webhooks, of which
   * 5 act (`triggers`) or none (`idle-triggers`: what judging the conditions alone costs).
   */
  with?: 'triggers' | 'idle-triggers';
};
const paths: Path[] = [
  { name: 'GetMyInfo', method: 'GET', url: '/api/token/GetMyInfo' },
  { name: 'Ticket list, default page', method: 'POST', url: '/api/Ticket/Query', body: {} },
  {
    name: 'Ticket list, filtered',
    method: 'POST',
    url: '/api/Ticket/Query',
    body: { status: ['InProgress', 'Pending'] },
  },
  { name: 'Keyword search, English', method: 'POST', url: '/api/Ticket/Query', body: { keyword: 'printer offline' } },
  { name: 'Dashboard', method: 'GET', url: '/api/Ticket/Dashboard' },
  { name: 'Ticket create', method: 'POST', url: '/api/Ticket/Add' },
  // Issue 32: the same create heard by 20 active ticket.created triggers (5 match: a tag, a field, 3 webhooks).
  { name: 'Ticket create, 20 triggers + 3 webhooks', method: 'POST', url: '/api/Ticket/Add', with: 'triggers' },
  {
    name: 'Ticket create, 20 triggers that do not match',
    method: 'POST',
    url: '/api/Ticket/Add',
    with: 'idle-triggers',
  },
  // Issue 30: a catalog request (its form's values checked, the ticket, its approval started, its items).
  { name: 'Catalog submit (workflow start)', method: 'POST', url: '/api/Catalog/Submit' },
  // The ticket page (issue 16): one request since Screen; before it, Detail then Timeline. `<ticket>` is a
  // demo ticket with comments.
  { name: 'Ticket screen', method: 'GET', url: '/api/Ticket/Screen/<ticket>' },
  {
    name: 'Ticket screen, two requests (Detail + Timeline)',
    method: 'GET',
    url: '/api/Ticket/Detail/<ticket>',
    then: ['/api/Ticket/Timeline/<ticket>'],
  },
  // The lists issue 25 builds from a record description (platform/resource-define.ts), default page.
  ...(
    [
      ['User list', 'User'],
      ['Email list', 'Email'],
      ['Invoice list', 'Invoice'],
      ['OpenItem list', 'OpenItem'],
      ['Delegate list', 'Delegate'],
      ['Requisition list', 'Requisition'],
      ['Workflow list', 'Workflow'],
      ['WorkflowRegistry list', 'WorkflowRegistry'],
      ['ScheduledTicket list', 'ScheduledTicket'],
      ['Vendor list', 'Vendor'],
      ['Category list', 'Category'],
      ['Dept list', 'Dept'],
    ] as const
  ).map(([name, resource]): Path => ({ name, method: 'POST', url: `/api/${resource}/Query`, body: {} })),
];

/**
 * The demo data has no e-mails, delegates or scheduled tickets: a page of each, so that those lists answer
 * rows (the columns, names and actions[] of every row) and not only an empty page. Plain SQL on tables
 * unchanged since before issue 25, so the same rows on either build.
 */
async function seedListRows(database: Awaited<ReturnType<typeof openPostgres>>) {
  const body = `<p>${'Printer on the third floor is offline again after the driver update. '.repeat(60)}</p>`;
  await database.db.execute(sql`
    insert into email (direction, status, subject, from_address, from_name, to_addresses, body, ticket_id,
                       message_id, received_at, send_date, created_by)
    select case when g % 2 = 0 then 'Out' else 'In' end, case when g % 2 = 0 then 'Sent' else 'Received' end,
           'Re: bench mail ' || g, 'user' || g || '@customer.example', 'Customer ' || g,
           array['helpdesk@casedesk.example'], ${body}, t.id, '<bench-' || g || '@casedesk.example>',
           now() - g * interval '1 hour', now() - g * interval '1 hour', 1
    from generate_series(1, 40) g
    join lateral (select id from ticket order by id desc offset g limit 1) t on true`);
  await database.db.execute(sql`
    insert into delegate (delegate_by, delegate_to, start_date, end_date, delegate_type, created_by)
    select a.id, b.id, current_date - g, current_date + 30 + g, (array['Ticket', 'Approval', 'All'])[1 + g % 3], 1
    from generate_series(0, 9) g
    join lateral (select id from app_user order by id offset g % 5 limit 1) a on true
    join lateral (select id from app_user order by id offset (g + 1) % 5 limit 1) b on true`);
  await database.db.execute(sql`
    insert into delegate_project (delegate_id, project_id)
    select d.id, (select min(id) from project) from delegate d`);
  await database.db.execute(sql`
    insert into scheduled_ticket (subject, content, priority, category_id, project_id, customer, cron, enabled,
                                  created_by)
    select 'Weekly check ' || g, ${body}, (array['Low', 'Medium', 'High', 'Urgent'])[1 + g % 4], cp.category_id,
           cp.project_id, 'Bench Customer', '0 9 * * 1', false, 1
    from generate_series(0, 9) g
    join lateral (select project_id, category_id from category_project order by 1, 2 offset g limit 1) cp on true`);
}

/**
 * A submit of the demo catalog's first request type that starts an approval, its form filled from its fields'
 * definitions (an option, a number within bounds, a date a month on): what the catalog's form would send.
 */
async function catalogSubmitBody(app: Awaited<ReturnType<typeof buildApp>>['app'], headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/api/Catalog', headers });
  const items = (JSON.parse(response.body) as { data: CatalogItem[] }).data;
  const item = items.find((i) => i.approval && i.fields.every((f) => !f.validation.pattern));
  if (!item) throw new Error(`the demo catalog has no request type with an approval: ${response.body}`);
  const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const valueOf = (field: CatalogItem['fields'][number]): unknown => {
    const low = field.validation.min ?? 1;
    switch (field.type) {
      case 'select':
        return field.options[0]?.value;
      case 'multiselect':
        return field.options.slice(0, 1).map((o) => o.value);
      case 'number':
        return Math.ceil(low);
      case 'decimal':
        return String(low);
      case 'date':
        return inMonth.slice(0, 10);
      case 'datetime':
        return inMonth;
      case 'checkbox':
        return true;
      case 'user':
        return 1;
      default:
        return 'Bench request'.padEnd(field.validation.min ?? 0, '.');
    }
  };
  return {
    requestTypeId: item.id,
    projectId: item.projects[0]!.id,
    values: Object.fromEntries(item.fields.map((f) => [f.key, valueOf(f)])),
  };
}

async function main() {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  try {
    await database.migrate();
    await seedSystem(database.db, { adminPassword: benchPassword });
    await seedDemo(database.db);
    await seedListRows(database);
    const configWith = (rateLimitMax: string) => ({
      ...loadConfig({
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        // 0: no limiter; a number (BENCH_RATE_LIMIT_MAX=10000000) counts every request in PostgreSQL without refusing
        // any, to measure what the limiter costs (contract 25).
        RATE_LIMIT_MAX: rateLimitMax,
        LOGIN_RATE_LIMIT_MAX: '0',
      }),
      databaseUrl: url.toString(),
      demoData: false,
    });
    const config = configWith(limitSwitch ? '0' : (process.env.BENCH_RATE_LIMIT_MAX ?? '0'));
    const { app, logSettings } = await buildApp({ config, database });
    // The same app with the limiter on, beside it on the same database and pool (BENCH_CPU_LIMIT_SWITCH).
    const limited = limitSwitch
      ? (await buildApp({ config: configWith(process.env.BENCH_RATE_LIMIT_MAX ?? '10000000'), database })).app
      : undefined;
    await limited?.ready();
    /** The request log switch as an administrator saves it, read by the app at once. */
    const switchRequestLog = async (on: boolean) => {
      await database.db.execute(
        sql`insert into app_setting (group_name, value) values ('log', ${JSON.stringify({ requestLog: on, slowSqlMs: 200, daysToKeep: 90 })}::jsonb)
          on conflict (group_name) do update set value = excluded.value`,
      );
      invalidateSettings(database.db); // as a save through the API does
      await logSettings.refresh();
      if (logSettings.current.requestLog !== on) throw new Error('the request log switch did not take');
    };
    await app.ready();
    const keys = await loadServerKeys(database.db);
    const authToken = () =>
      publicEncrypt(
        { key: keys.authTokenPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(`${randomBytes(16).toString('hex')}:${Math.floor(Date.now() / 1000)}`),
      ).toString('base64');
    const login = await app.inject({
      method: 'POST',
      url: '/api/token/Login',
      headers: { 'auth-token': authToken() },
      payload: { userName: 'admin', password: benchPassword },
    });
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
    const [pick] = await rowsOf<{ project_id: number; category_id: number }>(
      database.db,
      sql`select project_id, category_id from category_project order by 1, 2 limit 1`,
    );
    if (!pick) throw new Error('the demo data has no category in a project');
    const [screenTicket] = await rowsOf<{ id: number }>(
      database.db,
      sql`select t.id from ticket t where exists (select 1 from ticket_comment c where c.ticket_id = t.id)
           order by t.id desc limit 1`,
    );
    if (!screenTicket) throw new Error('the demo data has no ticket with comments');
    const urlOf = (url: string) => url.replace('<ticket>', String(screenTicket.id));
    const createBody = {
      subject: 'CPU bench create',
      content: '<p>Created by the <b>CPU benchmark</b>.</p>',
      projectId: pick.project_id,
      categoryId: pick.category_id,
      customer: 'Bench Customer',
      customerEmail: 'bench@customer.example',
    };

    /**
     * 20 active ticket.created triggers by the admin: 15 whose conditions fail, a tag, a field, 3 webhooks; `idle`:
     * the same 20 with a condition that fails first on each.
     */
    const addTriggers = async (idle = false) => {
      const hooks = await rowsOf<{ id: number }>(
        database.db,
        sql`insert into webhook (name, url, events, secret)
          select 'bench hook ' || g, 'https://127.0.0.1:9/hook', '{}', 'bench-secret' from generate_series(1, 3) g
          returning id`,
      );
      const rules: { conditions: unknown[]; actions: unknown[] }[] = [
        ...Array.from({ length: 15 }, (_, i) => ({
          conditions: [{ field: 'subject', op: 'eq', value: `never ${i}` }],
          actions: [{ set: { priority: 'Urgent' } }],
        })),
        { conditions: [{ field: 'projectId', op: 'eq', value: pick.project_id }], actions: [{ addTags: ['bench'] }] },
        {
          conditions: [{ field: 'priority', op: 'le', value: 'High' }],
          actions: [{ set: { ticketType: 'Incident' } }],
        },
        ...hooks.map((hook) => ({ conditions: [], actions: [{ webhookId: hook.id }] })),
      ];
      const never = { field: 'subject', op: 'eq', value: 'never' };
      for (const [i, rule] of rules.entries())
        await database.db.execute(
          sql`insert into trigger (name, event, conditions, actions, "order", created_by)
            values (${`bench trigger ${i}`}, 'ticket.created',
              ${JSON.stringify(idle ? [never, ...rule.conditions] : rule.conditions)}::jsonb,
              ${JSON.stringify(rule.actions)}::jsonb, ${i}, 1)`,
        );
    };
    const removeTriggers = async () => {
      await database.db.execute(sql`delete from trigger where name like 'bench trigger %'`);
      await database.db.execute(sql`delete from webhook where name like 'bench hook %'`);
    };

    const catalogBody = await catalogSubmitBody(app, { 'auth-token': authToken(), authorization: `Bearer ${token}` });

    /** Which app the measured requests go to: `limited` while a round measures the limiter on. */
    let target = app;
    /** The path's requests one after the other, each with its own Auth-Token (as the web sends them). */
    const send = async (path: Path, auths: string[]) => {
      await sendOne(path, auths[0]!);
      for (const [i, url] of (path.then ?? []).entries()) await sendOne({ ...path, url }, auths[i + 1]!);
    };
    const sendOne = async (path: Path, auth: string) => {
      const response = await target.inject({
        method: path.method,
        url: urlOf(path.url),
        headers: { 'auth-token': auth, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: path.url.endsWith('/Add')
          ? createBody
          : path.url.endsWith('/Catalog/Submit')
            ? catalogBody
            : path.body === undefined
              ? undefined
              : JSON.stringify(path.body),
      });
      if (response.statusCode !== 200) throw new Error(`${path.name}: ${response.statusCode} ${response.body}`);
    };
    const ticksPerMs = 100 / 1000; // USER_HZ
    /** CPU ticks (user + system) of this database's PostgreSQL backends, by pid, from /proc. */
    const backendTicks = async () => {
      const pids = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
      const ticks = new Map<number, number>();
      for (const { pid } of pids.rows) {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          ticks.set(pid, Number(fields[11]) + Number(fields[12]));
        } catch {
          // gone meanwhile
        }
      }
      return ticks;
    };
    /** n requests, `concurrency` in flight; CPU of this process (user + system), of the backends, and wall per request. */
    const measure = async (path: Path, n: number) => {
      if (path.with) await addTriggers(path.with === 'idle-triggers');
      try {
        return await measureNow(path, n);
      } finally {
        if (path.with) await removeTriggers();
      }
    };
    const measureNow = async (path: Path, n: number) => {
      const perPath = 1 + (path.then?.length ?? 0);
      const tokens = Array.from({ length: n }, () => Array.from({ length: perPath }, authToken));
      let next = 0;
      const before = await backendTicks();
      const cpu = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < n) await send(path, tokens[next++]!);
        }),
      );
      const used = process.cpuUsage(cpu);
      const wallMs = (performance.now() - started) / n;
      let ticks = 0;
      for (const [pid, t] of await backendTicks()) ticks += t - (before.get(pid) ?? 0);
      return { cpuMs: (used.user + used.system) / 1000 / n, pgMs: ticks / ticksPerMs / n, wallMs };
    };

    const selected = paths.filter((p) => !only || only.includes(p.name));
    for (const path of selected) await measure(path, 50); // warm-up: JIT, statement plans, pool
    if (limited) {
      target = limited;
      for (const path of selected) await measure(path, 50);
      target = app;
    }
    // What each list answered (rows on the page / total), so that a cost is read against the rows behind it.
    const answered = new Map<string, string>();
    for (const path of selected.filter((p) => p.url.endsWith('/Query'))) {
      const response = await app.inject({
        method: 'POST',
        url: path.url,
        headers: { 'auth-token': authToken(), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(path.body ?? {}),
      });
      const page = (JSON.parse(response.body) as { data?: { items?: unknown[]; total?: number } }).data;
      answered.set(path.name, `${page?.items?.length ?? '?'} / ${page?.total ?? '?'}`);
    }
    const results = new Map<string, { cpuMs: number; pgMs: number; wallMs: number }[]>();
    /** The path each result line measures (a switch adds "…, request log on" to its name). */
    const pathOf = new Map<string, string>();
    const from = performance.now() / 1000;
    for (let round = 0; round < rounds; round++) {
      for (const path of selected) {
        const modes = !logSwitch && !limitSwitch ? [null] : round % 2 === 0 ? [true, false] : [false, true];
        for (const mode of modes) {
          if (mode !== null && logSwitch) await switchRequestLog(mode);
          if (limited) target = mode ? limited : app;
          const switched = logSwitch ? 'request log' : 'rate limiter';
          const key = mode === null ? path.name : `${path.name}, ${switched} ${mode ? 'on' : 'off'}`;
          const list = results.get(key) ?? [];
          list.push(await measure(path, perRound));
          results.set(key, list);
          pathOf.set(key, path.name);
        }
      }
    }
    // The profile window of bench:profile (seconds after the process started, as a --cpu-prof profile counts).
    console.log(`measured window: --from=${from.toFixed(1)} --to=${(performance.now() / 1000).toFixed(1)}`);
    await app.close();
    await limited?.close();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `\n${rounds} rounds of ${perRound} requests, ${concurrency} in flight; medians (min-max) per request\n`,
    );
    console.log(
      '| path | Node CPU per request | PostgreSQL backends CPU per request | wall per request | req/s | rows / total |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const [pathName, list] of results) {
      const cpu = list.map((r) => r.cpuMs);
      const wall = list.map((r) => r.wallMs);
      const pgCpu = list.map((r) => r.pgMs);
      console.log(
        `| ${pathName} | ${median(cpu).toFixed(2)} ms (${Math.min(...cpu).toFixed(2)}-${Math.max(...cpu).toFixed(2)}) | ${median(pgCpu).toFixed(2)} ms (${Math.min(...pgCpu).toFixed(2)}-${Math.max(...pgCpu).toFixed(2)}) | ${median(wall).toFixed(2)} ms | ${(1000 / median(wall)).toFixed(0)} | ${answered.get(pathOf.get(pathName) ?? pathName) ?? ''} |`,
      );
    }
  } finally {
    await database.close();
    await dropDatabase();
  }
}

await main();
