import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createStaff, type Api, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

const suffix = randomBytes(3).toString('hex').toUpperCase();
const codes = { company: `CO-${suffix}`, project: `PRJ-${suffix}`, category: `CAT-${suffix}` };

type Page1<T> = { items: T[]; total: number };
type Dashboard = {
  myOpen: { count: number };
  unassigned: number;
  overdue: number;
  byPriority: { key: string; count: number }[];
  byStatus: { key: string; count: number }[];
};

let browser: Browser;
let api: Api;
/** This spec's own administrator: its language changes reach no other spec. */
let admin: TestUser;
beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  browser = await launchBrowser();
});
afterAll(async () => {
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

async function setLanguage(page: Page, language: Language) {
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
}

/** Opens the list screen and waits for its table to show rows (or its empty text). */
async function openList(page: Page, path: string) {
  await page.goto(path);
  await page.locator('.master-list .ant-table').waitFor();
  await page.locator('.master-list .ant-spin-spinning').waitFor({ state: 'detached' });
}

/** Types `keyword` into a searching select (RemoteSelect) and picks the option showing `text`. */
async function pick(page: Page, id: string, keyword: string, text = keyword) {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(keyword);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await option.waitFor();
  await option.click();
}

async function save(page: Page, path: string) {
  const saved = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await page
    .locator('.master-editor')
    .getByRole('button', { name: /save|保存|儲存/i })
    .click();
  const response = await saved;
  expect(((await response.json()) as { resultCode: number }).resultCode).toBe(200);
  await page.locator('.master-editor').waitFor({ state: 'hidden' });
}

async function idOf(resource: string, keyword: string): Promise<number> {
  const page = await api.ok<Page1<{ id: number }>>('POST', `/api/${resource}/Query`, { keyword });
  expect(page.items).toHaveLength(1);
  return page.items[0]!.id;
}

describe('categories, projects, companies and the dashboard', () => {
  it('an admin creates a company, a project linked to it and a category with a default assignee', async () => {
    const page = await adminPage();

    await openList(page, '/company/list');
    await shot(page, 'company-list-en');
    await page.locator('.master-list').getByRole('button', { name: 'New' }).click();
    await page.locator('.master-editor #code').waitFor();
    await page.locator('#code').fill(codes.company);
    await page.locator('#name').fill(`Northwind ${suffix}`);
    await page.locator('#shortName').fill('Northwind');
    await page.locator('#linkMan').fill('Ada Lovelace');
    await page.locator('#email').fill('not-an-email');
    await page.locator('.master-editor').getByRole('button', { name: 'Save' }).click();
    await page.locator('.master-editor .ant-form-item-explain-error').first().waitFor();
    await shot(page, 'company-editor-en');
    await page.locator('#email').fill('desk@northwind.test');
    await save(page, '/api/Company/Add');
    await page.locator('.master-list .ant-table-row', { hasText: codes.company }).waitFor();

    await openList(page, '/project/list');
    await page.locator('.master-list').getByRole('button', { name: 'New' }).click();
    await page.locator('.master-editor #projectCode').waitFor();
    await page.locator('#projectCode').fill(codes.project);
    await page.locator('#projectName').fill(`Service desk ${suffix}`);
    await page.locator('#projectDescription').fill('Projects created by the browser test');
    await pick(page, 'companyIds', codes.company);
    await page.locator('#businessUnit').fill('Support');
    await page.locator('#activeAt').click();
    await page.locator('#activeAt').fill('2026-01-01');
    await page.locator('#activeAt').press('Enter');
    await page.locator('#inActiveAt').click();
    await page.locator('#inActiveAt').fill('2030-12-31');
    await page.locator('#inActiveAt').press('Enter');
    await shot(page, 'project-editor-en');
    await save(page, '/api/Project/Add');
    await page.locator('.master-list .ant-table-row', { hasText: codes.project }).waitFor();
    await shot(page, 'project-list-en');

    await openList(page, '/category/list');
    await page.locator('.master-list').getByRole('button', { name: 'New' }).click();
    await page.locator('.master-editor #categoryCode').waitFor();
    await page.locator('#categoryCode').fill(codes.category);
    await page.locator('#categoryDescription').fill('Hardware faults');
    await pick(page, 'projectIds', codes.project);
    await pick(page, 'newTicketAssignee', admin.loginName, `(${admin.loginName})`);
    await shot(page, 'category-editor-en');
    await save(page, '/api/Category/Add');
    const row = page.locator('.master-list .ant-table-row', { hasText: codes.category });
    await row.waitFor();
    // The row carries the default assignee's name (spec users are all "Sam Tester"; the picker chose by login).
    await row.getByText('Sam Tester', { exact: false }).waitFor();
    await shot(page, 'category-list-en');

    const exported = page.waitForResponse((r) => r.url().includes('/api/Category/Export'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await exported).status()).toBe(200);
    expect((await download).suggestedFilename()).toBe('categories.xlsx');

    const projectId = await idOf('Project', codes.project);
    const companyId = await idOf('Company', codes.company);
    const project = await api.ok<{ companyIds: number[]; activeAt: string | null; inActiveAt: string | null }>(
      'GET',
      `/api/Project/Detail/${projectId}`,
    );
    expect(project.companyIds).toEqual([companyId]);
    expect([project.activeAt, project.inActiveAt]).toEqual(['2026-01-01', '2030-12-31']);
    const category = await api.ok<{ projectIds: number[]; newTicketAssigneeName: string | null }>(
      'GET',
      `/api/Category/Detail/${await idOf('Category', codes.category)}`,
    );
    expect(category.projectIds).toEqual([projectId]);
    expect(category.newTicketAssigneeName).toBeTruthy();
  });

  it('refuses to delete a category a ticket uses, with the server message', async () => {
    const projectId = await idOf('Project', codes.project);
    const categoryId = await idOf('Category', codes.category);
    await api.ok('POST', '/api/Ticket/Add', {
      subject: `Printer on fire ${suffix}`,
      content: '<p>Smoke from tray 2</p>',
      projectId,
      categoryId,
      priority: 'High',
    });

    const page = await adminPage();
    await openList(page, '/category/list');
    const searched = page.waitForResponse((r) => r.url().includes('/api/Category/Query'));
    await page.locator('.master-search input').fill(codes.category);
    await page.locator('.master-search input').press('Enter');
    await searched;
    const row = page.locator('.master-list .ant-table-row', { hasText: codes.category });
    await row.waitFor();
    await row.locator('.row-delete').click();
    const confirm = page.locator('.ant-modal-confirm-confirm');
    await confirm.waitFor();
    const deleted = page.waitForResponse((r) => r.url().includes(`/api/Category/Delete/${categoryId}`));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(409);
    const refusal = page.locator('.ant-modal-confirm-warning');
    await refusal.getByText('is already applied to 1 ticket and cannot be deleted. Click Ok to cancel.').waitFor();
    await shot(page, 'category-delete-refused-en');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'detached' });
    await row.waitFor();
  });

  it('offers a reload when someone else saved the record meanwhile', async () => {
    const id = await idOf('Category', codes.category);
    const page = await adminPage();
    await openList(page, '/category/list');
    await page.locator('.master-list .ant-table-row', { hasText: codes.category }).locator('.row-edit').click();
    const description = page.locator('.master-editor #categoryDescription');
    await description.waitFor();
    await expect.poll(() => description.inputValue()).toBe('Hardware faults');

    const current = await api.ok<{ rowVersion: number; newTicketAssignee: number | null }>(
      'GET',
      `/api/Category/Get/${id}`,
    );
    await api.ok('POST', '/api/Category/Update', {
      id,
      rowVersion: current.rowVersion,
      categoryCode: codes.category,
      categoryDescription: 'Hardware faults (changed elsewhere)',
      categoryStatus: 'Active',
      newTicketAssignee: current.newTicketAssignee,
    });

    await description.fill('Hardware faults, mine');
    const stale = page.waitForResponse((r) => r.url().includes('/api/Category/Update'));
    await page.locator('.master-editor').getByRole('button', { name: 'Save' }).click();
    expect((await stale).status()).toBe(409);
    const dialog = page.locator('.ant-modal-confirm', { hasText: 'Changed by someone else' });
    await dialog.waitFor();
    await shot(page, 'category-stale-en');
    const reloaded = page.waitForResponse((r) => r.url().includes(`/api/Category/Detail/${id}`));
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect.poll(() => description.inputValue()).toBe('Hardware faults (changed elsewhere)');
    await save(page, '/api/Category/Update');
  });

  it('shows the dashboard counts, and a number opens the filtered ticket list', async () => {
    const projectId = await idOf('Project', codes.project);
    const me = await api.ok<{ id: number }>('GET', '/api/token/GetMyInfo');
    await api.ok('POST', '/api/Ticket/Add', {
      subject: `VPN drops ${suffix}`,
      projectId,
      priority: 'Urgent',
      assignTo: me.id,
    });
    await api.ok('POST', '/api/Ticket/Add', { subject: `Mail intake ${suffix}`, projectId, priority: 'Low' });
    const expected = await api.ok<Dashboard>('GET', '/api/Ticket/Dashboard');
    expect(expected.unassigned).toBeGreaterThanOrEqual(1);

    const page = await adminPage();
    await page.goto('/dashboard/ticket');
    const number = (card: string) => page.locator(`.dashboard-stat-${card} .dashboard-number`);
    await number('mine').waitFor();
    expect(await number('mine').textContent()).toBe(String(expected.myOpen.count));
    expect(await number('unassigned').textContent()).toBe(String(expected.unassigned));
    expect(await number('overdue').textContent()).toBe(String(expected.overdue));
    const high = page.locator('.dashboard-by-priority a[data-key="High"]');
    expect(await high.textContent()).toBe(String(expected.byPriority.find((p) => p.key === 'High')?.count));
    await page.locator('.ticket-dashboard canvas').first().waitFor();
    await shot(page, 'dashboard-en');
    await page.locator('.dashboard-by-category').scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-lower-en');

    // Dark mode: the chart follows the theme.
    await page.evaluate(() => {
      const key = 'casedesk-ticket:themeConfig';
      const current = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...current, isDark: true }));
    });
    await page.reload();
    await number('mine').waitFor();
    await page.locator('.ticket-dashboard canvas').first().waitFor();
    await shot(page, 'dashboard-dark-en');
    await page.evaluate(() => {
      const key = 'casedesk-ticket:themeConfig';
      const current = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...current, isDark: false }));
    });
    await page.reload();
    await number('mine').waitFor();

    await Promise.all([
      page.waitForURL((url) => url.pathname === '/ticket/list' && url.searchParams.get('priority') === 'High'),
      high.click(),
    ]);
    expect(new URL(page.url()).searchParams.get('priority')).toBe('High');

    await page.goto('/dashboard/ticket');
    await number('unassigned').waitFor();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/ticket/list' && url.searchParams.get('view') === 'unassigned'),
      number('unassigned').click(),
    ]);
  });

  it('shows a new user an empty dashboard', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user);
    await page.locator('.ticket-dashboard .dashboard-empty').waitFor();
    expect(await page.locator('.dashboard-stat-mine .dashboard-number').textContent()).toBe('0');
    await shot(page, 'dashboard-empty-en');
  });

  for (const language of ['zh-cn', 'zh-tw'] as const) {
    it(`shows the screens in ${language}`, async () => {
      const page = await adminPage();
      await setLanguage(page, language);
      await page.goto('/dashboard/ticket');
      await page.locator('.dashboard-stat-mine .dashboard-number').waitFor();
      await page.locator('.ticket-dashboard canvas').first().waitFor();
      await shot(page, `dashboard-${language}`);
      await page.locator('.dashboard-by-category').scrollIntoViewIfNeeded();
      await shot(page, `dashboard-lower-${language}`);
      for (const list of ['category', 'project', 'company'] as const) {
        await openList(page, `/${list}/list`);
        const code = codes[list];
        await page.locator('.master-list .ant-table-row', { hasText: code }).waitFor();
        await shot(page, `${list}-list-${language}`);
        await page.locator('.master-list .ant-table-row', { hasText: code }).locator('.row-edit').click();
        await page.locator('.master-editor .ant-form').waitFor();
        await page.locator('.master-editor .ant-spin-spinning').waitFor({ state: 'detached' });
        await shot(page, `${list}-editor-${language}`);
        await page.keyboard.press('Escape');
        await page.locator('.master-editor').waitFor({ state: 'hidden' });
      }
      await setLanguage(page, 'en');
    });
  }
});
