import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, type Api, type TestUser } from '../support/api';
import { clickMenu, clickWhenStill, fillSignIn, launchBrowser, newContext, shot, signedIn } from '../support/browser';

/** This spec's own administrator: its language and sessions reach no other spec. */
let admin: TestUser;
const suffix = randomBytes(3).toString('hex');
const names = {
  dept: `Support ${suffix}`,
  deptCode: `SUP-${suffix}`,
  subDept: `Second line ${suffix}`,
  position: `Service agent ${suffix}`,
  group: `Night desk ${suffix}`,
  positionCode: `AGT-${suffix}`,
  role: `Ticket reader ${suffix}`,
  roleCode: `reader_${suffix}`,
  login: `reader.${suffix}`,
  firstName: 'Rita',
  lastName: 'Reader',
};
const temporaryPassword = 'Temp@2026!';
const ownPassword = 'Reader#2026';

const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
type Language = keyof typeof languageNames;
const permissionsLabel = { en: 'Permissions', 'zh-cn': '权限配置', 'zh-tw': '權限設定' } as const;

let browser: Browser;
let api: Api;
beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  browser = await launchBrowser();
  // A small tree for the screenshots in other languages, whatever the first test managed to do.
  const top = await api.ok<{ id: number }>('POST', '/api/Dept/Add', {
    name: `客户服务 ${suffix}`,
    code: `CS-${suffix}`,
  });
  await api.ok('POST', '/api/Dept/Add', { name: `現場服務 ${suffix}`, code: `FS-${suffix}`, parentId: top.id });
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

async function setLanguage(page: Page, language: Language) {
  // A call cut off by leaving the page counts as a network failure, which ends the session: let it finish.
  const saved = page.waitForResponse((r) => r.url().includes('/api/Account/UpdateLanguage'));
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
  await saved;
}

