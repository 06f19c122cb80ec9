import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  delegateMessages,
  messages,
  userMessages,
  type Delegate,
  type DelegateLogEntry,
  type Page,
} from '@casedesk/shared';
import { createUser, signIn, useTestApp, type TestUser } from '../../../test/helpers.js';
import { addTicket, createProject, staff, staffPermissions, ticketWorld } from '../../../test/ticket-factories.js';
import { auditLog } from '../../platform/platform.table.js';
import { appUser } from '../user/index.js';
import { delegate, delegateLog } from './delegate.table.js';

const ctx = useTestApp();
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** What the common role gives for one's own delegations. */
const ownDelegatePermissions = [
  'delegate:page',
  'delegate:view',
  'delegate:create',
  'delegate:edit',
  'delegate:delete',
  'delegate:set',
  'delegate:add',
  'delegate:history',
];
type Signed = TestUser & { token: string };
async function signedIn(options: Parameters<typeof createUser>[1] = {}): Promise<Signed> {
  const user = await createUser(ctx, options);
  return { ...user, token: (await signIn(ctx, user)).token };
}
const commonUser = () => signedIn({ roles: ['common'] });

let admin: Signed;
beforeAll(async () => {
  admin = await signedIn({ roles: ['admin'] });
});

async function add(token: string, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/Delegate/Add', { token, body: { startDate: days(0), ...body } });
}
async function added(token: string, body: Record<string, unknown>): Promise<Delegate> {
  const response = await add(token, body);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Delegate;
}
async function list(token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/Delegate/Query', { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Page<Delegate>;
}
async function history(token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/Delegate/History', { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Page<DelegateLogEntry>;
}
const logOf = (delegateId: number) =>
  ctx.db.select().from(delegateLog).where(eq(delegateLog.delegateId, delegateId)).orderBy(delegateLog.id);
const auditOf = (delegateId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'Delegate'), eq(auditLog.entityId, delegateId)))
    .orderBy(auditLog.id);
function expectRefused(
  response: { status: number; body: { resultMsg: string; data: unknown } },
  field: string,
  text: string,
) {
  expect(response.status).toBe(400);
  expect(response.body.resultMsg).toContain(text);
  expect(JSON.stringify(response.body)).toContain(field);
}

