import { describe, expect, it } from 'vitest';
import { holiday } from '../setting/setting.table.js';
import { createUser, useTestApp } from '../../../test/helpers.js';
import { approvalWorld, approver, infoOf, person, submitThrough } from '../../../test/workflow-factories.js';
import { runWorkflowTimeouts, workflowTimeoutHandler } from './workflow-timeout.service.js';

const ctx = useTestApp();
const minute = 60_000;
const hour = 3_600_000;

const at = (iso: string | null, plus = 0) => new Date(Date.parse(iso!) + plus);

describe('time limits (a controllable clock: the job is run at chosen instants)', () => {
  it('reminds up to remindTimes, each `hours` apart, then approves; nothing before it is due', async () => {
    const w = await approvalWorld(ctx);
    const [a, b] = [await person(ctx), await person(ctx)];
    const timeout = { hours: 1, remindTimes: 2, action: 'approve' };
    const { instance, tasks } = await submitThrough(
      ctx,
      w,
      approver('a', [a.id], 'any', { timeout }),
      approver('b', [b.id]),
    );
    const due = tasks[0]!.dueAt;
    expect(Date.parse(due!) - Date.parse(tasks[0]!.createdAt)).toBe(hour);
    expect((await runWorkflowTimeouts(ctx.db, at(due, -minute))).handled).toBe(0);
    expect((await runWorkflowTimeouts(ctx.db, at(due, minute))).handled).toBe(1);
    // Run again at the same instant: the next reminder is an hour later, nothing to do now.
    expect((await runWorkflowTimeouts(ctx.db, at(due, minute))).handled).toBe(0);
    expect((await runWorkflowTimeouts(ctx.db, at(due, hour + minute))).handled).toBe(1);
    const reminded = await infoOf(ctx, w.initiator, instance.id);
    expect(reminded.log.filter((l) => l.action === 'remind').map((l) => [l.commentKey, l.detail])).toEqual([
      ['workflow.timeoutReminded', { n: 1 }],
      ['workflow.timeoutReminded', { n: 2 }],
    ]);
    expect(reminded.instance.currentNodes).toEqual(['a']);
    await workflowTimeoutHandler.run(
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        fireTime: at(due, 2 * hour + minute),
        jobId: null,
        signal: new AbortController().signal,
      },
      {},
    );
    const approved = await infoOf(ctx, w.initiator, instance.id);
    expect(approved.instance.currentNodes).toEqual(['b']);
    expect(approved.log.at(-1)).toMatchObject({
      action: 'autoApprove',
      actorId: null,
      commentKey: 'workflow.timeoutApproved',
    });
  });

  it('rejects when the node says so', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    const timeout = { hours: 2, remindTimes: 0, action: 'reject' };
    const { instance, tasks } = await submitThrough(ctx, w, approver('a', [a.id], 'any', { timeout }));
    await runWorkflowTimeouts(ctx.db, at(tasks[0]!.dueAt, minute));
    const info = await infoOf(ctx, w.initiator, instance.id);
    expect(info.instance.status).toBe('Rejected');
    expect(info.log.at(-1)).toMatchObject({ action: 'autoReject', commentKey: 'workflow.timeoutRejected' });
  });

  it('escalates to the owner’s escalation contact; with none the task stays and the log says so', async () => {
    const w = await approvalWorld(ctx);
    const contact = await person(ctx);
    const absent = await createUser(ctx, { values: { escalation: contact.loginName } });
    const lonely = await person(ctx);
    const timeout = { hours: 1, remindTimes: 0, action: 'escalate' };
    const { instance, tasks } = await submitThrough(ctx, w, approver('a', [absent.id, lonely.id], 'all', { timeout }));
    await runWorkflowTimeouts(ctx.db, at(tasks[0]!.dueAt, minute));
    const info = await infoOf(ctx, w.initiator, instance.id);
    expect(info.tasks.map((t) => [t.ownerId, t.status])).toEqual([
      [absent.id, 'Transferred'],
      [lonely.id, 'Pending'],
      [contact.id, 'Pending'],
    ]);
    const escalations = info.log.filter((l) => l.action === 'escalate').map((l) => [l.taskId, l.detail?.userId]);
    expect(escalations).toContainEqual([tasks[0]!.id, contact.id]);
    expect(escalations).toContainEqual([tasks[1]!.id, null]);
    const mine = await infoOf(ctx, contact, instance.id);
    expect(mine.myTasks.map((t) => t.nodeId)).toEqual(['a']);
  });

  it('counts working time on the holiday calendar: a holiday inside the limit moves the due date by a day', async () => {
    const w = await approvalWorld(ctx);
    const a = await person(ctx);
    const tomorrow = new Date(Date.now() + 24 * hour).toISOString().slice(0, 10);
    await ctx.db.insert(holiday).values({ day: tomorrow, name: 'Test holiday' });
    const timeout = { hours: 24, remindTimes: 1, action: 'none' };
    const { instance, tasks } = await submitThrough(ctx, w, approver('a', [a.id], 'any', { timeout }));
    expect(Date.parse(tasks[0]!.dueAt!) - Date.parse(tasks[0]!.createdAt)).toBe(48 * hour);
    // Other tests' tasks fall due too (the job is global): count this instance's reminders.
    const reminders = async () =>
      (await infoOf(ctx, w.initiator, instance.id)).log.filter((l) => l.action === 'remind').length;
    await runWorkflowTimeouts(ctx.db, at(tasks[0]!.createdAt, 25 * hour));
    expect(await reminders()).toBe(0);
    await runWorkflowTimeouts(ctx.db, at(tasks[0]!.dueAt, minute));
    expect(await reminders()).toBe(1);
    // action none: after the last reminder the job looks no more.
    await runWorkflowTimeouts(ctx.db, at(tasks[0]!.dueAt, 100 * hour));
    expect(await reminders()).toBe(1);
    expect((await infoOf(ctx, w.initiator, instance.id)).instance.status).toBe('Running');
  });
});
