import { describe, expect, it } from 'vitest';
import {
  emailEvents,
  emailMessages,
  emailTemplateMessages,
  messages,
  templateLanguages,
  type EmailTemplate,
} from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { addTicket, createProject, staff, ticketWorld } from '../../../test/ticket-factories.js';

const ctx = useTestApp();

const templatePermissions = [
  'emailTemplate:view',
  'emailTemplate:create',
  'emailTemplate:edit',
  'emailTemplate:delete',
  'emailTemplate:batchDelete',
];

async function editor() {
  const user = await createUser(ctx, { permissions: templatePermissions });
  return (await signIn(ctx, user)).token;
}

const call = (token: string, path: string, body?: unknown) =>
  ctx.call(body === undefined ? 'GET' : 'POST', `/api/EmailTemplate/${path}`, { token, body });

type Page = { items: EmailTemplate[]; total: number };
type FieldErrors = { errors: { field: string; message: string }[] };
let names = 0;
const uniqueName = () => `Template ${++names} ${Date.now()}`;

describe('seeded templates', () => {
  it('has an active template for every event in every language, ticket subjects carrying the case number', async () => {
    const token = await editor();
    const response = await call(token, 'Query', { status: 'Active', pageSize: 200 });
    expect(response.status, response.raw).toBe(200);
    const items = (response.body.data as Page).items;
    for (const event of emailEvents)
      for (const language of templateLanguages)
        expect(
          items.filter((t) => t.event === event && t.language === language),
          `${event} ${language}`,
        ).toHaveLength(1);
    for (const t of items.filter((i) => i.event?.startsWith('ticket')))
      expect(t.subject).toContain('[{{ ticket.caseNumber }}]');
    const chinese = await call(token, 'Query', { event: 'ticketAssigned', language: 'zh-tw' });
    expect((chinese.body.data as Page).items.map((t) => t.subject)).toEqual([
      expect.stringContaining('指派給您的工單'),
    ]);
  });
});

describe('template CRUD', () => {
  it('adds, reads, updates with the rowVersion and deletes', async () => {
    const token = await editor();
    const name = uniqueName();
    const added = await call(token, 'Add', { name, subject: 'Hello {{ user.name }}', body: '<p>{{ link }}</p>' });
    expect(added.status, added.raw).toBe(200);
    const t = added.body.data as EmailTemplate;
    expect(t).toMatchObject({ name, event: null, language: 'en', status: 'Active', rowVersion: 1 });

    const found = await call(token, 'Query', { keyword: name });
    expect((found.body.data as Page).items.map((i) => i.id)).toEqual([t.id]);

    const updated = await call(token, 'Update', { id: t.id, rowVersion: t.rowVersion, subject: 'Hi {{ user.name }}' });
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body.data).toMatchObject({ subject: 'Hi {{ user.name }}', rowVersion: 2 });
    const stale = await call(token, 'Update', { id: t.id, rowVersion: t.rowVersion, subject: 'Lost' });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);

    expect((await call(token, `Delete/${t.id}`, {})).status).toBe(200);
    expect((await call(token, `Get/${t.id}`)).status).toBe(404);
  });

  it('keeps one active template per event and language, naming the field', async () => {
    const token = await editor();
    const body = { name: uniqueName(), event: 'ticketResolved', language: 'zh-cn', subject: 'x', body: 'y' };
    const refused = await call(token, 'Add', body);
    expect(refused.status, refused.raw).toBe(400);
    expect((refused.body.data as FieldErrors).errors).toEqual([
      { field: 'event', message: emailTemplateMessages.templateEventTaken },
    ]);
    // An inactive one may wait beside it, and cannot be switched on while the other is active.
    const inactive = await call(token, 'Add', { ...body, status: 'Inactive' });
    expect(inactive.status, inactive.raw).toBe(200);
    const t = inactive.body.data as EmailTemplate;
    const switched = await call(token, 'Update', { id: t.id, rowVersion: t.rowVersion, status: 'Active' });
    expect(switched.status).toBe(400);
    expect((switched.body.data as FieldErrors).errors[0]!.field).toBe('event');

    const sameName = await call(token, 'Add', { name: t.name.toUpperCase(), subject: 'x', body: 'y' });
    expect(sameName.status).toBe(400);
    expect((sameName.body.data as FieldErrors).errors).toEqual([
      { field: 'name', message: emailTemplateMessages.templateNameTaken },
    ]);
  });

  it('refuses a template that does not parse, naming the field', async () => {
    const token = await editor();
    const badBody = await call(token, 'Add', {
      name: uniqueName(),
      subject: 'Fine',
      body: '{% if ticket.subject %}open',
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.resultMsg).toBe(emailMessages.templateSyntax);
    expect((badBody.body.data as FieldErrors).errors).toEqual([
      { field: 'body', message: emailMessages.templateSyntax },
    ]);

    const badSubject = await call(token, 'Add', {
      name: uniqueName(),
      subject: '{{ user.name | no_such_filter }}',
      body: '',
    });
    expect(badSubject.status).toBe(400);
    expect((badSubject.body.data as FieldErrors).errors[0]!.field).toBe('subject');

    const preview = await call(token, 'Preview', { subject: 'x', body: '{{ ticket.subject ' });
    expect(preview.status).toBe(400);
    expect((preview.body.data as FieldErrors).errors[0]!.field).toBe('body');
  });

  it('lets no one without emailTemplate:* read or write, and a reader not write', async () => {
    const nobody = (await signIn(ctx, await createUser(ctx, { permissions: ['ticket:view'] }))).token;
    for (const [path, body] of [
      ['Query', {}],
      ['Add', { name: uniqueName(), subject: 'x', body: 'y' }],
      ['Preview', { subject: 'x', body: 'y' }],
      ['Variables', undefined],
    ] as const)
      expect((await call(nobody, path, body)).status, path).toBe(403);
    const reader = (await signIn(ctx, await createUser(ctx, { permissions: ['emailTemplate:view'] }))).token;
    expect((await call(reader, 'Query', {})).status).toBe(200);
    expect((await call(reader, 'Add', { name: uniqueName(), subject: 'x', body: 'y' })).status).toBe(403);
  });
});

