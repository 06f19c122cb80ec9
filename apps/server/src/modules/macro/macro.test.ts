import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Macro, TicketOutcome } from '@casedesk/shared';
import { createGroup, createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { addTicket, staffPermissions, staffWith, ticketWorld } from '../../../test/ticket-factories.js';
import { appUser } from '../user/index.js';
import { ticketComment } from '../ticket/index.js';

// Macros (contract section 20): private or shared by group, checked on save, applied one ticket per transaction.

const ctx = useTestApp();
const user = ['macro:page', 'macro:view'];
const manager = [...user, 'macro:create', 'macro:edit', 'macro:delete'];

const add = (token: string, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/Macro/Add', { token, body, headers: { 'message-keys': '1' } });
const names = async (token: string) =>
  (
    (await ctx.call('POST', '/api/Macro/Query', { token, body: { pageSize: 500 } })).body.data as { items: Macro[] }
  ).items.map((m) => m.name);
const apply = async (token: string, id: number, ticketIds: number[]) =>
  ctx.call('POST', '/api/Macro/Apply', { token, body: { id, ticketIds } });

describe('macros', () => {
  it('keeps private macros for their owner and shared ones for their groups; managers see all', async () => {
    const owner = await staffWith(ctx, user);
    const member = await staffWith(ctx, user);
    const outsider = await staffWith(ctx, user);
    const boss = await staffWith(ctx, manager);
    const p = randomBytes(3).toString('hex');
    const mine = await add(owner.token, { name: `${p} mine`, actions: [{ set: { priority: 'Low' } }] });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data).toMatchObject({ shared: false, ownerId: owner.id, canManage: true });
    // Sharing is a manager's.
    const refused = await add(owner.token, { name: `${p} share`, shared: true, actions: [{ addTags: ['x'] }] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ messageKey: 'macro.sharedNeedsManage' });
    const g = await createGroup(ctx, [member.id]);
    const forGroup = await add(boss.token, {
      name: `${p} group`,
      shared: true,
      groupIds: [g],
      actions: [{ addTags: ['x'] }],
    });
    expect(forGroup.status, forGroup.raw).toBe(200);
    const forAll = await add(boss.token, { name: `${p} all`, shared: true, actions: [{ addTags: ['y'] }] });

    const ours = (list: string[]) => list.filter((n) => n.startsWith(p)).sort();
    expect(ours(await names(owner.token))).toEqual([`${p} all`, `${p} mine`]);
    expect(ours(await names(member.token))).toEqual([`${p} all`, `${p} group`]);
    expect(ours(await names(outsider.token))).toEqual([`${p} all`]);
    expect(ours(await names(boss.token))).toEqual([`${p} all`, `${p} group`, `${p} mine`]);

    const mineId = (mine.body.data as Macro).id;
    // Another user's private macro does not exist for them.
    expect((await ctx.call('GET', `/api/Macro/Get/${mineId}`, { token: outsider.token })).status).toBe(404);
    expect((await apply(outsider.token, mineId, [1])).status).toBe(404);
    // A shared macro is read, not changed, by those it serves.
    const shared = forAll.body.data as Macro;
    expect(shared.canManage).toBe(true);
    const seen = (await ctx.call('GET', `/api/Macro/Get/${shared.id}`, { token: member.token })).body.data as Macro;
    expect(seen.canManage).toBe(false);
    const edit = await ctx.call('POST', '/api/Macro/Update', {
      token: member.token,
      body: { id: shared.id, rowVersion: shared.rowVersion, name: 'mine now' },
      headers: { 'message-keys': '1' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ messageKey: 'macro.notYours' });
    expect((await ctx.call('POST', `/api/Macro/Delete/${shared.id}`, { token: member.token })).status).toBe(403);
    // The owner changes and deletes their own.
    const renamed = await ctx.call('POST', '/api/Macro/Update', {
      token: owner.token,
      body: { id: mineId, rowVersion: (mine.body.data as Macro).rowVersion, name: `${p} mine 2` },
    });
    expect(renamed.status, renamed.raw).toBe(200);
    expect((await ctx.call('POST', `/api/Macro/Delete/${mineId}`, { token: owner.token })).status).toBe(200);
    // Without macro:view, no macros at all.
    const none = await staffWith(ctx, []);
    expect((await ctx.call('POST', '/api/Macro/Query', { token: none.token, body: {} })).status).toBe(403);
  });

  it('keeps a group a shared macro names from being deleted, naming the macro', async () => {
    const boss = await staffWith(ctx, manager);
    const admin = await createUser(ctx, { roles: ['admin'] });
    const adminToken = (await signIn(ctx, admin)).token;
    const g = await createGroup(ctx, []);
    const name = `kept ${randomBytes(3).toString('hex')}`;
    const shared = await add(boss.token, { name, shared: true, groupIds: [g], actions: [{ addTags: ['x'] }] });
    expect(shared.status, shared.raw).toBe(200);
    const refused = await ctx.call('POST', `/api/UserGroup/Delete/${g}`, {
      token: adminToken,
      headers: { 'message-keys': '1' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'macro.sharedWithGroup', messageValues: { name } });
    const macro = shared.body.data as Macro;
    await ctx.call('POST', '/api/Macro/Update', {
      token: boss.token,
      body: { id: macro.id, rowVersion: macro.rowVersion, groupIds: [] },
    });
    expect((await ctx.call('POST', `/api/UserGroup/Delete/${g}`, { token: adminToken })).status).toBe(200);
  });

  it('checks the actions on save: a known field, a valid value, one thing per action, a usable assignee', async () => {
    const w = await ticketWorld(ctx);
    const owner = await staffWith(ctx, user, [w.projectId]);
    const gone = await createUser(ctx, { values: { status: 'Inactive' } });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', actions: [] }, 'actions'],
      [{ name: 'x', actions: [{ set: { subject: 'Hi' } }] }, 'actions.0.set.subject'],
      [{ name: 'x', actions: [{ set: { status: 'Sleeping' } }] }, 'actions.0.set.status'],
      [{ name: 'x', actions: [{ set: { priority: 'Low' }, addTags: ['a'] }] }, 'actions.0'],
      [{ name: 'x', actions: [{ set: {} }] }, 'actions.0.set'],
      [{ name: 'x', actions: [{ set: { assignTo: gone.id } }] }, 'actions.0.set.assignTo'],
      [{ name: 'x', actions: [{ comment: { public: true, body: '{% if %}' } }] }, 'actions.0.comment.body'],
    ];
    for (const [body, field] of cases) {
      const refused = await add(owner.token, body);
      expect(refused.status, `${JSON.stringify(body)} ${refused.raw}`).toBe(400);
      const errors = (refused.body.data as { errors: { field: string }[] }).errors;
      expect(errors[0]!.field, JSON.stringify(body)).toBe(field);
      expect(refused.body.resultMsg).not.toMatch(/Invalid input|expected|Unrecognized/i);
    }
  });

  it('applies its steps to each ticket in one transaction: fields, tags, a rendered comment', async () => {
    const w = await ticketWorld(ctx);
    const agent = await staffWith(ctx, user, [w.projectId]);
    const t1 = await addTicket(ctx, agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      tags: ['waiting'],
    });
    const t2 = await addTicket(ctx, agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const other = await ticketWorld(ctx);
    const hidden = await addTicket(ctx, other.agent.token, { projectId: other.projectId });
    const created = await add(agent.token, {
      name: 'Solve',
      actions: [
        { set: { status: 'Resolved', priority: 'Low' } },
        { addTags: ['Solved'] },
        { removeTags: ['waiting'] },
        { comment: { public: true, body: '<p>{{ ticket.caseNumber }} is solved.</p>' } },
      ],
    });
    expect(created.status, created.raw).toBe(200);
    const id = (created.body.data as Macro).id;
    const response = await apply(agent.token, id, [t1.id, hidden.id, t2.id]);
    expect(response.status, response.raw).toBe(200);
    const outcomes = response.body.data as TicketOutcome[];
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toMatchObject({ caseNumber: null, message: 'Not found' });
    for (const t of [t1, t2]) {
      const after = (await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: agent.token })).body.data;
      expect(after).toMatchObject({ status: 'Resolved', priority: 'Low', tags: ['solved'] });
      const comments = await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, t.id));
      expect(comments.map((c) => [c.public, c.comment])).toEqual([[true, `<p>${t.caseNumber} is solved.</p>`]]);
    }

    // A comment is filled in as a canned reply is: values worded in the applying agent's language, the agent by name.
    await ctx.db.update(appUser).set({ fullName: '陈伟', language: 'zh-cn' }).where(eq(appUser.id, agent.id));
    const t3 = await addTicket(ctx, agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const noted = await add(agent.token, {
      name: 'Note',
      actions: [
        { set: { status: 'Resolved' } },
        { comment: { public: false, body: '<p>{{ ticket.status }}: {{ agent.name }}</p>' } },
      ],
    });
    const inChinese = await apply(agent.token, (noted.body.data as Macro).id, [t3.id]);
    expect(inChinese.body.data, inChinese.raw).toEqual([expect.objectContaining({ ok: true })]);
    const [note] = await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, t3.id));
    expect(note?.comment).toBe('<p>已解决: 陈伟</p>');
  });

  it('refuses per ticket what Update would refuse, and writes nothing of a refused ticket', async () => {
    const w = await ticketWorld(ctx);
    const agent = await staffWith(ctx, user, [w.projectId]);
    const helper = await createUser(ctx, { permissions: staffPermissions, projects: [w.projectId] });
    const t = await addTicket(ctx, agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const created = await add(agent.token, {
      name: 'Hand over',
      actions: [{ set: { priority: 'Urgent' } }, { set: { assignTo: helper.id } }, { addTags: ['handed'] }],
    });
    expect(created.status, created.raw).toBe(200);
    // The assignee leaves after the macro was saved: the second step is refused, the first rolls back with it.
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, helper.id));
    const outcomes = (await apply(agent.token, (created.body.data as Macro).id, [t.id])).body.data as TicketOutcome[];
    expect(outcomes).toEqual([expect.objectContaining({ ok: false, messageKey: 'ticket.userUnknownOrInactive' })]);
    const after = (await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: agent.token })).body.data;
    expect(after).toMatchObject({ priority: 'Medium', tags: [], rowVersion: t.rowVersion });

    // A user who may use macros but not edit tickets: each ticket says no.
    const reader = await createUser(ctx, { permissions: ['ticket:view', ...user], projects: [w.projectId] });
    const readerToken = (await signIn(ctx, reader)).token;
    const own = await add(readerToken, { name: 'Try', actions: [{ set: { priority: 'Low' } }] });
    const refused = (await apply(readerToken, (own.body.data as Macro).id, [t.id])).body.data as TicketOutcome[];
    expect(refused).toEqual([expect.objectContaining({ ok: false, messageKey: 'common.forbidden' })]);
  });
});
