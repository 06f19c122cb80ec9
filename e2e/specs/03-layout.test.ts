import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../support/api';
import { clickMenu, clickWhenStill, launchBrowser, newContext, shot, signedIn, stored } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('layout, menu and tabs', () => {
  it('builds the menu from the server, opens tabs, keeps their state and closes them', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user);
    const menu = page.locator('.app-sider .nav-menu');
    const tabs = page.locator('.tags-view .ant-tabs-tab');

    // A staff member sees tickets but not administration.
    await menu.getByText('Tickets', { exact: true }).waitFor();
    expect(await menu.getByText('System', { exact: true }).count()).toBe(0);
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Dashboard']);
    await expect.poll(() => page.title()).toBe('Dashboard - Casedesk');

    await clickMenu(page, 'Tickets', 'Ticket list');
    await page.waitForURL('**/ticket/list');
    await page.getByRole('button', { name: 'Export' }).waitFor();
    await page.locator('.header-breadcrumb').getByText('Tickets').waitFor();
    await clickMenu(page, 'Tickets', 'Open items');
    await page.waitForURL('**/openItem/list');
    await page.getByText('LOE total', { exact: false }).waitFor();
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Dashboard', 'Ticket list', 'Open items']);

    // Keep-alive: a half-typed form survives a trip to another tab.
    await page.locator('.header-user').click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL('**/personal');
    const firstName = page.locator('#realName');
    await firstName.fill('Typed but not saved');
    await clickWhenStill(tabs.getByText('Dashboard'));
    await page.waitForURL('**/dashboard/ticket');
    await clickWhenStill(tabs.getByText('My account'));
    await page.waitForURL('**/personal');
    expect(await firstName.inputValue()).toBe('Typed but not saved');
    await shot(page, 'layout-en');

    // Close one tab with its button, then all but the affix one.
    await tabs.filter({ hasText: 'Open items' }).locator('.ant-tabs-tab-remove').click();
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Dashboard', 'Ticket list', 'My account']);
    await page.locator('.tags-view').getByRole('button', { name: 'Tab actions' }).click();
    await page.getByRole('menuitem', { name: 'Close all' }).click();
    await page.waitForURL('**/dashboard/ticket');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Dashboard']);

    // An unknown address inside the app.
    await page.goto('/no/such/page');
    await page.getByText('Wrong address input, please re-enter the address').waitFor();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL('**/dashboard/ticket');
    await context.close();
  });

  it('says when the role may not open a screen, and stays up between unknown addresses', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signedIn(page, user);

    // A screen of the app a staff member's role is not offered: no permission, not "wrong address".
    await page.goto('/system/user');
    await page.getByText('You do not have permission to open this page.').waitFor();
    await shot(page, 'no-permission-en');
    expect(await page.getByText('Wrong address input', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL('**/dashboard/ticket');

    // Back and forth between two unknown addresses inside the app (React error #185 left a blank page).
    const notFound = page.getByText('Wrong address input, please re-enter the address');
    await page.goto('/nowhere-one');
    await notFound.waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nowhere-two');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/nowhere-two');
    await notFound.waitFor();
    await page.goBack();
    await page.waitForURL('**/nowhere-one');
    await notFound.waitFor();
    await page.goForward();
    await page.waitForURL('**/nowhere-two');
    await notFound.waitFor();
    await page.locator('.app-sider .nav-menu').getByText('Tickets', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['zh-cn', '您没有权限打开此页面。', '返回首页'],
    ['zh-tw', '您沒有權限開啟此頁面。', '返回首頁'],
  ] as const)('says no permission in %s', async (language, text, home) => {
    const user = await createStaff({ language });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user, '/log/login');
    await page.getByText(text).waitFor();
    await page.getByRole('button', { name: home }).waitFor();
    await shot(page, `no-permission-${language}`);
    await context.close();
  });

  // platform/StatusResult (antd's Result without its illustrations, issue 35): the icon, the words, the way back.
  it.each([
    ['en', 'This ticket does not exist or you may not see it.', 'Back to the list'],
    ['zh-cn', '该工单不存在或您无权查看。', '返回列表'],
    ['zh-tw', '此工單不存在或您無權檢視。', '返回列表'],
  ] as const)('says in %s that a ticket does not exist, and leads back to the list', async (language, text, back) => {
    const user = await createStaff({ language });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user, '/ticket/info/2147483000');
    const result = page.locator('.app-content .page-view .ant-result');
    await result.getByText(text).waitFor();
    expect(await result.locator('.ant-result-icon .anticon').count()).toBe(1);
    await shot(page, `ticket-not-found-${language}`);
    await result.getByRole('button', { name: back }).click();
    await page.waitForURL('**/ticket/list');
    await context.close();
  });

  it('scrolls a refused form to its first field below the fixed header, naming the missing field once', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user);
    // Short enough that Submit sits below the subject: the form must scroll back up to it.
    await page.setViewportSize({ width: 1366, height: 560 });
    await page.goto('/ticket/create');
    const subject = page.locator('.ant-form-item').filter({ has: page.locator('#ticket_subject') });
    await subject.waitFor();
    await page.locator('.ticket-submit').click();
    await subject.locator('.ant-form-item-explain-error').first().waitFor();
    // The same sentence the server answers with (contract section 18): the field by its label, said once.
    expect(await subject.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['Subject is required.']);
    const labelTop = async () => (await subject.locator('label').boundingBox())!.y;
    const tabsBottom = async () => {
      const box = (await page.locator('.tags-view').boundingBox())!;
      return box.y + box.height;
    };
    await expect.poll(async () => (await labelTop()) >= (await tabsBottom())).toBe(true);
    await shot(page, 'ticket-create-first-error-en');
    await context.close();
  });

  it('applies theme settings live and keeps them', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user);
    await page.getByRole('button', { name: 'Layout and theme' }).click();
    const drawer = page.locator('.theme-drawer');
    await drawer.getByText('Primary colour').waitFor();
    await shot(page, 'theme-drawer-en');

    // antd's static styles read the theme as CSS variables: a new primary colour and dark mode show at once.
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background('.ant-btn-primary')).toBe('rgb(64, 158, 255)');
    await drawer.locator('.ant-color-picker-trigger').first().click();
    await page.locator('.ant-color-picker-hex-input input').fill('eb2f96');
    await expect.poll(() => background('.ant-btn-primary')).toBe('rgb(235, 47, 150)');
    await drawer.getByText('Primary colour').click(); // closes the colour panel
    expect(await background('.theme-drawer')).toBe('rgb(255, 255, 255)');
    await drawer.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => background('.theme-drawer')).toBe('rgb(31, 31, 31)');
    await drawer.getByText('Top menu').click();
    await drawer.getByRole('switch', { name: 'Watermark' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.locator('.header-menu .nav-menu').waitFor();
    expect(await page.locator('.app-sider').count()).toBe(0);
    const theme = JSON.parse((await stored(page, 'themeConfig'))!) as Record<string, unknown>;
    expect(theme).toMatchObject({ isDark: true, layout: 'transverse', isWatermark: true, watermarkText: 'CDK' });
    await page.keyboard.press('Escape');
    await shot(page, 'layout-dark-transverse');

    await page.reload();
    await page.locator('.header-menu .nav-menu').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Layout and theme' }).click();
    await drawer.getByRole('button', { name: 'Restore defaults' }).click();
    await page.locator('.app-sider').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await context.close();
  });
});
