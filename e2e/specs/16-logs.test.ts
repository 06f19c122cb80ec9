import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../support/api';
import { clickMenu, launchBrowser, newContext, shot, signedIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const logScreens = ['login', 'request', 'sql', 'system', 'holidayReminder'] as const;

describe('logs', () => {
  it('lets an admin find their own sign-in in the sign-in log, open it and export the list', async () => {
    const { user: admin, api } = await createAdmin();
    // Something in the system log to look at: a forced sign-out the browser reports.
    await api.ok('GET', `/api/atest/VueLog?message=${encodeURIComponent('forced sign-out: token expired')}`);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, admin);

    await clickMenu(page, 'Logs', 'Sign-in log');
    await page.waitForURL('**/log/login');
    const list = page.locator('.log-login-list');
    await list.waitFor();
    await list.locator('.log-user-filter input').fill(admin.loginName);
    await list.locator('.log-user-filter input').press('Enter');
    const row = list.locator('.ant-table-row').filter({ hasText: admin.loginName }).first();
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    // Until the filtered page has come, the unfiltered one (the admin's sign-in is the newest) shows other users too.
    await expect
      .poll(async () => {
        const texts = await list.locator('.ant-table-row').allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes(admin.loginName));
      })
      .toBe(true);
    expect(await row.innerText()).toContain('Succeeded');

    await row.locator('.row-view').click();
    const drawer = page.locator('.log-login-detail');
    await drawer.waitFor();
    expect(await drawer.innerText()).toContain(admin.loginName);
    await shot(page, 'log-login-detail-en');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: /Export/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sign-in-log.xlsx');
    await context.close();
  });

  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`shows every log screen in ${language}`, async () => {
      const { user, api } = await createAdmin({ language });
      await api.ok('GET', `/api/atest/VueLog?message=${encodeURIComponent(`forced sign-out (${language})`)}`);
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user);
      for (const screen of logScreens) {
        await page.goto(`/log/${screen}`);
        const list = page.locator(`.log-${screen}-list`);
        await list.waitFor();
        await page.waitForLoadState('networkidle');
        await shot(page, `log-${screen}-${language}`);
      }
      await page.goto('/log/system');
      await page.locator('.log-system-list .row-view').first().click();
      await page.locator('.log-system-detail').waitFor();
      await shot(page, `log-system-detail-${language}`);
      // Settings → Logs and the holiday reminder options under the holiday calendar.
      await page.goto('/system/settings');
      await page.locator('.settings-page .ant-tabs-tab[data-node-key="log"]').click();
      await page.locator('.settings-log').waitFor();
      await shot(page, `settings-log-${language}`);
      await page.locator('.settings-page .ant-tabs-tab[data-node-key="holiday"]').click();
      await page.locator('.settings-holidayReminder').scrollIntoViewIfNeeded();
      await shot(page, `settings-holiday-reminder-${language}`);
      await context.close();
    });
  }
});
