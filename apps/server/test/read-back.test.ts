import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationMessages } from '@casedesk/shared';
import { createUser } from './helpers.js';
import { admin, addTicket, ticketWorld, type Staff } from './ticket-factories.js';
import { dataOf } from './platform-helpers.js';
import { useTestApp } from './helpers.js';

/**
 * Contract section 11: every `POST <R>/Update` takes back what `Get/{key}` and `Detail/{id}` gave.
 * The resources come from the route table, so a new resource with an Update call is covered here
 * (and fails until `makers` can give it a record).
 */
const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

type Row = Record<string, unknown> & { id: number; rowVersion: number };
let boss: Staff;
let holidays = 0;

/** One record of each resource, made through its own Add call where that is simplest. */
const makers: Record<string, () => Promise<number>> = {
  Dept: () => add('Dept', { name: 'Dept', code: unique('D') }),
  Position: () => add('Position', { name: 'Position', code: unique('P') }),
  Dictionary: () =>
    add('Dictionary', {
      code: unique('dict'),
      name: 'Dictionary',
      items: [
        { key: 'a', name: 'A', value: 'a' },
        { key: 'b', parentKey: 'a', name: 'B', value: 'b' },
      ],
    }),
  Menu: async () => firstOf('Menu'),
  Company: () => add('Company', { code: unique('C'), name: 'Company' }),
  Project: async () => add('Project', { projectCode: unique('P'), projectName: 'Project' }),
  Category: async () => {
    const projectId = await add('Project', { projectCode: unique('P'), projectName: 'Project' });
    return add('Category', { categoryCode: unique('C'), categoryDescription: 'Category', projectIds: [projectId] });
  },
  Ticket: async () => {
    const world = await ticketWorld(ctx);
    return (await addTicket(ctx, world.agent.token, { projectId: world.projectId, categoryId: world.categoryId })).id;
  },
  ScheduledTicket: async () => {
    const world = await ticketWorld(ctx);
    return add('ScheduledTicket', {
      subject: 'Weekly check',
      projectId: world.projectId,
      categoryId: world.categoryId,
      cron: '0 0 9 * * ?',
    });
  },
  User: async () => (await createUser(ctx, { roles: ['common'] })).id,
  UserGroup: async () => {
    const member = await createUser(ctx);
    return add('UserGroup', { name: unique('g'), members: [member.id] });
  },
  Role: () => add('Role', { name: unique('r'), code: unique('r'), permissions: ['ticket:view'] }),
  Region: () => add('Region', { code: unique('R'), name: 'Region' }),
  Industry: () => add('Industry', { code: unique('I'), name: 'Industry' }),
  TextModule: () =>
    add('TextModule', {
      name: unique('reply'),
      keywords: 'thanks',
      body: '<p>Hi {{ customer.name }}</p>',
      shared: true,
    }),
  Macro: () =>
    add('Macro', {
      name: unique('macro'),
      actions: [
        { set: { priority: 'High' } },
        { addTags: ['escalated'] },
        { comment: { public: false, body: '<p>Up</p>' } },
      ],
      shared: true,
    }),
  Trigger: () =>
    add('Trigger', {
      name: unique('trigger'),
      event: 'ticket.updated',
      conditions: [
        { field: 'status', op: 'changedTo', value: 'Pending' },
        { field: 'priority', op: 'ge', value: 'High' },
      ],
      actions: [{ addTags: ['waiting'] }, { comment: { public: false, body: '<p>Waiting</p>' } }],
      order: 5,
    }),
  CustomField: () =>
    add('CustomField', {
      key: unique('device_'),
      appliesTo: 'Ticket',
      type: 'select',
      label: { en: 'Device', 'zh-cn': '设备', 'zh-tw': '設備' },
      options: [{ value: 'laptop', label: { en: 'Laptop', 'zh-cn': '笔记本', 'zh-tw': '筆電' } }],
      // Not required: the file's tickets (read back below) would then need it.
      sort: 3,
    }),
  RequestType: async () => {
    const world = await ticketWorld(ctx);
    return add('RequestType', {
      name: { en: 'New laptop', 'zh-cn': '新笔记本', 'zh-tw': '新筆電' },
      icon: 'laptop',
      categoryId: world.categoryId,
      projectIds: [world.projectId],
      fulfilment: [{ title: 'Prepare laptop', assigneeId: world.agent.id, when: 'approved' }],
    });
  },
  TicketView: () =>
    add('TicketView', {
      name: unique('view'),
      query: { status: ['New', 'Assigned'], tags: ['vip'], tagsMode: 'all', keyword: 'printer' },
      columns: ['caseNumber', 'subject', 'status'],
      sort: [{ field: 'openDate', desc: true }],
      shared: true,
    }),
  SlaCalendar: () =>
    add('SlaCalendar', {
      name: unique('cal'),
      timeZone: 'Asia/Shanghai',
      workingHours: [{ day: 1, from: '09:00', to: '18:00' }],
      extraHolidays: ['2031-01-02'],
    }),
  SlaPolicy: async () => {
    const calendarId = await add('SlaCalendar', {
      name: unique('cal'),
      timeZone: 'UTC',
      workingHours: [{ day: 1, from: '09:00', to: '18:00' }],
    });
    const projectId = await add('Project', { projectCode: unique('P'), projectName: 'Project' });
    const member = await createUser(ctx);
    return add('SlaPolicy', {
      name: unique('pol'),
      conditions: [
        { field: 'projectId', op: 'in', value: [projectId] },
        { field: 'priority', op: 'ge', value: 'High' },
      ],
      calendarId,
      firstResponseMinutes: 30,
      nextUpdateMinutes: 120,
      resolutionMinutes: 240,
      pauseStatuses: ['Pending'],
      pauseDuringApproval: true,
      warnBeforeMinutes: 60,
      escalation: { notifyUserIds: [member.id], notifyGroupIds: [], assignToId: member.id },
    });
  },
  Configuration: () => add('Configuration', { name: unique('c'), value: 'v' }),
  Holiday: () => add('Holiday', { day: `2031-12-${String(++holidays).padStart(2, '0')}`, name: 'Holiday' }),
  ScheduleJob: () =>
    add('ScheduleJob', { name: unique('job'), className: 'jobs.pruneRuns', cron: '0 0 3 * * ?', isStart: true }),
  // A public address (TEST-NET-2, no DNS): private ones need Settings → Toggles.
  Webhook: () =>
    add('Webhook', {
      name: unique('hook'),
      url: 'https://198.51.100.7/hook',
      events: ['ticket.created'],
      headers: { 'X-Tenant': 'acme' },
      secret: `whsec_${randomBytes(32).toString('base64')}`,
    }),
  MailAccount: () =>
    add('MailAccount', {
      name: unique('mail'),
      address: 'desk@example.test',
      account: 'desk',
      password: 'mail-password',
      smtpHost: '127.0.0.1',
    }),
  Email: () => add('Email', { subject: 'Hello', to: ['customer@example.test'], cc: ['boss@example.test'] }),
  EmailTemplate: () =>
    add('EmailTemplate', {
      name: unique('template'),
      subject: 'About {{ ticket.caseNumber }}',
      body: '<p>Dear {{ ticket.customer }},</p>',
    }),
  Workflow: () =>
    add('Workflow', {
      name: 'Approval',
      code: unique('wf'),
      type: 'Ticket',
      flowChart: { id: 'start', name: 'Start', type: 'start', next: null },
    }),
  OpenItem: async () => {
    const world = await ticketWorld(ctx);
    const ticket = await addTicket(ctx, world.agent.token, {
      projectId: world.projectId,
      categoryId: world.categoryId,
    });
    return add('OpenItem', { ticketId: ticket.id, description: 'Read back', loe: '1.5', comment: 'first' });
  },
  // A fresh owner each time: two enabled delegations of one owner that overlap are refused.
  Delegate: async () =>
    add('Delegate', {
      delegateBy: (await createUser(ctx)).id,
      delegateTo: (await createUser(ctx)).id,
      delegateType: 'All',
      startDate: '2031-01-01',
      endDate: '2031-01-31',
      projectIds: [],
    }),
  Vendor: () =>
    add('Vendor', {
      vendorCode: unique('V'),
      vendorName: 'Vendor',
      emailAddress: 'billing@vendor.example',
      remitTo: { name: 'Vendor Ltd', address1: '1 Main St', city: 'Springfield', country: 'US' },
      mailAddress: { address1: 'PO Box 7', city: 'Springfield', country: 'US' },
    }),
  Import: () =>
    add('Import', {
      importName: unique('Import '),
      tableModel: 'Vendor',
      importType: 'csv',
      operationType: 'Upsert',
      matchConditions: ['vendorCode'],
      mappings: [{ column: 'Code', field: 'vendorCode' }],
    }),
  Requisition: () =>
    add('Requisition', {
      title: 'Read back',
      currency: 'USD',
      lines: [{ description: 'Chairs', quantity: '4', unitPrice: '89.90' }],
    }),
  Invoice: async () => {
    const vendorId = await add('Vendor', { vendorCode: unique('V'), vendorName: 'Vendor' });
    return add('Invoice', {
      invoiceNumber: unique('INV-'),
      vendorId,
      invoiceDate: '2031-01-02',
      currency: 'USD',
      taxRate: '7.25',
      lines: [{ description: 'Toner', quantity: '3', unitPrice: '0.3333' }],
    });
  },
  WorkflowRegistry: async () => {
    const workflowCode = unique('wf');
    await add('Workflow', { name: 'Approval', code: workflowCode, type: 'Ticket' });
    return add('WorkflowRegistry', {
      businessType: 'Ticket',
      workflowCode,
      conditions: [{ field: 'priority', op: 'eq', value: 'High' }],
    });
  },
};

