import { beforeAll, describe, expect, it } from 'vitest';
import type { TextModule, TextModuleListItem } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import { addTicket, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';

const agentCodes = [
  'ticket:view',
  'ticket:create',
  'ticket:edit',
  'textModule:view',
  'textModule:create',
  'textModule:edit',
  'textModule:delete',
];
const headers = { 'message-keys': '1' };
type Keyed = { messageKey?: string };
type Refusal = { errors: (Keyed & { field: string; messageValues?: Record<string, unknown> })[] };
const keyOf = (response: { body: unknown }) => (response.body as Keyed).messageKey;
const firstError = (response: { body: { data: unknown } }) => (response.body.data as Refusal).errors[0];

describe('TextModule', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let manager: Staff;
  let agent: Staff;
  let colleague: Staff;
  let projectId: number;
  let categoryId: number;
  let counter = 0;
  const signedIn = async (options: Parameters<typeof createUser>[1]): Promise<Staff> => {
    const user = await createUser(ctx, options);
    return { ...user, token: (await signIn(ctx, user)).token };
  };
  beforeAll(async () => {
    const world = await ticketWorld(ctx);
    ({ projectId, categoryId } = world);
    manager = await signedIn({ roles: ['admin'], values: { fullName: 'Mia Manager', realName: 'Mia' } });
    agent = await signedIn({
      permissions: agentCodes,
      projects: [projectId],
      values: { fullName: 'Alex Agent', realName: 'Alex', email: 'alex@desk.test' },
    });
    colleague = await signedIn({ permissions: agentCodes, projects: [projectId] });
  });
  const body = (extra: Record<string, unknown> = {}) => ({
    name: `Reply ${++counter}`,
    keywords: 'thanks',
    body: '<p>Hello {{ customer.firstName }}</p>',
    ...extra,
  });
  const add = async (token: string, extra: Record<string, unknown> = {}) =>
    dataOf<TextModule>(await ctx.call('POST', '/api/TextModule/Add', { token, body: body(extra) }));
  const listIds = async (token: string, query: Record<string, unknown> = {}) =>
    dataOf<{ items: TextModuleListItem[] }>(
      await ctx.call('POST', '/api/TextModule/Query', { token, body: { pageSize: 500, ...query } }),
    ).items.map((item) => item.id);
  const render = (token: string, id: number, ticketId: number) =>
    ctx.call('POST', '/api/TextModule/Render', { token, body: { id, ticketId }, headers });

  it('adds a private reply, lists it without its body, updates it with rowVersion and deletes it', async () => {
    const created = await add(agent.token, { language: 'en' });
    expect(created).toMatchObject({
      rowVersion: 1,
      shared: false,
      groupIds: [],
      language: 'en',
      ownerName: 'Alex Agent',
      actions: ['edit', 'delete'],
    });
    const page = dataOf<{ items: TextModuleListItem[] }>(
      await ctx.call('POST', '/api/TextModule/Query', { token: agent.token, body: { keyword: created.name } }),
    );
    expect(page.items.map((i) => i.id)).toEqual([created.id]);
    expect(page.items[0]!.body).toBeUndefined();
    const updated = dataOf<TextModule>(
      await ctx.call('POST', '/api/TextModule/Update', {
        token: agent.token,
        body: { ...body({ name: 'Renamed' }), id: created.id, rowVersion: 1 },
      }),
    );
    expect(updated).toMatchObject({ name: 'Renamed', rowVersion: 2 });
    await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/TextModule/Update', {
        token: agent.token,
        body: { ...body(), id: created.id, rowVersion: 1 },
      }),
    );
    dataOf(await ctx.call('POST', `/api/TextModule/Delete/${created.id}`, { token: agent.token }));
    expect(await listIds(agent.token)).not.toContain(created.id);
  });

  it("keeps private replies to their owner: others' are invisible (404) and unchangeable", async () => {
    const mine = await add(agent.token);
    expect(await listIds(colleague.token)).not.toContain(mine.id);
    await expectRefused(ctx, 404, () => ctx.call('GET', `/api/TextModule/Get/${mine.id}`, { token: colleague.token }));
    await expectRefused(ctx, 404, () =>
      ctx.call('POST', '/api/TextModule/Update', {
        token: colleague.token,
        body: { ...body(), id: mine.id, rowVersion: 1 },
      }),
    );
    await expectRefused(ctx, 404, () =>
      ctx.call('POST', `/api/TextModule/Delete/${mine.id}`, { token: colleague.token }),
    );
    // A manager sees it (and may delete it) but does not change another's words.
    const seen = dataOf<TextModule>(await ctx.call('GET', `/api/TextModule/Get/${mine.id}`, { token: manager.token }));
    expect(seen.actions).toEqual(['delete']);
    const refused = await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/TextModule/Update', {
        token: manager.token,
        headers,
        body: { ...body(), id: mine.id, rowVersion: 1 },
      }),
    );
    expect(keyOf(refused)).toBe('textModule.notYours');
    // The one action offered is accepted.
    dataOf(await ctx.call('POST', `/api/TextModule/Delete/${mine.id}`, { token: manager.token }));
  });

  it('shares with everyone or with groups; only a manager shares or changes a shared reply', async () => {
    const [group] = await ctx.db
      .insert(userGroup)
      .values({ name: `Desk ${++counter}` })
      .returning();
    await ctx.db.insert(userGroupMember).values({ groupId: group!.id, userId: agent.id });
    const everyone = await add(manager.token, { shared: true });
    const forGroup = await add(manager.token, { shared: true, groupIds: [group!.id] });
    expect(forGroup.groupNames).toEqual([{ id: group!.id, name: group!.name }]);
    const agentSees = await listIds(agent.token);
    const colleagueSees = await listIds(colleague.token);
    expect(agentSees).toEqual(expect.arrayContaining([everyone.id, forGroup.id]));
    expect(colleagueSees).toContain(everyone.id);
    expect(colleagueSees).not.toContain(forGroup.id);
    await expectRefused(ctx, 404, () =>
      ctx.call('GET', `/api/TextModule/Get/${forGroup.id}`, { token: colleague.token }),
    );
    // Seen, used, but not changed by an agent; no buttons offered.
    const asAgent = dataOf<TextModule>(
      await ctx.call('GET', `/api/TextModule/Get/${everyone.id}`, { token: agent.token }),
    );
    expect(asAgent.actions).toEqual([]);
    await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/TextModule/Update', {
        token: agent.token,
        body: { ...body({ shared: true }), id: everyone.id, rowVersion: 1 },
      }),
    );
    await expectRefused(ctx, 403, () =>
      ctx.call('POST', `/api/TextModule/Delete/${everyone.id}`, { token: agent.token }),
    );
    const noShare = await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/TextModule/Add', { token: agent.token, headers, body: body({ shared: true }) }),
    );
    expect(keyOf(noShare)).toBe('textModule.shareNeedsManage');
    const groupsAlone = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/TextModule/Add', { token: manager.token, headers, body: body({ groupIds: [group!.id] }) }),
    );
    expect(firstError(groupsAlone)).toMatchObject({
      field: 'groupIds',
      messageKey: 'textModule.groupsNeedShared',
    });
    // The group may not go while a reply is shared with it (the reply would widen to everyone).
    await ctx.db.delete(userGroupMember);
    const inUse = await expectRefused(ctx, 409, () =>
      ctx.call('POST', `/api/UserGroup/Delete/${group!.id}`, { token: manager.token, headers }),
    );
    expect(keyOf(inUse)).toBe('textModule.sharedWithGroup');
  });

  it('refuses a body that does not parse, saying where', async () => {
    const refused = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/TextModule/Add', {
        token: agent.token,
        headers,
        body: body({ body: '<p>Hi {{ customer.name | shout }}</p>' }),
      }),
    );
    expect(firstError(refused)).toMatchObject({
      field: 'body',
      messageKey: 'textModule.bodySyntax',
      messageValues: { near: '{{ customer.name | shout }}' },
    });
    await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/TextModule/Add', { token: agent.token, body: body({ body: '<p>{% if x %}open</p>' }) }),
    );
  });

  it('renders against a ticket: variables filled, values escaped, status in the words of the reply', async () => {
    const ticket = await addTicket(ctx, agent.token, {
      subject: 'Printer <b>jams</b>',
      projectId,
      categoryId,
      firstName: 'Lee',
      lastName: 'Chen',
      customerEmail: 'lee@customer.test',
    });
    const reply = await add(agent.token, {
      language: 'zh-cn',
      body:
        '<p>{{ customer.firstName }} {{ customer.lastName }} &lt;{{ customer.email }}&gt;: {{ ticket.caseNumber }} ' +
        '{{ ticket.subject }} [{{ ticket.status }}] {{ ticket.categoryName }} — {{ agent.name }} ({{ agent.firstName }}, {{ agent.email }})</p>',
    });
    const rendered = dataOf<{ body: string }>(await render(agent.token, reply.id, ticket.id)).body;
    expect(rendered).toContain('Lee Chen &lt;lee@customer.test&gt;');
    expect(rendered).toContain(ticket.caseNumber);
    expect(rendered).toContain('Printer &lt;b&gt;jams&lt;/b&gt;');
    expect(rendered).not.toContain('<b>jams');
    expect(rendered).toMatch(/\[(已分配|新建|待处理|处理中)[^\]]*\]/);
    expect(rendered).toContain('Alex Agent (Alex, alex@desk.test)');
  });

  it('answers 404 for a ticket or a reply the caller may not see, 403 without the permission', async () => {
    const reply = await add(agent.token);
    const outsider = await signedIn({ permissions: agentCodes });
    const ticket = await addTicket(ctx, agent.token, { projectId, categoryId });
    await expectRefused(ctx, 404, () => render(outsider.token, reply.id, ticket.id));
    const shared = await add(manager.token, { shared: true });
    await expectRefused(ctx, 404, () => render(outsider.token, shared.id, ticket.id));
    await expectRefused(ctx, 404, () => render(colleague.token, reply.id, ticket.id));
    const noReplies = await signedIn({ permissions: ['ticket:view'], projects: [projectId] });
    await expectRefused(ctx, 403, () => render(noReplies.token, shared.id, ticket.id));
    await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/TextModule/Query', { token: noReplies.token, body: {} }),
    );
    await expectRefused(ctx, 403, () =>
      ctx.call('POST', '/api/TextModule/Add', { token: noReplies.token, body: body() }),
    );
  });
});
