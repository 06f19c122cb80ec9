import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../support/api';
import { fillSignIn, launchBrowser, newContext } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in errors', () => {
  it('says only "wrong password", also when five tries have held this address off (contract section 17)', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    const error = page.locator('.login-error');
    const wrongText = 'Incorrect user name or password.';
    for (let attempt = 1; attempt <= 5; attempt++) {
      // Listening before the click: an answer that comes back before the listener would be missed.
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/token/Login'));
      await fillSignIn(page, user.loginName, 'Wrong@pass1');
      await answered;
      await expect.poll(() => error.textContent()).toContain(wrongText);
      expect(page.url()).toContain('/login');
    }
    // Held off: the right password is answered with the same text, telling nothing about the account.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/token/Login'));
    await fillSignIn(page, user.loginName, user.password);
    expect((await (await answer).json()).resultMsg).toBe(wrongText);
    await expect.poll(() => error.textContent()).toContain(wrongText);
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('resets a password from the forgot-password dialog with the spec texts', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Please input username').waitFor();
    const inputs = dialog.locator('input');
    await inputs.nth(0).fill(user.loginName);
    await inputs.nth(1).fill('not-an-email');
    await dialog.getByText('Invalid email').waitFor();
    // A pair that does not match is answered as one that does (contract section 17): no mail goes out.
    await inputs.nth(1).fill('someone.else@example.test');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Operation is successfull').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.waitFor();
    await inputs.nth(0).fill(user.loginName);
    await inputs.nth(1).fill(user.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Operation is successfull').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The link's page explains a bad token instead of failing.
    await page.goto('/reset-password?token=not-a-real-token-at-all');
    await page.locator('input[type="password"]').first().waitFor();
    const [next, confirm] = await page.locator('input[type="password"]').all();
    await next!.fill('Fresh#Pass1');
    await confirm!.fill('Fresh#Pass1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This reset link is invalid or has expired.', { exact: false }).waitFor();
    await context.close();
  });
});
