// The data of bench:workflow, set-based (generate_series) straight into the tables of workflow.table.ts:
// BENCH_WF_USERS users, one published workflow, BENCH_WF_RUNNING running instances (one finished and one
// pending task each) and finished instances (three finished tasks each) up to BENCH_WF_FINISHED_TASKS
// finished tasks, every task's action log row and every instance's submit. Assignees are spread evenly (each
// user holds the same number of pending tasks); 2 % of the tasks are held by a delegate for their owner.
import type pg from 'pg';
import type { FlowNode } from '@casedesk/shared';

export const benchCode = 'wfb-main';
/** Business ids of the generated instances start here: no ticket has such an id, none of the bench's tickets collide. */
export const bulkBusinessBase = 1_000_000_000;

/** start → n1 (one approver) → n2 (countersign of two) → end: an approval of n1 resolves n2 and creates two tasks. */
export function benchGraph(approver: number, second: number[]): FlowNode {
  return {
    id: 'start',
    name: 'Start',
    type: 'start',
    next: {
      id: 'n1',
      name: 'Manager approval',
      type: 'approver',
      approvers: { strategy: 'users', ids: [approver] },
      mode: 'any',
      next: {
        id: 'n2',
        name: 'Finance countersign',
        type: 'approver',
        approvers: { strategy: 'users', ids: second },
        mode: 'all',
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  };
}

export type LoadResult = {
  users: number;
  runningInstances: number;
  finishedInstances: number;
  pendingTasks: number;
  finishedTasks: number;
  actions: number;
  seconds: Record<string, number>;
  sizes: Record<string, string>;
};

export async function loadWorkflowData(
  client: pg.Client,
  options: { users: number; running: number; finishedTasks: number; log: (...args: unknown[]) => void },
): Promise<LoadResult> {
  const { users, running, log } = options;
  // Running instances hold one finished task each; finished instances three.
  const finishedInstances = Math.max(0, Math.round((options.finishedTasks - running) / 3));
  const seconds: Record<string, number> = {};
  const step = async (name: string, text: string, params: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, params);
    seconds[name] = (performance.now() - started) / 1000;
    log(`${name}: ${result.rowCount ?? 0} rows in ${seconds[name].toFixed(1)} s`);
    return result;
  };

  // Users sign in with the administrator's password (its hash is copied).
  await step(
    'users',
    `insert into app_user (login_name, password_hash, real_name, last_name, full_name, email, language)
     select 'wfb_u' || g, (select password_hash from app_user where login_name = 'admin'), 'Bench', 'User ' || g,
            'Bench User ' || g, 'wfb_u' || g || '@bench.invalid', (array['en', 'zh-cn', 'zh-tw'])[1 + g % 3]
       from generate_series(1, $1::int) g`,
    [users],
  );
  await client.query(`create temp table wfb_user as
    select (row_number() over (order by id) - 1)::int as n, id from app_user where login_name like 'wfb\\_u%'`);
  await client.query('create unique index on wfb_user (n)');
  const ids = (await client.query<{ id: number }>('select id from wfb_user order by n limit 3')).rows.map((r) => r.id);
  const graph = benchGraph(ids[0]!, [ids[1]!, ids[2]!]);
  const definition = await client.query<{ id: number }>(
    `insert into workflow (code, name, type, status, version, flow_chart, published_at)
     values ($1, 'Purchase approval (bench)', 'Ticket', 'Published', 1, $2, now()) returning id`,
    [benchCode, JSON.stringify(graph)],
  );
  const workflowId = definition.rows[0]!.id;
  const version = await client.query<{ id: number }>(
    `insert into workflow_version (workflow_id, code, version, name, flow_chart)
     values ($1, $2, 1, 'Purchase approval (bench)', $3) returning id`,
    [workflowId, benchCode, JSON.stringify(graph)],
  );
  const versionId = version.rows[0]!.id;

  // Instance g: the newest `running` ones are Running (at n2), the older ones finished (every tenth rejected at
  // n2): pending tasks have the highest ids, as in a real table, and start times go back a year from now.
  await step(
    'instances',
    `insert into workflow_instance (workflow_id, version_id, workflow_code, version, business_type, business_id,
                                    title, status, initiator_id, current_nodes, path, started_at, finished_at)
     select $1, $2, $3, 1, 'Ticket', $4::int + g, 'WFB-' || g || ' Laptop for a new colleague',
            case when g > $6 then 'Running' when g % 10 = 0 then 'Rejected' else 'Approved' end,
            u.id,
            case when g > $6 then array['n2'] else array[]::text[] end,
            case when g > $6 then array['start', 'n1'] else array['start', 'n1', 'n2', 'end'] end,
            now() - make_interval(secs => ($5::int + $6::int - g) * 78.84),
            case when g > $6 then null else now() - make_interval(secs => ($5::int + $6::int - g) * 78.84) + interval '26 hours' end
       from generate_series(1, $5::int + $6::int) g
       join wfb_user u on u.n = (g * 31) % $7
      order by g`,
    [workflowId, versionId, benchCode, bulkBusinessBase, running, finishedInstances, users],
  );
  await client.query(`create temp table wfb_instance as
    select id, business_id - ${bulkBusinessBase} as g, status, started_at from workflow_instance
     where workflow_code = '${benchCode}' and business_id > ${bulkBusinessBase}`);

  // Tasks: n1 (k = 1), n2 countersigned by two (k = 2, 3). A running instance: n1 approved, one n2 task pending
  // (the other n2 signer already approved would be a fourth row; one keeps the counts exact).
  await step(
    'tasks',
    `insert into workflow_task (instance_id, node_id, node_name, kind, owner_id, assignee_id, on_behalf_of_id,
                                status, seq, round, created_at, completed_at)
     select i.id, case when k = 1 then 'n1' else 'n2' end,
            case when k = 1 then 'Manager approval' else 'Finance countersign' end, 'approve',
            o.id, coalesce(d.id, o.id), case when d.id is null then null else o.id end,
            case when i.status = 'Running' and k = 2 then 'Pending'
                 when i.status = 'Rejected' and k = 3 then 'Rejected' else 'Approved' end,
            0, 1, i.started_at + make_interval(hours => (k - 1) * 8),
            case when i.status = 'Running' and k = 2 then null else i.started_at + make_interval(hours => k * 8) end
       from wfb_instance i
       cross join generate_series(1, 3) k
       join wfb_user o on o.n = (i.g * (11 + 6 * k)) % $1
       left join wfb_user d on i.g % 50 = k and d.n = (o.n + 1) % $1
      where i.status <> 'Running' or k <= 2
      order by i.id, k`,
    [users],
  );
  await step(
    'action log',
    `insert into workflow_action (instance_id, task_id, node_id, node_name, action, actor_id, on_behalf_of_id, created_at)
     select t.instance_id, t.id, t.node_id, t.node_name, case t.status when 'Rejected' then 'reject' else 'approve' end,
            t.assignee_id, t.on_behalf_of_id, t.completed_at
       from workflow_task t join wfb_instance i on i.id = t.instance_id
      where t.status <> 'Pending'
     union all
     select i.id, null, 'start', 'Start', 'submit', w.initiator_id, null, i.started_at
       from wfb_instance i join workflow_instance w on w.id = i.id`,
  );
  const started = performance.now();
  await client.query('vacuum analyze app_user, workflow_instance, workflow_task, workflow_action');
  seconds['vacuum analyze'] = (performance.now() - started) / 1000;
  log(`vacuum analyze: ${seconds['vacuum analyze'].toFixed(1)} s`);

  const counts = (
    await client.query<{ pending: string; finished: string; actions: string }>(
      `select (select count(*) from workflow_task where status = 'Pending') as pending,
              (select count(*) from workflow_task where status <> 'Pending') as finished,
              (select count(*) from workflow_action) as actions`,
    )
  ).rows[0]!;
  const sizes = (
    await client.query<{ name: string; size: string }>(
      `select c.relname as name, pg_size_pretty(pg_total_relation_size(c.oid)) as size from pg_class c
        where c.relname in ('workflow_instance', 'workflow_task', 'workflow_action') order by 1`,
    )
  ).rows;
  return {
    users,
    runningInstances: running,
    finishedInstances,
    pendingTasks: Number(counts.pending),
    finishedTasks: Number(counts.finished),
    actions: Number(counts.actions),
    seconds,
    sizes: Object.fromEntries(sizes.map((s) => [s.name, s.size])),
  };
}
