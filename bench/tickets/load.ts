// bench:tickets:load - loads N tickets (default 1,000,000) with comments into PostgreSQL (COPY) or
// the embedded database (batched multi-row inserts), then VACUUM ANALYZE. Reports rows/s.
//   BENCH_TICKETS_DB=postgres://postgres@127.0.0.1:5432/casedesk_bench  (created if missing)
//   BENCH_TICKETS_PGLITE=/path/to/datadir                                (instead of the URL)
//   BENCH_TICKETS=1000000  BENCH_ADMIN_PASSWORD=Bench@12345
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openEmbedded, openPostgres, rowsOf, type Database } from '../../apps/server/src/db/database.js';
import type { TicketStatus } from '@casedesk/shared';
import {
  caseNumberOf,
  demoClock,
  demoCustomer,
  demoPriority,
  demoText,
  random,
  type Language,
  type Random,
} from '../../apps/server/src/db/seed-demo-tickets.js';
import { seedSystem } from '../../apps/server/src/db/seed-system.js';
import { loadChoosablePolicies, policyFor, type ChoosablePolicy } from '../../apps/server/src/modules/sla/index.js';
import { seedDemoSlaPolicies } from '../../apps/server/src/modules/sla/sla-policy.seed.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { htmlToText } from '../../apps/server/src/platform/html.js';
import { searchableText } from '../../apps/server/src/platform/text-search.js';
import { benchPassword, benchProjects, benchUsers, maxSeconds } from './settings.js';

const total = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const chunkSize = Number(process.env.BENCH_TICKETS_CHUNK ?? 20_000);
const pgUrl = process.env.BENCH_TICKETS_DB ?? 'postgres://postgres@127.0.0.1:5432/casedesk_bench';
const pgliteDir = process.env.BENCH_TICKETS_PGLITE;
const timer = setTimeout(() => {
  console.error(`bench:tickets:load gave up after ${maxSeconds} s`);
  process.exit(1);
}, maxSeconds * 1000);
timer.unref();

const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

async function ensurePgDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

