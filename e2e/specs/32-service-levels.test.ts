import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createAdmin, createStaff, type Api, type TestUser } from '../support/api';
import { clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

// Issue 28's walk: an administrator sets up a calendar and a policy on the screens, a ticket gets its clock, the
// list counts down, and a ticket put on Pending shows the clock paused and who holds it, in three languages.

const suffix = randomBytes(3).toString('hex');
const calendarName = `Desk hours ${suffix}`;
const policyName = `High desk ${suffix}`;
type Language = 'en' | 'zh-cn' | 'zh-tw';
const paused: Record<Language, string> = {
  en: 'Paused · Customer',
  'zh-cn': '已暂停 · 客户',
  'zh-tw': '已暫停 · 客戶',
};

let browser: Browser;
let api: Api;
let admin: TestUser;
let projectId: number;
let categoryId: number;
let agent: TestUser;

beforeAll(async () => {
  api = await adminApi();
  admin = (await createAdmin({ realName: `Sla${suffix}` })).user;
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `SL-${suffix}`,
      projectName: `Service desk ${suffix}`,
    })
  ).id;
  agent = await createStaff({ realName: `Agent${suffix}`, projects: [projectId] });
  categoryId = (
    await api.ok<{ id: number }>('POST', '/api/Category/Add', {
      categoryCode: `SL-${suffix}`,
      categoryDescription: `Requests ${suffix}`,
      newTicketAssignee: agent.id,
      projectIds: [projectId],
    })
  ).id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // The policy takes every High ticket: it must not outlive this spec (specs run one after the other).
  const policies = await api.ok<{ items: { id: number; name: string }[] }>('POST', '/api/SlaPolicy/Query', {
    keyword: suffix,
  });
  for (const policy of policies.items) await api.ok('POST', `/api/SlaPolicy/Delete/${policy.id}`);
});

/** Opens a list page of the SLA screens and waits for its rows. */
async function openSlaList(page: Page, path: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/Query') && r.request().method() === 'POST');
  await page.goto(path);
  await answered;
  await page.locator('.ant-table-tbody').waitFor();
}

/** Saves the open editor and waits for the call it makes. */
async function save(page: Page, path: string) {
  const saved = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await clickWhenStill(page.getByRole('dialog').getByRole('button', { name: 'Save' }));
  const body = (await (await saved).json()) as { resultCode: number; resultMsg: string };
  expect(body, body.resultMsg).toMatchObject({ resultCode: 200 });
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

async function pickOption(page: Page, field: ReturnType<Page['locator']>, text: string) {
  await field.click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await clickWhenStill(option);
}

/** The hours box of a target (its minutes box beside it is left empty). */
const hoursOf = (page: Page, label: string) =>
  page
    .getByRole('dialog')
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) })
    .getByRole('spinbutton')
    .first();

