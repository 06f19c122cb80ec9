import { and, asc, eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, useTestApp, type TestUser } from '../../../test/helpers.js';
import { emitDomainEvent, type WorkflowFinishedEvent, type WorkflowTaskEvent } from '../../platform/events.js';
import { email } from '../email/index.js';
import { notification } from '../notification/index.js';
import { appUser } from '../user/index.js';
import { workflow, workflowInstance, workflowVersion } from './workflow.table.js';

// Links in mails point at SYSTEM_URL.
const ctx = useTestApp({ systemUrl: 'https://desk.example.test' });

let instances = 0;

/** A published workflow and a running instance of it, started by `initiator` (rows only: no engine needed). */
async function runningInstance(initiator: TestUser) {
  const n = ++instances;
  const [w] = await ctx.db
    .insert(workflow)
    .values({ code: `wf_notify_${n}_${Date.now()}`, name: `Purchase approval ${n}`, type: 'Ticket', version: 1 })
    .returning();
  const chart = { id: 'start', name: 'Start', type: 'start' as const };
  const [v] = await ctx.db
    .insert(workflowVersion)
    .values({ workflowId: w!.id, code: w!.code, version: 1, name: w!.name, flowChart: chart })
    .returning();
  const [i] = await ctx.db
    .insert(workflowInstance)
    .values({
      workflowId: w!.id,
      versionId: v!.id,
      workflowCode: w!.code,
      version: 1,
      businessType: 'Ticket',
      businessId: 100_000 + n,
      title: `TCK-${n} New laptop`,
      initiatorId: initiator.id,
    })
    .returning();
  return { workflowName: w!.name, instance: i! };
}

async function person(values: Partial<typeof appUser.$inferInsert> = {}) {
  const user = await createUser(ctx, { values: { fullName: null, ...values } });
  return { ...user, address: `${user.loginName}@example.test` };
}

/** Emits the events in one transaction and answers the mails and notifications it wrote. */
async function emit(...events: (WorkflowTaskEvent | WorkflowFinishedEvent)[]) {
  const mailsBefore = await maxId('email');
  const notesBefore = await maxId('notification');
  await ctx.db.transaction(async (tx) => {
    for (const event of events) await emitDomainEvent(tx, event);
  });
  return {
    mails: await ctx.db.select().from(email).where(gt(email.id, mailsBefore)).orderBy(asc(email.id)),
    notes: await ctx.db
      .select()
      .from(notification)
      .where(gt(notification.id, notesBefore))
      .orderBy(asc(notification.id)),
  };
}

/** The newest id of a table (what an emit wrote comes after it). */
async function maxId(table: 'email' | 'notification'): Promise<number> {
  const t = table === 'email' ? email : notification;
  const [row] = await ctx.db.select({ id: max(t.id) }).from(t);
  return row?.id ?? 0;
}

function taskEvent(
  instance: { id: number; title: string },
  assigneeId: number,
  more: Partial<WorkflowTaskEvent> = {},
): WorkflowTaskEvent {
  return {
    type: 'workflow.task',
    kind: 'approve',
    taskId: 1,
    instanceId: instance.id,
    assigneeId,
    onBehalfOfId: null,
    title: instance.title,
    nodeId: 'manager',
    nodeName: 'Manager approval',
    path: `/workflow/instance/info/${instance.id}`,
    actorId: null,
    ...more,
  };
}

function finishedEvent(
  instance: Pick<WorkflowFinishedEvent, 'businessType' | 'businessId'> & {
    id: number;
    title: string;
    initiatorId: number;
  },
  status: WorkflowFinishedEvent['status'],
  actorId: number | null,
): WorkflowFinishedEvent {
  return {
    type: 'workflow.finished',
    instanceId: instance.id,
    initiatorId: instance.initiatorId,
    status,
    businessType: instance.businessType,
    businessId: instance.businessId,
    title: instance.title,
    path: `/workflow/instance/info/${instance.id}`,
    actorId,
  };
}

