// bench:workflow - issue 13's speed targets on PostgreSQL (loopback only, every run bounded):
//   1. load (once per database, set-based): BENCH_WF_USERS users, BENCH_WF_RUNNING running instances and
//      BENCH_WF_FINISHED_TASKS finished tasks with their action log (load.ts);
//   2. my to-do box (`POST /api/WorkflowTask/Query {box:'todo'}`) p50/p99 at 4 and 16 connections (autocannon),
//      for a user holding as many pending tasks as any (the tasks are spread evenly);
//   3. submit per second (`POST /api/WorkflowInstance/Submit`, BENCH_WF_OPS tickets made for the run);
//   4. approve per second (`POST /api/WorkflowInstance/Approve` of the tasks step 3 made: the next node, a
//      countersign of two, is resolved and its tasks created in the same transaction, mails and bell included).
// Each next to the SAME SQL through a bare `pg` pool in the same run: the statements the service issues are
// captured from the service itself (Drizzle logger) and replayed by as many workers (writes: each in one
// transaction, with the captured task / instance / ticket ids swapped for fresh ones). Ratio = app ÷ bare.
// EXPLAIN of every captured statement: the run says whether any scans workflow_task sequentially.
//   BENCH_WF_DB=postgres://postgres@127.0.0.1:5432/casedesk_bench_workflow  BENCH_WF_RELOAD=1 (drop and load again)
//   BENCH_WF_USERS=2000 BENCH_WF_RUNNING=100000 BENCH_WF_FINISHED_TASKS=1000000 BENCH_WF_OPS=1500
//   BENCH_DURATION=10 BENCH_WARMUP=2 BENCH_WF_WRITE_CONNECTIONS=16 BENCH_PORT=3900 BENCH_BUILD=1 (rebuild the server)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// The routes' rate-limit options are typed by this plug-in (app.ts imports it; this script loads the modules).
import type {} from '@fastify/rate-limit';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { workflowTaskQuerySchema } from '@casedesk/shared';
import { openPostgres, type Db } from '../../apps/server/src/db/database.js';
import { seedSystem } from '../../apps/server/src/db/seed-system.js';
import { loadActor } from '../../apps/server/src/modules/auth/actor.queries.js';
import { loadMessageIdKey } from '../../apps/server/src/modules/email/email-outbox.service.js';
import { modules } from '../../apps/server/src/modules/index.js';
import { approveTask } from '../../apps/server/src/modules/workflow/workflow-decide.service.js';
import { submitRecord } from '../../apps/server/src/modules/workflow/workflow-submit.service.js';
import { queryTasks } from '../../apps/server/src/modules/workflow/workflow-instance.queries.js';
import { setDomainEventHandlers } from '../../apps/server/src/platform/events.js';
import { setWorkflowBusinessTypes } from '../../apps/server/src/platform/workflow-types.js';
import {
  adminPassword,
  authTokenFactory,
  buildLine,
  callApi,
  ensureBuilt,
  fixed,
  machineLine,
  markdownTable,
  onCleanup,
  positiveEnv,
  repoRoot,
  runMain,
  settings,
  startServer,
  stopServer,
  tempDir,
  writeResults,
} from '../src/lib.js';
import { cpuPerOp, ensureDatabase, httpLoad, replaySql, type Statement, type Timing } from '../src/replay.js';
import { benchCode, bulkBusinessBase, loadWorkflowData, type LoadResult } from './load.js';

const dbUrl = process.env.BENCH_WF_DB ?? 'postgres://postgres@127.0.0.1:5432/casedesk_bench_workflow';
const users = positiveEnv('BENCH_WF_USERS', 2000);
const running = positiveEnv('BENCH_WF_RUNNING', 100_000);
const finishedTasks = positiveEnv('BENCH_WF_FINISHED_TASKS', 1_000_000);
/** Submits (and then approvals) per side: the app gets this many, the bare replay as many again. */
const ops = positiveEnv('BENCH_WF_OPS', 1500);
const writeConnections = positiveEnv('BENCH_WF_WRITE_CONNECTIONS', 16);
const boxConnections = [4, 16];
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

type Row = {
  measure: string;
  connections: number;
  app: Timing;
  bare: Timing;
  statements: number;
  serverMsPerOp: number;
  postgresMsPerOp: number;
  load1: string;
};

