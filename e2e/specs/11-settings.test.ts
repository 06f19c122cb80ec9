import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Api, type TestUser } from '../support/api';
import { baseUrl, clickWhenStill, fillSignIn, launchBrowser, newContext, shot, signedIn } from '../support/browser';

/** This spec's own administrator: its language and sessions reach no other spec. */
let admin: TestUser;
// Case-number prefixes are upper-case letters only.
const letters = [...randomBytes(3)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
const prefix = `QA${letters}`;

type Group = { value: Record<string, unknown>; rowVersion: number };
type SettingsData = {
  basic: Group;
  toggles: Group;
  token: Group;
  upload: Group;
  holidays: { id: number; day: string }[];
};

let browser: Browser;
let api: Api;
let projectId: number;

beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `ST-${letters}`,
      projectName: `Settings ${letters}`,
    })
  ).id;
  // Something to look at on the Holiday tab (a retry finds the days there already).
  const year = new Date().getUTCFullYear() + 1;
  for (const [day, name] of [
    [`${year}-01-01`, "New Year's Day"],
    [`${year}-05-01`, 'Labour Day'],
    [`${year}-12-25`, 'Christmas Day'],
  ] as const)
    await api.call('POST', '/api/Holiday/Add', { day, name });
  browser = await launchBrowser();
});

afterAll(async () => {
  // Later specs share this database: put the case-number prefix, product title and default language back.
  if (api) {
    await saveBasic({ caseNumberPrefix: 'TCK', productTitle: 'Casedesk', defaultLanguage: 'en' });
  }
  await browser?.close();
});

/** Saves Settings → Basic with these keys changed, as the administrator, through the API. */
async function saveBasic(patch: Record<string, unknown>) {
  const current = await api.ok<SettingsData>('GET', '/api/Settings/Get');
  await api.ok('POST', '/api/Settings/Save', {
    group: 'basic',
    value: { ...current.basic.value, ...patch },
    rowVersion: current.basic.rowVersion,
  });
}

async function settingsPage(): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signedIn(page, admin, '/system/settings');
  await page.locator('.settings-page .settings-basic').waitFor();
  return page;
}

async function openTab(page: Page, key: string) {
  await page.locator(`.settings-page .ant-tabs-tab[data-node-key="${key}"]`).click();
  await page.locator(`.settings-page .settings-tab-${key}`).waitFor();
}

/** A call as an integration makes it: only the personal token, no Auth-Token header. */
const asIntegration = (token: string) =>
  fetch(`${baseUrl()}/api/token/GetMyInfo`, { headers: { authorization: `Bearer ${token}` } });

const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;

