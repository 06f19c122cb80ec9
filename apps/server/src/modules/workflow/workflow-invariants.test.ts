import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FlowBranch, FlowNode, WorkflowActionName } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { rowsOf } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { createUser, useTestApp } from '../../../test/helpers.js';
import { addTicket, ticketWorld } from '../../../test/ticket-factories.js';
import { chain, publishWorkflow } from '../../../test/workflow-factories.js';
import { approveTask, rejectTask, returnTask } from './workflow-decide.service.js';
import { cancelInstance, recallApproval } from './workflow-instance-actions.service.js';
import { assignSigners, handoffTask, removeSigner, transferTask } from './workflow-people.service.js';
import { resubmitInstance, submitRecord } from './workflow-submit.service.js';
import { instanceInfo } from './workflow-instance.queries.js';
import { workflowAction, workflowRegistry, workflowTask } from './workflow.table.js';

const ctx = useTestApp();

/** A seeded PRNG (mulberry32): a failing run is repeated exactly by its seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const some = <T>(list: readonly T[], min = 1, max = 3): T[] => {
    const count = Math.min(list.length, min + int(max - min + 1));
    return [...list].sort(() => next() - 0.5).slice(0, count);
  };
  return { next, int, pick, some };
}
type Random = ReturnType<typeof prng>;

const actorOf = (userId: number, permissions: string[] = []): Actor => ({
  userId,
  loginName: `u${userId}`,
  sessionId: 'property',
  tokenExp: Number.MAX_SAFE_INTEGER,
  permissions: new Set(permissions),
  roles: [],
  projects: [],
  privateTicket: false,
  needToChangePwd: false,
  dataScope: 'all',
});

/** A random valid block-structured graph over these users (the initiator among them now and then). */
function randomGraph(random: Random, users: number[]): FlowNode {
  let counter = 0;
  const id = () => `n${++counter}`;
  const approverNode = (): FlowNode => {
    const mode = random.pick(['any', 'all', 'percent', 'sequence'] as const);
    return {
      id: id(),
      name: `Approver ${counter}`,
      type: 'approver',
      approvers: { strategy: 'users', ids: random.some(users, 0, 3) },
      mode,
      ...(mode === 'percent' ? { percent: random.pick([34, 50, 100]) } : {}),
      selfApprover: random.pick(['approve', 'skip'] as const),
      skipIfApproved: random.next() < 0.3,
      onReject: random.pick(['end', 'returnToInitiator'] as const),
      noApprover: random.next() < 0.2 ? { action: 'reject' } : { action: 'autoApprove' },
    };
  };
  const element = (depth: number): FlowNode => {
    const roll = random.next();
    if (depth < 2 && roll < 0.15) {
      const branches: FlowBranch[] = [
        {
          name: 'High',
          condition: { field: 'priority', op: 'in', value: ['High', 'Urgent'] },
          next: chain(...block(depth + 1)),
        },
        { name: 'Other', isDefault: true, next: random.next() < 0.3 ? null : chain(...block(depth + 1)) },
      ];
      return { id: id(), name: `Condition ${counter}`, type: 'condition', branches };
    }
    if (depth < 2 && roll < 0.3) {
      const branches: FlowBranch[] = [0, 1].map((i) => ({ name: `B${i}`, next: chain(...block(depth + 1)) }));
      return { id: id(), name: `Parallel ${counter}`, type: 'parallel', branches };
    }
    if (roll < 0.4)
      return { id: id(), name: `CC ${counter}`, type: 'cc', approvers: { strategy: 'users', ids: random.some(users) } };
    return approverNode();
  };
  const block = (depth: number): FlowNode[] =>
    Array.from({ length: 1 + random.int(depth ? 2 : 3) }, () => element(depth));
  return chain({ id: 'start', name: 'Start', type: 'start' }, ...block(0), { id: 'end', name: 'End', type: 'end' });
}

