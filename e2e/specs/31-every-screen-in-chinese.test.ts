import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Api, type TestUser } from '../support/api';
import { apiSettled, launchBrowser, newContext, shot, signedIn } from '../support/browser';

/**
 * Every screen of the menu, opened by an administrator whose language is Chinese (simplified, then traditional):
 * each is shot, and fails on a raw i18n key anywhere on the page, or English in the product's own words (column
 * heads, buttons, labels, tabs, menus, tags of fixed values) where the user reads Chinese.
 */

type WebMenu = {
  path: string;
  meta: { title: string; isLink: string; isHide: boolean; isIframe: boolean };
  children?: WebMenu[];
};

const webSrc = fileURLToPath(new URL('../../apps/web/src', import.meta.url));

/** The top-level keys of every English catalog of the web: a raw key shows as `<one of them>.<name>…`. */
function catalogNamespaces(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'en.json' && dir.endsWith('/locales'))
        for (const key of Object.keys(JSON.parse(readFileSync(path, 'utf8')) as object)) found.add(key);
    }
  };
  walk(webSrc);
  return [...found];
}

const rawKey = new RegExp(
  `(?<!\\{\\{\\s*)(?<![\\w@.-])(?:${catalogNamespaces().join('|')})\\.[A-Za-z][\\w-]*(?:\\.[A-Za-z][\\w-]*)*(?![\\w.@-])`,
  'g',
);
/** Fixed values as the server sends them: shown as they are, they were not labelled. */
const englishValues = new Set([
  ...['New', 'Assigned', 'InProgress', 'Pending', 'Resolved', 'Closed', 'Cancelled'],
  ...['Low', 'Medium', 'High', 'Urgent', 'Web', 'Email', 'Phone', 'Scheduled'],
  ...['Active', 'Inactive', 'Enabled', 'Disabled', 'Yes', 'No', 'True', 'False'],
  ...['Draft', 'Published', 'Running', 'Approved', 'Rejected', 'Withdrawn', 'Paid', 'Unpaid'],
  ...['NotStarted', 'Complete', 'Sent', 'Failed', 'Queued', 'Succeeded', 'Stopped'],
]);
/** Names and codes that stay as they are in every language. */
const allowedLatin = new Set(
  [
    'Casedesk',
    'API',
    'SQL',
    'URL',
    'IP',
    'ID',
    'SSO',
    'OIDC',
    'OpenID',
    'Connect',
    'SMTP',
    'IMAP',
    'POP3',
    'TLS',
    'SSL',
    'STARTTLS',
    'CSV',
    'XLSX',
    'Excel',
    'PDF',
    'JSON',
    'Cron',
    'LOE',
    'Token',
    'Bearer',
    'UTC',
    'GMT',
    'English',
    'Webhook',
    'HTML',
    'Liquid',
    'Email',
    'E-mail',
  ].map((w) => w.toLowerCase()),
);

/** The product's own words on the page (not the records' data), with where each was found. */
async function chromeTexts(page: Page) {
  return page.evaluate(() => {
    const chrome = [
      'th',
      'button',
      'label',
      '.ant-tabs-tab',
      '.ant-menu-title-content',
      '.ant-breadcrumb-link',
      '.ant-empty-description',
      '.ant-pagination-options',
      '.ant-pagination-total-text',
      '.ant-select-selection-placeholder',
      '.ant-descriptions-item-label',
      '.ant-card-head-title',
      '.ant-statistic-title',
      '.ant-radio-button-wrapper',
      '.ant-segmented-item-label',
    ].join(',');
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.closest('.ant-drawer-open');
    const words = [...document.querySelectorAll(chrome)]
      .filter(visible)
      // A cell or button that holds a record's data (a link to it, a user's name) is data, not the product's words.
      .filter((el) => !el.closest('td, .ant-table-cell a, .header-user, .app-header-language, [data-record-text]'))
      .map((el) => ({ where: el.tagName.toLowerCase() + '.' + el.className, text: (el as HTMLElement).innerText }));
    const placeholders = [...document.querySelectorAll('input[placeholder], textarea[placeholder]')]
      .filter(visible)
      .map((el) => ({ where: 'placeholder', text: el.getAttribute('placeholder') ?? '' }));
    const tags = [...document.querySelectorAll('.ant-tag, .ant-badge-status-text')]
      .filter(visible)
      .map((el) => ({ where: 'tag', text: (el as HTMLElement).innerText.trim() }));
    // The page's visible text for raw keys, but of table cells only their tags: the rest of a cell is a record's own
    // data, which may be dotted (a configuration key `mail.sender.AB12CD` another spec made).
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style') || el.getClientRects().length === 0) continue;
      if (el.closest('td') && !el.closest('.ant-tag, .ant-badge-status-text')) continue;
      parts.push(node.textContent ?? '');
    }
    return { words: [...words, ...placeholders], tags, all: parts.join(' ') };
  });
}

