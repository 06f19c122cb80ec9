import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 820 },
    locale: 'en-US',
    baseURL: baseUrl(),
  });
  context.setDefaultTimeout(15_000);
  return context;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // let page animations settle
  await page.screenshot({ path: `${screenshots}${name}.png` });
}

/** Signs in through the sign-in page (already open). */
export async function fillSignIn(page: Page, userName: string, password: string): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(userName);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Opens the app signed in as this user and waits for the landing page. */
export async function signedIn(page: Page, user: { loginName: string; password: string }): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, user.loginName, user.password);
  await page.waitForURL('**/dashboard/ticket');
  await page.locator('.app-header').waitFor();
}

export const stored = (page: Page, key: string) =>
  page.evaluate((k) => window.localStorage.getItem(`casedesk-ticket:${k}`), key);

/** Clicks through the side menu: opens the group unless it is open, then the entry. */
export async function clickMenu(page: Page, group: string, item: string): Promise<void> {
  const menu = page.locator('.app-sider .nav-menu');
  const submenu = menu
    .locator('li.ant-menu-submenu')
    .filter({ has: page.getByText(group, { exact: true }) })
    .first();
  const entry = submenu.getByText(item, { exact: true });
  // The menu may re-render (language, route) and fold the group while we look: retry the toggle.
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await entry.isVisible()) break;
    await submenu.locator('.ant-menu-submenu-title').first().click();
    await entry.waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined);
  }
  await entry.click();
}
