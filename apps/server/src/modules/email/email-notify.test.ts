import { and, arrayContains, asc, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailMessages, messages, seededNames, seededTemplateCode } from '@casedesk/shared';
import { createUser, useTestApp } from '../../../test/helpers.js';
import { addTicket, admin, staff, ticketWorld, type Staff, type TicketData } from '../../../test/ticket-factories.js';
import type { Actor } from '../../platform/actor.js';
import { systemLog } from '../../platform/platform.table.js';
import { addCommentIn, ticket } from '../ticket/index.js';
import { appUser } from '../user/index.js';
import { notifyByEmail } from './email-notify.service.js';
import { seedEmailTemplates, seededTemplateName } from './email-template.seed.js';
import { email, emailTemplate } from './email.table.js';

const ctx = useTestApp();

let customers = 0;
const newCustomer = () => `customer${++customers}.${Date.now()}@example.test`;

const mailsTo = (address: string) =>
  ctx.db
    .select()
    .from(email)
    .where(arrayContains(email.to, [address]))
    .orderBy(asc(email.id));
const mailsOfTicket = (ticketId: number) =>
  ctx.db.select().from(email).where(eq(email.ticketId, ticketId)).orderBy(asc(email.id));

async function update(who: Staff, t: { id: number; rowVersion: number }, changes: Record<string, unknown>) {
  return ctx.call('POST', '/api/Ticket/Update', {
    token: who.token,
    body: { id: t.id, rowVersion: t.rowVersion, ...changes },
  });
}

async function comment(who: Staff, ticketId: number, text: string, isPublic: boolean) {
  const response = await ctx.call('POST', '/api/TicketComment/Add', {
    token: who.token,
    body: { ticketId, comment: text, public: isPublic },
  });
  expect(response.status, response.raw).toBe(200);
}

/** A world whose tickets are opened by `opener` and assigned (by the category) to `agent`. */
async function world() {
  const w = await ticketWorld(ctx);
  const opener = await staff(ctx, [w.projectId]);
  const open = (values: Record<string, unknown> = {}) =>
    addTicket(ctx, opener.token, { projectId: w.projectId, categoryId: w.categoryId, ...values });
  return { ...w, opener, open };
}

/** Switches a seeded template off for one test (and back on after it). */
const switchedOff: string[] = [];
async function switchOff(name: string) {
  switchedOff.push(name);
  await ctx.db.update(emailTemplate).set({ status: 'Inactive' }).where(eq(emailTemplate.name, name));
}
afterEach(async () => {
  if (switchedOff.length === 0) return;
  await ctx.db
    .update(emailTemplate)
    .set({ status: 'Active' })
    .where(inArray(emailTemplate.name, switchedOff.splice(0)));
});

describe('mail to the assignee', () => {
  it('tells the assignee of a new ticket, in their language, with the case number in the subject', async () => {
    const w = await world();
    await ctx.db.update(appUser).set({ language: 'zh-cn' }).where(eq(appUser.id, w.agent.id));
    const t = await w.open({ subject: 'Printer <b>jam</b>' });
    const [mail] = await mailsTo(`${w.agent.loginName}@example.test`);
    expect(mail).toMatchObject({
      direction: 'Out',
      status: 'Sending',
      event: 'ticketAssigned',
      language: 'zh-cn',
      ticketId: t.id,
    });
    expect(mail!.subject).toBe(`[${t.caseNumber}] 分配给您的工单：Printer <b>jam</b>`);
    expect(mail!.body).toContain('Printer &lt;b&gt;jam&lt;/b&gt;');
    expect(mail!.body).toContain(`href="http://localhost:3000/ticket/info/${t.id}"`);
    expect(mail!.messageId).toMatch(/^<[0-9a-f]{32}\.[\w-]{22}@/);
  });

  it("names the ticket's priority by its label in the template's language", async () => {
    const w = await world();
    await ctx.db.update(appUser).set({ language: 'zh-cn' }).where(eq(appUser.id, w.agent.id));
    await w.open({ subject: 'Urgent printer', priority: 'High' });
    const [chinese] = await mailsTo(`${w.agent.loginName}@example.test`);
    expect(chinese!.body).toContain('（高，');
    expect(chinese!.body).not.toContain('High');
    await ctx.db.update(appUser).set({ language: 'en' }).where(eq(appUser.id, w.agent.id));
    await w.open({ subject: 'Slow printer', priority: 'Low' });
    const [, english] = await mailsTo(`${w.agent.loginName}@example.test`);
    expect(english!.body).toContain('(Low, ');
  });

  it('mails no one who may not get mail, nor anyone about their own action', async () => {
    const w = await world();
    const noMail = await createUser(ctx, { projects: [w.projectId], values: { canEmail: false } });
    const noNotices = await createUser(ctx, { projects: [w.projectId], values: { incidentEmailNotify: false } });
    const reader = await createUser(ctx, { projects: [w.projectId] });
    let t = await w.open();
    for (const user of [noMail, noNotices]) {
      const response = await update(w.opener, t, { assignTo: user.id });
      expect(response.status, response.raw).toBe(200);
      t = response.body.data as TicketData;
    }
    expect(await mailsTo(`${noMail.loginName}@example.test`)).toEqual([]);
    expect(await mailsTo(`${noNotices.loginName}@example.test`)).toEqual([]);
    // The agent assigns themselves: no mail to them for it (they got one when the ticket was opened).
    const before = (await mailsTo(`${w.agent.loginName}@example.test`)).length;
    expect((await update(w.agent, t, { assignTo: w.agent.id })).status).toBe(200);
    expect(await mailsTo(`${w.agent.loginName}@example.test`)).toHaveLength(before);
    expect(await mailsTo(`${reader.loginName}@example.test`)).toEqual([]);
  });

  it('queues nothing when the change is refused: a stale rowVersion, or a batch with one bad ticket', async () => {
    const w = await world();
    const other = await createUser(ctx, { projects: [w.projectId] });
    const t = await w.open();
    expect((await update(w.opener, t, { assignTo: other.id })).status).toBe(200);
    const stale = await update(w.opener, t, { assignTo: w.agent.id, status: 'Resolved' });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);
    expect(await mailsTo(`${other.loginName}@example.test`)).toHaveLength(1);

    const third = await createUser(ctx, { projects: [w.projectId] });
    const closed = await w.open();
    expect((await update(w.opener, closed, { status: 'Cancelled' })).status).toBe(200);
    const batch = await ctx.call('POST', '/api/Ticket/BatchAssign', {
      token: w.opener.token,
      body: { ids: [t.id, closed.id], assignTo: third.id },
    });
    expect(batch.status).toBe(400);
    expect(await mailsTo(`${third.loginName}@example.test`)).toEqual([]);

    const good = await ctx.call('POST', '/api/Ticket/BatchAssign', {
      token: w.opener.token,
      body: { ids: [t.id, (await w.open()).id], assignTo: third.id },
    });
    expect(good.status, good.raw).toBe(200);
    expect(await mailsTo(`${third.loginName}@example.test`)).toHaveLength(2);
  });
});

