import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createStaff, type Api, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';
// Real servers on loopback: an SMTP sink (smtp-server) and Debian's Dovecot for POP3 (the server tests' own harness).
import { hasDovecot, noDovecotMessage, startDovecot, type Dovecot } from '../../apps/server/test/dovecot';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/mail-servers';

type Page1<T> = { items: T[]; total: number };
type MailRow = { id: number; subject: string; status: string; direction: string; ticketId: number | null };

const suffix = randomBytes(3).toString('hex');
const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
const customerEmail = `olga.${suffix}@customer.test`;

/** This spec's own administrator: its language and sessions reach no other spec. */
let admin: TestUser;
let api: Api;
let browser: Browser;
let smtp: SmtpSink;
let dovecot: Dovecot;
let ticket: { id: number; caseNumber: string };
let agent: TestUser;
let projectId: number;
let categoryId: number;
const accounts: number[] = [];

beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  if (!hasDovecot) throw new Error(noDovecotMessage);
  dovecot = await startDovecot();
  // One account name and password for both servers, as a real mailbox has.
  smtp = await startSmtpSink({ user: dovecot.user, password: dovecot.password });
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `ML-${suffix}`,
      projectName: `Mail ${suffix}`,
    })
  ).id;
  agent = await createStaff({ realName: 'Mia', projects: [projectId] });
  categoryId = (
    await api.ok<{ id: number }>('POST', '/api/Category/Add', {
      categoryCode: `ML-${suffix}`,
      categoryDescription: `Mail desk ${suffix}`,
      newTicketAssignee: agent.id,
      projectIds: [projectId],
    })
  ).id;
  ticket = await api.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
    subject: `Printer on floor 3 jams ${suffix}`,
    projectId,
    categoryId,
    customer: 'Olga',
    customerEmail,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  // Later specs share this server: no account of ours keeps sending.
  for (const id of accounts) await api.call('POST', `/api/MailAccount/Delete/${id}`, {});
  await browser?.close();
  await smtp?.close();
  await dovecot?.stop();
});

async function setLanguage(page: Page, language: keyof typeof languageNames) {
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
}

