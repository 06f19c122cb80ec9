import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Api, type TestUser } from '../support/api';
import { launchBrowser, newContext, signedIn } from '../support/browser';

const suffix = randomBytes(3).toString('hex');
/** This spec's own administrator: its language and sessions reach no other spec. */
let admin: TestUser;

// Two layers are checked: no payload reaches the DOM as live markup (handler attributes, scripts, javascript:
// URLs), and none runs (exposed function, dialogs). The CSP would block inline handlers even if one got
// through, so the DOM check is what proves the escaping; the first test shows both traps can fire.

/** Each payload calls window.__xss(<where>) if it ever runs; the test exposes that function and listens for dialogs. */
const payload = (where: string) =>
  [
    `<img src=x onerror="__xss('${where}:img')">`,
    `<script>__xss('${where}:script')</script>`,
    `<a href="javascript:__xss('${where}:href')">open ${where}</a>`,
    `<svg onload="__xss('${where}:svg')"></svg>`,
    `"><img src=x onerror=__xss('${where}:attr')>`,
    `'><svg/onload=alert('${where}')>`,
  ].join(' ');
/** Short enough for name fields (max 100-200 characters). */
const shortPayload = (where: string) => `X${suffix} "><img src=x onerror=__xss('${where}')><svg onload=alert(1)>`;

const names = {
  company: shortPayload('company'),
  project: shortPayload('project'),
  category: shortPayload('category'),
  subject: shortPayload('subject'),
  customer: shortPayload('customer'),
};

let browser: Browser;
let api: Api;
let ticketId: number;

beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  const me = await api.ok<{ id: number }>('GET', '/api/token/GetMyInfo');
  const companyId = (
    await api.ok<{ id: number }>('POST', '/api/Company/Add', { code: `XSS-${suffix}`, name: names.company })
  ).id;
  const projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `XSS-${suffix}`,
      projectName: names.project,
      companyIds: [companyId],
    })
  ).id;
  const categoryId = (
    await api.ok<{ id: number }>('POST', '/api/Category/Add', {
      categoryCode: `XSS-${suffix}`,
      categoryDescription: names.category,
      newTicketAssignee: me.id,
      projectIds: [projectId],
    })
  ).id;
  ticketId = (
    await api.ok<{ id: number }>('POST', '/api/Ticket/Add', {
      subject: names.subject,
      content: `<p>Rich text ${suffix}</p>${payload('content')}`,
      customer: names.customer,
      projectId,
      categoryId,
      companyId,
    })
  ).id;
  await api.ok('POST', '/api/TicketComment/Add', { ticketId, comment: payload('public-comment'), public: true });
  await api.ok('POST', '/api/TicketComment/Add', { ticketId, comment: payload('internal-comment'), public: false });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Ran = string[];

/** A signed-in page on which any payload that runs is recorded instead of doing anything. */
async function watchedPage(ran: Ran): Promise<Page> {
  const context = await newContext(browser);
  await context.exposeFunction('__xss', (where: string) => void ran.push(where));
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signedIn(page, admin);
  return page;
}

/** Nothing on the page can run a payload later: no handler attributes, no injected scripts, no javascript: links. */
async function expectInert(page: Page, ran: Ran, screen: string) {
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(() => ({
    handlers: [...document.querySelectorAll('[onerror], [onload], [onclick], [onmouseover]')].map((e) => e.outerHTML),
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
    links: [...document.querySelectorAll('a[href], [src], [xlink\\:href]')]
      .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('xlink:href') ?? '')
      .filter((url) => /^\s*javascript:/i.test(url)),
  }));
  expect(found, screen).toEqual({ handlers: [], scripts: 0, links: [] });
  expect(ran, screen).toEqual([]);
}

/** The raw text of a name field is on screen as text (escaped), not as markup. */
async function expectShownAsText(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: false }).count()).toBeGreaterThan(0);
}

describe('stored XSS payloads stay text', () => {
  it('the traps work, and the CSP refuses an inline handler that got into the page (controls)', async () => {
    const ran: Ran = [];
    const page = await watchedPage(ran);
    // A payload that runs reaches the exposed function and the dialog listener.
    await page.evaluate(() => {
      (window as unknown as { __xss: (where: string) => void }).__xss('probe');
      setTimeout(() => alert('probe'), 0);
    });
    await expect.poll(() => [...ran].sort()).toEqual(['dialog: probe', 'probe']);
    ran.length = 0;
    // Markup that escaped the escaping is seen by the DOM check, and its inline handler is blocked by the CSP.
    const violations = await page.evaluate(async () => {
      const seen: string[] = [];
      // Wait for the violation report itself rather than for a while: it comes once the image fails to load.
      const reported = new Promise<void>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => {
          seen.push(e.effectiveDirective);
          resolve();
        }),
      );
      const probe = document.createElement('div');
      probe.innerHTML = `<img src=x onerror="__xss('inline')">`;
      document.body.append(probe);
      await reported;
      return seen;
    });
    expect(violations.some((d) => d.startsWith('script-src'))).toBe(true);
    await expect(expectInert(page, ran, 'control')).rejects.toThrow();
    expect(ran).toEqual([]);
    await page.context().close();
  });

  it('ticket list, info page and timeline run none of them', async () => {
    const ran: Ran = [];
    const page = await watchedPage(ran);

    await page.goto(`/ticket/list`);
    await page.locator('.ticket-table .ant-table-row').first().waitFor();
    await expectShownAsText(page, names.subject);
    await expectInert(page, ran, 'ticket list');

    await page.goto(`/ticket/info/${ticketId}`);
    await page.locator('.ticket-timeline').waitFor();
    await page.getByText(`Rich text ${suffix}`).first().waitFor();
    await expectShownAsText(page, names.subject);
    await expectShownAsText(page, names.customer);
    // The comments are shown in the timeline, with their payloads as text or stripped, never live.
    await expect.poll(() => page.locator('.ticket-timeline-comment').count()).toBeGreaterThanOrEqual(2);
    await page.locator('.ticket-timeline').scrollIntoViewIfNeeded();
    // Links the rich text kept are inert; clicking every one of them must not run anything either.
    for (const link of await page.locator('.ticket-html a, .ticket-timeline a').all())
      await link.click({ modifiers: ['ControlOrMeta'], timeout: 2000 }).catch(() => undefined);
    await expectInert(page, ran, 'ticket info and timeline');
    await page.context().close();
  });

  it('company, project and category screens run none of them', async () => {
    const ran: Ran = [];
    const page = await watchedPage(ran);
    for (const [path, text] of [
      ['/company/list', names.company],
      ['/project/list', names.project],
      ['/category/list', names.category],
    ] as const) {
      await page.goto(path);
      await page.locator('.master-list .ant-table').waitFor();
      await expectShownAsText(page, text);
      await expectInert(page, ran, path);
    }
    await page.goto('/dashboard/ticket');
    await page.locator('.app-header').waitFor();
    await expectInert(page, ran, 'dashboard');
    await page.context().close();
  });
});
