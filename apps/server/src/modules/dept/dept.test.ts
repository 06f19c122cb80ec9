import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import { appUser } from '../user/user.table.js';

type Dept = { id: number; name: string; code: string; parentId: number | null; rowVersion: number; status: string };
type Page = { items: Dept[]; total: number };

describe('Dept', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let token: string;
  let counter = 0;
  beforeAll(async () => {
    token = (await signIn(ctx, await createUser(ctx, { roles: ['admin'] }))).token;
  });
  const add = async (over: Partial<Dept> = {}) => {
    counter++;
    const body = { name: `Department ${counter}`, code: `DEP-${counter}`, ...over };
    return dataOf<Dept>(await ctx.call('POST', '/api/Dept/Add', { token, body }));
  };
  const exists = async (id: number) => (await ctx.call('GET', `/api/Dept/Get/${id}`, { token })).status === 200;

  it('refuses deleting a department that has sub-departments, saying so, and deletes nothing', async () => {
    const parent = await add();
    const child = await add({ parentId: parent.id });
    const unrelated = await add();
    const expected = {
      resultCode: 409,
      resultMsg: 'The department has 1 sub-department(s); delete or move them first.',
      data: null,
    };
    const one = await expectRefused(ctx, 409, () => ctx.call('POST', `/api/Dept/Delete/${parent.id}`, { token }));
    expect(one.body).toEqual(expected);
    const batch = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Dept/Delete', { token, body: [unrelated.id, parent.id] }),
    );
    expect(batch.body).toEqual(expected);
    expect([await exists(parent.id), await exists(child.id), await exists(unrelated.id)]).toEqual([true, true, true]);
    // A department deleted together with all its sub-departments is fine.
    expect(dataOf(await ctx.call('POST', '/api/Dept/Delete', { token, body: [parent.id, child.id] }))).toEqual({
      deleted: 2,
    });
    expect([await exists(parent.id), await exists(child.id)]).toEqual([false, false]);
  });

  it('refuses deleting a department users belong to, saying so, and deletes nothing', async () => {
    const dept = await add();
    const other = await add();
    await createUser(ctx, { values: { deptId: dept.id } });
    await createUser(ctx, { values: { deptId: dept.id } });
    const response = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Dept/Delete', { token, body: [other.id, dept.id] }),
    );
    expect(response.body).toEqual({
      resultCode: 409,
      resultMsg: 'The department is assigned to 2 user(s); move them to another department first.',
      data: null,
    });
    expect([await exists(dept.id), await exists(other.id)]).toEqual([true, true]);
    await ctx.db.update(appUser).set({ deptId: other.id }).where(eq(appUser.deptId, dept.id));
    expect(dataOf(await ctx.call('POST', `/api/Dept/Delete/${dept.id}`, { token }))).toEqual({ deleted: 1 });
    await expectRefused(ctx, 409, () => ctx.call('POST', `/api/Dept/Delete/${other.id}`, { token }));
  });

  it("answers its parent's and leader's names on every read, and exports them, not ids", async () => {
    const leader = await createUser(ctx, { values: { fullName: 'Chen Wei' } });
    const parent = await add({ name: 'Operations' });
    const dept = await add({ parentId: parent.id, leaderId: leader.id } as Partial<Dept>);
    expect(dept).toMatchObject({ parentName: 'Operations', leaderName: 'Chen Wei' });
    const page = dataOf<Page>(await ctx.call('POST', '/api/Dept/Query', { token, body: { parentId: parent.id } }));
    expect(page.items).toEqual([
      expect.objectContaining({ id: dept.id, parentName: 'Operations', leaderName: 'Chen Wei' }),
    ]);
    expect(await dataOf<Dept>(await ctx.call('GET', `/api/Dept/Get/${parent.id}`, { token }))).toMatchObject({
      parentName: null,
      leaderName: null,
    });
  });

  it('lists the sub-departments of a parent with the parentId filter', async () => {
    const parent = await add();
    const children = [await add({ parentId: parent.id }), await add({ parentId: parent.id })];
    await add();
    const viaGet = dataOf<Page>(await ctx.call('GET', `/api/Dept/Get?parentId=${parent.id}`, { token }));
    expect(viaGet.items.map((d) => d.id).sort()).toEqual(children.map((d) => d.id).sort());
    const viaQuery = dataOf<Page>(await ctx.call('POST', '/api/Dept/Query', { token, body: { parentId: parent.id } }));
    expect(viaQuery).toEqual(viaGet);
  });

  it('keeps the tree a tree: the parent must exist, and cannot be the department itself or below it', async () => {
    const top = await add();
    const middle = await add({ parentId: top.id });
    const bottom = await add({ parentId: middle.id });
    const refusal = async (body: Record<string, unknown>, url = '/api/Dept/Update') => {
      const response = await expectRefused(ctx, 400, () => ctx.call('POST', url, { token, body }));
      const { errors } = response.body.data as { errors: { field: string; message: string }[] };
      expect(errors).toEqual([{ field: 'parentId', message: response.body.resultMsg }]);
      return response.body.resultMsg;
    };
    expect(await refusal({ name: 'Orphan', code: 'ORPHAN', parentId: 987_654 }, '/api/Dept/Add')).toBe(
      'The parent department does not exist.',
    );
    const edit = (dept: Dept, parentId: number) => ({
      id: dept.id,
      rowVersion: dept.rowVersion,
      name: dept.name,
      code: dept.code,
      parentId,
    });
    expect(await refusal(edit(top, top.id))).toBe('A department cannot be its own parent.');
    expect(await refusal(edit(top, bottom.id))).toBe(
      'A department cannot be moved under one of its own sub-departments.',
    );
    expect(await refusal(edit(middle, bottom.id))).toBe(
      'A department cannot be moved under one of its own sub-departments.',
    );
    // Moving across the tree is fine.
    const sibling = await add();
    const moved = dataOf<Dept>(await ctx.call('POST', '/api/Dept/Update', { token, body: edit(bottom, sibling.id) }));
    expect(moved).toMatchObject({ parentId: sibling.id, rowVersion: 2 });
    expect(
      dataOf<Dept>(await ctx.call('POST', '/api/Dept/Update', { token, body: edit(top, bottom.id) })),
    ).toMatchObject({
      parentId: bottom.id,
    });
  });

  it('is closed to users without the dept permissions', async () => {
    const dept = await add();
    const { token: viewer } = await signedInWith(ctx, ['dept:view']);
    expect((await ctx.call('GET', `/api/Dept/Get/${dept.id}`, { token: viewer })).status).toBe(200);
    for (const [url, body] of [
      ['/api/Dept/Add', { name: 'X', code: 'X' }],
      ['/api/Dept/Update', { ...dept, name: 'X' }],
      [`/api/Dept/Delete/${dept.id}`, undefined],
      ['/api/Dept/Delete', [dept.id]],
      ['/api/Dept/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['position:view']);
    expect((await ctx.call('GET', `/api/Dept/Get/${dept.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Dept/Query', { token: stranger, body: {} })).status).toBe(403);
  });
});