describe('workflow.task → approval task mail and bell', () => {
  it('tells the holder of a waiting task by mail (in their language) and in the bell, linking the instance page', async () => {
    const initiator = await person({ fullName: 'Iris Initiator' });
    const approver = await person({ fullName: 'Alex Approver' });
    const chinese = await person({ language: 'zh-cn' });
    const { instance, workflowName } = await runningInstance(initiator);
    const { mails, notes } = await emit(
      taskEvent(instance, approver.id, { actorId: initiator.id }),
      taskEvent(instance, chinese.id, { actorId: initiator.id }),
    );

    expect(mails.map((m) => [m.to, m.event, m.language])).toEqual([
      [[approver.address], 'approvalTask', 'en'],
      [[chinese.address], 'approvalTask', 'zh-cn'],
    ]);
    const [english, zh] = mails;
    expect(english!.subject).toBe(`Waiting for your approval: ${instance.title}`);
    expect(english!.body).toContain('Hello Alex Approver');
    expect(english!.body).toContain('Manager approval');
    expect(english!.body).toContain(workflowName);
    expect(english!.body).toContain('submitted by Iris Initiator');
    expect(english!.body).toContain(`href="https://desk.example.test/workflow/instance/info/${instance.id}"`);
    expect(english!.body).not.toContain('on behalf of');
    expect(english!.ticketId).toBeNull();
    expect(english!.createdBy).toBe(initiator.id);
    expect(zh!.subject).toBe(`等待您审批：${instance.title}`);

    expect(notes.map((n) => [n.toUserId, n.msType, n.titleKey, n.content])).toEqual([
      [approver.id, 'approvalTask', 'approvalTask', 'Manager approval'],
      [chinese.id, 'approvalTask', 'approvalTask', 'Manager approval'],
    ]);
    expect(notes[0]!.title).toBe(`${instance.title} waits for your approval`);
    expect(notes[1]!.title).toBe(`${instance.title} 等待您审批`);
    expect(notes[0]!.fromUserId).toBe(initiator.id);
    expect(notes[0]!.linkData).toEqual({
      path: `/workflow/instance/info/${instance.id}`,
      entity: 'WorkflowInstance',
      id: instance.id,
    });
  });

  it('names the owner when a delegate holds the task', async () => {
    const initiator = await person();
    const owner = await person({ fullName: 'Olga Owner' });
    const delegate = await person({ language: 'zh-tw' });
    const { instance } = await runningInstance(initiator);
    const { mails, notes } = await emit(taskEvent(instance, delegate.id, { onBehalfOfId: owner.id }));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([delegate.address]);
    expect(mails[0]!.body).toContain('您作為 Olga Owner 的受託人處理此任務');
    expect(notes.map((n) => [n.toUserId, n.titleKey, n.titleValues])).toEqual([
      [delegate.id, 'approvalTaskOnBehalf', { title: instance.title, owner: 'Olga Owner' }],
    ]);
    expect(notes[0]!.title).toBe(`${instance.title} 等待您審批（代 Olga Owner）`);
  });

  it('words a return to the initiator, a review and a reminder as what they are', async () => {
    const initiator = await person();
    const approver = await person({ fullName: 'Alex Approver' });
    const reviewer = await person();
    const { instance } = await runningInstance(initiator);
    const { mails, notes } = await emit(
      taskEvent(instance, initiator.id, { kind: 'resubmit', nodeName: 'Start', actorId: approver.id }),
      taskEvent(instance, reviewer.id, { kind: 'review', actorId: approver.id }),
      taskEvent(instance, approver.id, { kind: 'remind', actorId: null }),
    );
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      [initiator.address, `Returned to you: ${instance.title}`],
      [reviewer.address, `For your review: ${instance.title}`],
      [approver.address, `Reminder: Waiting for your approval: ${instance.title}`],
    ]);
    expect(mails[0]!.body).toContain('returned to you at the step "Start" by Alex Approver');
    expect(mails[1]!.body).toContain('Alex Approver asks for your review');
    expect(notes.map((n) => [n.toUserId, n.titleKey])).toEqual([
      [initiator.id, 'approvalResubmit'],
      [reviewer.id, 'approvalReview'],
      [approver.id, 'approvalReminder'],
    ]);
  });

  it('rings the bell for a copy (cc) but sends no mail', async () => {
    const initiator = await person();
    const reader = await person();
    const { instance } = await runningInstance(initiator);
    const { mails, notes } = await emit(taskEvent(instance, reader.id, { kind: 'cc', nodeName: 'Copy to finance' }));
    expect(mails).toEqual([]);
    expect(notes.map((n) => [n.toUserId, n.msType, n.titleKey, n.content])).toEqual([
      [reader.id, 'approvalTask', 'approvalCc', 'Copy to finance'],
    ]);
  });

  it('tells nobody of their own action; no mail to a user who takes none, nothing to an inactive user', async () => {
    const initiator = await person();
    const self = await person();
    const noMail = await person({ canEmail: false });
    const inactive = await person({ status: 'Inactive' });
    const deleted = await person({ deletedAt: new Date() });
    const { instance } = await runningInstance(initiator);
    const { mails, notes } = await emit(
      // Transferred back to themself, or the initiator's own resubmit task after their own action.
      taskEvent(instance, self.id, { actorId: self.id }),
      taskEvent(instance, noMail.id),
      taskEvent(instance, inactive.id),
      taskEvent(instance, deleted.id),
    );
    expect(mails).toEqual([]);
    expect(notes.map((n) => n.toUserId)).toEqual([noMail.id]);
  });

  it('writes nothing when the action that caused it rolls back', async () => {
    const initiator = await person();
    const approver = await person();
    const { instance } = await runningInstance(initiator);
    const mailsBefore = await maxId('email');
    const notesBefore = await maxId('notification');
    await expect(
      ctx.db.transaction(async (tx) => {
        await emitDomainEvent(tx, taskEvent(instance, approver.id));
        throw new Error('the action failed after its event');
      }),
    ).rejects.toThrow('the action failed');
    expect(await maxId('email')).toBe(mailsBefore);
    expect(await maxId('notification')).toBe(notesBefore);
  });
});

