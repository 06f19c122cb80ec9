import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../support/api';
import { launchBrowser, newContext, signedIn, stored } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('lock screen and idle sign-out', () => {
  it('locks the screen, survives a reload, and unlocks only with the password', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user);
    await page.locator('.header-user').click();
    await page.getByRole('menuitem', { name: 'Lock screen' }).click();
    const lock = page.locator('.lock-screen');
    await lock.waitFor();
    await page.reload();
    await lock.waitFor();

    const password = lock.locator('input[type="password"]');
    await password.fill('Not@mine1');
    await lock.getByRole('button', { name: 'Unlock' }).click();
    await lock.getByText('The password is incorrect.').waitFor();
    await password.fill(user.password);
    await lock.getByRole('button', { name: 'Unlock' }).click();
    await lock.waitFor({ state: 'detached' });
    expect(await stored(page, 'locked')).toBeNull();
    await context.close();
  });

  it('signs out after 60 minutes without activity', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.clock.install();
    await signedIn(page, user);
    await page.clock.fastForward('01:11:00');
    await page.waitForURL(/\/login/);
    await page.getByText('You were signed out after 60 minutes without activity.').waitFor();
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'userInfo')).toBeNull();
    await context.close();
  });
});