/** The four invariants of the issue, over every instance of the database. */
async function checkInvariants(instanceId: number, context: string) {
  const running = await rowsOf<{ id: number }>(
    ctx.db,
    sql`select i.id from workflow_instance i where i.id = ${instanceId} and i.status = 'Running'
          and not exists (select 1 from workflow_task t where t.instance_id = i.id and t.status = 'Pending' and t.kind <> 'waiting')`,
  );
  expect(running, `${context}: a running instance without a pending task`).toEqual([]);
  const doubled = await rowsOf<{ node_id: string; assignee_id: number }>(
    ctx.db,
    sql`select node_id, assignee_id from workflow_task where instance_id = ${instanceId} and status = 'Pending'
         group by node_id, assignee_id having count(*) > 1`,
  );
  expect(doubled, `${context}: a user with two pending tasks on one node`).toEqual([]);
  const unlogged = await rowsOf<{ id: number; status: string }>(
    ctx.db,
    sql`select t.id, t.status from workflow_task t where t.instance_id = ${instanceId}
          and t.status in ('Approved','Rejected','Returned','Transferred','Skipped') and t.kind <> 'cc'
          and not exists (select 1 from workflow_action a where a.task_id = t.id)`,
  );
  expect(unlogged, `${context}: a decided task without its log row`).toEqual([]);
  const finishedOpen = await rowsOf<{ id: number }>(
    ctx.db,
    sql`select i.id from workflow_instance i where i.id = ${instanceId} and i.status <> 'Running'
          and exists (select 1 from workflow_task t where t.instance_id = i.id and t.status = 'Pending')`,
  );
  expect(finishedOpen, `${context}: a finished instance with a pending task`).toEqual([]);
}

const logCount = async (instanceId: number) =>
  (await ctx.db.select({ id: workflowAction.id }).from(workflowAction).where(eq(workflowAction.instanceId, instanceId)))
    .length;

