import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type SlaCalendar, type SlaPolicy, type SlaPolicyPreview } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import { createCategory, createCompany, createProject } from '../../../test/ticket-factories.js';
import { holiday } from '../setting/index.js';
import { userGroup } from '../userGroup/index.js';

type Refusal = { errors?: { field: string; message: string; messageKey?: string }[] } | null;

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '18:00' }));
const headers = { 'message-keys': '1' };
// 2031-01-03 is a Friday; the Monday after is 2031-01-06.
const fridayFive = '2031-01-03T17:00:00Z';

describe('SlaPolicy', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let token: string;
  let calendarId: number;
  let counter = 0;
  beforeAll(async () => {
    token = (await signIn(ctx, await createUser(ctx, { roles: ['admin'] }))).token;
    calendarId = (await addCalendar()).id;
  });
  const addCalendar = async (extra: Record<string, unknown> = {}) =>
    dataOf<SlaCalendar>(
      await ctx.call('POST', '/api/SlaCalendar/Add', {
        token,
        body: { name: `Policy calendar ${++counter}`, timeZone: 'UTC', workingHours: weekdays, ...extra },
      }),
    );
  const policyBody = (extra: Record<string, unknown> = {}) => ({
    name: `Policy ${++counter}`,
    calendarId,
    firstResponseMinutes: 60,
    resolutionMinutes: 480,
    ...extra,
  });
  const add = async (extra: Record<string, unknown> = {}) => {
    const response = await ctx.call('POST', '/api/SlaPolicy/Add', { token, body: policyBody(extra) });
    return dataOf<SlaPolicy>(response);
  };
  const preview = async (body: Record<string, unknown>) =>
    dataOf<SlaPolicyPreview>(await ctx.call('POST', '/api/SlaPolicy/Preview', { token, body }));

  it('adds with names for its ids, lists by keyword, status and priority, updates with rowVersion, deletes', async () => {
    const user = await createUser(ctx, { values: { fullName: 'Escalation Person' } });
    const [group] = await ctx.db.insert(userGroup).values({ name: 'Escalation desk' }).returning({ id: userGroup.id });
    const projectId = await createProject(ctx);
    const created = await add({
      priority: 5,
      conditions: [
        { field: 'projectId', op: 'in', value: [projectId] },
        { field: 'priority', op: 'ge', value: 'High' },
      ],
      nextUpdateMinutes: 120,
      pauseStatuses: ['Pending'],
      pauseDuringApproval: true,
      warnBeforeMinutes: 60,
      escalation: { notifyUserIds: [user.id], notifyGroupIds: [group!.id], assignToId: user.id },
      status: 'Inactive',
    });
    expect(created).toMatchObject({
      rowVersion: 1,
      nextUpdateMinutes: 120,
      pauseStatuses: ['Pending'],
      pauseDuringApproval: true,
      calendarName: expect.stringMatching(/^Policy calendar/),
      conditionNames: [{ field: 'projectId', id: projectId, name: expect.stringContaining(' · Project') }],
      notifyUsers: [{ id: user.id, name: 'Escalation Person' }],
      notifyGroups: [{ id: group!.id, name: 'Escalation desk' }],
      assignToName: 'Escalation Person',
      seedCode: null,
    });
    const later = await add({ priority: 1, status: 'Inactive', name: `Zz ${counter}` });
    const list = dataOf<{ items: SlaPolicy[] }>(
      await ctx.call('POST', '/api/SlaPolicy/Query', { token, body: { status: 'Inactive' } }),
    );
    const ids = list.items.map((p) => p.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(created.id));
    const found = dataOf<{ items: SlaPolicy[] }>(
      await ctx.call('POST', '/api/SlaPolicy/Query', { token, body: { keyword: created.name } }),
    );
    expect(found.items.map((p) => p.id)).toEqual([created.id]);
    const badSort = await ctx.call('POST', '/api/SlaPolicy/Query', {
      token,
      body: { orderBy: [{ field: 'calendarId', desc: false }] },
    });
    expect(badSort.status).toBe(400);

    const body = { ...created, resolutionMinutes: 600 };
    const updated = dataOf<SlaPolicy>(await ctx.call('POST', '/api/SlaPolicy/Update', { token, body }));
    expect(updated).toMatchObject({ rowVersion: 2, resolutionMinutes: 600 });
    expect((await ctx.call('POST', '/api/SlaPolicy/Update', { token, body })).status).toBe(409);
    const twin = await ctx.call('POST', '/api/SlaPolicy/Add', {
      token,
      headers,
      body: policyBody({ name: created.name }),
    });
    expect((twin.body.data as Refusal)?.errors).toContainEqual(
      expect.objectContaining({ field: 'name', messageKey: 'slaPolicy.nameTaken' }),
    );
    expect(dataOf(await ctx.call('POST', `/api/SlaPolicy/Delete/${created.id}`, { token }))).toEqual({ deleted: 1 });
    expect((await ctx.call('GET', `/api/SlaPolicy/Get/${created.id}`, { token })).status).toBe(404);
  });

  const nobody = 2_000_000_000;
  it.each([
    [{ name: '' }, 'name', 'validation.required'],
    [{ priority: -1 }, 'priority', 'validation.tooSmall'],
    [{ conditions: [{ field: 'subject', op: 'eq', value: 'x' }] }, 'conditions.0.field', 'slaPolicy.unknownField'],
    [
      { conditions: [{ field: 'custom.region', op: 'eq', value: 'x' }] },
      'conditions.0.field',
      'slaPolicy.unknownCustomField',
    ],
    [{ conditions: [{ field: 'priority', op: 'eq', value: 'Huge' }] }, 'conditions.0.value', 'slaPolicy.badValue'],
    [{ conditions: [{ field: 'projectId', op: 'gt', value: 3 }] }, 'conditions.0.value', 'slaPolicy.badValue'],
    [{ conditions: [{ field: 'ticketType', op: 'contains', value: 'x' }] }, 'conditions.0.value', 'slaPolicy.badValue'],
    [{ conditions: [{ field: 'projectId', op: 'in', value: [] }] }, 'conditions.0.value', 'slaPolicy.badValue'],
    [
      { conditions: [{ field: 'companyId', op: 'eq', value: nobody }] },
      'conditions.0.value',
      'slaPolicy.unknownRecord',
    ],
    [{ conditions: [{ field: 'priority', op: 'like', value: 'High' }] }, 'conditions.0.op', 'validation.notOneOf'],
    [{ calendarId: nobody }, 'calendarId', 'slaPolicy.calendarUnknown'],
    [{ firstResponseMinutes: 0 }, 'firstResponseMinutes', 'validation.tooSmall'],
    [{ firstResponseMinutes: 1.5 }, 'firstResponseMinutes', 'validation.notAWholeNumber'],
    [{ nextUpdateMinutes: -5 }, 'nextUpdateMinutes', 'validation.tooSmall'],
    [{ resolutionMinutes: 525_601 }, 'resolutionMinutes', 'validation.tooBig'],
    [{ resolutionMinutes: 30 }, 'resolutionMinutes', 'slaPolicy.resolutionBeforeFirstResponse'],
    [{ pauseStatuses: ['Closed'] }, 'pauseStatuses.0', 'slaPolicy.finalStatus'],
    [{ pauseStatuses: ['Waiting'] }, 'pauseStatuses.0', 'validation.notOneOf'],
    [{ pauseStatuses: ['Pending', 'Pending'] }, 'pauseStatuses', 'slaPolicy.statusesOnce'],
    [{ pauseDuringApproval: 'yes' }, 'pauseDuringApproval', 'validation.notYesOrNo'],
    [{ warnBeforeMinutes: 480 }, 'warnBeforeMinutes', 'slaPolicy.warnTooLate'],
    [{ warnBeforeMinutes: -1 }, 'warnBeforeMinutes', 'validation.tooSmall'],
    [{ escalation: { notifyUserIds: [nobody] } }, 'escalation.notifyUserIds.0', 'slaPolicy.userUnknownOrInactive'],
    [{ escalation: { notifyGroupIds: [nobody] } }, 'escalation.notifyGroupIds.0', 'slaPolicy.groupUnknownOrInactive'],
    [{ escalation: { assignToId: nobody } }, 'escalation.assignToId', 'slaPolicy.userUnknownOrInactive'],
    [{ status: 'Paused' }, 'status', 'validation.notOneOf'],
  ])('refuses %j with 400 naming %s', async (extra, field, messageKey) => {
    const added = await ctx.call('POST', '/api/SlaPolicy/Add', { token, headers, body: policyBody(extra) });
    expect(added.status, added.raw).toBe(400);
    expect((added.body.data as Refusal)?.errors, added.raw).toContainEqual(
      expect.objectContaining({ field, messageKey }),
    );
    const policy = await add({ status: 'Inactive' });
    const updated = await ctx.call('POST', '/api/SlaPolicy/Update', { token, headers, body: { ...policy, ...extra } });
    expect(updated.status, updated.raw).toBe(400);
    expect((updated.body.data as Refusal)?.errors).toContainEqual(expect.objectContaining({ field, messageKey }));
  });

  it('refuses an inactive calendar and an inactive user, and words a refusal in the caller language', async () => {
    const asleep = await addCalendar({ status: 'Inactive' });
    const refused = await ctx.call('POST', '/api/SlaPolicy/Add', {
      token,
      headers,
      body: policyBody({ calendarId: asleep.id }),
    });
    expect((refused.body.data as Refusal)?.errors).toContainEqual(
      expect.objectContaining({ field: 'calendarId', messageKey: 'slaPolicy.calendarInactive' }),
    );
    const gone = await createUser(ctx, { values: { status: 'Inactive' } });
    const inactive = await ctx.call('POST', '/api/SlaPolicy/Add', {
      token,
      headers,
      body: policyBody({ escalation: { notifyUserIds: [gone.id] } }),
    });
    expect((inactive.body.data as Refusal)?.errors).toContainEqual(
      expect.objectContaining({ field: 'escalation.notifyUserIds.0', messageKey: 'slaPolicy.userUnknownOrInactive' }),
    );
    const chinese = await signIn(ctx, await createUser(ctx, { roles: ['admin'], values: { language: 'zh-cn' } }));
    const worded = await ctx.call('POST', '/api/SlaPolicy/Add', {
      token: chinese.token,
      body: policyBody({ conditions: [{ field: 'custom.region', op: 'eq', value: 'x' }] }),
    });
    expect(worded.body.resultMsg).toContain('custom.region');
    expect(worded.body.resultMsg).toContain('自定义字段');
  });

  it('refuses to delete a calendar a policy uses, naming the policy', async () => {
    const calendar = await addCalendar();
    const policy = await add({ calendarId: calendar.id, status: 'Inactive' });
    const refused = await ctx.call('POST', `/api/SlaCalendar/Delete/${calendar.id}`, { token, headers });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      messageKey: 'slaCalendar.usedByPolicy',
      messageValues: { policy: policy.name },
    });
    await ctx.call('POST', `/api/SlaPolicy/Delete/${policy.id}`, { token });
    expect(dataOf(await ctx.call('POST', `/api/SlaCalendar/Delete/${calendar.id}`, { token }))).toEqual({ deleted: 1 });
  });

  it('refuses to delete a user or group its escalation names, naming the policy, until the policy drops them', async () => {
    const notified = await createUser(ctx);
    const assignee = await createUser(ctx);
    const [group] = await ctx.db
      .insert(userGroup)
      .values({ name: `Escalation group ${++counter}` })
      .returning({ id: userGroup.id });
    const policy = await add({
      status: 'Inactive',
      escalation: { notifyUserIds: [notified.id], notifyGroupIds: [group!.id], assignToId: assignee.id },
    });
    for (const [path, messageKey] of [
      [`/api/User/Delete/${notified.id}`, 'user.inSlaPolicyEscalation'],
      [`/api/User/Delete/${assignee.id}`, 'user.inSlaPolicyEscalation'],
      [`/api/UserGroup/Delete/${group!.id}`, 'userGroup.inSlaPolicyEscalation'],
    ] as const) {
      const refused = await expectRefused(ctx, 409, () => ctx.call('POST', path, { token, headers }));
      expect(refused.body, path).toMatchObject({ messageKey, messageValues: { policy: policy.name } });
    }
    const english = await ctx.call('POST', '/api/User/Delete', { token, body: [notified.id, assignee.id] });
    expect(english.status).toBe(409);
    expect(english.body.resultMsg).toBe(
      `The service level policy "${policy.name}" escalates to this user; remove the user from its escalation first.`,
    );

    const dropped = await ctx.call('POST', '/api/SlaPolicy/Update', {
      token,
      body: { ...policy, escalation: { notifyUserIds: [], notifyGroupIds: [], assignToId: null } },
    });
    expect(dropped.status, dropped.raw).toBe(200);
    expect(dataOf(await ctx.call('POST', '/api/User/Delete', { token, body: [notified.id, assignee.id] }))).toEqual({
      deleted: 2,
    });
    expect(dataOf(await ctx.call('POST', `/api/UserGroup/Delete/${group!.id}`, { token }))).toEqual({ deleted: 1 });
  });

  it('previews due times in working time: Friday 17:00 + 8 h is Monday 16:00, a Monday holiday makes it Tuesday', async () => {
    const projectId = await createProject(ctx);
    const policy = await add({
      conditions: [
        { field: 'projectId', op: 'eq', value: projectId },
        { field: 'priority', op: 'eq', value: 'High' },
      ],
      nextUpdateMinutes: 240,
    });
    const high = { projectId, priority: 'High', at: fridayFive };
    expect(await preview(high)).toEqual({
      at: '2031-01-03T17:00:00.000Z',
      due: {
        policyId: policy.id,
        policyName: policy.name,
        policySeedCode: null,
        calendarName: expect.stringMatching(/^Policy calendar/),
        calendarSeedCode: null,
        firstResponseDueAt: '2031-01-03T18:00:00.000Z',
        nextUpdateDueAt: '2031-01-06T12:00:00.000Z',
        resolutionDueAt: '2031-01-06T16:00:00.000Z',
      },
    });
    expect((await preview({ projectId, priority: 'Low', at: fridayFive })).due).toBeNull();
    await ctx.db.insert(holiday).values({ day: '2031-01-06', name: 'Demo Monday' });
    expect((await preview(high)).due?.resolutionDueAt).toBe('2031-01-07T16:00:00.000Z');
    const draft = await preview({
      priority: 'Low',
      at: fridayFive,
      draft: { calendarId, firstResponseMinutes: 30, resolutionMinutes: 120, name: 'Unsaved' },
    });
    expect(draft.due).toMatchObject({
      policyId: null,
      policyName: 'Unsaved',
      resolutionDueAt: '2031-01-07T10:00:00.000Z',
    });
  });

  it('previews the policy that applies: conditions on project, category and priority; priority order; inactive skipped', async () => {
    const projectId = await createProject(ctx);
    const companyId = await createCompany(ctx);
    const categoryId = await createCategory(ctx, { projects: [projectId] });
    const onProject = [{ field: 'projectId', op: 'eq', value: projectId }];
    const wide = await add({ priority: 50, conditions: onProject });
    const category = await add({
      priority: 40,
      conditions: [...onProject, { field: 'categoryId', op: 'in', value: [categoryId] }],
    });
    const urgent = await add({
      priority: 30,
      conditions: [...onProject, { field: 'priority', op: 'ge', value: 'Urgent' }],
    });
    await add({ priority: 1, conditions: onProject, status: 'Inactive' });
    const company = await add({
      priority: 20,
      conditions: [...onProject, { field: 'companyId', op: 'eq', value: companyId }],
    });
    const typed = await add({
      priority: 10,
      conditions: [...onProject, { field: 'ticketType', op: 'eq', value: 'Incident' }],
    });
    const pick = async (fields: Record<string, unknown>) =>
      (await preview({ projectId, priority: 'Medium', at: fridayFive, ...fields })).due?.policyId;
    expect(await pick({})).toBe(wide.id);
    expect(await pick({ categoryId })).toBe(category.id);
    expect(await pick({ categoryId, priority: 'Urgent' })).toBe(urgent.id);
    expect(await pick({ categoryId, priority: 'Urgent', companyId })).toBe(company.id);
    expect(await pick({ companyId, ticketType: 'Incident' })).toBe(typed.id);
    const preferred = dataOf<SlaPolicy>(
      await ctx.call('POST', '/api/SlaPolicy/Update', { token, body: { ...wide, priority: 5 } }),
    );
    expect(await pick({ categoryId, priority: 'Urgent', companyId })).toBe(preferred.id);
  });

  it('refuses a preview without a priority and a draft on an unknown calendar, naming the field', async () => {
    const missing = await ctx.call('POST', '/api/SlaPolicy/Preview', { token, headers, body: { at: fridayFive } });
    expect((missing.body.data as Refusal)?.errors).toContainEqual(expect.objectContaining({ field: 'priority' }));
    const draft = { calendarId: nobody, firstResponseMinutes: 1, resolutionMinutes: 2 };
    const unknown = await ctx.call('POST', '/api/SlaPolicy/Preview', {
      token,
      headers,
      body: { priority: 'Low', draft },
    });
    expect((unknown.body.data as Refusal)?.errors).toContainEqual(
      expect.objectContaining({ field: 'draft.calendarId', messageKey: 'slaPolicy.calendarUnknown' }),
    );
  });

  it('is closed to users without the policy permissions', async () => {
    const policy = await add({ status: 'Inactive' });
    const { token: viewer } = await signedInWith(ctx, ['slaPolicy:view']);
    expect((await ctx.call('POST', '/api/SlaPolicy/Query', { token: viewer, body: {} })).status).toBe(200);
    expect(
      (await ctx.call('POST', '/api/SlaPolicy/Preview', { token: viewer, body: { priority: 'Low' } })).status,
    ).toBe(200);
    for (const [url, payload] of [
      ['/api/SlaPolicy/Add', policyBody()],
      ['/api/SlaPolicy/Update', { ...policyBody(), id: policy.id, rowVersion: 1 }],
      [`/api/SlaPolicy/Delete/${policy.id}`, undefined],
      ['/api/SlaPolicy/Delete', [policy.id]],
      ['/api/SlaPolicy/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body: payload }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['slaCalendar:view']);
    expect((await ctx.call('GET', `/api/SlaPolicy/Get/${policy.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('POST', '/api/SlaPolicy/Query', { token: stranger, body: {} })).status).toBe(403);
    expect(
      (await ctx.call('POST', '/api/SlaPolicy/Preview', { token: stranger, body: { priority: 'Low' } })).status,
    ).toBe(403);
  });
});