async function add(resource: string, body: Record<string, unknown>): Promise<number> {
  const response = await ctx.call('POST', `/api/${resource}/Add`, { token: boss.token, body });
  expect(response.status, `${resource}/Add: ${response.raw}`).toBe(200);
  return dataOf<Row>(response).id;
}

async function firstOf(resource: string): Promise<number> {
  const page = dataOf<{ items: Row[] }>(await ctx.call('GET', `/api/${resource}/Get`, { token: boss.token }));
  expect(page.items.length, `${resource} has no seeded record`).toBeGreaterThan(0);
  return page.items[0]!.id;
}

const read = async (url: string) => dataOf<Row>(await ctx.call('GET', url, { token: boss.token }));
const update = (resource: string, body: unknown) =>
  ctx.call('POST', `/api/${resource}/Update`, { token: boss.token, body });

const updatable = () =>
  ctx.built.routes
    .filter((route) => route.method === 'POST' && /^\/api\/\w+\/Update$/.test(route.url))
    .map((route) => route.url.split('/')[2]!);
const hasDetail = (resource: string) =>
  ctx.built.routes.some((route) => route.method === 'GET' && route.url === `/api/${resource}/Detail/:key`);

beforeAll(async () => {
  boss = await admin(ctx);
});

describe('Update takes back what Get and Detail gave', () => {
  it('covers every resource with an Update call', () => {
    const resources = updatable();
    expect(resources.length).toBeGreaterThan(10);
    expect(resources.filter((resource) => !makers[resource])).toEqual([]);
  });

  it.each(Object.keys(makers))('%s: Get and Detail sent back unchanged are saved', async (resource) => {
    expect(updatable()).toContain(resource);
    const id = await makers[resource]!();
    const got = await read(`/api/${resource}/Get/${id}`);
    const saved = await update(resource, got);
    expect(saved.status, saved.raw).toBe(200);
    if (!hasDetail(resource)) return;
    // An unchanged save may or may not count as a change (tickets do not); the version is the one to send next.
    const detail = await read(`/api/${resource}/Detail/${id}`);
    expect(detail.rowVersion).toBe(dataOf<Row>(saved).rowVersion);
    const savedDetail = await update(resource, detail);
    expect(savedDetail.status, savedDetail.raw).toBe(200);
  });

  it.each(Object.keys(makers))('%s: a field no response carries is still refused', async (resource) => {
    const got = await read(`/api/${resource}/Get/${await makers[resource]!()}`);
    const refused = await update(resource, { ...got, noSuchField: 1 });
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body.data).toMatchObject({
      errors: [{ field: 'noSuchField', message: validationMessages.unknownField }],
    });
  });

  it.each(Object.keys(makers))('%s: server-owned fields sent with other values are ignored', async (resource) => {
    const got = await read(`/api/${resource}/Get/${await makers[resource]!()}`);
    const forged: Row = { ...got, createdAt: '2001-01-01T00:00:00.000Z', createdBy: boss.id + 1000, modifiedBy: 0 };
    if ('caseNumber' in got) forged.caseNumber = 'FORGED-1';
    const saved = await update(resource, forged);
    expect(saved.status, saved.raw).toBe(200);
    const after = await read(`/api/${resource}/Get/${got.id}`);
    expect(after.createdAt).toBe(got.createdAt);
    expect(after.createdBy).toBe(got.createdBy);
    expect(after.modifiedBy).not.toBe(0);
    if ('caseNumber' in got) expect(after.caseNumber).toBe(got.caseNumber);
  });

  it.each(Object.keys(makers))('%s: fields left out keep their value', async (resource) => {
    const got = await read(`/api/${resource}/Get/${await makers[resource]!()}`);
    const saved = await update(resource, { id: got.id, rowVersion: got.rowVersion });
    expect(saved.status, saved.raw).toBe(200);
    const after = await read(`/api/${resource}/Get/${got.id}`);
    // A save stamps the version and author, and recomputes a user's fullName (the factory leaves it empty).
    const unchanged = (row: Row) => {
      const { rowVersion: _v, modifiedAt: _at, modifiedBy: _by, fullName: _name, ...rest } = row;
      return rest;
    };
    expect(unchanged(after)).toEqual(unchanged(got));
  });

  it('a body without id or rowVersion is refused', async () => {
    const got = await read(`/api/Dept/Get/${await makers.Dept!()}`);
    const { id: _id, ...withoutId } = got;
    const { rowVersion: _rowVersion, ...withoutVersion } = got;
    expect((await update('Dept', withoutId)).status).toBe(400);
    expect((await update('Dept', withoutVersion)).status).toBe(400);
  });
});

