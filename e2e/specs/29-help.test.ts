import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createStaff } from '../support/api';
import { clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';

const helpLabel: Record<Language, string> = {
  en: 'Help for this screen',
  'zh-cn': '本页帮助',
  'zh-tw': '本頁說明',
};
const ticketListTitle: Record<Language, string> = { en: 'Ticket list', 'zh-cn': '工单列表', 'zh-tw': '工單列表' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('help centre', () => {
  it('opens the ticket-list page from the ticket list\'s "?" and follows a link to another help page', async () => {
    const staff = await createStaff({ language: 'en' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, staff, '/ticket/list');
    await page.getByRole('button', { name: 'Export' }).waitFor();

    await page.getByRole('button', { name: helpLabel.en }).click();
    await page.waitForURL('**/help?page=ticket-list');
    const article = page.locator('.help-article');
    await article.getByRole('heading', { level: 1, name: 'Ticket list' }).waitFor();
    // The statuses table is there, and the contents mark the open page.
    await article.getByRole('cell', { name: 'Pending', exact: true }).waitFor();
    await page.locator('.help-toc .ant-menu-item-selected', { hasText: 'Ticket list' }).waitFor();

    // A link to another help page stays in the app.
    await article.getByRole('link', { name: 'Ticket page' }).first().click();
    await page.waitForURL('**/help?page=ticket-page');
    await article.getByRole('heading', { level: 1, name: 'Ticket page' }).waitFor();
    // Help keeps one tab whichever page it shows; the tab leads back to the page last shown.
    const helpTabs = page.locator('.tags-view .ant-tabs-tab', { hasText: 'Help' });
    expect(await helpTabs.count()).toBe(1);
    // The tab strip moves as the active tab changes: click a tab once it is still.
    await clickWhenStill(page.locator('.tags-view .ant-tabs-tab', { hasText: 'Ticket list' }));
    await page.waitForURL('**/ticket/list');
    await clickWhenStill(helpTabs);
    await page.waitForURL('**/help?page=ticket-page');
    await article.getByRole('heading', { level: 1, name: 'Ticket page' }).waitFor();
    await context.close();
  });

  it('searches the zh-cn pages and opens a result', async () => {
    const { user } = await createAdmin({ language: 'zh-cn' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user, '/help');
    await page.locator('.help-article h1').waitFor();

    await page.getByPlaceholder('搜索帮助').fill('挂起');
    const results = page.locator('.help-results li');
    await results.first().waitFor();
    expect(await results.count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.help-results mark').first().textContent()).toBe('挂起');
    await page.locator('.help-results a', { hasText: ticketListTitle['zh-cn'] }).waitFor();
    await shot(page, 'help-search-zh-cn');

    await page.locator('.help-results a', { hasText: ticketListTitle['zh-cn'] }).click();
    await page.waitForURL('**/help?page=ticket-list');
    await page.locator('.help-article h1', { hasText: ticketListTitle['zh-cn'] }).waitFor();
    await context.close();
  });

  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`shows the ticket-list help page in ${language}`, async () => {
      const { user } = await createAdmin({ language });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user, '/ticket/list');
      await page.getByRole('button', { name: helpLabel[language] }).click();
      await page.waitForURL('**/help?page=ticket-list');
      await page.locator('.help-article h1', { hasText: ticketListTitle[language] }).waitFor();
      // Away from the "?" button, so its tooltip is not in the picture.
      await page.mouse.move(700, 500);
      await page.getByRole('tooltip').waitFor({ state: 'hidden' });
      await shot(page, `help-ticket-list-${language}`);
      await context.close();
    });
  }
});