describe('mail to the customer', () => {
  it('acknowledges a new ticket, answers public comments in the same thread, never internal ones, and says resolved', async () => {
    const w = await world();
    const customer = newCustomer();
    const t = await w.open({ customerEmail: customer, customer: 'Jordan <Lee>' });
    const [created] = await mailsTo(customer);
    expect(created).toMatchObject({ event: 'ticketCreated', language: 'en', ticketId: t.id, inReplyTo: null });
    expect(created!.subject).toBe(`[${t.caseNumber}] We received your request: Printer`);
    expect(created!.body).toContain('Hello Jordan &lt;Lee&gt;,');

    await comment(w.agent, t.id, '<p>Internal: the <i>fuser</i> is broken</p>', false);
    expect(await mailsTo(customer)).toHaveLength(1);
    await comment(w.agent, t.id, '<p>We replaced the fuser.</p><p>Try again?</p>', true);
    const [, commented] = await mailsTo(customer);
    expect(commented).toMatchObject({ event: 'ticketCommented', inReplyTo: created!.messageId });
    expect(commented!.references).toEqual([created!.messageId]);
    expect(commented!.body).toContain('We replaced the fuser.\nTry again?');
    expect(commented!.body).not.toContain('Internal');

    const current = (await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: w.agent.token })).body
      .data as TicketData;
    expect((await update(w.agent, current, { status: 'Resolved' })).status).toBe(200);
    const resolved = (await mailsTo(customer))[2];
    expect(resolved).toMatchObject({ event: 'ticketResolved', inReplyTo: commented!.messageId });
    expect(resolved!.references).toEqual([created!.messageId, commented!.messageId]);
    expect(await mailsTo(customer)).toHaveLength(3);
  });

  it('sends no mail for a comment that came or went by e-mail', async () => {
    const w = await world();
    const customer = newCustomer();
    const t = await w.open({ customerEmail: customer });
    const actor: Actor = {
      userId: w.agent.id,
      loginName: w.agent.loginName,
      sessionId: '00000000-0000-0000-0000-000000000000',
      tokenExp: 0,
      permissions: new Set(['ticket:view', 'ticket:edit']),
      roles: [],
      projects: [w.projectId],
      privateTicket: false,
      needToChangePwd: false,
      dataScope: 'projects',
    };
    const [ack] = await mailsTo(customer);
    await ctx.db.transaction((tx) =>
      addCommentIn(tx, actor, { ticketId: t.id, comment: 'Thanks, it works', public: true, viaEmailId: ack!.id }),
    );
    expect(await mailsTo(customer)).toHaveLength(1);
  });

  it('speaks the language of a customer who is a user, respects their flags, and skips scheduled tickets', async () => {
    const w = await world();
    const taiwan = await createUser(ctx, { values: { language: 'zh-tw' } });
    const t = await w.open({ customerEmail: `${taiwan.loginName.toUpperCase()}@EXAMPLE.TEST` });
    const [mail] = await mailsTo(`${taiwan.loginName}@example.test`);
    expect(mail).toMatchObject({ event: 'ticketCreated', language: 'zh-tw', ticketId: t.id });
    expect(mail!.subject).toContain('我們已收到您的請求');
    // An address stored with spaces around it (a row older than the address check) still finds the user.
    await ctx.db
      .update(ticket)
      .set({ customerEmail: ` ${taiwan.loginName}@example.test\t` })
      .where(eq(ticket.id, t.id));
    await ctx.db.transaction((tx) => notifyByEmail(tx, { type: 'ticket.resolved', ticketId: t.id, actorId: null }));
    expect(await mailsTo(`${taiwan.loginName}@example.test`)).toEqual([
      expect.objectContaining({ event: 'ticketCreated' }),
      expect.objectContaining({ event: 'ticketResolved', language: 'zh-tw', ticketId: t.id }),
    ]);

    const quiet = await createUser(ctx, { values: { incidentEmailNotify: false } });
    await w.open({ customerEmail: `${quiet.loginName}@example.test` });
    expect(await mailsTo(`${quiet.loginName}@example.test`)).toEqual([]);

    const customer = newCustomer();
    await w.open({ customerEmail: customer, ticketFrom: 'Scheduled' });
    expect(await mailsTo(customer)).toEqual([]);
  });

  it('falls back to English when the language has no active template, and queues nothing (with a warning) when none has', async () => {
    const w = await world();
    const taiwan = await createUser(ctx, { values: { language: 'zh-tw' } });
    const address = `${taiwan.loginName}@example.test`;
    await switchOff(seededTemplateName('ticketCreated', 'zh-tw'));
    const t = await w.open({ customerEmail: address });
    expect(await mailsTo(address)).toEqual([expect.objectContaining({ event: 'ticketCreated', language: 'en' })]);

    await switchOff(seededTemplateName('ticketCreated', 'en'));
    const second = await w.open({ customerEmail: address });
    expect(second.id).toBeGreaterThan(t.id);
    expect((await mailsOfTicket(second.id)).filter((m) => m.event === 'ticketCreated')).toEqual([]);
    const warnings = await ctx.db
      .select()
      .from(systemLog)
      .where(and(eq(systemLog.source, 'email'), eq(systemLog.userId, taiwan.id)));
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'No active e-mail template for "Ticket created" in Traditional Chinese or English: no mail queued.',
        messageKey: 'log.noTemplate',
      }),
    ]);
  });
});

