import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TriggerRun } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { staff, staffPermissions } from '../../../test/ticket-factories.js';
import { addTrigger, getTicket, runsOf, triggerManager, triggerWorld } from '../../../test/trigger-factories.js';
import { email, emailTemplate } from '../email/index.js';
import { notification } from '../notification/index.js';
import { ticketComment } from '../ticket/index.js';
import { appUser } from '../user/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import { webhook, webhookDelivery } from '../webhook/index.js';

// The actions a trigger takes (contract section 23: a macro's, plus mail, notify and webhook), each through the
// ticket's own paths; and what the trigger log keeps when one fails or its trigger and ticket are gone.

const ctx = useTestApp();

async function template(values: Partial<typeof emailTemplate.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(emailTemplate)
    .values({
      name: `Trigger mail ${randomBytes(4).toString('hex')}`,
      subject: 'About {{ ticket.caseNumber }}',
      body: '<p>Ticket {{ ticket.caseNumber }} is yours.</p>',
      ...values,
    })
    .returning({ id: emailTemplate.id });
  return row!.id;
}

async function groupOf(memberIds: number[]) {
  const [group] = await ctx.db
    .insert(userGroup)
    .values({ name: `On call ${randomBytes(4).toString('hex')}` })
    .returning({ id: userGroup.id });
  await ctx.db.insert(userGroupMember).values(memberIds.map((userId) => ({ groupId: group!.id, userId })));
  return group!.id;
}

/** The trigger log as a reader reads it (their language), newest first. */
async function logOf(token: string, triggerId: number) {
  const answer = await ctx.call('POST', '/api/TriggerRun/Query', { token, body: { triggerId, pageSize: 50 } });
  expect(answer.status, answer.raw).toBe(200);
  return (answer.body.data as { items: TriggerRun[] }).items;
}

