import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createStaff } from '../support/api';
import { clickMenu, launchBrowser, newContext, shot, signedIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const texts = {
  en: {
    name: 'English',
    subtitle: 'Sign in to the service desk',
    tickets: 'Tickets',
    list: 'Ticket list',
    lock: 'Lock screen',
    lang: 'en',
  },
  'zh-cn': {
    name: '简体中文',
    subtitle: '登录服务台',
    tickets: '工单',
    list: '工单列表',
    lock: '锁定屏幕',
    lang: 'zh-CN',
  },
  'zh-tw': {
    name: '繁體中文',
    subtitle: '登入服務台',
    tickets: '工單',
    list: '工單列表',
    lock: '鎖定螢幕',
    lang: 'zh-TW',
  },
} as const;
type Language = keyof typeof texts;

async function openUserMenuItem(page: Page, name: string) {
  await page.locator('.header-user').click();
  await page.getByRole('menuitem', { name }).click();
}

describe('three languages', () => {
  for (const language of Object.keys(texts) as Language[]) {
    const text = texts[language];
    it(`shows the sign-in page, layout, theme drawer, My Account and lock screen in ${language}`, async () => {
      const user = await createStaff({ language, realName: language === 'en' ? 'Sam' : '小明' });
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.goto('/login');
      if (language !== 'en') {
        await page.getByRole('button', { name: 'Language' }).click();
        await page.getByRole('menuitem', { name: text.name }).click();
      }
      await page.getByText(text.subtitle).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(text.lang);
      await shot(page, `login-${language}`);

      await signedIn(page, user);
      const menu = page.locator('.app-sider .nav-menu');
      await menu.getByText(text.tickets, { exact: true }).waitFor();
      await clickMenu(page, text.tickets, text.list);
      await page.waitForURL('**/ticket/list');
      await shot(page, `layout-${language}`);

      await page.locator('.app-header .header-icon:has(.anticon-skin)').click();
      await page.locator('.theme-drawer').waitFor();
      await shot(page, `theme-drawer-${language}`);
      await page.keyboard.press('Escape');
      await page.locator('.theme-drawer').waitFor({ state: 'hidden' });

      await page.goto('/personal');
      await page.locator('#realName').waitFor();
      await shot(page, `personal-${language}`);

      await openUserMenuItem(page, text.lock);
      await page.locator('.lock-screen').waitFor();
      await shot(page, `lock-${language}`);
      await context.close();
    });
  }

  it('switches the language at once and saves it with the account', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user);
    const menu = page.locator('.app-sider .nav-menu');
    await menu.getByText('Tickets', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await menu.getByText('工單', { exact: true }).waitFor();
    await page.locator('.tags-view').getByText('儀表板').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    await expect.poll(() => page.title()).toBe('儀表板 - Casedesk');

    const api = new Api();
    expect(await api.signIn(user.loginName, user.password)).toBe(true);
    await expect
      .poll(async () => (await api.ok<{ language: string }>('GET', '/api/token/GetMyInfo')).language)
      .toBe('zh-tw');
    await context.close();
  });
});
