import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  userGroupMessages,
  type User,
  type UserGroup,
  type UserGroupDetail,
  type UserGroupNode,
} from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { userGroup } from './user-group.table.js';

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

let counter = 0;
async function addGroup(extra: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/UserGroup/Add', {
    token,
    body: { name: `Group ${++counter}`, ...extra },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as UserGroup;
}
const defaults = async () => ctx.db.select({ id: userGroup.id }).from(userGroup).where(eq(userGroup.isDefault, true));

describe('UserGroup: exactly one default group', () => {
  it('makes the first group the default, and a new default clears the old one', async () => {
    const first = await addGroup();
    expect(first.isDefault).toBe(true);
    const second = await addGroup({ isDefault: true });
    expect(second.isDefault).toBe(true);
    expect(await defaults()).toEqual([{ id: second.id }]);
    const moved = await ctx.call('POST', `/api/UserGroup/SetDefault/${first.id}`, { token });
    expect(moved.status, moved.raw).toBe(200);
    expect(await defaults()).toEqual([{ id: first.id }]);
  });

  it('keeps one default under concurrent SetDefault requests', async () => {
    const groups = await Promise.all([1, 2, 3, 4, 5, 6].map(() => addGroup()));
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        groups.map((g) => ctx.call('POST', `/api/UserGroup/SetDefault/${g.id}`, { token })),
      );
      expect(responses.map((r) => r.status)).toEqual(groups.map(() => 200));
      const now = await defaults();
      expect(now).toHaveLength(1);
      expect(groups.map((g) => g.id)).toContain(now[0]!.id);
    }
  });

  it('keeps one default under concurrent Add and Update requests that ask for it', async () => {
    const existing = await Promise.all([1, 2, 3].map(() => addGroup()));
    const responses = await Promise.all([
      ...[1, 2, 3, 4].map(() =>
        ctx.call('POST', '/api/UserGroup/Add', { token, body: { name: `Race ${++counter}`, isDefault: true } }),
      ),
      ...existing.map((g) =>
        ctx.call('POST', '/api/UserGroup/Update', {
          token,
          body: { id: g.id, rowVersion: g.rowVersion, name: g.name, isDefault: true },
        }),
      ),
    ]);
    expect(responses.map((r) => `${r.status} ${r.status === 200 ? '' : r.raw}`.trim())).toEqual(
      responses.map(() => '200'),
    );
    expect(await defaults()).toHaveLength(1);
  });

  it('refuses to leave no default: unsetting, deactivating or deleting the default group', async () => {
    const [current] = await defaults();
    const group = (await ctx.call('GET', `/api/UserGroup/Get/${current!.id}`, { token })).body.data as UserGroup;
    const base = { id: group.id, rowVersion: group.rowVersion, name: group.name };
    const unset = await ctx.call('POST', '/api/UserGroup/Update', { token, body: { ...base, isDefault: false } });
    expect(unset.status).toBe(400);
    expect(unset.body.resultMsg).toBe(userGroupMessages.defaultRequired);
    const inactive = await ctx.call('POST', '/api/UserGroup/Update', { token, body: { ...base, status: 'Inactive' } });
    expect(inactive.status).toBe(400);
    expect(inactive.body.resultMsg).toBe(userGroupMessages.defaultMustBeActive);
    const removed = await ctx.call('POST', `/api/UserGroup/Delete/${group.id}`, { token });
    expect(removed.status).toBe(409);
    expect(removed.body.resultMsg).toBe(userGroupMessages.defaultNotDeletable);
    // Omitting isDefault keeps it.
    const kept = await ctx.call('POST', '/api/UserGroup/Update', { token, body: { ...base, description: 'kept' } });
    expect(kept.status, kept.raw).toBe(200);
    expect(kept.body.data).toMatchObject({ isDefault: true, description: 'kept' });
    expect(await defaults()).toEqual([{ id: group.id }]);
  });

  it('puts users created through the API into the default group', async () => {
    const [current] = await defaults();
    const added = await ctx.call('POST', '/api/User/Add', {
      token,
      body: { loginName: `member${Date.now()}`, realName: 'M', password: 'Start@123' },
    });
    expect(added.status, added.raw).toBe(200);
    expect((added.body.data as User).groups).toEqual([current!.id]);
    const detail = await ctx.call('GET', `/api/UserGroup/Detail/${current!.id}`, { token });
    expect((detail.body.data as UserGroupDetail).members.map((m) => m.id)).toContain((added.body.data as User).id);
  });
});

describe('UserGroup: tree, members, references', () => {
  it('builds the tree, refuses cycles, and lists members', async () => {
    const member = await createUser(ctx);
    const root = await addGroup({ members: [member.id] });
    const child = await addGroup({ parentId: root.id });
    const grandchild = await addGroup({ parentId: child.id });
    const cycle = await ctx.call('POST', '/api/UserGroup/Update', {
      token,
      body: { id: root.id, rowVersion: root.rowVersion, name: root.name, parentId: grandchild.id },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.resultMsg).toBe(userGroupMessages.parentCycle);
    const unknownParent = await ctx.call('POST', '/api/UserGroup/Add', {
      token,
      body: { name: 'orphan', parentId: 999_999 },
    });
    expect(unknownParent.status).toBe(400);
    const unknownMember = await ctx.call('POST', '/api/UserGroup/Add', {
      token,
      body: { name: 'x', members: [999_999] },
    });
    expect(unknownMember.status).toBe(400);

    const tree = (await ctx.call('GET', '/api/UserGroup/Tree', { token })).body.data as UserGroupNode[];
    const node = tree.find((n) => n.id === root.id)!;
    expect(node.memberCount).toBe(1);
    expect(node.children.map((c) => c.id)).toEqual([child.id]);
    expect(node.children[0]!.children.map((c) => c.id)).toEqual([grandchild.id]);

    const detail = (await ctx.call('GET', `/api/UserGroup/Detail/${root.id}`, { token })).body.data as UserGroupDetail;
    expect(detail.members.map((m) => m.id)).toEqual([member.id]);
    const filtered = await ctx.call('GET', `/api/UserGroup/Get?parentId=${child.id}`, { token });
    expect((filtered.body.data as { items: UserGroup[] }).items.map((g) => g.id)).toEqual([grandchild.id]);
  });

  it('refuses to delete a group with sub-groups or members, saying which', async () => {
    const member = await createUser(ctx);
    const parent = await addGroup({ members: [member.id] });
    const child = await addGroup({ parentId: parent.id });
    const withChild = await ctx.call('POST', `/api/UserGroup/Delete/${parent.id}`, { token });
    expect(withChild.status).toBe(409);
    expect(withChild.body.resultMsg).toBe(userGroupMessages.hasChildren(1));
    const both = await ctx.call('POST', '/api/UserGroup/Delete', { token, body: [parent.id, child.id] });
    expect(both.status).toBe(409);
    expect(both.body.resultMsg).toBe(userGroupMessages.hasMembers(1, 0));
    const cleared = await ctx.call('POST', '/api/UserGroup/Update', {
      token,
      body: { id: parent.id, rowVersion: parent.rowVersion, name: parent.name, members: [] },
    });
    expect(cleared.status, cleared.raw).toBe(200);
    expect((await ctx.call('POST', '/api/UserGroup/Delete', { token, body: [parent.id, child.id] })).body.data).toEqual(
      {
        deleted: 2,
      },
    );
  });

  it('exports groups as .xlsx', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/UserGroup/Export',
      headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('UserGroup.xlsx');
  });
});
