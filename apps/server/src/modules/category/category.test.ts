import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Category, type CategoryDetail, type Page } from '@casedesk/shared';
import { createUser, signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, editableOf, expectRefused } from '../../../test/platform-helpers.js';
import { addTicket, admin, createProject, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { appUser } from '../user/user.table.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const uniqueCode = () => `CAT-${randomBytes(4).toString('hex')}`;

async function add(body: Record<string, unknown> = {}): Promise<Category> {
  return dataOf<Category>(
    await ctx.call('POST', '/api/Category/Add', {
      token: boss.token,
      body: { categoryCode: uniqueCode(), categoryDescription: 'Hardware', ...body },
    }),
  );
}

const editable = (record: Category, patch: Record<string, unknown> = {}) => editableOf({ ...record, ...patch });
const get = (id: number) => ctx.call('GET', `/api/Category/Get/${id}`, { token: boss.token });
const detail = async (id: number) =>
  dataOf<CategoryDetail>(await ctx.call('GET', `/api/Category/Detail/${id}`, { token: boss.token }));

describe('Category', () => {
  it('adds a category with its projects and default assignee, finds it by project, and updates it', async () => {
    const [first, second] = [await createProject(ctx), await createProject(ctx)];
    const created = await add({ categoryDescription: 'Printers', projectIds: [first], newTicketAssignee: boss.id });
    expect(created).toMatchObject({ categoryDescription: 'Printers', categoryStatus: 'Active', rowVersion: 1 });
    expect(await detail(created.id)).toMatchObject({ projectIds: [first], newTicketAssignee: boss.id });
    const byProject = dataOf<Page<Category>>(
      await ctx.call('POST', '/api/Category/Query', { token: boss.token, body: { projectId: first } }),
    );
    expect(byProject.items.map((c) => c.id)).toEqual([created.id]);
    // The list's row names the default assignee (no cell looks the user up).
    expect(byProject.items[0]?.newTicketAssigneeName).toBe(boss.name);

    const updated = dataOf<Category>(
      await ctx.call('POST', '/api/Category/Update', {
        token: boss.token,
        body: editable(created, { categoryDescription: 'Printers and scanners', projectIds: [second] }),
      }),
    );
    expect(updated).toMatchObject({ id: created.id, categoryDescription: 'Printers and scanners', rowVersion: 2 });
    expect(await detail(created.id)).toMatchObject({ projectIds: [second], newTicketAssignee: boss.id });
  });

  it('refuses an unknown project and a default assignee who is not an active user', async () => {
    await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Category/Add', {
        token: boss.token,
        body: { categoryCode: uniqueCode(), categoryDescription: 'X', projectIds: [2_000_000_000] },
      }),
    );
    const leaver = await createUser(ctx);
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, leaver.id));
    const inactive = await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Category/Add', {
        token: boss.token,
        body: { categoryCode: uniqueCode(), categoryDescription: 'X', newTicketAssignee: leaver.id },
      }),
    );
    expect(inactive.body.resultMsg).toContain('newTicketAssignee');
  });

  it('refuses an update from a stale rowVersion and keeps the newer change', async () => {
    const created = await add();
    const first = await ctx.call('POST', '/api/Category/Update', {
      token: boss.token,
      body: editable(created, { categoryDescription: 'First change' }),
    });
    expect(first.status, first.raw).toBe(200);
    const stale = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Category/Update', {
        token: boss.token,
        body: editable(created, { categoryDescription: 'Lost change' }),
      }),
    );
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);
    expect(dataOf<Category>(await get(created.id))).toMatchObject({
      categoryDescription: 'First change',
      rowVersion: 2,
    });
  });

  it('refuses a second category with the same code, on add and on update', async () => {
    const taken = await add();
    const other = await add();
    const again = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Category/Add', {
        token: boss.token,
        body: { categoryCode: taken.categoryCode, categoryDescription: 'Copy' },
      }),
    );
    expect(again.body.resultMsg).toMatch(/category/i);
    await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Category/Update', {
        token: boss.token,
        body: editable(other, { categoryCode: taken.categoryCode }),
      }),
    );
    expect(dataOf<Category>(await get(other.id)).categoryCode).toBe(other.categoryCode);
  });

  it('refuses to delete a category a ticket has, deleting nothing of the batch, and deletes one without tickets', async () => {
    const w = await ticketWorld(ctx);
    await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const unused = await add({ projectIds: [w.projectId] });
    const refused = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Category/Delete', { token: boss.token, body: [unused.id, w.categoryId] }),
    );
    expect(refused.body.resultMsg).toMatch(/category/i);
    expect((await get(w.categoryId)).status).toBe(200);
    expect((await get(unused.id)).status).toBe(200);
    expect(dataOf(await ctx.call('POST', `/api/Category/Delete/${unused.id}`, { token: boss.token }))).toEqual({
      deleted: 1,
    });
    expect((await get(unused.id)).status).toBe(404);
  });

  it('is closed to users without the category permissions', async () => {
    const category = await add();
    const { token: viewer } = await signedInWith(ctx, ['category:view']);
    expect((await ctx.call('POST', '/api/Category/Query', { token: viewer, body: {} })).status).toBe(200);
    expect((await ctx.call('GET', `/api/Category/Detail/${category.id}`, { token: viewer })).status).toBe(200);
    for (const [url, body] of [
      ['/api/Category/Add', { categoryCode: uniqueCode(), categoryDescription: 'X' }],
      ['/api/Category/Update', editable(category, { categoryDescription: 'X' })],
      [`/api/Category/Delete/${category.id}`, undefined],
      ['/api/Category/Delete', [category.id]],
      ['/api/Category/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['project:view']);
    expect((await ctx.call('GET', `/api/Category/Get/${category.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('GET', `/api/Category/Detail/${category.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Category/Query', { token: stranger, body: {} })).status).toBe(403);
    expect(dataOf<Category>(await get(category.id))).toEqual(category);
  });
});