describe('rendering and preview', () => {
  it('escapes values in the body but not in the subject, and renders against a ticket the caller sees', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, {
      subject: '<script>alert(1)</script> & "quotes"',
      projectId: w.projectId,
      categoryId: w.categoryId,
    });
    const reader = await staff(ctx, [w.projectId], ['ticket:view', 'emailTemplate:view']);
    const response = await call(reader.token, 'Preview', {
      subject: '[{{ ticket.caseNumber }}] {{ ticket.subject }}',
      body: '<p>{{ ticket.subject }}</p><a href="{{ ticket.link }}">{{ user.loginName }}</a>',
      ticketId: t.id,
    });
    expect(response.status, response.raw).toBe(200);
    const preview = response.body.data as { subject: string; body: string };
    expect(preview.subject).toBe(`[${t.caseNumber}] <script>alert(1)</script> & "quotes"`);
    expect(preview.body).not.toContain('<script>');
    expect(preview.body).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;</p>');
    expect(preview.body).toContain(`href="http://localhost:3000/ticket/info/${t.id}"`);
    expect(preview.body).toContain(`>${reader.loginName}</a>`);
  });

  it('answers 404 for a ticket the caller may not see, as for one that does not exist', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const outsider = await staff(ctx, [await createProject(ctx)], ['ticket:view', 'emailTemplate:view']);
    const hidden = await call(outsider.token, 'Preview', {
      subject: 'x',
      body: '{{ ticket.subject }}',
      ticketId: t.id,
    });
    expect(hidden.status).toBe(404);
    const missing = await call(outsider.token, 'Preview', { subject: 'x', body: 'y', ticketId: 999_999_999 });
    expect({ status: missing.status, raw: missing.raw }).toEqual({ status: hidden.status, raw: hidden.raw });
  });

  it('previews a stored template with the sample values when no ticket is given', async () => {
    const token = await editor();
    const list = await call(token, 'Query', { event: 'passwordReset', language: 'en' });
    const [reset] = (list.body.data as Page).items;
    const response = await call(token, 'Preview', { id: reset!.id });
    expect(response.status, response.raw).toBe(200);
    const preview = response.body.data as { subject: string; body: string };
    expect(preview.subject).toBe('Reset your Casedesk password');
    expect(preview.body).toContain('for 1 hour(s)');
    expect(preview.body).toContain('href="https://desk.example.com/reset-password?token=…"');
  });

  it('reads no file and stops a runaway loop (answered as a template that cannot be rendered)', async () => {
    const token = await editor();
    const include = await call(token, 'Preview', { subject: 'x', body: "{% include '/etc/passwd' %}" });
    expect(include.status).toBe(400);
    expect(include.raw).not.toContain('root:');
    const loop = await call(token, 'Preview', {
      subject: 'x',
      body: '{% for i in (1..100000000) %}xxxxxxxxxx{% endfor %}',
    });
    expect(loop.status).toBe(400);
  });

  it('lists the variables for the picker in three languages', async () => {
    const token = await editor();
    const response = await call(token, 'Variables');
    expect(response.status, response.raw).toBe(200);
    const list = response.body.data as { name: string; description: Record<string, string>; example: string }[];
    for (const name of [
      'ticket.caseNumber',
      'ticket.subject',
      'ticket.status',
      'ticket.priority',
      'ticket.content',
      'ticket.link',
      'ticket.assigneeName',
      'ticket.customer',
      'ticket.projectName',
      'ticket.categoryName',
      'comment.body',
      'comment.authorName',
      'user.name',
      'user.loginName',
      'link',
      'hours',
      'holiday.name',
      'system.name',
    ])
      expect(
        list.find((v) => v.name === name),
        name,
      ).toMatchObject({
        description: { en: expect.any(String), 'zh-cn': expect.any(String), 'zh-tw': expect.any(String) },
        example: expect.any(String),
      });
  });
});
