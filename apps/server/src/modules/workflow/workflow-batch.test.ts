import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WorkflowBatchOutcome } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import {
  anotherTicket,
  approvalWorld,
  approver,
  chain,
  end,
  infoOf,
  myTask,
  person,
  publishWorkflow,
  start,
  submit,
  workflowCall,
} from '../../../test/workflow-factories.js';
import { email } from '../email/index.js';
import { notification } from '../notification/index.js';
import { appUser } from '../user/index.js';
import { workflowAction } from './workflow.table.js';

/* Batch approve and urge (contract 22): each task under every rule of the engine; the initiator's nudge once an hour. */

const ctx = useTestApp();

async function batch(who: { token: string }, body: unknown, language?: string) {
  const response = await ctx.call('POST', '/api/WorkflowInstance/BatchApprove', {
    token: who.token,
    body,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as WorkflowBatchOutcome[];
}

/** A workflow of one approver node for the world's project, and `count` submitted tickets under it. */
async function instancesOf(node: ReturnType<typeof approver>, count: number) {
  const w = await approvalWorld(ctx);
  await publishWorkflow(ctx, chain(start(), node, end()), { projectId: w.projectId });
  const ids = [(await submit(ctx, w.initiator, w.ticketId)).instance.id];
  for (let i = 1; i < count; i += 1)
    ids.push((await submit(ctx, w.initiator, (await anotherTicket(ctx, w)).id)).instance.id);
  return { w, ids };
}

describe('POST WorkflowInstance/BatchApprove', () => {
  it('approves each of my tasks with one comment; a task not mine, an unseen one and an unknown one are refused alone', async () => {
    const [a, b, stranger] = [await person(ctx), await person(ctx), await person(ctx)];
    const { w, ids } = await instancesOf(approver('n', [a.id, b.id], 'all'), 2);
    const [mine1, mine2] = [await myTask(ctx, a, ids[0]!), await myTask(ctx, a, ids[1]!)];
    const bs = await myTask(ctx, b, ids[0]!);
    const outcomes = await batch(a, { taskIds: [mine1.taskId, bs.taskId, 999_999, mine2.taskId], comment: 'Fine' });
    expect(outcomes.map((o) => [o.taskId, o.ok, o.message])).toEqual([
      [mine1.taskId, true, null],
      [bs.taskId, false, 'This task is not yours.'],
      [999_999, false, 'Not found'],
      [mine2.taskId, true, null],
    ]);
    expect(outcomes[1]!.messageKey).toBe('workflow.taskNotYours');
    for (const id of ids) {
      const info = await infoOf(ctx, w.initiator, id);
      expect(info.log.filter((l) => l.action === 'approve').map((l) => [l.actorId, l.comment])).toEqual([
        [a.id, 'Fine'],
      ]);
      // b's own task is b's still: the all-sign node waits for them.
      expect(info.tasks.filter((t) => t.status === 'Pending').map((t) => t.ownerId)).toEqual([b.id]);
    }
    // Someone who sees none of it acts on nothing: "not found", as for a task that does not exist.
    const unseen = await batch(stranger, { taskIds: [bs.taskId] });
    expect(unseen.map((o) => [o.ok, o.messageKey])).toEqual([[false, 'common.notFound']]);
    expect((await infoOf(ctx, w.initiator, ids[0]!)).tasks.find((t) => t.id === bs.taskId)?.status).toBe('Pending');
  });

  it('rejects a batch: each instance ends rejected, a task already handled says so', async () => {
    const a = await person(ctx);
    const { w, ids } = await instancesOf(approver('n', [a.id]), 2);
    const tasks = [await myTask(ctx, a, ids[0]!), await myTask(ctx, a, ids[1]!)];
    const first = await batch(a, { taskIds: tasks.map((t) => t.taskId), comment: 'No budget', action: 'reject' });
    expect(first.every((o) => o.ok)).toBe(true);
    for (const id of ids) expect((await infoOf(ctx, w.initiator, id)).instance.status).toBe('Rejected');
    const again = await batch(a, { taskIds: [tasks[0]!.taskId], action: 'reject' });
    expect(again.map((o) => [o.ok, o.messageKey])).toEqual([[false, 'workflow.instanceFinished']]);
  });

  it('a step asking for a reason, fields or a pick is refused for the batch, in the caller language, nothing changed', async () => {
    const chinese = await createUser(ctx, { values: { language: 'zh-cn' } });
    const a = { ...chinese, token: (await signIn(ctx, chinese)).token };
    const reason = approver('reason', [a.id], 'any', { reasonRequired: { approve: true } });
    const fields = approver('fields', [a.id], 'any', { fieldPermissions: { subject: 'write' } });
    const pick = approver('pick', [a.id]);
    const picked = { ...approver('later', [a.id]), approvers: { strategy: 'previousPicks' } } as typeof pick;
    const ids: number[] = [];
    for (const graph of [
      chain(start(), reason, end()),
      chain(start(), fields, end()),
      chain(start(), pick, picked, end()),
    ]) {
      const project = await approvalWorld(ctx);
      await publishWorkflow(ctx, graph, { projectId: project.projectId });
      ids.push((await submit(ctx, project.initiator, project.ticketId)).instance.id);
    }
    const tasks = [];
    for (const id of ids) tasks.push((await myTask(ctx, a, id)).taskId);
    const outcomes = await batch(a, { taskIds: tasks, comment: '同意' });
    expect(outcomes.map((o) => [o.ok, o.messageKey, o.message])).toEqual([
      [false, 'workflow.batchNeedsReason', '此环节要求单独填写理由，请打开审批单处理。'],
      [false, 'workflow.batchNeedsFields', '此环节要求填写字段，请打开审批单处理。'],
      [false, 'workflow.batchNeedsPick', '此环节要求选择下一位审批人，请打开审批单处理。'],
    ]);
    for (const id of ids) expect((await infoOf(ctx, a, id)).log.map((l) => l.action)).toEqual(['submit']);
    // A reject asks nothing of the fields step: it goes through.
    const rejected = await batch(a, { taskIds: [tasks[1]!], action: 'reject' });
    expect(rejected.map((o) => o.ok)).toEqual([true]);
  });

  it('refuses a body without tasks (worded) and a caller not signed in', async () => {
    const a = await person(ctx);
    const empty = await workflowCall(ctx, a, 'WorkflowInstance/BatchApprove', { taskIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.resultMsg).not.toMatch(/array|Too small/i);
    const anonymous = await ctx.call('POST', '/api/WorkflowInstance/BatchApprove', { body: { taskIds: [1] } });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST WorkflowInstance/Urge', () => {
  /** The bell and the mails an urge wrote for these users, after `since` (ids). */
  async function toldSince(since: { mail: number; note: number }, userIds: number[]) {
    const notes = await ctx.db
      .select()
      .from(notification)
      .where(and(gt(notification.id, since.note), inArray(notification.toUserId, userIds)))
      .orderBy(asc(notification.id));
    const mails = await ctx.db.select().from(email).where(gt(email.id, since.mail)).orderBy(asc(email.id));
    return { notes, mails };
  }
  async function newest() {
    const [row] = await ctx.db
      .select({
        mail: sql<number>`coalesce((select max(id) from email), 0)::int`,
        note: sql<number>`coalesce(max(${notification.id}), 0)::int`,
      })
      .from(notification);
    return { mail: Number(row?.mail ?? 0), note: Number(row?.note ?? 0) };
  }

  it('the initiator reminds each waiting approver by bell and mail in their language, once an hour', async () => {
    const english = await person(ctx);
    const zh = await createUser(ctx, { values: { language: 'zh-tw' } });
    const { w, ids } = await instancesOf(approver('n', [english.id, zh.id], 'all'), 1);
    const id = ids[0]!;
    expect((await infoOf(ctx, w.initiator, id)).actions).toContain('urge');
    expect((await infoOf(ctx, english, id)).actions).not.toContain('urge');

    const since = await newest();
    const urged = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Urge', { instanceId: id });
    expect(urged.status, urged.raw).toBe(200);
    const { notes, mails } = await toldSince(since, [english.id, zh.id]);
    expect(notes.map((n) => [n.toUserId, n.titleKey, n.fromUserId])).toEqual([
      [english.id, 'approvalReminder', w.initiator.id],
      [zh.id, 'approvalReminder', w.initiator.id],
    ]);
    const reminders = mails.filter((m) => m.event === 'approvalTask');
    expect(reminders.map((m) => [m.language, m.subject.split('：')[0]!.split(':')[0]])).toEqual([
      ['en', 'Reminder'],
      ['zh-tw', '提醒'],
    ]);
    const log = (await infoOf(ctx, w.initiator, id)).log.filter((l) => l.action === 'urge');
    expect(log.map((l) => l.actorId)).toEqual([w.initiator.id]);

    // Again at once: refused, saying when (in the caller's language); nobody told twice.
    const soon = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Urge', { instanceId: id });
    expect(soon.status).toBe(409);
    expect(soon.body.resultMsg).toMatch(/again in (59|60) min\.$/);
    await ctx.db.update(appUser).set({ language: 'zh-cn' }).where(eq(appUser.id, w.initiator.id));
    const again = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Urge', { instanceId: id });
    expect(again.body.resultMsg).toMatch(/^一小时内已催办过审批人，(59|60) 分钟后可再次催办。$/);
    expect((await toldSince(since, [english.id, zh.id])).notes).toHaveLength(2);

    // The last urge an hour back: allowed again.
    await ctx.db
      .update(workflowAction)
      .set({ createdAt: sql`${workflowAction.createdAt} - interval '61 minutes'` })
      .where(and(eq(workflowAction.instanceId, id), eq(workflowAction.action, 'urge')));
    const later = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Urge', { instanceId: id });
    expect(later.status, later.raw).toBe(200);
    expect((await toldSince(since, [english.id, zh.id])).notes).toHaveLength(4);
  });

  it('an approver is not the initiator → 403; a stranger → 404; a finished approval → 409; nothing told', async () => {
    const [a, stranger] = [await person(ctx), await person(ctx)];
    const { w, ids } = await instancesOf(approver('n', [a.id]), 1);
    const id = ids[0]!;
    const since = await newest();
    const byApprover = await workflowCall(ctx, a, 'WorkflowInstance/Urge', { instanceId: id });
    expect([byApprover.status, byApprover.body.resultMsg]).toEqual([403, 'Only the initiator may do this.']);
    expect((await workflowCall(ctx, stranger, 'WorkflowInstance/Urge', { instanceId: id })).status).toBe(404);
    expect((await toldSince(since, [a.id])).notes).toHaveLength(0);
    await workflowCall(ctx, a, 'WorkflowInstance/Approve', { taskId: (await myTask(ctx, a, id)).taskId });
    const finished = await workflowCall(ctx, w.initiator, 'WorkflowInstance/Urge', { instanceId: id });
    expect([finished.status, finished.body.resultMsg]).toEqual([409, 'This approval has already finished.']);
    expect((await infoOf(ctx, w.initiator, id)).log.some((l) => l.action === 'urge')).toBe(false);
  });
});