/** Reference data: companies, projects, categories with default assignees, agents, the bench user. */
async function reference(database: Database) {
  const db = database.db;
  const hash = await hashPassword(benchPassword);
  const run = (statement: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(db, statement);
  await run(
    sql`insert into company (code, name) select 'BC' || g, 'Bench company ' || g from generate_series(1, 10) g`,
  );
  await run(sql`insert into project (project_code, project_name)
                select 'BP' || g, 'Bench project ' || g from generate_series(1, ${benchProjects}) g`);
  await run(sql`insert into project_company (project_id, company_id)
                select p.id, c.id from project p join company c on (p.id + c.id) % 4 = 0 or c.id = (p.id % 10) + 1
                on conflict do nothing`);
  await run(sql`insert into app_user (login_name, password_hash, real_name, last_name, full_name, email, user_type)
                select 'agent' || g, ${hash}, 'Agent', g::text, 'Agent ' || g, 'agent' || g || '@bench.example', 'Staff'
                  from generate_series(1, ${benchUsers}) g`);
  await run(sql`insert into app_user (login_name, password_hash, real_name, last_name, full_name, email, user_type)
                values ('bench.agent', ${hash}, 'Bench', 'Agent', 'Bench Agent', 'bench.agent@bench.example', 'Staff')`);
  await run(sql`insert into user_role (user_id, role_id)
                select u.id, r.id from app_user u, role r where r.code = 'common' and u.login_name <> 'admin'`);
  // Each agent works in 3 projects; the bench user in 3 of them (about 15% of the tickets).
  await run(sql`insert into user_project (user_id, project_id)
                select u.id, p.id from app_user u join project p on (u.id + p.id) % ${Math.max(1, Math.floor(benchProjects / 3))} = 0
                 where u.login_name like 'agent%' on conflict do nothing`);
  await run(sql`insert into user_project (user_id, project_id)
                select u.id, p.id from app_user u, project p where u.login_name = 'bench.agent' and p.project_code in ('BP1', 'BP2', 'BP3')`);
  await run(sql`insert into category (category_code, category_description, new_ticket_assignee)
                select 'BC-' || p.id || '-' || k, 'Bench category ' || p.id || '.' || k,
                       (select up.user_id from user_project up where up.project_id = p.id order by up.user_id offset k limit 1)
                  from project p, generate_series(0, 2) k`);
  await run(sql`insert into category_project (category_id, project_id)
                select c.id, split_part(c.category_code, '-', 2)::integer from category c where c.category_code like 'BC-%'`);
}

type Category = { id: number; projectId: number; assignee: number | null };

/**
 * A status that fits a ticket's age, with a fifth of them open (issue 28: 200,000 open at 1M): a desk that keeps
 * a backlog of old tickets waiting on customers, approvals and other teams, as large desks do.
 */
function benchStatus(r: Random, ageDays: number): TicketStatus {
  const x = r.next();
  if (ageDays > 30)
    return x < 0.7
      ? 'Closed'
      : x < 0.78
        ? 'Resolved'
        : x < 0.82
          ? 'Cancelled'
          : x < 0.88
            ? 'Pending'
            : x < 0.94
              ? 'InProgress'
              : 'Assigned';
  if (ageDays > 7)
    return x < 0.4 ? 'Closed' : x < 0.6 ? 'Resolved' : x < 0.75 ? 'InProgress' : x < 0.9 ? 'Pending' : 'Assigned';
  return x < 0.1 ? 'Resolved' : x < 0.35 ? 'InProgress' : x < 0.5 ? 'Pending' : x < 0.55 ? 'New' : 'Assigned';
}
type Company = { projectId: number; companyId: number };

const tsv = (v: unknown): string => {
  if (v === null || v === undefined) return '\\N';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `{${v.join(',')}}`;
  return String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
};

const ticketLoadColumns = [
  'id',
  'case_number',
  'subject',
  'content',
  'status',
  'priority',
  'category_id',
  'project_id',
  'company_id',
  'assign_to',
  'ticket_type',
  'ticket_from',
  'open_date',
  'close_date',
  'due_date',
  'sla_policy_id',
  'sla_first_response_due_at',
  'sla_first_response_at',
  'sla_first_response_warn_at',
  'sla_resolution_warn_at',
  'sla_resolved_at',
  'sla_first_response_minutes',
  'sla_resolution_minutes',
  'sla_paused_since',
  'sla_paused_minutes',
  'sla_held_by',
  'sla_next_check_at',
  'opened_by',
  'solved_by',
  'customer',
  'customer_email',
  'telephone',
  'first_name',
  'last_name',
  'private_ticket',
  'grant_access',
  'created_by',
  'created_at',
  'modified_at',
  'doc_a',
  'doc_b',
  'doc_c',
  'doc_d',
] as const;
const commentColumns = ['ticket_id', 'comment', 'public', 'created_by', 'created_at', 'modified_at'] as const;

function generate(
  from: number,
  count: number,
  r: Random,
  clockRandom: Random,
  policies: ChoosablePolicy[],
  categories: Category[],
  companies: Map<number, number[]>,
  agents: number[],
) {
  const tickets: unknown[][] = [];
  const comments: unknown[][] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const id = from + i;
    // Three years of tickets, ids in opening order.
    const ageDays = 1095 * (1 - id / total) + r.next() * 0.2;
    const openDate = new Date(now - ageDays * 86_400_000);
    const cat = categories[Math.floor(Math.pow(r.next(), 1.3) * categories.length)]!;
    const language: Language = r.next() < 0.2 ? (r.next() < 0.7 ? 'zh-cn' : 'zh-tw') : 'en';
    const text = demoText(r, language, r.int(4));
    const status = benchStatus(r, ageDays);
    const priority = demoPriority(r);
    const creator = r.pick(agents);
    const assignTo = status === 'New' ? null : r.next() < 0.7 ? cat.assignee : r.pick(agents);
    const closed = status === 'Closed' || status === 'Cancelled';
    const customer = demoCustomer(r);
    const projectCompanies = companies.get(cat.projectId) ?? [];
    const caseNumber = caseNumberOf(openDate, id);
    const privateTicket = r.next() < 0.03;
    const ticketType = r.pick(['Incident', 'ServiceRequest', 'Change', 'Problem']);
    const ticketFrom = r.pick(['Web', 'Web', 'Email', 'Phone', 'Api']);
    const companyId = projectCompanies.length ? r.pick(projectCompanies) : null;
    const closeDate = closed ? new Date(openDate.getTime() + (1 + r.int(72)) * 3_600_000) : null;
    // The service-level clock as the ticket's life moved it (the demo's own), from a random source of its own.
    const policy = policyFor(policies, {
      projectId: cat.projectId,
      categoryId: cat.id,
      priority,
      ticketType,
      companyId,
    });
    const clock = demoClock(clockRandom, policy, { openDate, status, closeDate }, now);
    tickets.push([
      id,
      caseNumber,
      text.subject,
      text.content,
      status,
      priority,
      cat.id,
      cat.projectId,
      companyId,
      assignTo,
      ticketType,
      ticketFrom,
      openDate,
      // A closed ticket closes once it was resolved.
      closeDate && clock.slaResolvedAt && clock.slaResolvedAt > closeDate ? clock.slaResolvedAt : closeDate,
      clock.dueDate,
      clock.slaPolicyId,
      clock.slaFirstResponseDueAt,
      clock.slaFirstResponseAt,
      clock.slaFirstResponseWarnAt,
      clock.slaResolutionWarnAt,
      clock.slaResolvedAt,
      clock.slaFirstResponseMinutes,
      clock.slaResolutionMinutes,
      clock.slaPausedSince,
      clock.slaPausedMinutes,
      clock.slaHeldBy,
      clock.slaNextCheckAt,
      creator,
      status === 'Resolved' || status === 'Closed' ? assignTo : null,
      customer.customer,
      customer.customerEmail,
      customer.telephone,
      customer.firstName,
      customer.lastName,
      privateTicket,
      privateTicket && r.next() < 0.5 ? [r.pick(agents)] : [],
      creator,
      openDate,
      openDate,
      searchableText(caseNumber, caseNumber.replace(/-/g, ' '), text.subject),
      searchableText(
        customer.customer,
        customer.customerEmail,
        customer.firstName,
        customer.lastName,
        customer.telephone,
      ),
      searchableText(htmlToText(text.content)),
      text.comments.length ? searchableText(text.comments.join('\n')) : null,
    ]);
    text.comments.forEach((comment, k) => {
      const at = new Date(openDate.getTime() + (k + 1) * 3_600_000);
      comments.push([id, comment, k % 2 === 0, assignTo ?? creator, at, at]);
    });
  }
  return { tickets, comments };
}

