import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Api, type TestUser } from '../support/api';
import { clickMenu, launchBrowser, newContext, shot, signedIn } from '../support/browser';

/** This spec's own administrator: its language and sessions reach no other spec. */
let admin: TestUser;
const suffix = randomBytes(3).toString('hex').toUpperCase();
let attempt = 0;

type Page1<T> = { items: T[]; total: number };
type MenuRecord = { id: number; title: string; titles: Record<string, string> | null; rowVersion: number } & Record<
  string,
  unknown
>;
type WebApiRecord = { id: number; method: string; url: string; enabled: boolean };

let browser: Browser;
let api: Api;
let categoriesMenu: MenuRecord;
let regionChildrenApi: WebApiRecord;

beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  browser = await launchBrowser();
  const menus = await api.ok<Page1<MenuRecord>>('POST', '/api/Menu/Query', { keyword: 'CategoryList' });
  categoriesMenu = menus.items.find((m) => m.name === 'CategoryList')!;
  const apis = await api.ok<Page1<WebApiRecord>>('POST', '/api/WebApi/Query', { keyword: '/api/Region/Children' });
  regionChildrenApi = apis.items.find((a) => a.url === '/api/Region/Children' && a.method === 'GET')!;

  // Something to look at on screens that start empty.
  // A retry of this spec finds the dictionary there already.
  const known = await api.call<unknown[]>('GET', '/api/Dictionary/Items/configurationType');
  if (known.body.resultCode !== 200 || known.body.data.length === 0)
    await api.ok('POST', '/api/Dictionary/Add', {
      code: 'configurationType',
      name: 'Configuration types',
      items: [
        { key: 'mail', name: 'Mail', value: 'mail', sort: 1 },
        { key: 'ui', name: 'Interface', value: 'ui', sort: 2 },
      ],
    });
  const types = await api.ok<{ id: number; key: string }[]>('GET', '/api/Dictionary/Items/configurationType');
  await api.ok('POST', '/api/Configuration/Add', {
    name: `mail.sender.${suffix}`,
    value: 'desk@casedesk.test',
    typeId: types.find((t) => t.key === 'mail')!.id,
    description: 'Sender address of outgoing mail',
    sort: 10,
  });
  await api.ok('POST', '/api/Region/Add', { code: `C${suffix}`, name: `Country ${suffix}`, pinyin: 'guojia', type: 0 });
  await api.ok('POST', '/api/Region/Add', {
    code: `P${suffix}`,
    name: `Province ${suffix}`,
    pinyin: 'sheng',
    zipCode: '510000',
    parentCode: `C${suffix}`,
    type: 1,
  });
  const it = await api.ok<{ id: number }>('POST', '/api/Industry/Add', {
    code: `IT${suffix}`,
    name: 'Information technology',
  });
  await api.ok('POST', '/api/Industry/Add', { code: `SW${suffix}`, name: 'Software', parentId: it.id });
});

afterAll(async () => {
  // Later specs share this database: put the menu title and the API back as they were.
  if (api && categoriesMenu) {
    const current = await api.ok<MenuRecord>('GET', `/api/Menu/Get/${categoriesMenu.id}`);
    const { createdAt: _c, createdBy: _cb, modifiedAt: _m, modifiedBy: _mb, ...body } = current;
    await api.ok('POST', '/api/Menu/Update', { ...body, title: categoriesMenu.title, titles: categoriesMenu.titles });
  }
  if (api && regionChildrenApi)
    await api.ok('POST', '/api/WebApi/OnOff', { ids: [regionChildrenApi.id], enabled: true });
  await browser?.close();
});

async function adminPage(): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signedIn(page, admin);
  return page;
}

const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
type Language = keyof typeof languageNames;

/** Switches the interface language from the header. */
async function setLanguage(page: Page, language: Language) {
  if ((await page.evaluate(() => document.documentElement.lang)) === htmlLang[language]) return;
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
}

