import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, messages, type Email, type EmailListItem } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { addTicket, admin, staff, staffPermissions, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { ticketComment } from '../ticket/ticket.table.js';
import { queueEmail } from './email-outbox.service.js';
import { email } from './email.table.js';

const ctx = useTestApp();
const mailPermissions = ['email:view', 'email:create', 'email:edit', 'email:delete', 'email:export'];

let boss: Staff;
beforeAll(async () => {
  boss = await admin(ctx);
});

async function call(who: Staff, url: string, body: unknown) {
  return ctx.call('POST', url, { token: who.token, body });
}
async function draft(who: Staff, body: Record<string, unknown> = {}): Promise<Email> {
  const response = await call(who, '/api/Email/Add', { subject: 'Hello', to: ['a@example.test'], ...body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Email;
}
const list = async (who: Staff, body: Record<string, unknown>) => {
  const response = await call(who, '/api/Email/Query', body);
  expect(response.status, response.raw).toBe(200);
  return response.body.data as { items: EmailListItem[]; total: number };
};

describe('e-mails: drafts, send, delete, list', () => {
  it('writes a draft (body sanitised), updates it at its version, queues it with Send', async () => {
    const mail = await draft(boss, {
      body: '<p onclick="x()">Hi<script>alert(1)</script></p>',
      cc: ['c@example.test'],
    });
    expect(mail).toMatchObject({ status: 'Draft', direction: 'Out', to: ['a@example.test'], cc: ['c@example.test'] });
    expect(mail.body).toBe('<p>Hi</p>');
    const updated = await call(boss, '/api/Email/Update', { id: mail.id, rowVersion: mail.rowVersion, subject: 'Hi' });
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body.data).toMatchObject({ subject: 'Hi', cc: ['c@example.test'], status: 'Draft' });
    const stale = await call(boss, '/api/Email/Update', { id: mail.id, rowVersion: mail.rowVersion, subject: 'X' });
    expect(stale.status).toBe(409);

    const sent = await call(boss, '/api/Email/Send', { id: mail.id });
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'Sending', messageId: mail.messageId });
    // Queued: no longer a draft to edit, send or delete.
    const edit = await call(boss, '/api/Email/Update', { id: mail.id, rowVersion: mail.rowVersion + 2, subject: 'Y' });
    expect(edit.status).toBe(409);
    expect(edit.body.resultMsg).toBe(emailMessages.notADraft);
    expect((await call(boss, '/api/Email/Send', { id: mail.id })).status).toBe(409);
    expect((await call(boss, '/api/Email/Delete', [mail.id])).status).toBe(409);
  });

  it('refuses a bad address with the spec message, and a send without a recipient', async () => {
    const bad = await call(boss, '/api/Email/Add', { subject: 'x', to: ['not-an-address'] });
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain(messages.invalidEmail);
    const none = await call(boss, '/api/Email/Add', { subject: 'x', to: [], send: true });
    expect(none.status).toBe(400);
    expect(none.body.resultMsg).toBe(emailMessages.noRecipient);
    const empty = await draft(boss, { to: [] });
    const sendEmpty = await call(boss, '/api/Email/Send', { id: empty.id });
    expect(sendEmpty.status).toBe(400);
  });

  it('deletes drafts (and failed mails), never sent ones', async () => {
    const mail = await draft(boss);
    const removed = await call(boss, `/api/Email/Delete`, [mail.id]);
    expect(removed.status, removed.raw).toBe(200);
    expect(await ctx.db.select().from(email).where(eq(email.id, mail.id))).toEqual([]);
    const failed = await draft(boss);
    await ctx.db.update(email).set({ status: 'Failed' }).where(eq(email.id, failed.id));
    expect((await call(boss, '/api/Email/Delete', [failed.id])).status).toBe(200);
    const sent = await draft(boss);
    await ctx.db.update(email).set({ status: 'Sent' }).where(eq(email.id, sent.id));
    expect((await call(boss, '/api/Email/Delete', [sent.id])).status).toBe(409);
  });

  it('lists with filters (status, keyword on subject and addresses, ticket) and the ticket case number', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const linked = await draft(boss, { subject: 'Quokka linked', ticketId: t.id, to: ['zebra@example.test'] });
    await draft(boss, { subject: 'Quokka alone' });
    const byKeyword = await list(boss, { keyword: 'quokka' });
    expect(byKeyword.items.map((i) => i.subject).sort()).toEqual(['Quokka alone', 'Quokka linked']);
    const byAddress = await list(boss, { keyword: 'zebra@' });
    expect(byAddress.items.map((i) => i.id)).toEqual([linked.id]);
    expect(byAddress.items[0]).toMatchObject({ ticketCaseNumber: t.caseNumber, attachmentCount: 0 });
    expect(byAddress.items[0]).not.toHaveProperty('body');
    const byTicket = await list(boss, { ticketId: t.id, direction: 'Out', status: 'Draft' });
    expect(byTicket.items.map((i) => i.id)).toEqual([linked.id]);
    expect((await list(boss, { ticketId: t.id, status: 'Sent' })).total).toBe(0);
    const future = await list(boss, { keyword: 'quokka', from: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.total).toBe(0);
    const exported = await ctx.app.inject({
      method: 'POST',
      url: '/api/Email/Export',
      headers: { authorization: `Bearer ${boss.token}`, 'auth-token': ctx.newAuthToken() },
      payload: { keyword: 'quokka' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheet');
  });

  it('shows a mail linked to a ticket only to who sees the ticket; others get 404', async () => {
    const w = await ticketWorld(ctx);
    const t = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const mail = await draft(boss, { subject: 'Scoped mail', ticketId: t.id });
    const loose = await draft(boss, { subject: 'Scoped loose' });
    const insider = await staff(ctx, [w.projectId], [...staffPermissions, ...mailPermissions]);
    const outsider = await staff(ctx, [], [...staffPermissions, ...mailPermissions]);
    expect((await list(insider, { keyword: 'Scoped' })).items.map((i) => i.id).sort()).toEqual(
      [mail.id, loose.id].sort(),
    );
    expect((await list(outsider, { keyword: 'Scoped' })).items.map((i) => i.id)).toEqual([loose.id]);
    expect((await ctx.call('GET', `/api/Email/Get/${mail.id}`, { token: outsider.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/Email/Get/${mail.id}`, { token: insider.token })).status).toBe(200);
    // Linking a new mail to a ticket one cannot see is refused.
    const sneaky = await call(outsider, '/api/Email/Add', { subject: 'x', to: ['a@example.test'], ticketId: t.id });
    expect(sneaky.status).toBe(400);
    // Without email:send, a draft can be written but not sent.
    const own = await draft(insider, { subject: 'Insider draft' });
    expect((await call(insider, '/api/Email/Send', { id: own.id })).status).toBe(403);
    expect((await call(insider, '/api/Email/Add', { subject: 'x', to: ['a@example.test'], send: true })).status).toBe(
      403,
    );
    const nobody = await staff(ctx, [w.projectId], staffPermissions);
    expect((await call(nobody, '/api/Email/Query', {})).status).toBe(403);
  });
});

describe('reply to the customer from the ticket', () => {
  it('writes the public comment and the threaded mail in one transaction', async () => {
    const w = await ticketWorld(ctx);
    const agent = await staff(ctx, [w.projectId], [...staffPermissions, 'email:view', 'email:send']);
    const t = await addTicket(ctx, agent.token, {
      projectId: w.projectId,
      categoryId: w.categoryId,
      subject: 'Printer on fire',
      customerEmail: 'henrietta@example.org',
    });
    // An earlier mail of the ticket (as the notification or the customer's mail would be).
    const earlier = await ctx.db.transaction((tx) =>
      queueEmail(tx, {
        to: ['henrietta@example.org'],
        subject: 'created',
        body: 'x',
        ticketId: t.id,
        references: ['<root@example.org>'],
      }),
    );
    const response = await call(agent, '/api/Email/Reply', {
      ticketId: t.id,
      body: '<p>We sent a technician.</p><script>x</script>',
    });
    expect(response.status, response.raw).toBe(200);
    const mail = response.body.data as Email;
    expect(mail).toMatchObject({
      status: 'Sending',
      to: ['henrietta@example.org'],
      subject: `Re: [${t.caseNumber}] Printer on fire`,
      ticketId: t.id,
      inReplyTo: earlier.messageId,
      references: ['<root@example.org>', earlier.messageId],
      body: '<p>We sent a technician.</p>',
    });
    const [comment] = await ctx.db.select().from(ticketComment).where(eq(ticketComment.id, mail.commentId!));
    expect(comment).toMatchObject({ ticketId: t.id, public: true, comment: '<p>We sent a technician.</p>' });
  });

  it('a refused reply writes neither the comment nor the mail', async () => {
    const w = await ticketWorld(ctx);
    const agent = await staff(ctx, [w.projectId], [...staffPermissions, 'email:send']);
    const t = await addTicket(ctx, agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const commentsBefore = await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, t.id));
    // The create's own notification mails (the category's assignee) are there before any reply.
    const mailsBefore = await ctx.db.select().from(email).where(eq(email.ticketId, t.id));
    // No customer e-mail on the ticket and no recipient given: refused after the comment was written, all undone.
    const refused = await call(agent, '/api/Email/Reply', { ticketId: t.id, body: 'Hello' });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe(emailMessages.noTicketAddress);
    expect(await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, t.id))).toEqual(commentsBefore);
    expect(await ctx.db.select().from(email).where(eq(email.ticketId, t.id))).toEqual(mailsBefore);

    // Someone who does not see the ticket: 404, nothing written; without email:send: 403.
    const outsider = await staff(ctx, [], [...staffPermissions, 'email:send']);
    const hidden = await call(outsider, '/api/Email/Reply', { ticketId: t.id, body: 'Hi', to: ['x@example.test'] });
    expect(hidden.status).toBe(404);
    const noSend = await staff(ctx, [w.projectId], staffPermissions);
    expect(
      (await call(noSend, '/api/Email/Reply', { ticketId: t.id, body: 'Hi', to: ['x@example.test'] })).status,
    ).toBe(403);
    expect(await ctx.db.select().from(email).where(eq(email.ticketId, t.id))).toEqual(mailsBefore);
    expect(await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, t.id))).toEqual(commentsBefore);
  });
});