runMain('bench:workflow', async () => {
  log(`bench:workflow on ${dbUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`);
  log(machineLine());
  ensureBuilt();
  log(buildLine());
  await ensureDatabase(dbUrl, process.env.BENCH_WF_RELOAD === '1');

  // Migrate and seed in this process (the server would too), then load once.
  const database = await openPostgres(dbUrl, 4);
  onCleanup(() => database.close());
  await database.migrate();
  await seedSystem(database.db, { adminPassword });
  // The engine's events and business types, as the app wires them (the capture runs the services here).
  setDomainEventHandlers(modules.flatMap((module) => module.events ?? []));
  setWorkflowBusinessTypes(modules.flatMap((module) => module.workflowTypes ?? []));
  // The approval mails the capture queues are signed like the server's (the e-mail module loads the key at start).
  await loadMessageIdKey(database.db, undefined);

  const pool = new pg.Pool({ connectionString: dbUrl, max: 20 });
  onCleanup(() => pool.end());
  const one = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await pool.query<T>(text, params)).rows;

  let loaded: LoadResult | undefined;
  if ((await one('select 1 from workflow where code = $1', [benchCode])).length === 0) {
    log('loading (once per database; BENCH_WF_RELOAD=1 loads again)');
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      loaded = await loadWorkflowData(client, { users, running, finishedTasks, log });
    } finally {
      await client.end();
    }
  }
  const [counts] = await one<{ instances: string; running: string; pending: string; finished: string }>(
    `select (select count(*) from workflow_instance) as instances,
            (select count(*) from workflow_instance where status = 'Running') as running,
            (select count(*) from workflow_task where status = 'Pending') as pending,
            (select count(*) from workflow_task where status <> 'Pending') as finished`,
  );
  log(
    `database: ${counts!.instances} instances (${counts!.running} running), ${counts!.pending} pending and ${counts!.finished} finished tasks`,
  );

  // What the previous run made (its tickets, their instances, mails and bell entries) goes first.
  await one(
    `delete from workflow_instance where business_type = 'Ticket' and business_id < $1
              and business_id in (select id from ticket where case_number like 'WFB-%')`,
    [bulkBusinessBase],
  );
  await one(`delete from ticket_history where ticket_id in (select id from ticket where case_number like 'WFB-%')`);
  await one(`delete from ticket where case_number like 'WFB-%'`);
  await one(`delete from email where event in ('approvalTask', 'approvalFinished')`);
  await one(`delete from notification where ms_type in ('approvalTask', 'approvalFinished')`);

  // The run's tickets (one project), submitted by the administrator; the bench workflow is bound to them.
  const [project] = await one<{ id: number }>(
    `insert into project (project_code, project_name) values ('WFB-' || extract(epoch from now())::bigint, 'Workflow bench')
     returning id`,
  );
  const stamp = Date.now().toString(36);
  const tickets = await one<{ id: number }>(
    `insert into ticket (case_number, subject, content, status, priority, project_id, ticket_from)
     select 'WFB-' || $1::text || '-' || g, 'Laptop for a new colleague ' || g, '<p>Bench</p>', 'New',
            (array['Low','Medium','High','Urgent'])[1 + g % 4], $2, 'Web'
       from generate_series(1, $3::int) g
     returning id`,
    [stamp, project!.id, 2 * ops + 2],
  );
  const ticketIds = tickets.map((t) => t.id).sort((a, b) => a - b);
  await one(`delete from workflow_registry where workflow_code = $1`, [benchCode]);
  await one(
    `insert into workflow_registry (business_type, workflow_code, conditions, priority)
     values ('Ticket', $1, $2, 0)`,
    [benchCode, JSON.stringify([{ field: 'projectId', op: 'eq', value: project!.id }])],
  );
  // The graph's first approver is the first bench user (load.ts): the approvals are theirs.
  const approverLogin = 'wfb_u1';
  const [approverRow] = await one<{ id: number }>('select id from app_user where login_name = $1', [approverLogin]);
  const approver = approverRow!.id;
  // The to-do box of a user who holds as many pending tasks as any (they are spread evenly), not the approver.
  const [boxUser] = await one<{ id: number; login_name: string; pending: string }>(
    `select u.id, u.login_name, (select count(*) from workflow_task t where t.assignee_id = u.id and t.status = 'Pending') as pending
       from app_user u where u.login_name = 'wfb_u100'`,
  );
  await one('vacuum analyze ticket, workflow_registry, workflow_instance');

  const port = settings.basePort;
  const server = await startServer({
    port,
    logFile: join(tempDir('casedesk-bench-workflow-'), 'server.log'),
    env: {
      DATABASE_URL: dbUrl,
      DATA_DIR: tempDir('casedesk-bench-workflow-data-'),
      DEMO_DATA: 'false',
      SCHEDULER: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
  });
  onCleanup(async () => {
    await stopServer(server);
  });
  const publicKeyPem = (await callApi<string>(port, 'GET', '/api/token/PublicKey')).data;
  const newAuthToken = authTokenFactory(publicKeyPem);
  const signIn = async (userName: string) => {
    const login = await callApi<{ token: string }>(
      port,
      'POST',
      '/api/token/Login',
      { 'auth-token': newAuthToken() },
      {
        userName,
        password: adminPassword,
      },
    );
    const claims = JSON.parse(Buffer.from(login.data.token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
      exp: number;
    };
    return { token: login.data.token, userId: Number(claims.sub), sessionId: claims.sid, exp: claims.exp };
  };
  const adminSession = await signIn('admin');
  const approverSession = await signIn(approverLogin);
  const boxSession = await signIn(boxUser!.login_name);

  const captured: Statement[] = [];
  const capturing = drizzle(pool, {
    casing: 'snake_case',
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  }) as unknown as Db;
  const actorOf = (s: { userId: number; sessionId: string; exp: number }) =>
    loadActor(database.db, s.userId, s.sessionId, s.exp);
  const capture = async (run: () => Promise<unknown>) => {
    captured.length = 0;
    await run();
    return captured.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.text.trim()));
  };

  const plans: string[] = [];
  let sequentialScans = 0;
  const executionMs: string[] = [];
  const wideScans: string[] = [];
  /** EXPLAIN ANALYZE of every statement, inside a transaction that is rolled back. */
  const explain = async (measure: string, statements: Statement[]) => {
    for (const [i, s] of statements.entries()) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // Writes run too (their effects rolled back), so the times are real; a write that cannot run alone
        // (e.g. the captured insert again) is only planned.
        let plan: pg.QueryResult<{ 'QUERY PLAN': string }>;
        try {
          await client.query('savepoint probe');
          plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.params);
        } catch {
          await client.query('rollback to savepoint probe');
          plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${s.text}`, s.params);
        }
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        const seq = /Seq Scan on workflow_task\b/.test(text);
        // A scan of a large part of the table by another index (e.g. every pending task) is as bad.
        const wide = text
          .split('\n')
          .some((line) => /on workflow_task\w*\b/.test(line) && Number(/rows=(\d+)/.exec(line)?.[1] ?? 0) > 10_000);
        if (wide) wideScans.push(`${measure} statement ${i + 1}`);
        const took = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
        if (took && (measure === 'To-do box' || Number(took) > 5))
          executionMs.push(`${measure} statement ${i + 1}: ${took} ms`);
        if (seq) sequentialScans++;
        plans.push(
          `#### ${measure}, statement ${i + 1}${seq ? ' **sequential scan of workflow_task!**' : ''}${wide ? ' **reads over 10,000 rows of workflow_task!**' : ''}\n\n\`\`\`sql\n${s.text}\n\`\`\`\n\n\`\`\`\n${text}\n\`\`\``,
        );
      } finally {
        await client.query('rollback');
        client.release();
      }
    }
  };

  const rows: Row[] = [];
  const measured = cpuPerOp({ serverPid: server.pid, databaseUrl: dbUrl });
  const { cannon, probe } = httpLoad({ port, newAuthToken });

  // ---- 2. the to-do box ----
  const boxActor = await actorOf(boxSession);
  const boxQuery = workflowTaskQuerySchema.parse({ box: 'todo' });
  const boxStatements = await capture(() => queryTasks(capturing, boxActor, boxQuery));
  await explain('To-do box', boxStatements);
  log(`to-do box of ${boxUser!.login_name}: ${boxUser!.pending} pending tasks, ${boxStatements.length} statements`);
  for (const connections of boxConnections) {
    log(`to-do box at ${connections} connections: warm-up`);
    await cannon({
      path: '/api/WorkflowTask/Query',
      token: boxSession.token,
      connections,
      body: () => ({ box: 'todo' }),
      seconds: settings.warmupSeconds,
    });
    const app = await measured(() =>
      cannon({
        path: '/api/WorkflowTask/Query',
        token: boxSession.token,
        connections,
        body: () => ({ box: 'todo' }),
        seconds: settings.durationSeconds,
      }),
    );
    await replaySql(pool, boxStatements, connections, { seconds: settings.warmupSeconds });
    const sqlOnly = await replaySql(pool, boxStatements, connections, { seconds: settings.durationSeconds });
    rows.push({
      measure: 'To-do box (`WorkflowTask/Query {box: todo}`)',
      connections,
      app: app.result,
      bare: sqlOnly,
      statements: boxStatements.length,
      serverMsPerOp: app.serverMsPerOp,
      postgresMsPerOp: app.postgresMsPerOp,
      load1: app.load1,
    });
    log(`  app ${app.result.opsPerSecond.toFixed(0)}/s, bare ${sqlOnly.opsPerSecond.toFixed(0)}/s`);
  }

  // ---- 3. submit ----
  const adminActor = await actorOf(adminSession);
  const [captureTicket, ...restTickets] = ticketIds;
  const submitStatements = await capture(() =>
    submitRecord(capturing, adminActor, { businessType: 'Ticket', businessId: captureTicket! }),
  );
  await explain('Submit', submitStatements);
  const appTickets = restTickets.slice(0, ops);
  const bareTickets = restTickets.slice(ops, 2 * ops);
  log(`submit: ${submitStatements.length} statements; ${appTickets.length} submits per side`);
  await probe('/api/WorkflowInstance/Submit', adminSession.token, {
    businessType: 'Ticket',
    businessId: appTickets.pop(),
  });
  let nextTicket = 0;
  const submitBody = () => ({ businessType: 'Ticket', businessId: appTickets[nextTicket++ % appTickets.length] });
  const submit = await measured(() =>
    cannon({
      path: '/api/WorkflowInstance/Submit',
      token: adminSession.token,
      connections: writeConnections,
      body: submitBody,
      amount: appTickets.length,
    }),
  );
  const [capturedInstance] = await one<{ id: number }>(
    `select id from workflow_instance where business_type = 'Ticket' and business_id = $1`,
    [captureTicket],
  );
  const submitTasks = await one<{ id: number }>('select id from workflow_task where instance_id = $1 order by id', [
    capturedInstance!.id,
  ]);
  const submitBare = await replaySql(
    pool,
    submitStatements,
    writeConnections,
    { items: bareTickets.map((id) => new Map([[captureTicket!, id]])) },
    { workflow_instance: [capturedInstance!.id], workflow_task: submitTasks.map((t) => Number(t.id)) },
  );
  rows.push({
    measure: 'Submit (`WorkflowInstance/Submit`)',
    connections: writeConnections,
    app: submit.result,
    bare: submitBare,
    statements: submitStatements.length,
    serverMsPerOp: submit.serverMsPerOp,
    postgresMsPerOp: submit.postgresMsPerOp,
    load1: submit.load1,
  });
  log(`  app ${submit.result.opsPerSecond.toFixed(0)}/s, bare ${submitBare.opsPerSecond.toFixed(0)}/s`);

  // ---- 4. approve: the approver's n1 tasks of the instances the app submitted ----
  const taskRows = await one<{ id: string; instance_id: number; business_id: number }>(
    `select t.id, t.instance_id, i.business_id from workflow_task t join workflow_instance i on i.id = t.instance_id
      where t.assignee_id = $1 and t.status = 'Pending' and t.node_id = 'n1' and i.id <> $2
        and i.business_id = any($3::int[])
      order by t.id`,
    [approver, capturedInstance!.id, appTickets],
  );
  // bigint ids come back as text.
  const tasks = taskRows.map((t) => ({
    id: Number(t.id),
    instance_id: Number(t.instance_id),
    business_id: Number(t.business_id),
  }));
  const approverActor = await actorOf(approverSession);
  const [captureTask, ...restTasks] = tasks;
  if (!captureTask) throw new Error('no task to approve: did the submits fail?');
  const approveStatements = await capture(() => approveTask(capturing, approverActor, { taskId: captureTask.id }));
  await explain('Approve', approveStatements);
  const half = Math.floor(restTasks.length / 2);
  const appTasks = restTasks.slice(0, half);
  const bareTasks = restTasks.slice(half);
  log(`approve: ${approveStatements.length} statements; ${appTasks.length} / ${bareTasks.length} approvals`);
  await probe('/api/WorkflowInstance/Approve', approverSession.token, { taskId: appTasks.pop()!.id });
  let nextTask = 0;
  const approve = await measured(() =>
    cannon({
      path: '/api/WorkflowInstance/Approve',
      token: approverSession.token,
      connections: writeConnections,
      body: () => ({ taskId: appTasks[nextTask++ % appTasks.length]!.id }),
      amount: appTasks.length,
    }),
  );
  const approveMade = await one<{ id: number }>(
    'select id from workflow_task where instance_id = $1 and id > $2 order by id',
    [captureTask.instance_id, captureTask.id],
  );
  const approveBare = await replaySql(
    pool,
    approveStatements,
    writeConnections,
    {
      items: bareTasks.map(
        (t) =>
          new Map([
            [Number(captureTask.id), Number(t.id)],
            [Number(captureTask.instance_id), Number(t.instance_id)],
            // The ticket is locked (`for update`) while its approval moves: each replay locks its own.
            [Number(captureTask.business_id), Number(t.business_id)],
          ]),
      ),
    },
    { workflow_task: approveMade.map((t) => Number(t.id)) },
  );
  rows.push({
    measure: 'Approve (`WorkflowInstance/Approve`, next node resolved, 2 tasks created)',
    connections: writeConnections,
    app: approve.result,
    bare: approveBare,
    statements: approveStatements.length,
    serverMsPerOp: approve.serverMsPerOp,
    postgresMsPerOp: approve.postgresMsPerOp,
    load1: approve.load1,
  });
  log(`  app ${approve.result.opsPerSecond.toFixed(0)}/s, bare ${approveBare.opsPerSecond.toFixed(0)}/s`);

  // ---- report ----
  const table = markdownTable(
    [
      'measure',
      'conn.',
      'app p50 / p99 ms',
      'app ops/s',
      'bare SQL p50 / p99 ms',
      'bare ops/s',
      'ratio',
      'statements',
      'server / PostgreSQL CPU ms per op',
      'load average (1 min)',
      'errors app / bare',
    ],
    rows.map((r) => [
      r.measure,
      r.connections,
      `${fixed(r.app.p50, 1)} / ${fixed(r.app.p99, 1)}`,
      fixed(r.app.opsPerSecond),
      `${fixed(r.bare.p50, 1)} / ${fixed(r.bare.p99, 1)}`,
      fixed(r.bare.opsPerSecond),
      fixed(r.bare.opsPerSecond > 0 ? r.app.opsPerSecond / r.bare.opsPerSecond : NaN, 2),
      r.statements,
      `${fixed(r.serverMsPerOp, 2)} / ${fixed(r.postgresMsPerOp, 2)}`,
      r.load1,
      `${r.app.errors} / ${r.bare.errors}`,
    ]),
  );
  const scanLine =
    sequentialScans === 0
      ? 'EXPLAIN: no statement of the box, submit or approve scans workflow_task sequentially.'
      : `EXPLAIN: ${sequentialScans} statement(s) scan workflow_task sequentially (see the plans).`;
  const wideLine = wideScans.length
    ? `\n\nEXPLAIN: ${wideScans.join(', ')} read(s) over 10,000 rows of workflow_task through an index (see the plans).`
    : '';
  const timings = executionMs.length ? `\n\nEXPLAIN ANALYZE execution times: ${executionMs.join('; ')}.` : '';
  const head = `database: ${counts!.instances} instances (${counts!.running} running), ${counts!.pending} pending and ${counts!.finished} finished tasks; ${users} users`;
  console.log(`\n${head}\n\n${table}\n\n${scanLine}${wideLine}${timings}`);
  const resultsDir = join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `workflow-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(
    file,
    `${machineLine()}\n\n${buildLine()}\n\n${head}\n\n${loaded ? `load: ${JSON.stringify(loaded)}\n\n` : ''}${table}\n\n${scanLine}${wideLine}${timings}\n\n${plans.join('\n\n')}\n`,
  );
  console.log(`\nplans and table: ${file}`);
  console.log(`results: ${writeResults('workflow', { counts, loaded, rows, sequentialScans })}`);
});
