import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type TestUser } from '../support/api';
import { launchBrowser, newContext, signedIn } from '../support/browser';

let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  ({ user: admin } = await createAdmin());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every report of the content security policy refusing something on this page. */
async function watchCsp(page: Page): Promise<string[]> {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) refusals.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => refusals.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective}: ${event.blockedURI}`,
      ),
    );
  });
  return refusals;
}

describe('security in the browser (issue 17)', () => {
  it('runs a session without the content security policy refusing anything (zod parses without eval)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const refusals = await watchCsp(page);
    await signedIn(page, admin);
    for (const path of ['/ticket/list', '/personal', '/system/user', '/system/settings']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(refusals).toEqual([]);
    await context.close();
  });

  it('shows a name changed in My Account in the user list', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, admin);
    // The list is read (and cached) first, as a user would have seen it before renaming themselves.
    await page.goto('/system/user');
    await page.locator('.org-list tr.ant-table-row').first().waitFor();
    const lastName = `Renamed${Math.random().toString(36).slice(2, 7)}`;
    await page.goto('/personal');
    const lastNameInput = page.locator('input#lastName');
    await lastNameInput.waitFor();
    await lastNameInput.fill(lastName);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/Account/UpdateProfile'));
    await page.getByRole('button', { name: 'Save' }).first().click();
    expect((await (await saved).json()).resultCode).toBe(200);
    await page.goto('/system/user');
    const row = page.locator('.org-list tr.ant-table-row', { hasText: admin.loginName });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(lastName);
    await context.close();
  });
});
