import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { builtinTicketViews, type TicketView, type TicketViewCount } from '@casedesk/shared';
import { createGroup, createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { addTicket, staffWith, ticketWorld } from '../../../test/ticket-factories.js';
import { eq } from 'drizzle-orm';
import { userGroup } from '../userGroup/index.js';

const eqId = (id: number) => eq(userGroup.id, id);

// Saved ticket views (contract section 20): private or shared by group, the saved filter checked as Ticket/Query
// checks it, and counted for each reader over the tickets that reader sees.

const ctx = useTestApp();
const user = ['ticketView:view'];
const manager = [...user, 'ticketView:create', 'ticketView:edit', 'ticketView:delete'];
const keyed = { 'message-keys': '1' };

const add = (token: string, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/TicketView/Add', { token, body, headers: keyed });
const update = (token: string, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/TicketView/Update', { token, body, headers: keyed });
const names = async (token: string) =>
  (
    (await ctx.call('POST', '/api/TicketView/Query', { token, body: { pageSize: 100 } })).body.data as {
      items: TicketView[];
    }
  ).items.map((v) => v.name);
async function counts(token: string): Promise<Map<TicketViewCount['id'], number>> {
  const response = await ctx.call('POST', '/api/TicketView/Counts', { token, body: {} });
  expect(response.status, response.raw).toBe(200);
  return new Map((response.body.data as TicketViewCount[]).map((c) => [c.id, c.count]));
}
async function listTotal(token: string, query: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/Ticket/Query', { token, body: { ...query, pageSize: 1 } });
  expect(response.status, response.raw).toBe(200);
  return (response.body.data as { total: number }).total;
}

describe('saved ticket views', () => {
  it('keeps private views for their owner and shared ones for their groups; sharing is a manager’s', async () => {
    const owner = await staffWith(ctx, user);
    const member = await staffWith(ctx, user);
    const outsider = await staffWith(ctx, user);
    const boss = await staffWith(ctx, manager);
    const p = randomBytes(3).toString('hex');
    const mine = await add(owner.token, {
      name: `${p} mine`,
      query: { status: ['New'], tags: ['vip'], tagsMode: 'all', keyword: 'printer' },
      columns: ['caseNumber', 'subject', 'status', 'custom.asset_tag'],
      sort: [{ field: 'openDate', desc: true }],
    });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data).toMatchObject({
      shared: false,
      ownerId: owner.id,
      canManage: true,
      query: { status: ['New'], tags: ['vip'], tagsMode: 'all', keyword: 'printer' },
      sort: [{ field: 'openDate', desc: true }],
    });
    const refused = await add(owner.token, { name: `${p} share`, shared: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ messageKey: 'ticketView.sharedNeedsManage' });
    const g = await createGroup(ctx, [member.id]);
    const forGroup = await add(boss.token, { name: `${p} group`, shared: true, groupIds: [g] });
    expect(forGroup.status, forGroup.raw).toBe(200);
    const forAll = await add(boss.token, { name: `${p} all`, shared: true });

    const ours = (list: string[]) => list.filter((n) => n.startsWith(p)).sort();
    expect(ours(await names(owner.token))).toEqual([`${p} all`, `${p} mine`]);
    expect(ours(await names(member.token))).toEqual([`${p} all`, `${p} group`]);
    expect(ours(await names(outsider.token))).toEqual([`${p} all`]);
    // A manager manages the shared views, not the other agents' private lists.
    expect(ours(await names(boss.token))).toEqual([`${p} all`, `${p} group`]);

    const own = mine.body.data as TicketView;
    // Another user's private view does not exist for them: not read, not changed, not deleted, not counted.
    for (const other of [outsider, boss]) {
      expect((await ctx.call('GET', `/api/TicketView/Get/${own.id}`, { token: other.token })).status).toBe(404);
      const taken = await update(other.token, { id: own.id, rowVersion: own.rowVersion, name: 'taken' });
      expect(taken.status, taken.raw).toBe(404);
      expect((await ctx.call('POST', `/api/TicketView/Delete/${own.id}`, { token: other.token })).status).toBe(404);
      expect((await counts(other.token)).has(own.id)).toBe(false);
    }
    // The group's view is not seen outside the group.
    const groupView = forGroup.body.data as TicketView;
    expect((await ctx.call('GET', `/api/TicketView/Get/${groupView.id}`, { token: outsider.token })).status).toBe(404);
    expect((await counts(outsider.token)).has(groupView.id)).toBe(false);
    expect((await counts(member.token)).has(groupView.id)).toBe(true);

    // A shared view is read, not changed, by those it serves.
    const shared = forAll.body.data as TicketView;
    const seen = (await ctx.call('GET', `/api/TicketView/Get/${shared.id}`, { token: member.token })).body
      .data as TicketView;
    expect(seen.canManage).toBe(false);
    const edit = await update(member.token, { id: shared.id, rowVersion: shared.rowVersion, name: 'mine now' });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ messageKey: 'ticketView.notYours' });
    expect((await ctx.call('POST', `/api/TicketView/Delete/${shared.id}`, { token: member.token })).status).toBe(403);
    // Nor may the owner make their private view shared without managing views.
    const share = await update(owner.token, { id: own.id, rowVersion: own.rowVersion, shared: true });
    expect(share.status).toBe(403);
    expect(share.body).toMatchObject({ messageKey: 'ticketView.sharedNeedsManage' });

    // The owner renames (with the row version) and deletes their own.
    const renamed = await update(owner.token, { id: own.id, rowVersion: own.rowVersion, name: `${p} mine 2` });
    expect(renamed.status, renamed.raw).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: `${p} mine 2`, rowVersion: own.rowVersion + 1 });
    const stale = await update(owner.token, { id: own.id, rowVersion: own.rowVersion, name: `${p} again` });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ messageKey: 'common.staleRowVersion' });
    expect((await ctx.call('POST', `/api/TicketView/Delete/${own.id}`, { token: owner.token })).status).toBe(200);
    expect((await ctx.call('GET', `/api/TicketView/Get/${own.id}`, { token: owner.token })).status).toBe(404);

    // Without ticketView:view: no saved views, but the built-in views are still counted for a ticket reader.
    const none = await staffWith(ctx, []);
    expect((await ctx.call('POST', '/api/TicketView/Query', { token: none.token, body: {} })).status).toBe(403);
    expect((await add(none.token, { name: 'x' })).status).toBe(403);
    expect([...(await counts(none.token)).keys()]).toEqual([
      'builtin:all',
      'builtin:mine',
      'builtin:unassigned',
      'builtin:overdue',
    ]);
    // Without ticket:view: no counts at all.
    const stranger = await createUser(ctx, { permissions: user });
    const strangerToken = (await signIn(ctx, stranger)).token;
    expect((await ctx.call('POST', '/api/TicketView/Counts', { token: strangerToken, body: {} })).status).toBe(403);
  });

  it('keeps a group a shared view names from being deleted, naming the view', async () => {
    const boss = await staffWith(ctx, manager);
    const admin = await createUser(ctx, { roles: ['admin'] });
    const adminToken = (await signIn(ctx, admin)).token;
    const g = await createGroup(ctx, []);
    const name = `kept ${randomBytes(3).toString('hex')}`;
    const shared = await add(boss.token, { name, shared: true, groupIds: [g], query: {}, columns: [], sort: [] });
    expect(shared.status, shared.raw).toBe(200);
    const refused = await ctx.call('POST', `/api/UserGroup/Delete/${g}`, { token: adminToken, headers: keyed });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'ticketView.sharedWithGroup', messageValues: { name } });
    const view = shared.body.data as TicketView;
    await update(boss.token, { id: view.id, rowVersion: view.rowVersion, groupIds: [] });
    expect((await ctx.call('POST', `/api/UserGroup/Delete/${g}`, { token: adminToken })).status).toBe(200);
  });

  it('checks the saved filter as Ticket/Query does, and its sort, columns and groups', async () => {
    const owner = await staffWith(ctx, user);
    const gone = await createGroup(ctx, []);
    await ctx.db.delete(userGroup).where(eqId(gone));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'name'],
      [{ name: 'x', query: { status: ['Sleeping'] } }, 'query.status.0'],
      [{ name: 'x', query: { tagsMode: 'some' } }, 'query.tagsMode'],
      [{ name: 'x', query: { page: 2 } }, 'query.page'],
      [{ name: 'x', query: { openDateFrom: '2026-02-01', openDateTo: '2026-01-01' } }, 'openDateTo'],
      [{ name: 'x', sort: [{ field: 'password' }] }, 'sort.0.field'],
      [{ name: 'x', columns: ['<b>'] }, 'columns.0'],
      [{ name: 'x', shared: false, groupIds: [gone] }, 'groupIds'],
    ];
    for (const [body, field] of cases) {
      const refused = await add(owner.token, body);
      expect(refused.status, `${JSON.stringify(body)} ${refused.raw}`).toBe(400);
      const errors = (refused.body.data as { errors: { field: string }[] }).errors;
      expect(errors[0]!.field, JSON.stringify(body)).toBe(field);
      expect(refused.body.resultMsg).not.toMatch(/Invalid input|expected|Unrecognized/i);
    }
  });

  it('counts each view over the tickets its reader sees: two readers, one shared view, two counts', async () => {
    const first = await ticketWorld(ctx);
    const second = await ticketWorld(ctx);
    const tag = `vip${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 2; i++)
      await addTicket(ctx, first.agent.token, {
        projectId: first.projectId,
        categoryId: first.categoryId,
        tags: [tag],
      });
    await addTicket(ctx, first.agent.token, { projectId: first.projectId, categoryId: first.categoryId });
    await addTicket(ctx, second.agent.token, {
      projectId: second.projectId,
      categoryId: second.categoryId,
      tags: [tag],
    });

    const boss = await staffWith(ctx, manager);
    const created = await add(boss.token, {
      name: 'VIP',
      shared: true,
      query: { tags: [tag], status: ['New', 'Assigned'] },
    });
    expect(created.status, created.raw).toBe(200);
    const id = (created.body.data as TicketView).id;
    const query = (created.body.data as TicketView).query;

    const agentOne = await staffWith(ctx, user, [first.projectId]);
    const agentTwo = await staffWith(ctx, user, [second.projectId]);
    const one = await counts(agentOne.token);
    const two = await counts(agentTwo.token);
    expect(one.get(id)).toBe(2);
    expect(two.get(id)).toBe(1);
    expect(one.get('builtin:all')).toBe(3);
    expect(two.get('builtin:all')).toBe(1);
    // Each count is what the list itself shows its reader, built-in views included.
    for (const reader of [agentOne, agentTwo, first.agent]) {
      const mine = await counts(reader.token);
      // The tickets' agent has no ticketView:view: the built-in views only.
      if (reader !== first.agent) expect(mine.get(id)).toBe(await listTotal(reader.token, query));
      else expect(mine.has(id)).toBe(false);
      for (const builtin of builtinTicketViews)
        expect(mine.get(builtin.id), builtin.id).toBe(await listTotal(reader.token, { view: builtin.view }));
    }
    // The tickets' agent has them assigned (the category's assignee): "mine" is theirs, not the other readers'.
    expect((await counts(first.agent.token)).get('builtin:mine')).toBe(3);
    expect(one.get('builtin:mine')).toBe(0);
  });
});