/**
 * Contract 11 applies to Add as well: a record read back (e.g. to copy it) carries fields the server owns (id,
 * rowVersion, dates, names, actions...); Add accepts and ignores them. A refusal for a business rule (a code
 * taken, an overlapping delegation) may stand; a refusal naming a field Get itself gave, as unknown or malformed,
 * may not.
 */
describe('Add takes back what Get gave', () => {
  // The resources: an Add with an Update beside it (a comment's Add, say, is not a record's).
  const addable = () =>
    ctx.built.routes
      .filter((route) => route.method === 'POST' && /^\/api\/\w+\/Add$/.test(route.url))
      .map((route) => route.url.split('/')[2]!)
      .filter((resource) => updatable().includes(resource));

  it('covers every resource with an Add call', () => {
    expect(addable().length).toBeGreaterThan(10);
    expect(addable().filter((resource) => !makers[resource])).toEqual([]);
  });

  it.each(Object.keys(makers))('%s: no field of Get is refused', async (resource) => {
    const got = await read(`/api/${resource}/Get/${await makers[resource]!()}`);
    const added = await ctx.call('POST', `/api/${resource}/Add`, {
      token: boss.token,
      body: got,
      headers: { 'message-keys': '1' },
    });
    expect(added.status, added.raw).not.toBe(500);
    const errors = (added.body.data as { errors?: FieldRefusal[] } | null)?.errors ?? [];
    const aboutGetFields = errors.filter(
      (error) =>
        error.messageKey === 'validation.unknownField' || (error.field.split('.')[0]! in got && isSchemaRefusal(error)),
    );
    expect(aboutGetFields, added.raw).toEqual([]);
  });
});

type FieldRefusal = { field: string; message: string; messageKey?: string };

/** A refusal of the body's shape (a zod check, worded by the error map), as opposed to a business rule's. */
const isSchemaRefusal = (error: FieldRefusal) => error.messageKey?.startsWith('validation.') ?? false;