describe('settings', () => {
  it('an admin changes the case-number prefix and the next ticket carries it', async () => {
    const page = await settingsPage();
    const field = page.locator('.settings-basic #caseNumberPrefix');
    await expect.poll(() => field.inputValue()).toBe('TCK');
    await field.fill(prefix.toLowerCase()); // the screen upper-cases it
    await expect.poll(() => field.inputValue()).toBe(prefix);
    const saved = page.waitForResponse((r) => r.url().includes('/api/Settings/Save'));
    await page.locator('[data-testid="settings-save-basic"]').click();
    const response = await saved;
    expect(((await response.json()) as { resultCode: number }).resultCode).toBe(200);
    await page.locator('.ant-message').getByText('Settings saved.').waitFor();

    const ticket = await api.ok<{ caseNumber: string }>('POST', '/api/Ticket/Add', {
      subject: `Prefix check ${letters}`,
      projectId,
      priority: 'Low',
    });
    expect(ticket.caseNumber).toMatch(new RegExp(`^${prefix}-\\d{4}-\\d{6}$`));
    await page.context().close();
  });

  it('an admin creates a personal API token, uses it without Auth-Token, revokes it and it stops working', async () => {
    const page = await settingsPage();
    await openTab(page, 'token');
    const name = `Reporting ${letters}`;
    await page.locator('.settings-tokens').getByRole('button', { name: 'Create token' }).click();
    const form = page.locator('.token-create-form');
    await form.locator('#name').fill(name);
    const created = page.waitForResponse((r) => r.url().includes('/api/ApiToken/Create'));
    await page.locator('.ant-modal').getByRole('button', { name: 'Create', exact: true }).click();
    expect((await created).status()).toBe(200);
    const shown = page.locator('.token-created .token-value');
    await shown.waitFor();
    const token = (await shown.innerText()).trim();
    expect(token).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    await page.locator('.token-created').getByText('It will not be shown again', { exact: false }).waitFor();
    await shot(page, 'settings-token-created-en');
    await page.locator('.token-created').getByRole('button', { name: 'I have copied it' }).click();
    await page.locator('.token-created').waitFor({ state: 'hidden' });

    const before = await asIntegration(token);
    expect(before.status).toBe(200);
    expect(((await before.json()) as { data: { name: string } }).data.name).toBe(admin.loginName);

    const row = page.locator('.settings-tokens .ant-table-row', { hasText: name });
    await row.waitFor();
    await row.locator('.token-revoke').click();
    const revoked = page.waitForResponse((r) => r.url().includes('/api/ApiToken/Revoke/'));
    await clickWhenStill(page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }));
    expect((await revoked).status()).toBe(200);
    await row.getByText('Revoked').waitFor();

    const after = await asIntegration(token);
    expect(after.status).toBe(401);
    await page.context().close();
  });

  it("a save over someone else's change is refused with a clear message and the screen reloads", async () => {
    const page = await settingsPage();
    await openTab(page, 'toggles');
    await page.locator('.settings-toggles #lockoutAttempts').waitFor();
    // Someone else saves the same group meanwhile (same values, a new rowVersion).
    const current = await api.ok<SettingsData>('GET', '/api/Settings/Get');
    const theirs = await api.ok<{ rowVersion: number }>('POST', '/api/Settings/Save', {
      group: 'toggles',
      value: current.toggles.value,
      rowVersion: current.toggles.rowVersion,
    });
    const refused = page.waitForResponse((r) => r.url().includes('/api/Settings/Save'));
    const reloaded = page.waitForResponse((r) => r.url().includes('/api/Settings/Get'));
    await page.locator('[data-testid="settings-save-toggles"]').click();
    expect((await refused).status()).toBe(409);
    await page.getByText('Someone else changed these settings', { exact: false }).waitFor();
    await reloaded;
    // Saving again now works: the reload brought the new rowVersion.
    await page.locator(`.settings-toggles[data-row-version="${theirs.rowVersion}"]`).waitFor();
    const again = page.waitForResponse((r) => r.url().includes('/api/Settings/Save'));
    await page.locator('[data-testid="settings-save-toggles"]').click();
    expect((await again).status()).toBe(200);
    await page.context().close();
  });

  it('the sign-in page shows the product title, and the default language until the visitor chooses one', async () => {
    const title = `Northwind Service Desk ${letters}`;
    await saveBasic({ productTitle: title, defaultLanguage: 'zh-tw' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('.auth-brand').getByText(title, { exact: true }).waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
    await page.locator('button[type="submit"]', { hasText: '登入' }).waitFor();
    await expect.poll(() => page.title()).toBe(`登入 - ${title}`);
    await shot(page, 'settings-sign-in-title-zh-tw');
    // The visitor's own choice wins over the default, and is remembered.
    for (const language of ['zh-cn', 'en'] as const) {
      await page.locator('.auth-card button:has(.anticon-translation)').click();
      await page.getByRole('menuitem', { name: languageNames[language] }).click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
      await shot(page, `settings-sign-in-title-${language}`);
    }
    await page.reload();
    await page.locator('.auth-brand').getByText(title, { exact: true }).waitFor();
    await page.locator('button[type="submit"]', { hasText: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The signed-in shell carries the title too: the header and the browser tab.
    await fillSignIn(page, admin.loginName, admin.password);
    await page.waitForURL('**/dashboard/ticket');
    await page.locator('.app-logo').getByText(title, { exact: true }).waitFor();
    await expect.poll(() => page.title()).toContain(` - ${title}`);
    await page.waitForLoadState('networkidle');
    await shot(page, 'settings-shell-title-en');
    await context.close();
    await saveBasic({ productTitle: 'Casedesk', defaultLanguage: 'en' });
  });

  it('every tab, in English, simplified and traditional Chinese (screenshots)', async () => {
    const page = await settingsPage();
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
      if (language !== 'en') {
        await page.locator(languageButton).click();
        await page.getByRole('menuitem', { name: languageNames[language] }).click();
        await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
      }
      for (const tab of ['basic', 'toggles', 'token', 'upload', 'holiday']) {
        await openTab(page, tab);
        await page.locator(`.settings-tab-${tab} .ant-form, .settings-tab-${tab} .ant-table`).first().waitFor();
        await shot(page, `settings-${tab}-${language}`);
        if (tab === 'holiday' && language === 'en') {
          const download = page.waitForEvent('download');
          await page.locator('.settings-holiday-head').getByRole('button', { name: 'Export' }).click();
          const file = await download;
          expect(file.suggestedFilename()).toBe('holidays.xlsx');
          // An .xlsx is a zip: it starts with PK.
          const path = await file.path();
          expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
        }
        if (tab === 'token') {
          const all = page.locator('.settings-all-tokens');
          await all.locator('.ant-table-row').first().waitFor();
          await all.scrollIntoViewIfNeeded();
          await shot(page, `settings-token-all-${language}`);
        }
      }
    }
    await page.context().close();
  });
});
