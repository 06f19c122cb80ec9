import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Page, type Project, type ProjectDetail } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, editableOf, expectRefused } from '../../../test/platform-helpers.js';
import { addTicket, admin, createCompany, ticketWorld, type Staff } from '../../../test/ticket-factories.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const uniqueCode = () => `PRJ-${randomBytes(4).toString('hex')}`;

async function add(body: Record<string, unknown> = {}): Promise<Project> {
  return dataOf<Project>(
    await ctx.call('POST', '/api/Project/Add', {
      token: boss.token,
      body: { projectCode: uniqueCode(), projectName: 'Rollout', ...body },
    }),
  );
}

const editable = (record: Project, patch: Record<string, unknown> = {}) => editableOf({ ...record, ...patch });
const get = (id: number) => ctx.call('GET', `/api/Project/Get/${id}`, { token: boss.token });
const detail = async (id: number) =>
  dataOf<ProjectDetail>(await ctx.call('GET', `/api/Project/Detail/${id}`, { token: boss.token }));

describe('Project', () => {
  it('adds a project with its companies, finds it by company, and updates it counting its rowVersion', async () => {
    const [north, south] = [await createCompany(ctx), await createCompany(ctx)];
    const created = await add({ projectName: 'Migration', companyIds: [north], activeAt: '2026-01-01' });
    expect(created).toMatchObject({ projectName: 'Migration', projectStatus: 'Active', rowVersion: 1 });
    expect(await detail(created.id)).toMatchObject({ companyIds: [north] });
    const byCompany = dataOf<Page<Project>>(
      await ctx.call('POST', '/api/Project/Query', { token: boss.token, body: { companyId: north } }),
    );
    expect(byCompany.items.map((p) => p.id)).toEqual([created.id]);

    const updated = dataOf<Project>(
      await ctx.call('POST', '/api/Project/Update', {
        token: boss.token,
        body: editable(created, { projectName: 'Migration II', companyIds: [south] }),
      }),
    );
    expect(updated).toMatchObject({ id: created.id, projectName: 'Migration II', rowVersion: 2 });
    expect(await detail(created.id)).toMatchObject({ projectName: 'Migration II', companyIds: [south] });
  });

  it('refuses an unknown company and an inactive date before the active one', async () => {
    await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Project/Add', {
        token: boss.token,
        body: { projectCode: uniqueCode(), projectName: 'X', companyIds: [2_000_000_000] },
      }),
    );
    await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Project/Add', {
        token: boss.token,
        body: { projectCode: uniqueCode(), projectName: 'X', activeAt: '2026-05-01', inActiveAt: '2026-04-30' },
      }),
    );
  });

  it('refuses an update from a stale rowVersion and keeps the newer change', async () => {
    const created = await add();
    const first = await ctx.call('POST', '/api/Project/Update', {
      token: boss.token,
      body: editable(created, { projectName: 'First change' }),
    });
    expect(first.status, first.raw).toBe(200);
    const stale = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Project/Update', {
        token: boss.token,
        body: editable(created, { projectName: 'Lost change' }),
      }),
    );
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);
    expect(dataOf<Project>(await get(created.id))).toMatchObject({ projectName: 'First change', rowVersion: 2 });
  });

  it('refuses a second project with the same code, on add and on update', async () => {
    const taken = await add();
    const other = await add();
    const again = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Project/Add', {
        token: boss.token,
        body: { projectCode: taken.projectCode, projectName: 'Copy' },
      }),
    );
    expect(again.body.resultMsg).toMatch(/project/i);
    await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Project/Update', {
        token: boss.token,
        body: editable(other, { projectCode: taken.projectCode }),
      }),
    );
    expect(dataOf<Project>(await get(other.id)).projectCode).toBe(other.projectCode);
  });

  it('refuses to delete a project a ticket is in, deleting nothing of the batch, and deletes one without tickets', async () => {
    const w = await ticketWorld(ctx);
    await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const unused = await add();
    const refused = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Project/Delete', { token: boss.token, body: [unused.id, w.projectId] }),
    );
    expect(refused.body.resultMsg).toMatch(/project/i);
    expect((await get(w.projectId)).status).toBe(200);
    expect((await get(unused.id)).status).toBe(200);
    expect(dataOf(await ctx.call('POST', `/api/Project/Delete/${unused.id}`, { token: boss.token }))).toEqual({
      deleted: 1,
    });
    expect((await get(unused.id)).status).toBe(404);
  });

  it('is closed to users without the project permissions', async () => {
    const project = await add();
    const { token: viewer } = await signedInWith(ctx, ['project:view']);
    expect((await ctx.call('POST', '/api/Project/Query', { token: viewer, body: {} })).status).toBe(200);
    expect((await ctx.call('GET', `/api/Project/Detail/${project.id}`, { token: viewer })).status).toBe(200);
    for (const [url, body] of [
      ['/api/Project/Add', { projectCode: uniqueCode(), projectName: 'X' }],
      ['/api/Project/Update', editable(project, { projectName: 'X' })],
      [`/api/Project/Delete/${project.id}`, undefined],
      ['/api/Project/Delete', [project.id]],
      ['/api/Project/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['company:view']);
    expect((await ctx.call('GET', `/api/Project/Get/${project.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('GET', `/api/Project/Detail/${project.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Project/Query', { token: stranger, body: {} })).status).toBe(403);
    expect(dataOf<Project>(await get(project.id))).toEqual(project);
  });
});