describe('mails other modules ask for (user.mail)', () => {
  it('sends the reset link in the user language, and nothing for a pair that does not match', async () => {
    const user = await createUser(ctx, { values: { language: 'zh-cn' } });
    const address = `${user.loginName}@example.test`;
    const asked = await ctx.call('POST', '/api/token/ForgotPassword', {
      body: { userName: user.loginName, email: address },
    });
    expect(asked.status, asked.raw).toBe(200);
    const [mail] = await mailsTo(address);
    expect(mail).toMatchObject({ event: 'passwordReset', language: 'zh-cn', subject: '重置您的 Casedesk 密码' });
    expect(mail!.body).toMatch(/href="http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}"/);
    expect(mail!.body).toContain('1 小时内有效');
    // Whoever may read mails sees that it was sent, never the link.
    const reader = await admin(ctx);
    const shown = await ctx.call('GET', `/api/Email/Get/${mail!.id}`, { token: reader.token });
    expect(shown.status, shown.raw).toBe(200);
    expect(shown.raw).not.toContain('reset-password');
    expect((shown.body.data as { body: string }).body).toContain(emailMessages.secretBodyHidden);

    const stranger = await ctx.call('POST', '/api/token/ForgotPassword', {
      body: { userName: user.loginName, email: 'someone.else@example.test' },
    });
    expect(stranger.raw).toBe(asked.raw);
    expect(await mailsTo('someone.else@example.test')).toEqual([]);
    expect(await mailsTo(address)).toHaveLength(1);
  });
});

describe('template seed', () => {
  it("names each event's template in each language as the catalog does, so the web words it for its reader", async () => {
    const rows = await ctx.db.select().from(emailTemplate);
    const catalog: Record<string, string> = seededNames.emailTemplate;
    const seeded = rows.filter((row) => Object.values(catalog).includes(row.name));
    expect(seeded).toHaveLength(Object.keys(catalog).length);
    for (const row of seeded) {
      const code = seededTemplateCode(row.event!, row.language);
      expect(row.name, code).toBe(catalog[code]);
      expect(row.description, code).toBe(seededNames.emailTemplateDescription[code]);
    }
  });

  it('is idempotent and never overwrites an edited template', async () => {
    const name = seededTemplateName('ticketResolved', 'en');
    await ctx.db.update(emailTemplate).set({ subject: 'Edited by an admin' }).where(eq(emailTemplate.name, name));
    const count = async () => (await ctx.db.select({ id: emailTemplate.id }).from(emailTemplate)).length;
    const before = await count();
    await seedEmailTemplates(ctx.db);
    await seedEmailTemplates(ctx.db);
    expect(await count()).toBe(before);
    const [kept] = await ctx.db.select().from(emailTemplate).where(eq(emailTemplate.name, name));
    expect(kept!.subject).toBe('Edited by an admin');
  });
});