describe('service levels', () => {
  it('a calendar and a policy made on the screens give a ticket its clock, which pauses on Pending, held by the customer', async () => {
    const page = await (await newContext(browser)).newPage();
    await signedIn(page, admin, '/sla/calendar');

    // A calendar: the business week it starts with, named.
    await openSlaList(page, '/sla/calendar');
    await page.locator('.sla-new').click();
    const calendarForm = page.getByRole('dialog');
    await calendarForm.getByLabel('Name', { exact: true }).fill(calendarName);
    await save(page, '/api/SlaCalendar/Add');
    await page.locator('.ant-table-tbody tr', { hasText: calendarName }).waitFor();

    // A policy on it for High tickets (the condition the editor adds first).
    await openSlaList(page, '/sla/policy');
    await page.locator('.sla-new').click();
    const policyForm = page.getByRole('dialog');
    await policyForm.getByLabel('Name', { exact: true }).fill(policyName);
    await policyForm.getByLabel('Order', { exact: true }).fill('0');
    await policyForm.getByRole('button', { name: 'Add condition' }).click();
    await policyForm.locator('.sla-condition').first().waitFor();
    await pickOption(page, policyForm.getByLabel('Calendar', { exact: true }), calendarName);
    await hoursOf(page, 'First response').fill('2');
    await hoursOf(page, 'Next update').fill('4');
    await hoursOf(page, 'Resolution').fill('8');
    // A new policy pauses in Pending already: the walk keeps what the editor offers.
    await policyForm
      .locator('.ant-form-item')
      .filter({ has: page.locator('.ant-form-item-label label', { hasText: /^Pause in statuses$/ }) })
      .locator('.ant-select-selection-item', { hasText: 'Pending' })
      .waitFor();
    await save(page, '/api/SlaPolicy/Add');
    await page.locator('.ant-table-tbody tr', { hasText: policyName }).waitFor();

    // A High ticket gets the clock: the list counts down to its first response.
    const created = await api.ok<{ id: number; caseNumber: string; sla: { policyName: string } | null }>(
      'POST',
      '/api/Ticket/Add',
      { subject: `Clock check ${suffix}`, projectId, categoryId, priority: 'High' },
    );
    expect(created.sla?.policyName).toBe(policyName);
    await page.goto(`/ticket/list?keyword=${created.caseNumber}`);
    const badge = page.locator('.ticket-table .ticket-sla').first();
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toMatch(/left$/);
    await shot(page, 'sla-ticket-list-counting-en');

    // A public reply is the first response: the policy then asks for the next update within 4 working hours.
    await api.ok('POST', '/api/TicketComment/Add', {
      ticketId: created.id,
      comment: '<p>We are looking into it.</p>',
      public: true,
    });
    // Pending: the clock stands still and the customer holds it, on the ticket page and in the list.
    await page.goto(`/ticket/info/${created.id}`);
    await page.locator('.ticket-sla-panel .ticket-sla-details').getByText('Next update due', { exact: true }).waitFor();
    await page.locator('.ticket-status-control .ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Pending' }).click();
    const changed = page.waitForResponse((r) => r.url().includes('/api/Ticket/Update'));
    await page.locator('.ticket-status-control').getByRole('button').click();
    expect(((await (await changed).json()) as { resultCode: number }).resultCode).toBe(200);
    const panel = page.locator('.ticket-sla-panel');
    await panel.getByText('Paused', { exact: true }).waitFor();
    await panel.locator('.ticket-sla-details').getByText('Customer', { exact: true }).waitFor();
    await panel.locator('.ticket-sla-hold').first().waitFor();
    await shot(page, 'sla-ticket-paused-en');

    // The report: how the desk kept its targets, per project, over the demo's tickets the admin sees.
    await page.goto('/sla/report');
    await page.locator('.sla-report-table .sla-report-group').first().waitFor();
    await page.locator('.sla-report-chart canvas').first().waitFor();
    await shot(page, 'sla-report-en');

    // The same in Chinese, for a reader of each.
    for (const language of ['zh-cn', 'zh-tw'] as const) {
      const reader = await createStaff({ language, realName: `Reader${suffix}${language}`, projects: [projectId] });
      const readerPage = await (await newContext(browser)).newPage();
      await signedIn(readerPage, reader, `/ticket/list?keyword=${created.caseNumber}`);
      const readerBadge = readerPage.locator('.ticket-table .ticket-sla').first();
      await expect.poll(() => readerBadge.textContent(), { timeout: 15_000 }).toBe(paused[language]);
      await shot(readerPage, `sla-ticket-list-paused-${language}`);
      await readerPage.goto(`/ticket/info/${created.id}`);
      await readerPage.locator('.ticket-sla-panel .ticket-sla-hold').first().waitFor();
      await shot(readerPage, `sla-ticket-paused-${language}`);
      await readerPage.goto('/sla/report');
      await readerPage.locator('.sla-report-table .sla-report-group').first().waitFor();
      await shot(readerPage, `sla-report-${language}`);
    }
  });
});