describe('e-mail', () => {
  it('an admin adds a mail account, tests it, replies from a ticket; the mail reaches the SMTP server and is listed', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, admin);

    // Settings → E-mail: a new account against the loopback servers.
    await page.goto('/system/settings');
    await page.getByRole('tab', { name: 'E-mail' }).click();
    const list = page.locator('.mail-account-list');
    await list.locator('.ant-table').waitFor();
    await list.locator('.mail-account-new').click();
    const drawer = page.locator('.master-editor');
    await drawer.locator('#name').fill(`Desk ${suffix}`);
    await drawer.locator('#displayName').fill('Service desk');
    await drawer.locator('#address').fill(`desk.${suffix}@example.test`);
    await drawer.locator('#account').fill(dovecot.user);
    await drawer.locator('#password').fill(dovecot.password);
    await drawer.locator('#smtpHost').fill('127.0.0.1');
    // STARTTLS off: the usual port follows (587 → 25), then the sink's own port is typed.
    await expect.poll(() => drawer.locator('#smtpPort').inputValue()).toBe('587');
    await drawer.locator('.account-smtp-starttls').click();
    await expect.poll(() => drawer.locator('#smtpPort').inputValue()).toBe('25');
    await drawer.locator('#smtpPort').fill(String(smtp.port));
    // POP3 without SSL: 993 → 110.
    await drawer.locator('.account-protocol').click();
    await page
      .locator('.ant-select-dropdown .ant-select-item-option-content')
      .getByText('POP3', { exact: true })
      .click();
    await expect.poll(() => drawer.locator('#incomingPort').inputValue()).toBe('995');
    await drawer.locator('.account-incoming-ssl').click();
    await expect.poll(() => drawer.locator('#incomingPort').inputValue()).toBe('110');
    await drawer.locator('#incomingHost').fill('127.0.0.1');
    await drawer.locator('#incomingPort').fill(String(dovecot.pop3Port));
    await drawer.locator('#isDefault').click();
    await shot(page, '18-mail-account-editor-en');
    const saved = page.waitForResponse((r) => r.url().includes('/api/MailAccount/Add'));
    await drawer.getByRole('button', { name: 'Save' }).click();
    const body = (await (await saved).json()) as { resultCode: number; data: { id: number; hasPassword: boolean } };
    expect(body.resultCode).toBe(200);
    accounts.push(body.data.id);
    expect(body.data.hasPassword).toBe(true);
    expect(JSON.stringify(body.data)).not.toContain(dovecot.password);
    await drawer.waitFor({ state: 'hidden' });

    // Test: both connections succeed, in words.
    const row = list.locator('.ant-table-row', { hasText: `Desk ${suffix}` });
    await row.locator('.mail-account-test').click();
    const result = page.locator('.mail-account-test-result');
    await result.locator('.mail-test-smtp.mail-test-ok').waitFor({ timeout: 30_000 });
    await result.locator('.mail-test-incoming.mail-test-ok').waitFor();
    await expect.poll(() => result.locator('.mail-test-smtp').innerText()).toContain('Connected and signed in.');
    await shot(page, '18-mail-account-test-en');
    await result.getByRole('button', { name: 'OK' }).click();
    await shot(page, '18-mail-account-settings-en');

    // Reply by e-mail from the ticket: to is the customer, a public comment and a mail in one action.
    await page.goto(`/ticket/info/${ticket.id}`);
    await page.locator('.ticket-reply-email').click();
    const reply = page.locator('.email-reply');
    await reply.locator('.email-reply-to').getByText(customerEmail).waitFor();
    await reply.locator('.ticket-editor-content .tiptap').click();
    await page.keyboard.type(`The technician comes at 3 pm ${suffix}.`);
    const replied = page.waitForResponse((r) => r.url().includes('/api/Email/Reply'));
    await reply.locator('.email-reply-send').click();
    expect(((await (await replied).json()) as { resultCode: number }).resultCode).toBe(200);
    await reply.waitFor({ state: 'hidden' });
    await page.locator('.ticket-activity').getByText(`The technician comes at 3 pm ${suffix}.`).first().waitFor();

    // The send job (every 5 s) hands it to the SMTP server (beside the ticket's notifications).
    const replyText = `The technician comes at 3 pm ${suffix}.`;
    const sentReply = () => smtp.messages.find((m) => m.to.includes(customerEmail) && m.raw.includes(replyText));
    await expect.poll(() => sentReply() ?? null, { timeout: 60_000, interval: 1000 }).not.toBeNull();
    expect(sentReply()!.raw).toContain(ticket.caseNumber);

    // The ticket's e-mails list it as sent, and link to its view.
    const mails = await api.ok<Page1<MailRow>>('POST', '/api/Email/Query', { ticketId: ticket.id });
    let replyId = 0;
    for (const mail of mails.items)
      if ((await api.ok<{ body: string }>('GET', `/api/Email/Get/${mail.id}`)).body.includes(replyText))
        replyId = mail.id;
    expect(mails.items).toContainEqual(
      expect.objectContaining({ id: replyId, direction: 'Out', status: 'Sent', ticketId: ticket.id }),
    );
    await page.reload();
    const mailItem = page.locator('.ticket-emails .ticket-email', {
      has: page.locator(`a.ticket-email-link[href$="view=${replyId}"]`),
    });
    await mailItem.locator('.email-status-Sent').waitFor({ timeout: 30_000 });
    await shot(page, '18-ticket-emails-en');
    await mailItem.locator('.ticket-email-link').click();
    const view = page.locator('.email-view');
    await view.locator('.email-headers').waitFor();
    await view.locator('.email-ticket-link', { hasText: ticket.caseNumber }).waitFor();
    // The body is shown in a sandbox: scripts and same-origin access are off.
    const frame = view.locator('iframe.email-frame');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect
      .poll(() => page.frameLocator('.email-view iframe.email-frame').locator('body').innerText())
      .toContain(replyText);
    await shot(page, '18-email-view-en');
    await view.locator('.ant-drawer-close').click();

    // The list: filters by ticket and status.
    await page.locator('.email-status-filter').click();
    await page
      .locator('.ant-select-dropdown .ant-select-item-option-content')
      .getByText('Sent', { exact: true })
      .click();
    await page.locator('.email-list .ant-table-row', { hasText: ticket.caseNumber }).first().waitFor();
    await shot(page, '18-email-list-en');

    for (const language of ['zh-cn', 'zh-tw'] as const) {
      await setLanguage(page, language);
      await page.locator('.email-list .email-status-Sent').first().waitFor();
      await shot(page, `18-email-list-${language}`);
      await page.locator('.email-list .email-row-view').first().click();
      await page.locator('.email-view .email-headers').waitFor();
      await shot(page, `18-email-view-${language}`);
      await page.locator('.email-view .ant-drawer-close').click();
      await page.locator('.email-view').waitFor({ state: 'hidden' });
    }
    await setLanguage(page, 'en');
    await context.close();
  });

  it(
    'a mail in the mailbox becomes a ticket; the agent sees it on the bell and replies; the answer becomes a comment',
    { timeout: 300_000 },
    async () => {
      // The account made above now fetches into the mail project (set through the API: its editor is shot above).
      const account = await api.ok<{ id: number; rowVersion: number }>('GET', `/api/MailAccount/Get/${accounts[0]}`);
      await api.ok('POST', '/api/MailAccount/Update', {
        id: account.id,
        rowVersion: account.rowVersion,
        fetchEnabled: true,
        fetchIntervalSeconds: 10,
        defaultProjectId: projectId,
        defaultCategoryId: categoryId,
      });
      const customer = `pat.${suffix}@customer.test`;
      const subject = `Scanner on floor 2 is offline ${suffix}`;
      const message = (headers: string[], text: string) =>
        [
          `From: Pat <${customer}>`,
          `To: desk.${suffix}@example.test`,
          `Date: ${new Date().toUTCString()}`,
          'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=utf-8',
          ...headers,
          '',
          text,
          '',
        ].join('\r\n');
      await dovecot.drop(
        message([`Subject: ${subject}`, `Message-ID: <first.${suffix}@customer.test>`], 'The scanner shows E42.'),
      );

      // The fetch job (every 10 s) makes a ticket of it, assigned by the category, and deletes it from the mailbox.
      const incoming = async (text: string) =>
        (await api.ok<Page1<MailRow>>('POST', '/api/Email/Query', { direction: 'In', keyword: suffix })).items.find(
          (m) => m.subject.includes(text),
        ) ?? null;
      await expect.poll(() => incoming(subject), { timeout: 120_000, interval: 2000 }).not.toBeNull();
      const first = (await incoming(subject))!;
      expect(first).toMatchObject({ status: 'Received' });
      const made = await api.ok<{ id: number; caseNumber: string; ticketFrom: string; assignTo: number | null }>(
        'GET',
        `/api/Ticket/Get/${first.ticketId}`,
      );
      expect(made).toMatchObject({ ticketFrom: 'Email', assignTo: agent.id });
      await expect.poll(() => dovecot.count(), { timeout: 30_000 }).toBe(0);

      // The agent's bell shows the assignment; it opens the ticket.
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, agent);
      await page.locator('.notification-bell').click();
      const panel = page.locator('[data-testid="notification-panel"]');
      const entry = panel.locator('.notification-item', { hasText: made.caseNumber }).first();
      await entry.waitFor({ timeout: 30_000 });
      await shot(page, '18-mail-ticket-bell-en');
      await entry.click();
      await page.waitForURL(`**/ticket/info/${made.id}`);
      // The mail's text is the ticket's content.
      await page.getByText('The scanner shows E42.').first().waitFor();

      // The agent replies by e-mail; the send job hands the reply to the SMTP server, threaded on the customer's mail.
      await page.locator('.ticket-reply-email').click();
      const reply = page.locator('.email-reply');
      await reply.locator('.email-reply-to').getByText(customer).waitFor();
      await reply.locator('.ticket-editor-content .tiptap').click();
      const replyText = `Please restart it once ${suffix}.`;
      await page.keyboard.type(replyText);
      const replied = page.waitForResponse((r) => r.url().includes('/api/Email/Reply'));
      await reply.locator('.email-reply-send').click();
      expect(((await (await replied).json()) as { resultCode: number }).resultCode).toBe(200);
      const sent = () => smtp.messages.find((m) => m.to.includes(customer) && m.raw.includes(replyText)) ?? null;
      await expect.poll(sent, { timeout: 60_000, interval: 1000 }).not.toBeNull();
      const replyHeaders = sent()!.headers;
      // It answers the customer's conversation (their mail, or our acknowledgement of it), which their client threads.
      expect(replyHeaders.references).toContain(`<first.${suffix}@customer.test>`);
      expect(replyHeaders.subject).toContain(made.caseNumber);

      // The customer answers it, with another subject: In-Reply-To threads it onto the same ticket as a comment.
      await dovecot.drop(
        message(
          [
            'Subject: it works again',
            `Message-ID: <second.${suffix}@customer.test>`,
            `In-Reply-To: ${replyHeaders['message-id']}`,
            `References: <first.${suffix}@customer.test> ${replyHeaders['message-id']}`,
          ],
          `Restarted, it prints again ${suffix}.`,
        ),
      );
      await expect.poll(() => incoming('it works again'), { timeout: 120_000, interval: 2000 }).not.toBeNull();
      expect(await incoming('it works again')).toMatchObject({ status: 'Received', ticketId: made.id });
      await page.reload();
      await page.locator('.ticket-activity').getByText(`Restarted, it prints again ${suffix}.`).first().waitFor();
      await shot(page, '18-mail-ticket-thread-en');
      await context.close();
    },
  );

  it('the new e-mail form checks each address with the spec message, fills from a template and saves a draft', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // A template of our own, for "from a template" below.
    await api.ok('POST', '/api/EmailTemplate/Add', {
      name: `Status note ${suffix}`,
      language: 'en',
      subject: 'Status of {{ ticket.caseNumber }}',
      body: '<p>Dear {{ ticket.customer }}, we are on it.</p>',
    });
    await signedIn(page, admin, '/email/list');
    await page.locator('.email-new').click();
    const composer = page.locator('.email-composer');
    await composer.locator('.email-to input').fill('not-an-address');
    await composer.locator('.email-to input').press('Enter');
    await composer.locator('.email-subject').fill(`Hello ${suffix}`);
    await composer.locator('.email-save-draft').click();
    await composer
      .locator('.ant-form-item-explain-error', {
        hasText: 'Invalid email format, please input a correct email address.',
      })
      .waitFor();
    await shot(page, '18-email-new-en');
    await composer.locator('.email-to .ant-select-selection-item-remove').click();
    await composer.locator('.email-to input').fill(customerEmail);
    await composer.locator('.email-to input').press('Enter');

    // A template rendered against the linked ticket fills the subject and the body.
    await composer.locator('.email-ticket-field .ant-select').click();
    await page.keyboard.type(ticket.caseNumber);
    await page.locator('.ant-select-dropdown').getByText(ticket.caseNumber, { exact: false }).first().click();
    // The ticket list closes first: its options must not be taken for the template's.
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await composer.locator('.email-template-select').click();
    await page.keyboard.type(`Status note ${suffix}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await composer.locator('.email-apply-template').click();
    await expect.poll(() => composer.locator('.email-subject').inputValue()).toContain(ticket.caseNumber);
    const subject = await composer.locator('.email-subject').inputValue();
    const added = page.waitForResponse((r) => r.url().includes('/api/Email/Add'));
    await composer.locator('.email-save-draft').click();
    expect(((await (await added).json()) as { resultCode: number }).resultCode).toBe(200);
    await composer.waitFor({ state: 'hidden' });

    // The draft is listed; it is edited in the same form, with what was saved.
    const row = page.locator('.email-list .ant-table-row', { hasText: subject }).first();
    await row.locator('.email-status-Draft').waitFor();
    await row.locator('.row-edit').click();
    await expect.poll(() => composer.locator('.email-subject').inputValue()).toBe(subject);
    await composer.locator('.email-to').getByText(customerEmail).waitFor();
    await composer.locator('.email-ticket-field').getByText(ticket.caseNumber).waitFor();
    await shot(page, '18-email-draft-en');
    await context.close();
  });

  it('the template editor inserts a variable at the cursor and previews it against a ticket', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, admin);
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
      await page.goto('/email/template');
      if (language !== 'en') await setLanguage(page, language);
      await page.locator('.email-template-list .ant-table').waitFor();
      await page.locator('.email-template-new').click();
      const drawer = page.locator('.master-editor');
      const subject = drawer.locator('.template-subject');
      await subject.fill('Ticket  is open');
      // The cursor after "Ticket ": the variable goes there.
      await subject.evaluate((input: HTMLInputElement) => input.setSelectionRange(7, 7));
      await subject.click({ position: { x: 2, y: 2 } });
      await subject.press('Home');
      for (let i = 0; i < 7; i++) await subject.press('ArrowRight');
      await drawer.locator('.template-variable', { hasText: 'ticket.caseNumber' }).first().click();
      await expect.poll(() => subject.inputValue()).toBe('Ticket {{ ticket.caseNumber }} is open');
      // The picker gives the focus back to the subject, the cursor after the variable (then the body is typed).
      await expect.poll(() => subject.evaluate((input) => input === document.activeElement)).toBe(true);
      await expect.poll(() => subject.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(30);
      await drawer.locator('.template-body').fill('<p>Dear {{ ticket.customer }},</p><p>{{ ticket.subject }}</p>');
      await drawer.locator('.template-preview-ticket .ant-select').click();
      await page.keyboard.type(ticket.caseNumber);
      // The options re-render when the search answers: click only once every option shown is the searched ticket
      // (a click resolved against the earlier list landed on another ticket).
      const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
      await expect
        .poll(async () => {
          const texts = await options.allInnerTexts();
          return texts.length > 0 && texts.every((text) => text.includes(ticket.caseNumber));
        })
        .toBe(true);
      await options.first().click();
      await expect
        .poll(() => drawer.locator('.template-preview-subject').innerText(), { timeout: 15_000 })
        .toContain(`Ticket ${ticket.caseNumber} is open`);
      await expect
        .poll(() => page.frameLocator('.template-preview iframe.email-frame').locator('body').innerText())
        .toContain(`Printer on floor 3 jams ${suffix}`);
      await shot(page, `18-email-template-editor-${language}`);
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
    }
    await setLanguage(page, 'en');
    await context.close();
  });

  it('the mail account settings in Chinese', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, admin, '/system/settings');
    for (const language of ['zh-cn', 'zh-tw'] as const) {
      await setLanguage(page, language);
      await page.getByRole('tab', { name: language === 'zh-cn' ? '邮件' : '郵件' }).click();
      await page.locator('.mail-account-list .ant-table-row', { hasText: `Desk ${suffix}` }).waitFor();
      await shot(page, `18-mail-account-settings-${language}`);
    }
    await setLanguage(page, 'en');
    await context.close();
  });
});
