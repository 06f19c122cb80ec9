import { describe, expect, it } from 'vitest';
import type { FlowNode, WorkflowActionName, WorkflowInstanceInfo } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import type { Staff } from '../../../test/ticket-factories.js';
import {
  act,
  approvalWorld,
  approve,
  approver,
  chain,
  end,
  myTask,
  person,
  publishWorkflow,
  start,
  submit,
  workflowCall,
} from '../../../test/workflow-factories.js';

/*
 * One rule feeds both the check and the button: for instances in several states, every action Info offers a
 * caller is accepted by its route, and every action it does not offer is refused (403 or 409, never carried out).
 */

const ctx = useTestApp();

const roles = ['initiator', 'a', 'b', 'c', 'admin'] as const;
type Role = (typeof roles)[number];
type World = { instanceId: number; people: Record<Role, Staff>; spare: Staff };

/** One call to try: an instance action (`taskIndex` null) or an action on the instance's n-th task. */
type Call = { action: WorkflowActionName; taskIndex: number | null };

const instanceActions: WorkflowActionName[] = ['cancel', 'recall', 'urge'];
const taskActions: WorkflowActionName[] = [
  'resubmit',
  'approve',
  'reject',
  'return',
  'assign',
  'transfer',
  'handoff',
  'removeSigner',
  'reassign',
];
const routes: Partial<Record<WorkflowActionName, string>> = {
  cancel: 'WorkflowInstance/Cancel',
  recall: 'WorkflowInstance/Recall',
  urge: 'WorkflowInstance/Urge',
  resubmit: 'WorkflowInstance/Resubmit',
  approve: 'WorkflowInstance/Approve',
  reject: 'WorkflowInstance/Reject',
  return: 'WorkflowInstance/Return',
  assign: 'WorkflowInstance/Assign',
  transfer: 'WorkflowInstance/Transfer',
  handoff: 'WorkflowTask/Handoff',
  removeSigner: 'WorkflowTask/RemoveSigner',
  reassign: 'WorkflowTask/Reassign',
};

/** A body the route accepts as far as its own checks go (a reason given, someone new to hand work to). */
function bodyOf(call: Call, world: World, taskId: number | null) {
  const comment = 'because';
  const spare = world.spare.id;
  switch (call.action) {
    case 'cancel':
    case 'recall':
      return { instanceId: world.instanceId, comment };
    case 'urge':
      return { instanceId: world.instanceId };
    case 'return':
      return { taskId, comment, targetNodeId: 'start' };
    case 'assign':
      return { taskId, comment, userIds: [spare], position: 'after' };
    case 'transfer':
    case 'handoff':
    case 'reassign':
      return { taskId, comment, userId: spare };
    default:
      return { taskId, comment };
  }
}

/** What Info offers the caller: its instance actions, and each task row's actions. */
function offered(info: WorkflowInstanceInfo, call: Call): boolean {
  if (call.taskIndex === null) return info.actions.includes(call.action);
  return info.tasks[call.taskIndex]!.actions?.includes(call.action) ?? false;
}

/** The other places Info says the same: the caller's own tasks, and the instance's reassign and removeSigner. */
function expectConsistent(info: WorkflowInstanceInfo) {
  for (const mine of info.myTasks)
    expect(info.tasks.find((task) => task.id === mine.taskId)?.actions).toEqual(expect.arrayContaining(mine.actions));
  for (const action of ['reassign', 'removeSigner'] as const)
    expect(info.actions.includes(action)).toBe(info.tasks.some((task) => task.actions?.includes(action)));
}

/** `tasks`: the instance's tasks when the caller already read them (refusals change nothing). */
async function send(world: World, role: Role, call: Call, tasks?: WorkflowInstanceInfo['tasks']) {
  const who = world.people[role];
  tasks ??= (await infoOfAdmin(world)).tasks;
  const taskId = call.taskIndex === null ? null : tasks[call.taskIndex]!.id;
  return workflowCall(ctx, who, routes[call.action]!, bodyOf(call, world, taskId));
}

async function infoOfAdmin(world: World) {
  const response = await ctx.call('GET', `/api/WorkflowInstance/Info/${world.instanceId}`, {
    token: world.people.admin.token,
  });
  return response.body.data as WorkflowInstanceInfo;
}

/** Tries every call for every caller who sees the instance; offered ones each on a fresh copy of the state. */
async function offeredAreAcceptedOthersRefused(build: () => Promise<World>): Promise<string[]> {
  const world = await build();
  const accepted: { role: Role; call: Call }[] = [];
  const { tasks, log } = await infoOfAdmin(world);
  const calls: Call[] = [
    ...instanceActions.map((action) => ({ action, taskIndex: null })),
    ...tasks.flatMap((_, taskIndex) => taskActions.map((action) => ({ action, taskIndex }))),
  ];
  for (const role of roles) {
    const who = world.people[role];
    const seen = await ctx.call('GET', `/api/WorkflowInstance/Info/${world.instanceId}`, { token: who.token });
    if (seen.status === 404) continue;
    const info = seen.body.data as WorkflowInstanceInfo;
    expectConsistent(info);
    for (const call of calls) {
      if (offered(info, call)) {
        accepted.push({ role, call });
        continue;
      }
      const refused = await send(world, role, call, tasks);
      expect([403, 409], `${role} ${call.action} #${call.taskIndex}: not offered, ${refused.raw}`).toContain(
        refused.status,
      );
    }
  }
  // The refusals changed nothing.
  expect((await infoOfAdmin(world)).log).toEqual(log);
  for (const { role, call } of accepted) {
    const fresh = await build();
    const answer = await send(fresh, role, call);
    expect(answer.status, `${role} ${call.action} #${call.taskIndex}: offered, ${answer.raw}`).toBe(200);
  }
  return accepted.map(
    ({ role, call }) => `${role} ${call.action}${call.taskIndex === null ? '' : ` #${call.taskIndex}`}`,
  );
}