/** Opens an organisation screen and waits until its table has loaded. */
async function openScreen(page: Page, path: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.goto(path);
  await page.locator('.org-list .ant-table').waitFor();
  await page.locator('.org-list .ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
}

/** Posts through a button and returns the envelope of the call it triggers (listening before the click). */
async function submitAndWait(page: Page, button: Locator, path: string) {
  const response = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await clickWhenStill(button);
  const body = (await (await response).json()) as { resultCode: number; resultMsg: string };
  expect(body).toMatchObject({ resultCode: 200 });
}

/** Screenshots the New form of each screen in en, zh-cn and zh-tw, and leaves the page in English. */
async function shootNewForms(page: Page, screens: string[]) {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    if (language !== 'en') await setLanguage(page, language);
    for (const screen of screens) {
      await openScreen(page, `/system/${screen}`);
      await page.locator('.org-new').click();
      await page.getByRole('dialog').locator('form').waitFor();
      await shot(page, `admin-${screen}-form-${language}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
  }
  await setLanguage(page, 'en');
}

/** Types into an Ant Design select (found by its form label) and picks the option with this text (or `option`). */
async function pick(page: Page, field: Locator, text: string, option = text) {
  await field.click();
  await field.fill(text);
  const choice = page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
    .filter({ hasText: option })
    .first();
  // Once the drop-down has slid in: a click aimed while it moves can miss the option.
  await clickWhenStill(choice);
}

describe('administration screens', () => {
  // Every test has its own administrator page (the suite closes a test's browser contexts after it).
  let page: Page;
  beforeEach(async () => {
    const context = await newContext(browser);
    page = await context.newPage();
    await signedIn(page, admin);
  }, 120_000);

  it('creates a department and a sub-department through the screen', { timeout: 120_000 }, async () => {
    await openScreen(page, '/system/dept');
    await page.locator('.org-new').click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(names.dept);
    await dialog.getByLabel('Code', { exact: true }).fill(names.deptCode);
    await submitAndWait(page, dialog.getByRole('button', { name: 'Save' }), '/api/Dept/Add');
    await dialog.waitFor({ state: 'hidden' });
    const deptRow = page.locator('.org-list tr.ant-table-row', { hasText: names.dept });
    await deptRow.waitFor();

    await deptRow.getByRole('button', { name: 'Add sub-department' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(names.subDept);
    await dialog.getByLabel('Code', { exact: true }).fill(`${names.deptCode}-2`);
    await submitAndWait(page, dialog.getByRole('button', { name: 'Save' }), '/api/Dept/Add');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.org-list tr.ant-table-row-level-1', { hasText: names.subDept }).waitFor();
    await shot(page, 'admin-dept-tree-en');
  });

  it(
    'creates and edits a position; the department and position forms in three languages',
    { timeout: 120_000 },
    async () => {
      await openScreen(page, '/system/position');
      await page.locator('.org-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill(names.position);
      await dialog.getByLabel('Code', { exact: true }).fill(names.positionCode);
      await dialog.getByLabel('Description', { exact: true }).fill('Answers the phone');
      await submitAndWait(page, dialog.getByRole('button', { name: 'Save' }), '/api/Position/Add');
      await dialog.waitFor({ state: 'hidden' });
      const row = page.locator('.org-list tr.ant-table-row', { hasText: names.position });
      await row.getByRole('button', { name: 'Edit' }).click();
      await expect.poll(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(names.position);
      await dialog.getByLabel('Description', { exact: true }).fill('Answers the phone and e-mail');
      await submitAndWait(page, dialog.getByRole('button', { name: 'Save' }), '/api/Position/Update');
      await dialog.waitFor({ state: 'hidden' });
      const saved = await api.ok<{ items: { code: string; description: string | null; status: string }[] }>(
        'POST',
        '/api/Position/Query',
        { page: 1, pageSize: 5, keyword: names.positionCode },
      );
      expect(saved.items).toEqual([
        expect.objectContaining({
          code: names.positionCode,
          description: 'Answers the phone and e-mail',
          status: 'Active',
        }),
      ]);

      await shootNewForms(page, ['dept', 'position']);
    },
  );

  it('creates a role and grants ticket page+view and category page+view, no create', { timeout: 120_000 }, async () => {
    await openScreen(page, '/system/role');
    await page.locator('.org-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(names.role);
    await dialog.getByLabel('Code', { exact: true }).fill(names.roleCode);
    await submitAndWait(page, dialog.getByRole('button', { name: 'Save' }), '/api/Role/Add');
    await dialog.waitFor({ state: 'hidden' });
    const roleRow = page.locator('.org-list tr.ant-table-row', { hasText: names.role });
    await roleRow.getByRole('button', { name: 'Permissions' }).click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: names.role });
    for (const label of ['Tickets: Access page', 'Tickets: View', 'Categories: Access page', 'Categories: View'])
      await drawer.getByRole('checkbox', { name: label, exact: true }).check();
    await expect.poll(() => drawer.getByRole('checkbox', { checked: true }).count()).toBe(4);
    await shot(page, 'admin-role-matrix-en');
    await submitAndWait(page, drawer.getByRole('button', { name: 'Save' }), '/api/Role/SavePermissionMatrix');
    await drawer.waitFor({ state: 'hidden' });
  });

  it(
    'creates a user group with a member and edits it; the group and role forms in three languages',
    { timeout: 180_000 },
    async () => {
      await openScreen(page, '/system/userGroup');
      await page.locator('.org-new').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill(names.group);
      await dialog.getByLabel('Description', { exact: true }).fill('Night shift');
      await pick(page, dialog.getByLabel('Members', { exact: true }), admin.loginName, `(${admin.loginName})`);
      await page.keyboard.press('Escape'); // close the members drop-down, not the dialog
      await submitAndWait(page, dialog.getByRole('button', { name: 'Save' }), '/api/UserGroup/Add');
      await dialog.waitFor({ state: 'hidden' });

      const row = page.locator('.org-list tr.ant-table-row', { hasText: names.group });
      await row.getByRole('button', { name: 'Edit' }).click();
      // The form fills from the group's detail once it has loaded.
      await expect.poll(() => dialog.getByLabel('Description', { exact: true }).inputValue()).toBe('Night shift');
      await dialog.getByLabel('Description', { exact: true }).fill('Night and weekend shift');
      await submitAndWait(page, dialog.getByRole('button', { name: 'Save' }), '/api/UserGroup/Update');
      await dialog.waitFor({ state: 'hidden' });
      const groups = await api.ok<{ id: number; name: string }[]>('GET', '/api/UserGroup/Tree');
      const flat = (nodes: { id: number; name: string; children?: unknown[] }[]): { id: number; name: string }[] =>
        nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
      const saved = flat(groups).find((g) => g.name === names.group);
      expect(saved).toBeDefined();
      const detail = await api.ok<{ description: string | null; members: { loginName: string }[] }>(
        'GET',
        `/api/UserGroup/Detail/${saved?.id}`,
      );
      expect(detail.description).toBe('Night and weekend shift');
      expect(detail.members.map((m) => m.loginName)).toEqual([admin.loginName]);

      await shootNewForms(page, ['userGroup', 'role']);
    },
  );

  it('creates a user in that department with that role', { timeout: 120_000 }, async () => {
    await openScreen(page, '/system/user');
    await page.locator('.org-new').click();
    const form = page.locator('.ant-drawer-section').filter({ hasText: 'New user' });
    await form.getByLabel('Login name', { exact: true }).fill(names.login);
    await form.getByLabel('Password', { exact: true }).fill(temporaryPassword);
    await form.getByLabel('Confirm password', { exact: true }).fill(temporaryPassword);
    await form.getByLabel('First name', { exact: true }).fill(names.firstName);
    await form.getByLabel('Last name', { exact: true }).fill(names.lastName);
    await form.getByLabel('E-mail', { exact: true }).fill(`${names.login}@example.test`);
    await pick(page, form.getByLabel('Department', { exact: true }), names.subDept);
    await pick(page, form.getByLabel('Roles', { exact: true }), names.role);
    await page.keyboard.press('Escape'); // close the roles drop-down
    // The temporary password must be changed at the first sign-in.
    expect(await form.getByRole('checkbox', { name: 'Must change the password at the next sign-in' }).isChecked()).toBe(
      true,
    );
    await form.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
    await shot(page, 'admin-user-form-en');
    await submitAndWait(page, form.getByRole('button', { name: 'Save' }), '/api/User/Add');
    await form.waitFor({ state: 'hidden' });
    const userRow = page.locator('.org-list tr.ant-table-row', { hasText: names.login });
    await userRow.waitFor();
    await expect.poll(() => userRow.innerText()).toContain(names.subDept);
    await expect.poll(() => userRow.innerText()).toContain(names.role);
    await shot(page, 'admin-user-list-en');
  });

  it('deletes a user to Deleted users and restores them', { timeout: 120_000 }, async () => {
    // A name of its own per attempt: a retry must not trip over the user the failed attempt made.
    const loginName = `gone.${suffix}${Math.random().toString(36).slice(2, 6)}`;
    const created = await api.ok<{ id: number }>('POST', '/api/User/Add', {
      loginName,
      realName: 'Gina',
      lastName: 'Gone',
      password: temporaryPassword,
      needToChangePwd: false,
      roles: [],
    });
    await openScreen(page, '/system/user');
    const row = page.locator('.org-list tr.ant-table-row', { hasText: loginName });
    await row.locator('.row-delete').click();
    const confirm = page.locator('.ant-modal-confirm-confirm');
    await confirm.waitFor();
    await submitAndWait(page, confirm.getByRole('button', { name: 'Delete' }), `/api/User/Delete/${created.id}`);
    await row.waitFor({ state: 'detached' });

    await openScreen(page, '/system/deletedUser');
    const deletedRow = page.locator('.org-list tr.ant-table-row', { hasText: loginName });
    await deletedRow.getByRole('button', { name: 'Restore' }).click();
    await submitAndWait(page, page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }), '/api/User/Restore');
    await deletedRow.waitFor({ state: 'detached' });
    const restored = await api.ok<{ deletedAt: string | null }>('GET', `/api/User/Detail/${created.id}`);
    expect(restored.deletedAt).toBeNull();
  });

  for (const language of ['zh-cn', 'zh-tw'] as const) {
    it(
      `shows the users list, user form, role matrix and department tree in ${language}`,
      { timeout: 120_000 },
      async () => {
        await setLanguage(page, language);

        await openScreen(page, '/system/user');
        // Other specs add users too, newest first: any row will do for the picture.
        await page.locator('.org-list tr.ant-table-row').first().waitFor();
        await shot(page, `admin-user-list-${language}`);
        await page.locator('.org-new').click();
        await page.locator('.ant-drawer-section form').waitFor();
        await shot(page, `admin-user-form-${language}`);
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-section').waitFor({ state: 'hidden' });

        await openScreen(page, '/system/role');
        await page
          .locator('.org-list tr.ant-table-row', { hasText: 'common' })
          .getByRole('button', { name: permissionsLabel[language] })
          .click();
        await page.locator('.org-matrix .ant-checkbox-wrapper').first().waitFor();
        await shot(page, `admin-role-matrix-${language}`);
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-section').waitFor({ state: 'hidden' });

        await openScreen(page, '/system/dept');
        await page.locator('.org-list tr.ant-table-row-level-1').first().waitFor();
        await shot(page, `admin-dept-tree-${language}`);
        await setLanguage(page, 'en');
      },
    );
  }
});

describe('a user with a restricted role', () => {
  let restrictedAttempts = 0;
  it(
    'the new user changes the temporary password and sees only the menus and buttons the role allows',
    { timeout: 120_000 },
    async () => {
      // The first try signs in as the user the form made. A retry cannot: that try may have changed the password
      // already. It gets a user of its own with the same role and a temporary password, made the same way.
      let login = names.login;
      if (restrictedAttempts++ > 0) {
        login = `${names.login}.${restrictedAttempts}`;
        const role = await api.ok<{ items: { id: number; code: string }[] }>('POST', '/api/Role/Query', {
          keyword: names.roleCode,
          pageSize: 5,
        });
        await api.ok('POST', '/api/User/Add', {
          loginName: login,
          realName: names.firstName,
          lastName: names.lastName,
          password: temporaryPassword,
          needToChangePwd: true,
          roles: role.items.filter((r) => r.code === names.roleCode).map((r) => r.id),
        });
      }
      const userContext = await newContext(browser);
      const userPage = await userContext.newPage();
      await userPage.goto('/login');
      await fillSignIn(userPage, login, temporaryPassword);
      await userPage.waitForURL('**/change');
      await userPage.locator('input[type="password"]').nth(2).waitFor();
      const [current, next, confirm] = await userPage.locator('input[type="password"]').all();
      await current!.fill(temporaryPassword);
      await next!.fill(ownPassword);
      await confirm!.fill(ownPassword);
      await userPage.getByRole('button', { name: 'Change password' }).click();
      await userPage.waitForURL('**/dashboard/ticket');
      await userPage.locator('.app-header').waitFor();

      const groups = userPage.locator('.app-sider .nav-menu li.ant-menu-submenu > .ant-menu-submenu-title');
      await groups.first().waitFor();
      const groupTitles = (await groups.allInnerTexts()).map((text) => text.trim());
      expect(groupTitles).toContain('Tickets');
      expect(groupTitles).toContain('Master data');
      for (const hidden of ['Organisation', 'System', 'E-mail', 'Workflow', 'Logs', 'Invoices and import'])
        expect(groupTitles).not.toContain(hidden);

      await clickMenu(userPage, 'Tickets', 'Ticket list');
      await userPage.waitForURL('**/ticket/list');
      const ticketEntries = await entriesOf(userPage, 'Tickets');
      expect(ticketEntries).toContain('Ticket list');
      expect(ticketEntries).not.toContain('Scheduled tickets');
      expect(ticketEntries).not.toContain('Open items');
      expect(ticketEntries).not.toContain('New ticket'); // the role has ticket:page but not ticket:create
      await userPage.locator('.ant-table:visible').first().waitFor();
      expect(await userPage.getByRole('button', { name: 'New ticket' }).count()).toBe(0);

      await clickMenu(userPage, 'Master data', 'Categories');
      await userPage.waitForURL('**/category/list');
      expect(await entriesOf(userPage, 'Master data')).toEqual(['Categories']);
      await userPage.locator('.ant-table:visible').first().waitFor();
      expect(await userPage.getByRole('button', { name: 'New category' }).count()).toBe(0);
      await shot(userPage, 'admin-restricted-user-en');
      await userContext.close();
    },
  );
});

async function entriesOf(page: Page, group: string): Promise<string[]> {
  const submenu = page
    .locator('.app-sider .nav-menu li.ant-menu-submenu')
    .filter({ has: page.getByText(group, { exact: true }) })
    .first();
  const items = submenu.locator('li.ant-menu-item');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((text) => text.trim());
}