describe('Delegate: one user manages their own delegations', () => {
  it('adds a delegation for oneself with projects, shows names and actions, and writes the audit and the log', async () => {
    const owner = await commonUser();
    const deputy = await createUser(ctx);
    const projectId = await createProject(ctx);
    const row = await added(owner.token, {
      delegateTo: deputy.id,
      delegateType: 'Ticket',
      endDate: days(7),
      projectIds: [projectId, projectId],
    });
    expect(row).toMatchObject({
      delegateBy: owner.id,
      delegateTo: deputy.id,
      delegateType: 'Ticket',
      startDate: days(0),
      endDate: days(7),
      enabled: true,
      projectIds: [projectId],
      actions: ['edit', 'delete', 'onOff'],
    });
    expect(row.delegateToName).toBeTruthy();
    expect(row.projectNames).toHaveLength(1);
    expect((await auditOf(row.id)).map((a) => a.action)).toEqual(['create']);
    const [created] = await logOf(row.id);
    expect(created).toMatchObject({ event: 'created', delegateBy: owner.id, delegateTo: deputy.id, actorId: owner.id });
    expect(created!.detail).toMatchObject({ delegateType: 'Ticket', projectIds: [projectId], endDate: days(7) });
    // Open-ended by default: no end date.
    const open = await added(owner.token, { delegateTo: deputy.id, delegateType: 'Approval' });
    expect(open.endDate).toBeNull();
  });

  it('updates with before and after in the log, refuses a stale version, switches off and on, and deletes', async () => {
    const owner = await commonUser();
    const deputy = await createUser(ctx);
    const other = await createUser(ctx);
    const row = await added(owner.token, { delegateTo: deputy.id, endDate: days(3) });
    const changed = await ctx.call('POST', '/api/Delegate/Update', {
      token: owner.token,
      body: { ...row, delegateTo: other.id, endDate: days(5) },
    });
    expect(changed.status, changed.raw).toBe(200);
    const after = changed.body.data as Delegate;
    expect(after).toMatchObject({ delegateTo: other.id, endDate: days(5), rowVersion: row.rowVersion + 1 });
    const stale = await ctx.call('POST', '/api/Delegate/Update', {
      token: owner.token,
      body: { id: row.id, rowVersion: row.rowVersion, delegateTo: deputy.id, startDate: days(0) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);

    const off = await ctx.call('POST', '/api/Delegate/SetEnabled', {
      token: owner.token,
      body: { id: row.id, rowVersion: after.rowVersion, enabled: false },
    });
    expect(off.status, off.raw).toBe(200);
    const offRow = off.body.data as Delegate;
    expect(offRow.enabled).toBe(false);
    const staleSwitch = await ctx.call('POST', '/api/Delegate/SetEnabled', {
      token: owner.token,
      body: { id: row.id, rowVersion: after.rowVersion, enabled: true },
    });
    expect(staleSwitch.status).toBe(409);
    const on = await ctx.call('POST', '/api/Delegate/SetEnabled', {
      token: owner.token,
      body: { id: row.id, rowVersion: offRow.rowVersion, enabled: true },
    });
    expect(on.status, on.raw).toBe(200);

    const removed = await ctx.call('POST', `/api/Delegate/Delete/${row.id}`, { token: owner.token });
    expect(removed.status, removed.raw).toBe(200);
    expect(await ctx.db.select().from(delegate).where(eq(delegate.id, row.id))).toEqual([]);

    const log = await logOf(row.id);
    expect(log.map((l) => l.event)).toEqual(['created', 'updated', 'disabled', 'enabled', 'deleted']);
    expect(log[1]!.detail).toEqual({
      delegateTo: { from: deputy.id, to: other.id },
      endDate: { from: days(3), to: days(5) },
    });
    expect(log[4]!.detail).toMatchObject({ delegateTo: other.id, enabled: true });
    expect((await auditOf(row.id)).map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
  });

  it('deletes a batch all or none', async () => {
    const owner = await signedIn({ roles: ['common'], permissions: ['delegate:batchDelete'] });
    const deputy = await createUser(ctx);
    const a = await added(owner.token, { delegateTo: deputy.id, delegateType: 'Ticket' });
    const b = await added(owner.token, { delegateTo: deputy.id, delegateType: 'Approval' });
    const missing = await ctx.call('POST', '/api/Delegate/Delete', { token: owner.token, body: [a.id, 999_999] });
    expect(missing.status).toBe(404);
    expect((await list(owner.token)).total).toBe(2);
    const both = await ctx.call('POST', '/api/Delegate/Delete', { token: owner.token, body: [a.id, b.id] });
    expect(both.status, both.raw).toBe(200);
    expect(both.body.data).toEqual({ deleted: 2 });
    expect((await list(owner.token)).total).toBe(0);
  });
});

describe('Delegate: who may not', () => {
  it("refuses a common user another user's delegations, and lets an administrator manage them", async () => {
    const owner = await commonUser();
    const stranger = await commonUser();
    const deputy = await commonUser();
    const forOther = await add(stranger.token, { delegateBy: owner.id, delegateTo: deputy.id });
    expect(forOther.status).toBe(403);
    expect(forOther.body.resultMsg).toBe(delegateMessages.notYours);
    expect(await ctx.db.select().from(delegate).where(eq(delegate.delegateBy, owner.id))).toEqual([]);

    // The administrator adds one for the owner.
    const row = await added(admin.token, { delegateBy: owner.id, delegateTo: deputy.id });
    expect(row.actions).toEqual(['edit', 'delete', 'onOff']);
    // A stranger does not see it at all: 404, and not in the list.
    expect((await ctx.call('GET', `/api/Delegate/Get/${row.id}`, { token: stranger.token })).status).toBe(404);
    expect((await ctx.call('POST', `/api/Delegate/Delete/${row.id}`, { token: stranger.token })).status).toBe(404);
    expect((await list(stranger.token)).items.map((d) => d.id)).not.toContain(row.id);
    // The delegate sees it but may not change it.
    const seen = await list(deputy.token);
    expect(seen.items.find((d) => d.id === row.id)?.actions).toEqual([]);
    const byDeputy = await ctx.call('POST', '/api/Delegate/Update', {
      token: deputy.token,
      body: { ...row, endDate: days(9) },
    });
    expect(byDeputy.status).toBe(403);
    const switched = await ctx.call('POST', '/api/Delegate/SetEnabled', {
      token: deputy.token,
      body: { id: row.id, rowVersion: row.rowVersion, enabled: false },
    });
    expect(switched.status).toBe(403);
    expect((await ctx.call('POST', `/api/Delegate/Delete/${row.id}`, { token: deputy.token })).status).toBe(403);
    // The owner may: it is theirs.
    const byOwner = await ctx.call('POST', '/api/Delegate/Update', {
      token: owner.token,
      body: { ...row, endDate: days(9) },
    });
    expect(byOwner.status, byOwner.raw).toBe(200);
    // The owner may not hand their delegation to someone else as owner.
    const moved = await ctx.call('POST', '/api/Delegate/Update', {
      token: owner.token,
      body: { ...(byOwner.body.data as Delegate), delegateBy: stranger.id },
    });
    expect(moved.status).toBe(403);
    // The administrator sees every delegation.
    expect((await list(admin.token, { delegateBy: owner.id })).items.map((d) => d.id)).toEqual([row.id]);
  });

  it('refuses the calls to a user without the permission', async () => {
    const viewer = await signedIn({ permissions: ['delegate:view'] });
    const deputy = await createUser(ctx);
    expect((await add(viewer.token, { delegateTo: deputy.id })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Delegate/History', { token: viewer.token, body: {} })).status).toBe(403);
    const nobody = await signedIn({ permissions: ['ticket:view'] });
    expect((await ctx.call('POST', '/api/Delegate/Query', { token: nobody.token, body: {} })).status).toBe(403);
  });
});

describe('Delegate: the rules of a delegation', () => {
  it('refuses oneself, an inactive or deleted delegate, an end before the start and unknown projects, naming the field', async () => {
    const owner = await commonUser();
    expectRefused(await add(owner.token, { delegateTo: owner.id }), 'delegateTo', delegateMessages.self);
    const inactive = await createUser(ctx, { values: { status: 'Inactive' } });
    expectRefused(await add(owner.token, { delegateTo: inactive.id }), 'delegateTo', delegateMessages.inactiveDelegate);
    const deleted = await createUser(ctx, { values: { deletedAt: new Date() } });
    expectRefused(await add(owner.token, { delegateTo: deleted.id }), 'delegateTo', delegateMessages.inactiveDelegate);
    const deputy = await createUser(ctx);
    expectRefused(
      await add(owner.token, { delegateTo: deputy.id, startDate: days(5), endDate: days(4) }),
      'endDate',
      delegateMessages.endBeforeStart,
    );
    expectRefused(
      await add(owner.token, { delegateTo: deputy.id, projectIds: [999_999] }),
      'projectIds',
      delegateMessages.unknownProjects,
    );
    expect(await ctx.db.select().from(delegate).where(eq(delegate.delegateBy, owner.id))).toEqual([]);
    // A switched-off delegation may name a delegate who is away; switching it on checks again.
    const off = await added(owner.token, { delegateTo: inactive.id, enabled: false });
    const on = await ctx.call('POST', '/api/Delegate/SetEnabled', {
      token: owner.token,
      body: { id: off.id, rowVersion: off.rowVersion, enabled: true },
    });
    expectRefused(on, 'delegateTo', delegateMessages.inactiveDelegate);
  });

  it('refuses a cycle: A to B while an enabled B to A of the same work overlaps in dates', async () => {
    const a = await commonUser();
    const b = await commonUser();
    await added(a.token, { delegateTo: b.id, delegateType: 'Ticket', startDate: days(0), endDate: days(10) });
    expectRefused(
      await add(b.token, { delegateTo: a.id, delegateType: 'Ticket', startDate: days(5) }),
      'delegateTo',
      delegateMessages.cycle,
    );
    expectRefused(
      await add(b.token, { delegateTo: a.id, delegateType: 'All', startDate: days(10), endDate: days(12) }),
      'delegateTo',
      delegateMessages.cycle,
    );
    // Other work, or other days, is no cycle.
    await added(b.token, { delegateTo: a.id, delegateType: 'Approval', startDate: days(0) });
    const later = await added(b.token, {
      delegateTo: a.id,
      delegateType: 'Ticket',
      startDate: days(11),
      enabled: false,
    });
    // A switched-off reverse delegation is no cycle either, until it is switched on over the same days.
    await ctx.call('POST', '/api/Delegate/Update', {
      token: b.token,
      body: { ...later, startDate: days(2) },
    });
    const moved = (await list(b.token, { delegateBy: b.id, delegateType: 'Ticket' })).items[0]!;
    const on = await ctx.call('POST', '/api/Delegate/SetEnabled', {
      token: b.token,
      body: { id: moved.id, rowVersion: moved.rowVersion, enabled: true },
    });
    expectRefused(on, 'delegateTo', delegateMessages.cycle);
  });

  it('refuses an overlapping enabled delegation of the same owner, work and projects', async () => {
    const owner = await commonUser();
    const deputy = await createUser(ctx);
    const second = await createUser(ctx);
    const p1 = await createProject(ctx);
    const p2 = await createProject(ctx);
    const first = await added(owner.token, {
      delegateTo: deputy.id,
      delegateType: 'Ticket',
      projectIds: [p1],
      endDate: days(10),
    });
    // Same work, days and project: refused (with all projects too, which include p1).
    for (const body of [
      { delegateType: 'Ticket', projectIds: [p1, p2], startDate: days(3) },
      { delegateType: 'All', projectIds: [], startDate: days(10) },
    ])
      expectRefused(await add(owner.token, { delegateTo: second.id, ...body }), 'startDate', delegateMessages.overlap);
    // Another project, other work, or later days: allowed.
    await added(owner.token, { delegateTo: second.id, delegateType: 'Ticket', projectIds: [p2] });
    await added(owner.token, { delegateTo: second.id, delegateType: 'Approval', projectIds: [p1] });
    await added(owner.token, { delegateTo: second.id, delegateType: 'Ticket', projectIds: [p1], startDate: days(11) });
    // Its own update never overlaps itself.
    const extended = await ctx.call('POST', '/api/Delegate/Update', {
      token: owner.token,
      body: { ...first, endDate: days(10) },
    });
    expect(extended.status, extended.raw).toBe(200);
  });

  it('keeps one delegation under concurrent adds that would overlap', async () => {
    const owner = await commonUser();
    const deputies = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx)));
    const responses = await Promise.all(
      deputies.map((d) => add(owner.token, { delegateTo: d.id, delegateType: 'All' })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await ctx.db.select().from(delegate).where(eq(delegate.delegateBy, owner.id))).toHaveLength(1);
  });
});

describe('Delegate: the editor pickers', () => {
  it('offers a common user active users by name and their own projects, without user:view or project:view', async () => {
    const projectId = await createProject(ctx);
    const owner = await signedIn({ roles: ['common'], projects: [projectId] });
    const active = await createUser(ctx, { values: { fullName: 'Quillon Pickable' } });
    await createUser(ctx, { values: { fullName: 'Quillon Away', status: 'Inactive' } });
    const users = await ctx.call('POST', '/api/Delegate/Users', { token: owner.token, body: { keyword: 'quillon' } });
    expect(users.status, users.raw).toBe(200);
    expect(users.body.data).toEqual([{ id: active.id, name: 'Quillon Pickable' }]);
    const projects = await ctx.call('GET', '/api/Delegate/Projects', { token: owner.token });
    expect((projects.body.data as { id: number }[]).map((p) => p.id)).toEqual([projectId]);
    const all = await ctx.call('GET', '/api/Delegate/Projects', { token: admin.token });
    expect((all.body.data as { id: number }[]).length).toBeGreaterThan(1);
    const nobody = await signedIn({ permissions: ['ticket:view'] });
    expect((await ctx.call('GET', '/api/Delegate/Projects', { token: nobody.token })).status).toBe(403);
  });
});

describe('Delegate: list and history', () => {
  it('filters the list and searches by name', async () => {
    const owner = await commonUser();
    const deputy = await createUser(ctx, { values: { fullName: 'Zebediah Stand-in' } });
    const ticketOne = await added(owner.token, { delegateTo: deputy.id, delegateType: 'Ticket', endDate: days(2) });
    await added(owner.token, { delegateTo: deputy.id, delegateType: 'Approval', startDate: days(3), enabled: false });
    expect((await list(owner.token, { keyword: 'zebediah' })).total).toBe(2);
    expect((await list(owner.token, { delegateType: 'Ticket' })).items.map((d) => d.id)).toEqual([ticketOne.id]);
    expect((await list(owner.token, { activeOn: days(1) })).items.map((d) => d.id)).toEqual([ticketOne.id]);
    expect((await list(owner.token, { enabled: false })).total).toBe(1);
    const bad = await ctx.call('POST', '/api/Delegate/Query', {
      token: owner.token,
      body: { orderBy: [{ field: 'secret', desc: false }] },
    });
    expect(bad.status).toBe(400);
  });

  it('exports the delegations the caller sees as .xlsx', async () => {
    const owner = await signedIn({ roles: ['common'], permissions: ['delegate:export'] });
    const deputy = await createUser(ctx, { values: { fullName: 'Export Stand-in' } });
    const projectId = await createProject(ctx);
    await added(owner.token, { delegateTo: deputy.id, projectIds: [projectId] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Delegate/Export',
      headers: { authorization: `Bearer ${owner.token}`, 'auth-token': ctx.newAuthToken() },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Delegate.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows).toHaveLength(2);
    expect(rows[1]![1]).toBe('Export Stand-in');
    expect(rows[1]![5]).toBe('Project');
  });

  it('shows the history newest first, paged, with names, filtered, and only one’s own to a common user', async () => {
    const owner = await commonUser();
    const stranger = await commonUser();
    const deputy = await createUser(ctx);
    const row = await added(owner.token, { delegateTo: deputy.id });
    await ctx.call('POST', '/api/Delegate/SetEnabled', {
      token: owner.token,
      body: { id: row.id, rowVersion: row.rowVersion, enabled: false },
    });
    const mine = await history(owner.token, { delegateId: row.id });
    expect(mine.items.map((e) => e.event)).toEqual(['disabled', 'created']);
    expect(mine.items[1]).toMatchObject({ delegateBy: owner.id, delegateTo: deputy.id, actorId: owner.id });
    expect(mine.items[1]!.delegateByName).toBeTruthy();
    expect(mine.items[1]!.actorName).toBeTruthy();
    expect((await history(owner.token, { delegateId: row.id, events: ['created'] })).items).toHaveLength(1);
    expect((await history(owner.token, { delegateId: row.id, pageSize: 1, page: 2 })).items[0]!.event).toBe('created');
    expect((await history(owner.token, { delegateId: row.id, from: days(1) })).total).toBe(0);
    expect((await history(owner.token, { delegateId: row.id, from: days(-1), to: days(0) })).total).toBe(2);
    // Another common user sees none of it; the administrator sees it, by user.
    expect((await history(stranger.token, { delegateId: row.id })).total).toBe(0);
    expect((await history(admin.token, { userId: deputy.id })).total).toBe(2);
  });
});

describe('Delegate: work that reaches a delegate', () => {
  const delegateStaff = (projectId: number) =>
    staff(ctx, [projectId], [...staffPermissions, ...ownDelegatePermissions]);

  it('gives a ticket assigned to an absent user to their delegate, never further (no chains), and audits it', async () => {
    const w = await ticketWorld(ctx);
    const owner = await delegateStaff(w.projectId);
    const deputy = await delegateStaff(w.projectId);
    const third = await createUser(ctx);
    await added(owner.token, { delegateTo: deputy.id, delegateType: 'Ticket', projectIds: [w.projectId] });
    // The deputy is away too: their own delegation does not pass the owner's ticket on.
    await added(deputy.token, { delegateTo: third.id, delegateType: 'All' });
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      companyId: w.companyId,
      assignTo: owner.id,
    });
    expect(t).toMatchObject({ assignTo: owner.id, delegateTo: deputy.id });
    const reached = await history(admin.token, { events: ['ticketReached'], userId: owner.id });
    expect(reached.items).toHaveLength(1);
    expect(reached.items[0]).toMatchObject({
      delegateBy: owner.id,
      delegateTo: deputy.id,
      ticketId: t.id,
      caseNumber: t.caseNumber,
      actorId: w.agent.id,
    });
    // The owner sees it in their own audit.
    expect((await history(owner.token, { events: ['ticketReached'] })).items.map((e) => e.ticketId)).toEqual([t.id]);

    // Reassigning a ticket to the owner reaches the delegate again, in the same transaction as the change.
    const other = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      companyId: w.companyId,
    });
    expect(other.delegateTo).toBeNull();
    const moved = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: other.id, rowVersion: other.rowVersion, assignTo: owner.id },
    });
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body.data).toMatchObject({ assignTo: owner.id, delegateTo: deputy.id });
    const all = await history(admin.token, { events: ['ticketReached'], userId: owner.id });
    expect(all.items.map((e) => e.ticketId)).toEqual([other.id, t.id]);
    // A ticket without a delegate writes nothing to the delegate audit.
    const byAgent = await history(admin.token, { events: ['ticketReached'], userId: w.agent.id });
    expect(byAgent.items.filter((e) => e.delegateBy === w.agent.id)).toEqual([]);
  });

  it("keeps the owner's work with the owner while the delegate is inactive, and refuses deleting an active delegate", async () => {
    const w = await ticketWorld(ctx);
    const owner = await delegateStaff(w.projectId);
    const deputy = await createUser(ctx);
    await added(owner.token, { delegateTo: deputy.id, delegateType: 'Ticket' });
    const refused = await ctx.call('POST', `/api/User/Delete/${deputy.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(userMessages.isActiveDelegate(1));
    await ctx.db.update(appUser).set({ status: 'Inactive' }).where(eq(appUser.id, deputy.id));
    const t = await addTicket(ctx, w.agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      companyId: w.companyId,
      assignTo: owner.id,
    });
    expect(t).toMatchObject({ assignTo: owner.id, delegateTo: null });
  });
});