/** A world whose instance runs `graph(a, b)`, moved on by `then`. */
function worldOf(graph: (ids: Record<'a' | 'b', number>) => FlowNode, then?: (world: World) => Promise<void>) {
  return async (): Promise<World> => {
    const w = await approvalWorld(ctx);
    const [a, b, c, spare] = [await person(ctx), await person(ctx), await person(ctx), await person(ctx)];
    const admin = await person(ctx, ['workflow:view', 'workflow:edit']);
    await publishWorkflow(ctx, graph({ a: a.id, b: b.id }), { projectId: w.projectId });
    const { instance } = await submit(ctx, w.initiator, w.ticketId);
    const world = { instanceId: instance.id, people: { initiator: w.initiator, a, b, c, admin }, spare };
    await then?.(world);
    return world;
  };
}

const sequence = (ids: Record<'a' | 'b', number>) => chain(start(), approver('n', [ids.a, ids.b], 'sequence'), end());
const twoSteps =
  (startExtra = {}) =>
  (ids: Record<'a' | 'b', number>) =>
    chain(start(startExtra), approver('n1', [ids.a]), approver('n2', [ids.b]), end());

describe('workflow.policy: what Info offers is what the actions accept', () => {
  it('sequence: the first signer decides, the second waits (an administrator reassigns only the stuck one)', async () => {
    const accepted = await offeredAreAcceptedOthersRefused(worldOf(sequence));
    expect(accepted).toEqual(
      expect.arrayContaining([
        'a approve #0',
        'a handoff #0',
        'initiator cancel',
        'initiator urge',
        'admin cancel',
        'admin reassign #0',
      ]),
    );
    expect(accepted).not.toContain('admin reassign #1');
  });

  it('returned to the initiator: they resubmit', async () => {
    const accepted = await offeredAreAcceptedOthersRefused(
      worldOf(twoSteps(), async (world) => {
        const task = await myTask(ctx, world.people.a, world.instanceId);
        await act(ctx, world.people.a, 'WorkflowInstance/Return', {
          taskId: task.taskId,
          comment: 'fix',
          targetNodeId: 'start',
        });
      }),
    );
    expect(accepted).toEqual(expect.arrayContaining(['initiator resubmit #1', 'initiator cancel']));
    // Nobody but the initiator waits on it: nothing to urge.
    expect(accepted).not.toContain('initiator urge');
  });

  it('approved at the first step: its approver recalls, the next one decides', async () => {
    const accepted = await offeredAreAcceptedOthersRefused(
      worldOf(twoSteps(), async (world) => void (await approve(ctx, world.people.a, world.instanceId))),
    );
    expect(accepted).toEqual(expect.arrayContaining(['a recall', 'b approve #1', 'b return #1']));
  });

  it('a signer added before, and a hand-off: the adder removes the signer; the reviewer answers', async () => {
    const accepted = await offeredAreAcceptedOthersRefused(
      worldOf(sequence, async ({ people, instanceId }) => {
        const task = await myTask(ctx, people.a, instanceId);
        await act(ctx, people.a, 'WorkflowInstance/Assign', {
          taskId: task.taskId,
          userIds: [people.c.id],
          position: 'before',
        });
      }),
    );
    expect(accepted).toEqual(expect.arrayContaining(['a removeSigner #2', 'c approve #2', 'c assign #2']));
    const reviewed = await offeredAreAcceptedOthersRefused(
      worldOf(sequence, async ({ people, instanceId }) => {
        const task = await myTask(ctx, people.a, instanceId);
        await act(ctx, people.a, 'WorkflowTask/Handoff', { taskId: task.taskId, userId: people.c.id });
      }),
    );
    expect(reviewed).toEqual(expect.arrayContaining(['c approve #2', 'c reject #2']));
    expect(reviewed).not.toContain('c return #2');
  });

  it('a workflow without cancel or recall, and a finished instance: nothing more than the rules allow', async () => {
    const strict = await offeredAreAcceptedOthersRefused(
      worldOf(
        twoSteps({ allowCancel: false, allowRecall: false }),
        async (world) => void (await approve(ctx, world.people.a, world.instanceId)),
      ),
    );
    expect(strict).not.toContain('initiator cancel');
    expect(strict).not.toContain('a recall');
    expect(strict).toContain('admin cancel');
    const finished = await offeredAreAcceptedOthersRefused(
      worldOf(twoSteps(), async (world) => {
        await approve(ctx, world.people.a, world.instanceId);
        await approve(ctx, world.people.b, world.instanceId);
      }),
    );
    expect(finished).toEqual([]);
  });
});
