import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The code an authenticator app shows `steps` 30-second steps from now (a step ahead is within the skew allowed). */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The sign-in page, in `language` (as the language menu leaves it), up to its second step. */
async function toSecondStep(page: Page, user: { loginName: string; password: string }, language: string) {
  await page.context().addInitScript((chosen) => {
    window.localStorage.setItem('casedesk-ticket:themeConfig', JSON.stringify({ globalI18n: chosen }));
  }, language);
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(user.loginName);
  await page.locator('input[autocomplete="current-password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('.second-step input[autocomplete="one-time-code"]').waitFor();
}

describe('two factors', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`a staff member turns on the authenticator app, then signs in with a code and with a recovery code (${language})`, async () => {
      const user = await createStaff({ language });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user, '/personal');
      await page.locator('[data-node-key="twoFactor"]').click();
      await page.locator('.two-factor-panel .ant-btn-primary').click();
      // "Scanning": the key the QR code holds is on the screen too; the test's authenticator reads it there.
      const secret = (await page.locator('[data-testid="totp-secret"]').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await page.locator('.totp-qr img').waitFor();
      await shot(page, `two-factors-setup-${language}`);
      await page.locator('.two-factor-panel input[autocomplete="one-time-code"]').fill(await codeOf(secret));
      await page.locator('.two-factor-panel button[type="submit"]').click();
      await page.locator('[data-testid="recovery-codes"] li').nth(9).waitFor();
      await shot(page, `two-factors-recovery-codes-${language}`);
      const codes = (await page.locator('[data-testid="recovery-codes"] li').allInnerTexts()).map((c) => c.trim());
      expect(codes).toHaveLength(10);
      await context.close();

      // Signed out: the password, then a code from the app (one step ahead: the step just taken is spent).
      const second = await newContext(browser);
      const signIn = await second.newPage();
      await toSecondStep(signIn, user, language);
      await shot(signIn, `two-factors-sign-in-${language}`);
      await signIn.locator('.second-step input[autocomplete="one-time-code"]').fill(await codeOf(secret, 1));
      await signIn.locator('.second-step button[type="submit"]').click();
      await signIn.locator('.app-header').waitFor();
      await second.close();

      // And with a recovery code.
      const third = await newContext(browser);
      const withCode = await third.newPage();
      await toSecondStep(withCode, user, language);
      await withCode.locator('.second-step .ant-segmented-item').nth(1).click();
      await withCode.locator('.second-step input[autocomplete="one-time-code"]').fill(codes[0]!);
      await withCode.locator('.second-step button[type="submit"]').click();
      await withCode.locator('.app-header').waitFor();
      await third.close();
    });
  }
});
