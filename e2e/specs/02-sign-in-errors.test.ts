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
  it('says when the password is wrong, then that the account is locked after five tries', async () => {
    const user = await createStaff();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    const error = page.locator('.login-error');
    for (let attempt = 1; attempt <= 4; attempt++) {
      await fillSignIn(page, user.loginName, 'Wrong@pass1');
      await error.getByText('Incorrect user name or password.').waitFor();
      expect(page.url()).toContain('/login');
    }
    await fillSignIn(page, user.loginName, 'Wrong@pass1');
    await error
      .getByText('Your account is locked after too many failed sign-ins. Please contact the administrator.')
      .waitFor();
    // Even the right password does not open a locked account.
    await fillSignIn(page, user.loginName, user.password);
    await error.getByText('Your account is locked', { exact: false }).waitFor();
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
    await inputs.nth(1).fill('someone.else@example.test');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Incorrect username or email').waitFor();
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