/** Opens a system screen and waits until its table has settled. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await page.locator('.system-list .ant-table').waitFor();
  await settle(page);
}

async function settle(page: Page) {
  await page.locator('.system-list .ant-spin-spinning').waitFor({ state: 'detached' });
}

async function search(page: Page, text: string, apiPath?: string) {
  const box = page.locator('.system-search input');
  const answered = apiPath ? page.waitForResponse((r) => r.url().includes(apiPath)) : null;
  await box.fill(text);
  await box.press('Enter');
  await answered;
  await settle(page);
}

async function saveDrawer(page: Page, path: string) {
  const saved = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await page
    .locator('.master-editor')
    .getByRole('button', { name: /save|保存|儲存/i })
    .click();
  const response = await saved;
  expect(((await response.json()) as { resultCode: number }).resultCode).toBe(200);
  await page.locator('.master-editor').waitFor({ state: 'hidden' });
}

const row = (page: Page, text: string): Locator =>
  page.locator('.system-list .ant-table-row', { hasText: text }).first();

describe('system administration screens', () => {
  it('an admin creates a dictionary with two items', async () => {
    const code = `PRIORITY_${suffix}_${++attempt}`; // a retry must not collide with what a failed try saved
    const page = await adminPage();
    await openScreen(page, '/system/dictionary');
    await page.getByRole('button', { name: 'New' }).click();
    await page.locator('.master-editor #code').waitFor();
    await page.locator('#code').fill(code);
    await page.locator('#name').fill('Ticket priorities');
    await page.locator('#category').fill('ticket');
    for (const [i, [key, name]] of [
      ['low', 'Low'],
      ['high', 'High'],
    ].entries()) {
      await page.locator('.dictionary-add-item').click();
      await page.locator(`#items_${i}_key`).fill(key!);
      await page.locator(`#items_${i}_name`).fill(name!);
      await page.locator(`#items_${i}_value`).fill(key!.toUpperCase());
    }
    await shot(page, 'system-dictionary-editor-en');
    await saveDrawer(page, '/api/Dictionary/Add');
    await row(page, code).waitFor();

    const items = await api.ok<{ key: string; name: string; value: string }[]>('GET', `/api/Dictionary/Items/${code}`);
    expect(items.map((i) => [i.key, i.name, i.value])).toEqual([
      ['low', 'Low', 'LOW'],
      ['high', 'High', 'HIGH'],
    ]);
    await page.context().close();
  });

  it('an admin renames the Categories menu and the side menu follows', async () => {
    const page = await adminPage();
    await openScreen(page, '/system/menu');
    await search(page, 'Categories');
    await row(page, '/category/list').locator('.row-edit').click();
    const title = page.locator('.master-editor #titles_en');
    await title.waitFor();
    await expect.poll(() => title.inputValue()).toBe('Categories');
    await page.locator('.icon-picker-button').click();
    await page.locator('.icon-picker input').fill('tag');
    await page.locator('.icon-picker-grid [data-icon="TagsOutlined"]').waitFor();
    await shot(page, 'system-menu-editor-en');
    await page.locator('.icon-picker-grid [data-icon="TagsOutlined"]').click();
    const renamed = `Ticket categories ${suffix}`;
    await title.fill(renamed);
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/Menu/WebMenus'));
    await saveDrawer(page, '/api/Menu/Update');
    await refreshed;
    await clickMenu(page, 'Master data', renamed);
    await page.waitForURL('**/category/list');

    const saved = await api.ok<MenuRecord>('GET', `/api/Menu/Get/${categoriesMenu.id}`);
    expect(saved.title).toBe(renamed);
    expect(saved.icon).toBe('TagsOutlined');
    await page.context().close();
  });

  it('an admin binds a web API to a menu', async () => {
    const page = await adminPage();
    await openScreen(page, '/system/menu');
    await search(page, '/category/list');
    await row(page, '/category/list').locator('.row-apis').click();
    const drawer = page.locator('.menu-apis-drawer');
    await drawer.locator('.ant-table').waitFor();
    await drawer.locator('.menu-apis-search input').fill('/api/Category/Query');
    const apiRow = drawer.locator('.ant-table-row', { hasText: '/api/Category/Query' }).first();
    await apiRow.waitFor();
    await apiRow.locator('.ant-checkbox-input').check();
    await shot(page, 'system-menu-apis-en');
    const saved = page.waitForResponse((r) => r.url().includes('/api/Menu/SaveApis'));
    await drawer.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await drawer.waitFor({ state: 'hidden' });

    const bound = await api.ok<{ apis: { url: string; method: string }[] }>(
      'GET',
      `/api/Menu/Apis/${categoriesMenu.id}`,
    );
    expect(bound.apis.map((a) => `${a.method} ${a.url}`)).toContain('POST /api/Category/Query');
    await page.context().close();
  });

  it('refuses to delete a menu that has sub-menus, with the server message', async () => {
    const page = await adminPage();
    await openScreen(page, '/system/menu');
    await row(page, '/master').locator('.row-delete').click();
    const confirm = page.locator('.ant-modal-confirm-confirm');
    await confirm.waitFor();
    const deleted = page.waitForResponse((r) => r.url().includes('/api/Menu/Delete/'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(409);
    const refusal = page.locator('.ant-modal-confirm-warning');
    await refusal.getByText(/The menu has \d+ sub-menus; delete or move them first\./).waitFor();
    await shot(page, 'system-menu-delete-refused-en');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'detached' });
    await row(page, '/master').waitFor();
    await page.context().close();
  });

  it('an admin disables a web API, which then answers 403', async () => {
    await api.ok('POST', '/api/WebApi/OnOff', { ids: [regionChildrenApi.id], enabled: true });
    const page = await adminPage();
    await openScreen(page, '/system/webApi');
    await search(page, '/api/Region/Children', '/api/WebApi/Query');
    const apiRow = row(page, '/api/Region/Children');
    const toggle = apiRow.locator('.web-api-switch');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    const switched = page.waitForResponse((r) => r.url().includes('/api/WebApi/OnOff'));
    await toggle.click();
    expect((await switched).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await shot(page, 'system-webapi-disabled-en');

    const refused = await api.call('GET', '/api/Region/Children');
    expect(refused.status).toBe(403);
    await api.ok('POST', '/api/WebApi/OnOff', { ids: [regionChildrenApi.id], enabled: true });
    await page.context().close();
  });

  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`shows every system screen in ${language}`, async () => {
      const page = await adminPage();
      await setLanguage(page, language);
      await openScreen(page, '/system/configuration');
      await row(page, `mail.sender.${suffix}`).waitFor();
      await shot(page, `system-configuration-${language}`);

      await openScreen(page, '/system/dictionary');
      await row(page, 'configurationType').waitFor();
      await shot(page, `system-dictionary-${language}`);

      await openScreen(page, '/system/menu');
      await page.locator('.menu-list .ant-table-row').first().waitFor();
      await shot(page, `system-menu-${language}`);
      // New ticket needs ticket:create besides the ticket page (its permission identification).
      await search(page, '/ticket/create');
      await row(page, '/ticket/create').locator('.row-edit').click();
      const identification = page
        .locator('.master-editor .ant-form-item')
        .filter({ has: page.locator('#identification') });
      await expect
        .poll(() => identification.locator('.ant-select-content, .ant-select-selection-item').first().innerText())
        .toContain('ticket:create');
      await shot(page, `system-menu-identification-${language}`);
      await page.keyboard.press('Escape');

      await openScreen(page, '/system/webApi');
      await page.locator('.web-api-list .ant-table-row').first().waitFor();
      await shot(page, `system-webapi-${language}`);

      await openScreen(page, '/system/region');
      const children = page.waitForResponse((r) => r.url().includes(`parentCode=C${suffix}`));
      await row(page, `C${suffix}`).locator('.ant-table-row-expand-icon').click();
      await children;
      await row(page, `P${suffix}`).waitFor();
      await shot(page, `system-region-${language}`);

      await openScreen(page, '/system/industry');
      await row(page, `IT${suffix}`).locator('.ant-table-row-expand-icon').click();
      await row(page, `SW${suffix}`).waitFor();
      await shot(page, `system-industry-${language}`);
      await page.context().close();
    }, 150_000);
  }
});