describe('workflow.finished → the initiator hears the outcome', () => {
  it('mails and rings the initiator on approval and rejection, in their language, naming who decided', async () => {
    const initiator = await person({ language: 'zh-tw' });
    const approver = await person({ fullName: 'Alex Approver' });
    const { instance } = await runningInstance(initiator);
    const approved = await emit(finishedEvent(instance, 'Approved', approver.id));
    expect(approved.mails.map((m) => [m.to, m.event, m.language, m.subject])).toEqual([
      [[initiator.address], 'approvalFinished', 'zh-tw', `審批核准：${instance.title}`],
    ]);
    expect(approved.mails[0]!.body).toContain('已由 Alex Approver 核准');
    expect(approved.notes.map((n) => [n.toUserId, n.msType, n.titleKey, n.title])).toEqual([
      [initiator.id, 'approvalFinished', 'approvalApproved', `${instance.title} 已核准`],
    ]);

    const english = await person();
    const second = await runningInstance(english);
    const rejected = await emit(finishedEvent(second.instance, 'Rejected', approver.id));
    expect(rejected.mails.map((m) => m.subject)).toEqual([`Rejected: ${second.instance.title}`]);
    expect(rejected.mails[0]!.body).toContain('has been rejected by Alex Approver');
    expect(rejected.notes.map((n) => n.titleKey)).toEqual(['approvalRejected']);
    // The engine's own decision (a timeout) names nobody.
    const timedOut = await emit(finishedEvent(second.instance, 'Approved', null));
    expect(timedOut.mails[0]!.body).toContain('has been approved.');
    expect(timedOut.notes[0]!.fromUserId).toBeNull();
  });

  it("says nothing of the initiator's own cancel; an administrator's cancel is told", async () => {
    const initiator = await person();
    const adminUser = await person({ fullName: 'Ada Admin' });
    const { instance } = await runningInstance(initiator);
    const own = await emit(finishedEvent(instance, 'Cancelled', initiator.id));
    expect(own.mails).toEqual([]);
    expect(own.notes).toEqual([]);
    const byAdmin = await emit(finishedEvent(instance, 'Cancelled', adminUser.id));
    expect(byAdmin.mails.map((m) => m.subject)).toEqual([`Cancelled: ${instance.title}`]);
    expect(byAdmin.mails[0]!.body).toContain('has been cancelled by Ada Admin');
    expect(byAdmin.notes.map((n) => n.titleKey)).toEqual(['approvalCancelled']);
  });

  it('respects canEmail: the bell still rings', async () => {
    const initiator = await person({ canEmail: false });
    const approver = await person();
    const { instance } = await runningInstance(initiator);
    const { mails, notes } = await emit(finishedEvent(instance, 'Approved', approver.id));
    expect(mails).toEqual([]);
    expect(notes.map((n) => n.toUserId)).toEqual([initiator.id]);
    const [row] = await ctx.db
      .select({ id: notification.id })
      .from(notification)
      .where(and(eq(notification.toUserId, initiator.id), eq(notification.msType, 'approvalFinished')));
    expect(row).toBeDefined();
  });
});
