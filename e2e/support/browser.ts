import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { MyInfo } from '@casedesk/shared';
import { type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';
import { userInfoFrom } from '../../apps/web/src/platform/user-info';
import { Api, laneBaseUrl } from './api';
import { launchChromium } from './chromium';

/** This lane's server (global-setup.ts starts one per lane). */
export const baseUrl = () => laneBaseUrl();
const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** The contexts a test opened and has not closed: looked at when the test fails. */
export const openContexts = new Set<BrowserContext>();
/** Each page's API calls still open, and when that last changed (event streams never end: they do not count). */
const apiCalls = new WeakMap<Page, { open: number; changedAt: number }>();

/** Each open context's browser-side errors and warnings (console, uncaught exceptions, failed requests). */
const browserLogs = new WeakMap<BrowserContext, string[]>();

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 820 },
    locale: 'en-US',
    baseURL: baseUrl(),
    // The app turns Ant Design's motion off for a reader who asks for less (App.tsx): no drawer or modal to wait
    // for, about a tenth of the suite's time. E2E_MOTION=on runs the suite with the animations a default reader sees.
    reducedMotion: process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const log: string[] = [];
  const note = (line: string) => {
    log.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 400)}`);
    if (log.length > 40) log.shift();
  };
  browserLogs.set(context, log);
  context.on('page', (page) => {
    const calls = { open: 0, changedAt: Date.now() };
    apiCalls.set(page, calls);
    const counted = (request: Request) =>
      new URL(request.url()).pathname.startsWith('/api/') && request.resourceType() !== 'eventsource';
    const change = (request: Request, by: number) => {
      if (!counted(request)) return;
      calls.open += by;
      calls.changedAt = Date.now();
    };
    page.on('request', (request) => change(request, 1));
    page.on('requestfinished', (request) => change(request, -1));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        note(`console.${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => note(`uncaught: ${error.stack ?? error.message}`));
    page.on('response', (response) => {
      if (response.status() < 400) return;
      const call = `answer ${response.status()}: ${response.request().method()} ${response.url()}`;
      // The envelope says why (the session ended, a permission, a stale header): worth the wait for the body.
      response.text().then(
        (body) => note(`${call} ${body.slice(0, 200)}`),
        () => note(call),
      );
    });
    page.on('requestfailed', (request) => {
      change(request, -1);
      note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
    });
  });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/**
 * On a failed test: each open page's address, visible text and a screenshot in e2e/artifacts, and the browser's
 * errors, so a CI log explains itself. `attempt` keeps a retry from overwriting the first try's screenshots.
 */
export async function reportOpenPages(testName: string, attempt = 0): Promise<void> {
  const safeName = `${testName.replace(/[^\w-]+/g, '_').slice(0, 80)}${attempt > 0 ? `-retry${attempt}` : ''}`;
  let index = 0;
  for (const context of openContexts) {
    const log = browserLogs.get(context) ?? [];
    if (log.length > 0) console.error(`[failed: ${testName}] browser log:\n  ${log.join('\n  ')}`);
    for (const page of context.pages()) {
      index++;
      try {
        const text = (await page.locator('body').innerText({ timeout: 2000 })).replace(/\s+/g, ' ').slice(0, 600);
        console.error(`[failed: ${testName}] page ${index}: ${page.url()}\n  visible text: ${text}`);
        await page.screenshot({ path: `${artifacts}${safeName}-${index}.png`, timeout: 5000 });
      } catch (error) {
        console.error(`[failed: ${testName}] page ${index}: ${page.url()} (could not be read: ${String(error)})`);
      }
    }
  }
}

/** Waits for the page's animations (drawers, modals, menus) to finish; endless ones (spinners) do not count. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

export async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: `${screenshots}${name}.png` });
}

/**
 * Clicks a button of a dialog or pop-up once it has stopped moving: on a busy machine a click aimed while the
 * dialog still zooms in can land beside the button, on the mask, and nothing happens.
 */
export async function clickWhenStill(button: Locator): Promise<void> {
  await button.waitFor();
  await animationsDone(button.page());
  await button.click();
}