const clockColumnList = `sla_policy_id, sla_first_response_due_at, sla_first_response_at, sla_first_response_warn_at,
      sla_resolution_warn_at, sla_resolved_at, sla_first_response_minutes, sla_resolution_minutes, sla_paused_since,
      sla_paused_minutes, sla_held_by, sla_next_check_at`;
const fromStaging = `insert into ticket (id, case_number, subject, content, status, priority, category_id, project_id,
      company_id, assign_to, ticket_type, ticket_from, open_date, close_date, due_date, ${clockColumnList}, opened_by,
      solved_by, customer, customer_email, telephone, first_name, last_name, private_ticket, grant_access, created_by,
      created_at, modified_at, search_doc, search_comments)
  overriding system value
  select id, case_number, subject, content, status, priority, category_id, project_id, company_id, assign_to,
         ticket_type, ticket_from, open_date, close_date, due_date, ${clockColumnList}, opened_by, solved_by, customer, customer_email,
         telephone, first_name, last_name, private_ticket, grant_access, created_by, created_at, modified_at,
         setweight(to_tsvector('simple', doc_a), 'A') || setweight(to_tsvector('simple', coalesce(doc_b, '')), 'B')
           || setweight(to_tsvector('simple', coalesce(doc_c, '')), 'C'),
         case when doc_d is null then ''::tsvector else setweight(to_tsvector('simple', doc_d), 'D') end
    from ticket_load`;

