import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createStaff, type Api, type TestUser } from '../support/api';
import { launchBrowser, newContext, pickerText, shot, signedIn } from '../support/browser';

type Scheduled = { id: number; subject: string; lastTicketId: number | null; lastResult: string | null };
type Page1<T> = { items: T[]; total: number };

const suffix = randomBytes(3).toString('hex');
const projectName = `Facilities ${suffix}`;
const categoryName = `Inspection ${suffix}`;
const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;

/** This spec's own administrator: its language and sessions reach no other spec. */
let admin: TestUser;
let api: Api;
let browser: Browser;
let attempt = 0;
const made: number[] = [];

beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  const projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', { projectCode: `FA-${suffix}`, projectName })
  ).id;
  const agent = await createStaff({ realName: 'Ines', projects: [projectId] });
  await api.ok('POST', '/api/Category/Add', {
    categoryCode: `IN-${suffix}`,
    categoryDescription: categoryName,
    newTicketAssignee: agent.id,
    projectIds: [projectId],
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  // Later specs share this server: leave no template of ours that could still fire.
  for (const id of made) await api.call('POST', `/api/ScheduledTicket/Delete/${id}`, {});
  await browser?.close();
});

/** Chooses `text` in the antd Select whose input has this id (typing narrows the list first). */
async function choose(page: Page, id: string, text: string) {
  const input = page.locator(`.master-editor #${id}`);
  await input.click();
  await input.fill(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await option.waitFor();
  await option.click();
}

/** `YYYY-MM-DD HH:mm:ss` in local time, as a date picker takes it typed (the browser runs on this machine's clock). */
const localDateTime = (d: Date) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

async function setLanguage(page: Page, language: keyof typeof languageNames) {
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
}

describe('scheduled tickets', () => {
  it('an admin schedules a ticket a few seconds ahead; the scheduler makes it and it shows in the ticket list', async () => {
    const subject = `Check the fire doors ${suffix}-${++attempt}`; // a retry must not find what a failed try saved
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, admin, '/ticket/scheduled');
    await page.locator('.scheduled-ticket-list .ant-table').waitFor();

    await page.locator('.scheduled-ticket-new').click();
    const drawer = page.locator('.master-editor');
    await drawer.locator('#subject').waitFor();
    await drawer.locator('#subject').fill(subject);
    await choose(page, 'projectId', projectName);
    await choose(page, 'categoryId', categoryName);
    // The cron editor is the default recurrence; this one runs once, 15 seconds from now.
    await drawer.locator('.cron-editor').waitFor();
    await shot(page, '17-scheduled-ticket-editor-en');
    await drawer.locator('.scheduled-recurrence').getByText('Once', { exact: true }).click();
    const runAt = localDateTime(new Date(Date.now() + 15_000));
    const dateInput = drawer.locator('.scheduled-run-at input');
    await dateInput.click();
    await dateInput.fill(runAt);
    await dateInput.press('Enter');
    await expect.poll(() => dateInput.inputValue()).toBe(pickerText(runAt, 'en'));

    const saved = page.waitForResponse((r) => r.url().includes('/api/ScheduledTicket/Add'));
    await drawer.getByRole('button', { name: 'Save' }).click();
    const body = (await (await saved).json()) as { resultCode: number; resultMsg: string; data: Scheduled };
    expect(body.resultCode, body.resultMsg).toBe(200);
    made.push(body.data.id);
    await drawer.waitFor({ state: 'hidden' });
    const row = page.locator('.scheduled-ticket-list .ant-table-row', { hasText: subject });
    await row.waitFor();

    // The scheduler's job (every 5 seconds) makes the ticket once the date has come.
    await expect
      .poll(
        async () =>
          (await api.ok<Scheduled>('GET', `/api/ScheduledTicket/Get/${body.data.id}`)).lastResult ?? 'not yet',
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('Succeeded');
    await page.reload();
    await row.locator('.scheduled-result-Succeeded').waitFor();
    await expect.poll(() => row.locator('.scheduled-toggle').getAttribute('aria-checked')).toBe('false');
    await shot(page, '17-scheduled-ticket-list-en');

    // The tickets it made, linked to the ticket's page.
    await row.locator('.scheduled-made-button').click();
    const madeLink = page.locator('.scheduled-made .scheduled-made-link').first();
    await madeLink.waitFor();
    const caseNumber = await madeLink.innerText();
    await shot(page, '17-scheduled-ticket-made-en');
    await page.locator('.scheduled-made .ant-drawer-close').click();

    // And in the ticket list, from Scheduled.
    const tickets = await api.ok<Page1<{ caseNumber: string; subject: string; ticketFrom: string; status: string }>>(
      'POST',
      '/api/Ticket/Query',
      { keyword: caseNumber },
    );
    expect(tickets.items).toMatchObject([{ caseNumber, subject, ticketFrom: 'Scheduled', status: 'Assigned' }]);
    await page.goto('/ticket/list');
    await page.locator('.ticket-table .ant-table-row', { hasText: caseNumber }).waitFor();

    // The screen in the other languages.
    await page.goto('/ticket/scheduled');
    for (const language of ['zh-cn', 'zh-tw'] as const) {
      await setLanguage(page, language);
      await row.locator('.scheduled-result-Succeeded').waitFor();
      await shot(page, `17-scheduled-ticket-list-${language}`);
      await page.locator('.scheduled-ticket-new').click();
      await drawer.locator('.cron-editor').waitFor();
      await shot(page, `17-scheduled-ticket-editor-${language}`);
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
    }
    await setLanguage(page, 'en');
    await context.close();
  });
});