// Whole words only: letters inside a code or a random suffix other specs put in names ("VIP 1aca38" in the ticket
// views) are not a word; a suffix of six hex letters alone ("VIP beefed") is not one either.
const randomSuffix = /^[a-f]{6}$/;
function englishIn(text: string): string[] {
  return (text.match(/(?<![A-Za-z0-9])[A-Za-z][A-Za-z-]{2,}(?![A-Za-z0-9])/g) ?? []).filter(
    (word) => !allowedLatin.has(word.toLowerCase()) && !/^[A-Z0-9-]+$/.test(word) && !randomSuffix.test(word),
  );
}

let browser: Browser;
let api: Api;
let admin: TestUser;
const suffix = randomBytes(3).toString('hex');
beforeAll(async () => {
  browser = await launchBrowser();
  ({ user: admin, api } = await createAdmin({ language: 'zh-cn', realName: '芳', lastName: '王' }));
  // Something in the lists, so that their fixed values (status, priority) show.
  const project = await api.ok<{ id: number }>('POST', '/api/Project/Add', {
    projectCode: `ZH-${suffix}`,
    projectName: `中文项目 ${suffix}`,
  });
  await api.ok('POST', '/api/Ticket/Add', { subject: `打印机卡纸 ${suffix}`, projectId: project.id, priority: 'High' });
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

function leaves(menus: WebMenu[]): WebMenu[] {
  return menus.flatMap((m) =>
    m.children?.length ? leaves(m.children) : m.meta.isLink || m.meta.isIframe || m.meta.isHide ? [] : [m],
  );
}

describe('every screen of the menu in Chinese', () => {
  for (const language of ['zh-cn', 'zh-tw'] as const)
    it(`shows no raw key and no English word of the product in ${language}`, async () => {
      await api.ok('POST', '/api/Account/UpdateLanguage', { language });
      const screens = leaves(await api.ok<WebMenu[]>('GET', '/api/Menu/WebMenus'));
      expect(screens.length).toBeGreaterThan(20);
      const page = await (await newContext(browser)).newPage();
      await signedIn(page, admin);
      const faults: string[] = [];
      for (const screen of screens) {
        const opened = Date.now();
        // In the app, as the menu does: no reload per screen.
        await page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, screen.path);
        await page.locator('.app-main').waitFor();
        // Quiet since the screen opened: its first calls may not have started when the check begins.
        await apiSettled(page, 500, opened);
        // A visible spinner only: a screen left while it was loading stays mounted but hidden (keep-alive), and a
        // hidden screen hears no answer (its effects are off until it shows again), so its spinner spins on unseen;
        // waiting for every spinner waited 15 s on each screen after such a one.
        await page
          .locator('.app-main .ant-spin-spinning:visible')
          .first()
          .waitFor({ state: 'detached', timeout: 15_000 })
          .catch(() => undefined);
        await shot(page, `31-${language}${screen.path.replaceAll('/', '-')}`);
        const { words, tags, all } = await chromeTexts(page);
        for (const key of all.match(rawKey) ?? []) faults.push(`${screen.path}: raw key "${key}"`);
        for (const { where, text } of words)
          for (const word of englishIn(text))
            faults.push(`${screen.path}: "${word}" in ${where} "${text.slice(0, 60)}"`);
        for (const { text } of tags)
          if (englishValues.has(text)) faults.push(`${screen.path}: value "${text}" unlabelled`);
      }
      expect([...new Set(faults)]).toEqual([]);
    }, 300_000);
});
