import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createAdmin, createStaff, type TestUser } from '../support/api';
import { apiSettled, clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

/*
 * Issue 32, "Done when" in the browser: an administrator builds "urgent → tag vip + assign on-call + webhook" in the
 * screens (the webhook with its secret and Test, the trigger as a sentence, its dry run), an urgent ticket is made, the
 * trigger log shows the run and the delivery log the delivery; a real receiver got it once, signed.
 */

const suffix = randomBytes(3).toString('hex');
const languages = ['en', 'zh-cn', 'zh-tw'] as const;
type Language = (typeof languages)[number];
const webhookName = `On-call pager ${suffix}`;
const triggerName = `Urgent to on-call ${suffix}`;
const projectCode = `AUT-${suffix}`;

type Received = { headers: IncomingHttpHeaders; body: string };
type Toggles = { toggles: { value: Record<string, unknown>; rowVersion: number } };
type TicketRead = { id: number; caseNumber: string; tags: string[]; assignTo: number | null };
type Delivery = {
  id: number;
  messageId: string;
  status: string;
  responseStatus: number | null;
  ticketId: number | null;
};

let browser: Browser;
let api: Api;
let admin: TestUser;
let reporter: Api;
let onCall: TestUser;
let projectId: number;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The toggle as it was before the spec: set back in afterAll. */
let privateBefore: unknown;
/** An urgent ticket made before the trigger exists: the dry run's. */
let earlier: TicketRead;
/** Read from the editor when the secret was generated: what the receiver checks signatures with. */
let secret = '';
let urgent: TicketRead;

const settingsToggles = () => api.ok<Toggles>('GET', '/api/Settings/Get');
async function allowPrivateAddresses(allowed: unknown) {
  const { toggles } = await settingsToggles();
  await api.ok('POST', '/api/Settings/Save', {
    group: 'toggles',
    value: { ...toggles.value, webhookPrivateAddresses: allowed },
    rowVersion: toggles.rowVersion,
  });
}

beforeAll(async () => {
  // A real receiver on loopback: records each request as it came (headers, raw body) and answers 200.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/casedesk`;

  ({ user: admin, api } = await createAdmin());
  privateBefore = (await settingsToggles()).toggles.value.webhookPrivateAddresses;
  // The receiver is on loopback, which webhooks refuse unless Settings → Toggles allows private addresses.
  await allowPrivateAddresses(true);
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode,
      projectName: `Automation desk ${suffix}`,
    })
  ).id;
  onCall = await createStaff({ realName: 'Oona', lastName: `Oncall${suffix}`, projects: [projectId] });
  const staff = await createStaff({ projects: [projectId] });
  reporter = new Api();
  if (!(await reporter.signIn(staff.loginName, staff.password))) throw new Error('The reporter cannot sign in');
  earlier = await newTicket('Urgent', `Mail server down ${suffix}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  // Later specs share this server: the toggle is as it was, and nothing of ours acts on their tickets.
  if (api) await allowPrivateAddresses(privateBefore ?? false);
  const triggers = await api?.ok<{ items: { id: number }[] }>('POST', '/api/Trigger/Query', { keyword: triggerName });
  for (const { id } of triggers?.items ?? []) await api.ok('POST', `/api/Trigger/Delete/${id}`, {});
  const webhooks = await api?.ok<{ items: { id: number }[] }>('POST', '/api/Webhook/Query', { keyword: webhookName });
  for (const { id } of webhooks?.items ?? []) await api.ok('POST', `/api/Webhook/Delete/${id}`, {});
  await browser?.close();
  if (receiver) await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function newTicket(priority: 'Urgent' | 'Low', subject: string): Promise<TicketRead> {
  const made = await reporter.ok<{ id: number }>('POST', '/api/Ticket/Add', {
    subject,
    content: '<p>Nobody can send mail.</p>',
    projectId,
    priority,
  });
  return readTicket(made.id);
}

const readTicket = (id: number) => api.ok<TicketRead>('GET', `/api/Ticket/Get/${id}`);

/** Opens a select and picks the option whose text is `text` (after typing `typed` into its search, if given). */
async function choose(page: Page, select: Locator, text: string | RegExp, typed?: string) {
  await select.click();
  if (typed !== undefined) await select.locator('input').fill(typed);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text,
  });
  await option.first().click();
}

const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;

async function setLanguage(page: Page, language: Language) {
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
}

/** Opens a list screen and waits until its rows (or its empty text) show. */
async function openList(page: Page, path: string, kind: string) {
  await page.goto(path);
  await page.locator(`.${kind}-list .ant-table`).waitFor();
  await page.locator(`.${kind}-list .ant-spin-spinning`).waitFor({ state: 'detached' });
}

describe('automation: urgent → tag vip + assign on-call + webhook', () => {
  it('an admin builds the webhook and the trigger in the screens; an urgent ticket is tagged, assigned and sent once, signed', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const editor = page.locator('.master-editor');
    const save = async (path: string) => {
      const saved = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
      await editor.getByRole('button', { name: 'Save' }).click();
      expect(((await (await saved).json()) as { resultCode: number }).resultCode).toBe(200);
      await editor.waitFor({ state: 'hidden' });
    };

    // The webhook: its name, the receiver's address, a secret made in the browser, no events of its own.
    await signedIn(page, admin, '/automation/webhook');
    await page.locator('.webhook-new').click();
    await editor.locator('#name').fill(webhookName);
    await editor.locator('#url').fill(receiverUrl);
    const secretField = editor.locator('input.webhook-secret');
    const made = await secretField.inputValue();
    await editor.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => secretField.inputValue()).not.toBe(made);
    secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await editor.locator('.webhook-copy').waitFor();
    expect(await editor.locator('.ant-checkbox-wrapper-checked').count()).toBe(0);
    await save('/api/Webhook/Add');

    // Test in the list: the receiver answered 200.
    const row = page.locator('.webhook-list .ant-table-row', { hasText: webhookName });
    const tested = page.waitForResponse((r) => r.url().endsWith('/api/Webhook/Test'));
    await row.locator('.webhook-test').click();
    expect(((await (await tested).json()) as { data: Delivery }).data.responseStatus).toBe(200);
    const answer = page.locator('.ant-modal .delivery-answer');
    await answer.locator('.ant-tag', { hasText: '200' }).waitFor();
    await clickWhenStill(page.locator('.ant-modal').getByRole('button', { name: 'OK' }));
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });

    // The trigger, as a sentence: when a ticket is created, and only if it is urgent in this project, then tag it
    // vip, assign the on-call staff member and send it to the webhook.
    await page.goto('/automation/trigger');
    await page.locator('.trigger-new').click();
    await editor.locator('#name').fill(triggerName);
    await editor.locator('#description').fill('The pager hears of every urgent ticket of the desk.');
    await expect(editor.locator('.ant-form-item', { has: page.locator('#event') }).innerText()).resolves.toContain(
      'A ticket is created',
    );
    const conditions = editor.locator('.trigger-conditions');
    await conditions.getByRole('button', { name: 'Add condition' }).click();
    const first = conditions.locator('.trigger-condition').nth(0);
    await choose(page, first.locator('.trigger-condition-value .ant-select'), 'Urgent');
    await conditions.getByRole('button', { name: 'Add condition' }).click();
    const second = conditions.locator('.trigger-condition').nth(1);
    await choose(page, second.locator('.trigger-condition-field'), 'Project', 'Project');
    await choose(
      page,
      second.locator('.trigger-condition-value .ant-select'),
      `${projectCode} · Automation desk ${suffix}`,
      projectCode,
    );

    const actions = editor.locator('.action-card');
    // Action 1 (the editor starts with "Add tags"): vip, ended by a comma as the tag picker takes it.
    await actions.nth(0).locator('.ant-select-selection-search input, .ant-select input').last().click();
    await page.keyboard.type('vip,');
    await actions
      .nth(0)
      .locator('.ant-select-selection-item, .ant-select-selection-overflow-item', { hasText: 'vip' })
      .first()
      .waitFor();
    await editor.locator('.ant-drawer-title').click();
    // Action 2: set the assignee.
    await editor.getByRole('button', { name: 'Add action' }).click();
    await choose(page, actions.nth(1).locator('.ant-select').first(), 'Set fields');
    const assignee = actions.nth(1).locator('.ticket-set-field', { hasText: 'Assigned to' });
    await assignee.locator('.ant-checkbox-input').check();
    await choose(page, assignee.locator('.ant-select'), new RegExp(`\\(${onCall.loginName}\\)`), onCall.loginName);
    // Action 3: send to the webhook.
    await editor.getByRole('button', { name: 'Add action' }).click();
    await choose(page, actions.nth(2).locator('.ant-select').first(), 'Send to a webhook');
    await choose(page, actions.nth(2).locator('.trigger-picker .ant-select'), webhookName, webhookName);

    // The dry run against the urgent ticket made before: the conditions hold, and what each action would change.
    const dryRun = editor.locator('.dry-run');
    await choose(
      page,
      dryRun.locator('.dry-run-ticket .ant-select'),
      new RegExp(earlier.caseNumber),
      earlier.caseNumber,
    );
    const ran = page.waitForResponse((r) => r.url().endsWith('/api/Trigger/DryRun'));
    await dryRun.getByRole('button', { name: 'Test' }).click();
    expect(((await (await ran).json()) as { resultCode: number }).resultCode).toBe(200);
    const result = dryRun.locator('.dry-run-result');
    await result.getByText('The conditions hold: these actions would run.').waitFor();
    await expect(result.locator('.dry-run-condition').count()).resolves.toBe(2);
    await result.locator('.dry-run-change', { hasText: /Tags: .* → vip/ }).waitFor();
    await result.locator('.dry-run-change', { hasText: /Assigne.*→/ }).waitFor();
    await result.locator('.dry-run-summary', { hasText: webhookName }).waitFor();
    await apiSettled(page);
    await result.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shot(page, '39-trigger-editor-dry-run-en');
    // Nothing was written by the dry run.
    expect(await readTicket(earlier.id)).toMatchObject({ tags: [], assignTo: earlier.assignTo });
    await save('/api/Trigger/Add');
    await page.locator('.trigger-list .ant-table-row', { hasText: triggerName }).waitFor();

    // An urgent ticket: the trigger tagged it and assigned it before Add answered; a low one it left alone.
    urgent = await newTicket('Urgent', `Pager test ${suffix}`);
    expect(urgent.tags).toEqual(['vip']);
    expect(urgent.assignTo).toBe(onCall.id);
    const low = await newTicket('Low', `Printer jam ${suffix}`);
    expect(low.tags).toEqual([]);
    expect(low.assignTo).not.toBe(onCall.id);

    // The trigger log shows the run, Applied, for the urgent ticket.
    await openList(page, '/automation/triggerRun', 'trigger-run');
    const run = page.locator('.trigger-run-list .ant-table-row', { hasText: urgent.caseNumber });
    await run.locator('.ant-tag', { hasText: 'Applied' }).waitFor();
    expect(await run.innerText()).toContain(triggerName);
    await expect(page.locator('.trigger-run-list .ant-table-row', { hasText: low.caseNumber }).count()).resolves.toBe(
      0,
    );

    // The delivery log: Delivered, 200; its drawer shows the payload with the case number.
    const deliveries = await api.ok<{ items: Delivery[] }>('POST', '/api/WebhookDelivery/Query', {
      ticketId: urgent.id,
    });
    expect(deliveries.items).toHaveLength(1);
    const delivery = deliveries.items[0]!;
    await expect
      .poll(async () => (await api.ok<Delivery>('GET', `/api/WebhookDelivery/Get/${delivery.id}`)).status, {
        timeout: 30_000,
      })
      .toBe('Delivered');
    await openList(page, '/automation/webhookDelivery', 'webhook-delivery');
    const line = page.locator('.webhook-delivery-list .ant-table-row', { hasText: urgent.caseNumber });
    await line.locator('.ant-tag', { hasText: 'Delivered' }).waitFor();
    expect(await line.innerText()).toContain('200');
    await line.locator('.delivery-view').click();
    const drawer = page.locator('.delivery-drawer');
    await drawer.locator('.delivery-json', { hasText: urgent.caseNumber }).waitFor();
    await drawer.getByText(delivery.messageId).waitFor();

    // The receiver got it once, signed with the secret the editor made; its webhook-id is the delivery's.
    const forUrgent = received.filter((message) => message.body.includes(urgent.caseNumber));
    expect(forUrgent).toHaveLength(1);
    const message = forUrgent[0]!;
    const verified = new StandardWebhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }) as { type: string; data: { ticket: { caseNumber: string; tags: string[]; assignTo: number } } };
    expect(verified.type).toBe('ticket.created');
    expect(verified.data.ticket).toMatchObject({ caseNumber: urgent.caseNumber, tags: ['vip'], assignTo: onCall.id });
    expect(message.headers['webhook-id']).toBe(delivery.messageId);
    // A body signed with another secret is refused: the check above could fail.
    expect(() =>
      new StandardWebhook(`whsec_${randomBytes(32).toString('base64')}`).verify(message.body, {
        'webhook-id': String(message.headers['webhook-id']),
        'webhook-timestamp': String(message.headers['webhook-timestamp']),
        'webhook-signature': String(message.headers['webhook-signature']),
      }),
    ).toThrow();
    await context.close();
  });

  for (const language of languages)
    it(`shows the trigger, its log, the webhooks and a delivery in ${language}`, async () => {
      expect(urgent, 'the first test made the urgent ticket').toBeDefined();
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, admin, '/automation/trigger');
      await setLanguage(page, language);

      await openList(page, '/automation/trigger', 'trigger');
      const listed = page.locator('.trigger-list .ant-table-row', { hasText: triggerName });
      await apiSettled(page);
      await shot(page, `39-trigger-list-${language}`);
      await listed.locator('.row-edit').click();
      const editor = page.locator('.master-editor');
      await editor.locator('.action-card').nth(2).waitFor();
      await editor.locator('.trigger-picker .ant-select', { hasText: webhookName }).waitFor();
      await apiSettled(page);
      await shot(page, `39-trigger-editor-${language}`);
      await editor.locator('.ant-drawer-close').click();
      await editor.waitFor({ state: 'hidden' });

      await openList(page, '/automation/triggerRun', 'trigger-run');
      await page.locator('.trigger-run-list .ant-table-row', { hasText: urgent.caseNumber }).waitFor();
      await apiSettled(page);
      await shot(page, `39-trigger-log-${language}`);

      await openList(page, '/automation/webhook', 'webhook');
      await page.locator('.webhook-list .ant-table-row', { hasText: webhookName }).waitFor();
      await apiSettled(page);
      await shot(page, `39-webhook-list-${language}`);

      await openList(page, '/automation/webhookDelivery', 'webhook-delivery');
      const delivered = page.locator('.webhook-delivery-list .ant-table-row', { hasText: urgent.caseNumber });
      await delivered.waitFor();
      await apiSettled(page);
      await shot(page, `39-delivery-log-${language}`);
      await delivered.locator('.delivery-view').click();
      await page.locator('.delivery-drawer .delivery-json', { hasText: urgent.caseNumber }).waitFor();
      await apiSettled(page);
      await shot(page, `39-delivery-drawer-${language}`);
      await context.close();
    });
});