/** Signs in through the sign-in page (already open). */
export async function fillSignIn(page: Page, userName: string, password: string): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(userName);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Opens the app signed in as this user, at `at` (the landing dashboard unless said), and waits until its calls are
 * done. The session is made through the API and put in the browser's storage as the sign-in page would leave it
 * (auth-store.ts, with the user's language chosen): the sign-in page itself is tested by 01, 02 and 05, and going
 * through it for every test cost two seconds each.
 */
export async function signedIn(
  page: Page,
  user: { loginName: string; password: string },
  at = '/dashboard/ticket',
): Promise<void> {
  const api = new Api(baseUrl());
  if (!(await api.signIn(user.loginName, user.password)) || !api.tokens)
    throw new Error(`${user.loginName} cannot sign in`);
  const info = await api.ok<MyInfo>('GET', '/api/token/GetMyInfo');
  const values: Record<string, unknown> = {
    token: api.tokens.token,
    tokenExp: api.tokens.exp,
    refreshToken: api.tokens.refreshToken,
    userInfo: userInfoFrom(info),
    lastActivity: Date.now(),
  };
  // Once per context (the marker stays in its storage), before the app's own script reads the storage.
  await page.context().addInitScript(
    ({ marker, entries, language }) => {
      try {
        if (window.localStorage.getItem(marker)) return;
        window.localStorage.setItem(marker, '1');
        for (const [key, value] of entries) window.localStorage.setItem(`casedesk-ticket:${key}`, value);
        const themeKey = 'casedesk-ticket:themeConfig';
        const theme = JSON.parse(window.localStorage.getItem(themeKey) ?? '{}') as Record<string, unknown>;
        window.localStorage.setItem(themeKey, JSON.stringify({ ...theme, globalI18n: language }));
      } catch {
        // A document without storage (about:blank): the app's pages have it.
      }
    },
    {
      marker: `casedesk-e2e-session:${randomBytes(8).toString('hex')}`,
      entries: Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)] as const),
      language: ['en', 'zh-cn', 'zh-tw'].includes(info.language) ? info.language : 'en',
    },
  );
  await page.goto(at);
  await page.locator('.app-header').waitFor();
  // The screen loads its data after the shell: let those calls finish before the test acts.
  await apiSettled(page);
}

/**
 * Waits until the page has had no API call open for `quietMs`. Unlike Playwright's `networkidle`, which belongs to
 * the document's load and is long reached when the app moves on by itself (sign-in to the dashboard), this follows
 * the calls a screen makes after a client-side navigation. `since`: the quiet must have lasted since then too (when a
 * screen was opened, before its first call could start).
 */
export async function apiSettled(page: Page, quietMs = 500, since = 0): Promise<void> {
  await expect
    .poll(
      () => {
        const calls = apiCalls.get(page);
        return !calls || (calls.open <= 0 && Date.now() - Math.max(calls.changedAt, since) >= quietMs);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
}

export const stored = (page: Page, key: string) =>
  page.evaluate((k) => window.localStorage.getItem(`casedesk-ticket:${k}`), key);

/** Clicks through the side menu: opens the group unless it is open, then the entry. */
export async function clickMenu(page: Page, group: string, item: string): Promise<void> {
  const menu = page.locator('.app-sider .nav-menu');
  const title = menu
    .locator('.ant-menu-submenu-title')
    .filter({ has: page.getByText(group, { exact: true }) })
    .first();
  const entry = menu
    .locator('.ant-menu-item')
    .filter({ has: page.getByText(item, { exact: true }) })
    .first();
  // The menu may re-render (language, route, menu refetch) and fold the group while we look: retry the toggle.
  await expect
    .poll(
      async () => {
        if (await entry.isVisible()) return true;
        await title.click({ timeout: 5000 }).catch(() => undefined);
        await entry.waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined);
        return entry.isVisible();
      },
      { timeout: 45_000, interval: 100 },
    )
    .toBe(true);
  await entry.click();
}

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A day (`YYYY-MM-DD`, optionally with ` HH:mm:ss`) as a date picker writes it in a language (platform/forms/DatePicker):
 * "Dec 1, 2026 3:04:05 PM", "2026年12月1日 15:04:05".
 */
export function pickerText(value: string, language: 'en' | 'zh-cn' | 'zh-tw'): string {
  const [day, time] = value.split(' ');
  const [year, month, date] = day!.split('-').map(Number);
  if (language !== 'en') return `${year}年${month}月${date}日${time ? ` ${time}` : ''}`;
  const shown = `${shortMonths[month! - 1]} ${date}, ${year}`;
  if (!time) return shown;
  const [hours, minutes, seconds] = time.split(':').map(Number);
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${hours! % 12 || 12}:${two(minutes!)}${seconds === undefined ? '' : `:${two(seconds)}`}`;
  return `${shown} ${clock} ${hours! < 12 ? 'AM' : 'PM'}`;
}

/** A phone's screen (issue 31): the size the phone specs test at. */
export const phone = { width: 375, height: 812 };

/**
 * Neither the page nor the shell's scrolling area is wider than the phone's screen, and nothing in the content scrolls
 * sideways on its own (a table's scroll box): what is there is seen by scrolling down only.
 */
export async function expectNoSideways(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const main = document.querySelector('.app-main');
    const inner = [...document.querySelectorAll<HTMLElement>('.app-content *')]
      .filter(
        (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${el.scrollWidth}>${el.clientWidth}`);
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      main: main ? [main.scrollWidth, main.clientWidth] : [0, 0],
      inner,
    };
  });
  expect(widths.page[0], `${where}: the page scrolls sideways`).toBeLessThanOrEqual(widths.page[1]!);
  expect(widths.page[1]).toBe(phone.width);
  expect(widths.main[0], `${where}: the content scrolls sideways`).toBeLessThanOrEqual(widths.main[1]!);
  expect(widths.inner, `${where}: a part scrolls sideways`).toEqual([]);
}