/** What a refusal may be: the rules' own answers, never a crash. */
function expectRefusal(error: unknown, context: string) {
  if (!(error instanceof AppError)) throw error;
  expect(['BAD_REQUEST', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN'], context).toContain(error.code);
}

describe('invariants under random actions (seeded)', () => {
  it('hold after every step of random sequences by random users over random valid definitions', async () => {
    const world = await ticketWorld(ctx);
    const initiator = actorOf(world.agent.id, ['ticket:view', 'ticket:edit']);
    const users = [world.agent.id];
    for (let i = 0; i < 5; i++) users.push((await createUser(ctx)).id);
    const admin = actorOf((await createUser(ctx)).id, ['workflow:view', 'workflow:edit']);
    const seeds = Array.from({ length: Number(process.env.WORKFLOW_PROPERTY_RUNS ?? 12) }, (_, i) => 1000 + i);
    let steps = 0;
    let successes = 0;
    for (const seed of seeds) {
      const random = prng(seed);
      const graph = randomGraph(random, users);
      const project = world.projectId;
      const code = await publishWorkflow(ctx, graph, { projectId: project, registry: false });
      const ticket = await addTicket(ctx, world.agent.token, {
        projectId: project,
        categoryId: world.categoryId,
        priority: random.pick(['Low', 'High'] as const),
      });
      // Bind this workflow for exactly this ticket (other seeds' tickets keep theirs).
      await ctx.db.insert(workflowRegistry).values({
        businessType: 'Ticket',
        workflowCode: code.code,
        conditions: [{ field: 'subject', op: 'eq', value: `seed-${seed}` }],
        priority: 1,
      });
      await ctx.db.execute(sql`update ticket set subject = ${`seed-${seed}`} where id = ${ticket.id}`);
      const context = (step: string) => `seed ${seed}, ${step}`;
      let info;
      try {
        info = await submitRecord(ctx.db, initiator, { businessType: 'Ticket', businessId: ticket.id });
      } catch (error) {
        expectRefusal(error, context('submit'));
        continue;
      }
      let instanceId = info.instance.id;
      let submissions = 1;
      await checkInvariants(instanceId, context('submit'));
      for (let step = 0; step < 40; step++) {
        const pending = await ctx.db.select().from(workflowTask).where(eq(workflowTask.instanceId, instanceId));
        const open = pending.filter((t) => t.status === 'Pending' && t.kind !== 'waiting');
        if (open.length === 0) {
          // Finished: the record may be submitted again (a new instance), a few times per definition.
          if (submissions >= 3) break;
          submissions += 1;
          instanceId = (await submitRecord(ctx.db, initiator, { businessType: 'Ticket', businessId: ticket.id }))
            .instance.id;
          await checkInvariants(instanceId, context(`submit ${submissions}`));
          continue;
        }
        const task = random.next() < 0.9 ? random.pick(open) : random.pick(pending);
        // Mostly the holder acts; sometimes someone else does (who must be refused without a change).
        const userId = random.next() < 0.85 ? random.pick([task.assigneeId, task.ownerId]) : random.pick(users);
        const actor = userId === initiator.userId ? initiator : actorOf(userId);
        const other = random.pick(users);
        const action: WorkflowActionName =
          task.kind === 'resubmit'
            ? random.pick(['resubmit', 'resubmit', 'cancel'] as const)
            : random.pick([
                'approve',
                'approve',
                'approve',
                'reject',
                'return',
                'assign',
                'transfer',
                'handoff',
                'recall',
                'removeSigner',
                'cancel',
              ] as const);
        const before = await logCount(instanceId);
        const label = context(`step ${step}: ${action} of task ${task.id} (${task.kind}) by ${userId}`);
        try {
          switch (action) {
            case 'approve':
              await approveTask(ctx.db, actor, { taskId: task.id, comment: 'ok' });
              break;
            case 'reject':
              await rejectTask(ctx.db, actor, { taskId: task.id, comment: 'no' });
              break;
            case 'return': {
              const view = await ctx.db.transaction((tx) => instanceInfo(tx, actorOf(task.assigneeId), instanceId));
              const offered = view.myTasks.find((t) => t.taskId === task.id)?.returnTargets ?? [];
              const targets = offered.length ? offered : [{ nodeId: 'start' }];
              await returnTask(ctx.db, actor, {
                taskId: task.id,
                comment: 'back',
                targetNodeId: random.pick(targets).nodeId,
              });
              break;
            }
            case 'assign':
              await assignSigners(ctx.db, actor, {
                taskId: task.id,
                userIds: [other],
                position: random.pick(['before', 'after'] as const),
              });
              break;
            case 'transfer':
              await transferTask(ctx.db, actor, { taskId: task.id, userId: other });
              break;
            case 'handoff':
              await handoffTask(ctx.db, actor, { taskId: task.id, userId: other });
              break;
            case 'recall':
              await recallApproval(ctx.db, actorOf(random.pick(users)), { instanceId });
              break;
            case 'removeSigner': {
              const added = pending.filter((t) => t.addedBy !== null && t.status === 'Pending');
              const target = added.length ? random.pick(added) : task;
              await removeSigner(ctx.db, actorOf(target.addedBy ?? userId), { taskId: target.id });
              break;
            }
            case 'cancel':
              await cancelInstance(ctx.db, random.next() < 0.5 ? initiator : admin, { instanceId, comment: 'stop' });
              break;
            case 'resubmit':
              await resubmitInstance(ctx.db, actor, { taskId: task.id });
              break;
            default:
              break;
          }
          successes += 1;
          // Every state change has its log row.
          expect(await logCount(instanceId), `${label}: no log row`).toBeGreaterThan(before);
        } catch (error) {
          if (error instanceof Error && error.name === 'AssertionError') throw error;
          expectRefusal(error, label);
          // A refusal changes nothing.
          expect(await logCount(instanceId), `${label}: refused but logged`).toBe(before);
        }
        steps += 1;
        await checkInvariants(instanceId, label);
      }
    }
    console.log(`property: ${seeds.length} definitions, ${steps} steps, ${successes} applied`);
    expect(steps).toBeGreaterThan(50);
    expect(successes).toBeGreaterThan(25);
  });
});