describe('trigger actions', () => {
  it('assigns, removes tags, comments in public, mails the new assignee and rings a group', async () => {
    const w = await triggerWorld(ctx);
    const onCall = await staff(ctx, [w.projectId]);
    const member = await createUser(ctx);
    const groupId = await groupOf([member.id]);
    const templateId = await template();
    const t = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      conditions: [w.mine],
      actions: [
        { set: { assignTo: onCall.id } },
        { removeTags: ['draft'] },
        { comment: { public: true, body: '<p>We are on {{ ticket.caseNumber }}.</p>' } },
        { mail: { templateId, to: 'assignee' } },
        { notify: { userIds: [], groupIds: [groupId], text: 'Pager duty' } },
      ],
    });
    const made = await w.ticket({ tags: ['draft', 'printer'] });
    const now = await getTicket(ctx, w.agent.token, made.id);
    expect([now.assignTo, now.tags]).toEqual([onCall.id, ['printer']]);
    const comments = await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, made.id));
    expect(comments.map((c) => [c.public, c.comment])).toEqual([[true, `<p>We are on ${made.caseNumber}.</p>`]]);
    const mails = await ctx.db
      .select()
      .from(email)
      .where(and(eq(email.ticketId, made.id), eq(email.templateId, templateId)));
    const [assignee] = await ctx.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, onCall.id));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[[assignee!.email], `About ${made.caseNumber}`]]);
    const bells = await ctx.db.select().from(notification).where(eq(notification.toUserId, member.id));
    expect(bells.map((b) => [b.titleKey, b.content])).toEqual([['ticketTrigger', 'Pager duty']]);
    const [run] = await runsOf(ctx, t.id);
    expect(run).toMatchObject({ outcome: 'Applied', depth: 0, triggerName: t.name, caseNumber: made.caseNumber });
    expect(run!.changes).toMatchObject({
      assignTo: { to: onCall.id },
      tags: { from: ['draft', 'printer'], to: ['printer'] },
    });
  });

  it('a trigger that fails keeps the change and logs why in the reader’s words; the triggers after it run', async () => {
    const w = await triggerWorld(ctx);
    const gone = await template();
    const [hook] = await ctx.db
      .insert(webhook)
      .values({ name: `h ${randomBytes(3).toString('hex')}`, url: 'https://example.com/h', events: [], secret: 's' })
      .returning();
    const mailing = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      order: 1,
      conditions: [w.mine],
      actions: [{ addTags: ['mailed'] }, { webhookId: hook!.id }, { mail: { templateId: gone, to: 'customer' } }],
    });
    // An include that parses at save and finds nothing when it renders: an error that is no refusal of ours.
    const broken = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      order: 2,
      conditions: [w.mine],
      actions: [{ comment: { public: false, body: "{% include 'missing' %}" } }],
    });
    const after = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      order: 3,
      conditions: [w.mine],
      actions: [{ addTags: ['after'] }],
    });
    await ctx.db.update(emailTemplate).set({ status: 'Inactive' }).where(eq(emailTemplate.id, gone));
    const made = await w.ticket({ subject: 'Still saved' });
    const now = await getTicket(ctx, w.agent.token, made.id);
    // The failed trigger's tag and its queued webhook were rolled back with it (its savepoint); the one after it ran.
    expect([now.subject, now.tags]).toEqual(['Still saved', ['after']]);
    expect(await ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.webhookId, hook!.id))).toEqual([]);
    expect(await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, made.id))).toEqual([]);
    expect(await runsOf(ctx, mailing.id)).toMatchObject([{ outcome: 'Failed', messageKey: 'trigger.templateUnknown' }]);
    const [unexpected] = await runsOf(ctx, broken.id);
    expect(unexpected).toMatchObject({ outcome: 'Failed', messageKey: 'trigger.unexpected' });
    expect(unexpected!.message).toContain('missing');
    expect(await runsOf(ctx, after.id)).toMatchObject([{ outcome: 'Applied' }]);

    // A reader in Chinese reads both reasons in Chinese.
    const reader = await createUser(ctx, { permissions: [...staffPermissions, ...triggerManager] });
    await ctx.db.update(appUser).set({ language: 'zh-cn' }).where(eq(appUser.id, reader.id));
    const { token } = await signIn(ctx, reader);
    expect((await logOf(token, mailing.id)).map((run) => run.message)).toEqual(['邮件模板不存在或已停用。']);
    expect((await logOf(token, broken.id))[0]!.message).toMatch(/^触发器因意外错误而停止：.*missing/);

    // Its author switched off, a trigger has no one to act as: logged, the change still made.
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, w.boss.id));
    const orphan = await w.ticket({ subject: 'No author' });
    expect((await getTicket(ctx, w.agent.token, orphan.id)).subject).toBe('No author');
    expect((await runsOf(ctx, after.id)).map((run) => [run.outcome, run.messageKey])).toEqual([
      ['Applied', null],
      ['Failed', 'trigger.noActor'],
    ]);
  });

  it('the log keeps the name of a trigger deleted since, says it was deleted, and the case number of a deleted ticket', async () => {
    const w = await triggerWorld(ctx);
    const kept = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      conditions: [w.mine],
      actions: [{ addTags: ['kept'] }],
    });
    const retired = await addTrigger(ctx, w.boss.token, {
      event: 'ticket.created',
      conditions: [w.mine],
      actions: [{ addTags: ['retired'] }],
    });
    const made = await w.ticket();
    const deleted = await ctx.call('POST', `/api/Trigger/Delete/${retired.id}`, { token: w.boss.token });
    expect(deleted.status, deleted.raw).toBe(200);
    const gone = await ctx.call('POST', `/api/Ticket/Delete/${made.id}`, { token: w.agent.token });
    expect(gone.status, gone.raw).toBe(200);
    const [oldRun] = await logOf(w.boss.token, retired.id);
    expect(oldRun).toMatchObject({ triggerName: retired.name, triggerDeleted: true, caseNumber: made.caseNumber });
    const [keptRun] = await logOf(w.boss.token, kept.id);
    expect(keptRun).toMatchObject({ triggerName: kept.name, triggerDeleted: false, caseNumber: made.caseNumber });
  });
});