async function main() {
  const started = performance.now();
  let database: Database;
  let pool: pg.Pool | undefined;
  if (pgliteDir) {
    database = await openEmbedded(pgliteDir);
  } else {
    await ensurePgDatabase(pgUrl);
    database = await openPostgres(pgUrl, 4);
    pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  }
  const db = database.db;
  const run = (text: string) => rowsOf<Record<string, unknown>>(db, sql.raw(text));
  await database.migrate();
  await seedSystem(db, { adminPassword: process.env.BENCH_ADMIN_PASSWORD ?? benchPassword });
  const [existing] = await run('select count(*)::integer as n from ticket');
  if (Number(existing?.n) > 0) {
    log(`the database already holds ${String(existing?.n)} tickets; drop it to load again`);
    await database.close();
    await pool?.end();
    return;
  }
  await reference(database);
  // The demo's policies, one per priority on the standard Mon-Fri calendar: every ticket has a clock.
  await db.transaction((tx) => seedDemoSlaPolicies(tx));
  const policies = await loadChoosablePolicies(db, new Date(Date.now() - 1200 * 86_400_000).toISOString().slice(0, 10));
  const categories = (await run(
    `select c.id, cp.project_id as "projectId", c.new_ticket_assignee as assignee
       from category c join category_project cp on cp.category_id = c.id where c.category_code like 'BC-%' order by c.id`,
  )) as Category[];
  const companyRows = (await run(
    `select project_id as "projectId", company_id as "companyId" from project_company`,
  )) as Company[];
  const companies = new Map<number, number[]>();
  for (const c of companyRows) companies.set(c.projectId, [...(companies.get(c.projectId) ?? []), c.companyId]);
  const agents = (await run(`select id from app_user where login_name like 'agent%' order by id`)).map((a) =>
    Number(a.id),
  );

  // Indexes and the counters' trigger would slow every row: off during the load, rebuilt after.
  const indexes = (await run(
    `select indexname, indexdef from pg_indexes
      where tablename in ('ticket', 'ticket_comment') and indexname not like '%_pkey'`,
  )) as { indexname: string; indexdef: string }[];
  for (const index of indexes) await run(`drop index ${index.indexname}`);
  await run('alter table ticket disable trigger user');
  await run(`create unlogged table if not exists ticket_load (
      id integer, case_number text, subject text, content text, status text, priority text, category_id integer,
      project_id integer, company_id integer, assign_to integer, ticket_type text, ticket_from text,
      open_date timestamptz, close_date timestamptz, due_date timestamptz, sla_policy_id integer,
      sla_first_response_due_at timestamptz, sla_first_response_at timestamptz, sla_first_response_warn_at timestamptz,
      sla_resolution_warn_at timestamptz, sla_resolved_at timestamptz, sla_first_response_minutes double precision,
      sla_resolution_minutes double precision, sla_paused_since timestamptz, sla_paused_minutes double precision,
      sla_held_by text, sla_next_check_at timestamptz, opened_by integer, solved_by integer,
      customer text, customer_email text, telephone text, first_name text, last_name text, private_ticket boolean,
      grant_access integer[], created_by integer, created_at timestamptz, modified_at timestamptz,
      doc_a text, doc_b text, doc_c text, doc_d text)`);
  log(`reference data ready; loading ${total} tickets in chunks of ${chunkSize}`);

  const r = random(42);
  const clockRandom = random(43);
  let comments = 0;
  const loadStarted = performance.now();
  let pendingInsert: Promise<unknown> = Promise.resolve();
  // Comments wait for their tickets (foreign key): each chunk's are copied once its tickets are in.
  let pendingComments: unknown[][] = [];
  const copy = async (client: pg.PoolClient, table: string, columns: readonly string[], rows: unknown[][]) => {
    if (rows.length === 0) return;
    await pipeline(
      Readable.from(rows.map((row) => `${row.map(tsv).join('\t')}\n`)),
      client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)),
    );
  };
  for (let from = 1; from <= total; from += chunkSize) {
    const count = Math.min(chunkSize, total - from + 1);
    const chunk = generate(from, count, r, clockRandom, policies, categories, companies, agents);
    await pendingInsert;
    comments += chunk.comments.length;
    if (pool) {
      const client = await pool.connect();
      try {
        await copy(client, 'ticket_comment', commentColumns, pendingComments);
        await client.query('truncate ticket_load');
        await copy(client, 'ticket_load', ticketLoadColumns, chunk.tickets);
      } finally {
        client.release();
      }
      pendingComments = chunk.comments;
      // The tsvectors are built by PostgreSQL while the next chunk is generated here.
      pendingInsert = pool.query(fromStaging);
    } else {
      await run('truncate ticket_load');
      const insertRows = async (table: string, columns: readonly string[], rows: unknown[][]) => {
        const perStatement = Math.floor(30_000 / columns.length);
        for (let i = 0; i < rows.length; i += perStatement) {
          const part = rows.slice(i, i + perStatement);
          const values = part.map(
            (row) =>
              sql`(${sql.join(
                row.map((v) => sql`${v instanceof Date ? v.toISOString() : Array.isArray(v) ? `{${v.join(',')}}` : v}`),
                sql`, `,
              )})`,
          );
          await db.execute(
            sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) values ${sql.join(values, sql`, `)}`,
          );
        }
      };
      await insertRows('ticket_load', ticketLoadColumns, chunk.tickets);
      await run(fromStaging);
      await insertRows('ticket_comment', commentColumns, chunk.comments);
    }
    const done = from + count - 1;
    const seconds = (performance.now() - loadStarted) / 1000;
    if (done % (chunkSize * 5) === 0 || done === total)
      log(`${done} tickets, ${comments} comments, ${Math.round((done + comments) / seconds)} rows/s`);
  }
  await pendingInsert;
  if (pool) {
    const client = await pool.connect();
    await copy(client, 'ticket_comment', commentColumns, pendingComments).finally(() => client.release());
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  await run('drop table ticket_load');

  // The history's million rows, index builds and vacuums can outlast the app pool's 60 s query timeout on a busy
  // machine; they run on one connection of the plain pool (no timeout), the one maintenance_work_mem is set on.
  const maintenance = await pool?.connect();
  const maintain = async (text: string) => void (maintenance ? await maintenance.query(text) : await run(text));
  let indexSeconds: number;
  let vacuumSeconds: number;
  try {
    log('history, counters, sequences');
    await maintain(`insert into ticket_history (ticket_id, at, actor_id, kind, changes)
             select id, open_date, created_by, 'created', jsonb_build_object('status', jsonb_build_object('from', null, 'to', 'Assigned'))
               from ticket`);
    await maintain('alter table ticket enable trigger user');
    await maintain('select ticket_stat_rebuild()');
    await maintain(`select setval(pg_get_serial_sequence('ticket', 'id'), (select max(id) from ticket))`);
    await maintain(`select setval('ticket_case_seq', (select max(id) from ticket))`);

    log(`recreating ${indexes.length} indexes`);
    const indexStarted = performance.now();
    if (maintenance) await maintain(`set maintenance_work_mem = '512MB'`);
    for (const index of indexes) await maintain(index.indexdef);
    indexSeconds = (performance.now() - indexStarted) / 1000;

    log('vacuum analyze');
    const vacuumStarted = performance.now();
    for (const table of ['ticket', 'ticket_comment', 'ticket_history', 'ticket_stat', 'app_user', 'user_project'])
      await maintain(`vacuum analyze ${table}`);
    vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  } finally {
    maintenance?.release();
  }
  const [sizes] = await run(
    `select pg_size_pretty(pg_total_relation_size('ticket')) as ticket, pg_size_pretty(pg_total_relation_size('ticket_comment')) as comments`,
  );
  const rows = total + comments;
  console.log(
    `\n| database | tickets | comments | load | load rate | indexes | vacuum analyze | total | ticket size | comment size |\n|---|---|---|---|---|---|---|---|---|---|\n| ${pgliteDir ? 'PGlite' : 'PostgreSQL'} | ${total} | ${comments} | ${loadSeconds.toFixed(0)} s | ${Math.round(rows / loadSeconds)} rows/s (${Math.round(total / loadSeconds)} tickets/s) | ${indexSeconds.toFixed(0)} s | ${vacuumSeconds.toFixed(0)} s | ${((performance.now() - started) / 1000).toFixed(0)} s | ${String(sizes?.ticket)} | ${String(sizes?.comments)} |`,
  );
  await database.close();
  await pool?.end();
}

await main();
