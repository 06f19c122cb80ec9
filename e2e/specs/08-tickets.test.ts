import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api, createStaff, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

const suffix = randomBytes(3).toString('hex');
// A word that only this run's ticket holds in its content: the keyword search must find it there.
const word = `zebra${suffix}`;
const subject = `Printer on floor 3 jams (${suffix})`;
const projectName = `Helpdesk ${suffix}`;
const categoryName = `Hardware ${suffix}`;

const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
type Language = keyof typeof languageNames;

type Envelope = { resultCode: number; resultMsg: string; data: { id: number; caseNumber: string } };

let browser: Browser;
let staff: TestUser;
let projectId: number;
let categoryId: number;
/** The ticket the first test creates; the language test shows it again. */
let createdTicket: { id: number; caseNumber: string } | undefined;

beforeAll(async () => {
  const api = await adminApi();
  projectId = (await api.ok<{ id: number }>('POST', '/api/Project/Add', { projectCode: `HD-${suffix}`, projectName }))
    .id;
  staff = await createStaff({ realName: 'Tess', projects: [projectId] });
  categoryId = (
    await api.ok<{ id: number }>('POST', '/api/Category/Add', {
      categoryCode: `HW-${suffix}`,
      categoryDescription: categoryName,
      newTicketAssignee: staff.id,
      projectIds: [projectId],
    })
  ).id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The staff member through the API, back in English (a failed language test must not leave them in Chinese). */
async function staffApi(): Promise<Api> {
  const api = new Api();
  expect(await api.signIn(staff.loginName, staff.password)).toBe(true);
  await api.ok('POST', '/api/Account/UpdateLanguage', { language: 'en' });
  return api;
}

async function setLanguage(page: Page, language: Language) {
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
}

/** Chooses `text` in the antd Select whose input has this id (typing narrows the list first). */
async function choose(page: Page, id: string, text: string) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await option.waitFor();
  await option.click();
}

/** Opens the list page at this address and waits for its first answer. */
async function openList(page: Page, path = '/ticket/list') {
  const answered = page.waitForResponse((r) => r.url().includes('/api/Ticket/Query'));
  await page.goto(path);
  await answered;
  await page.locator('.ticket-table .ant-table-tbody').waitFor();
}

/** The comment box: write, pick internal or public, save, and wait for the saved comment in the history. */
async function comment(page: Page, text: string, visibility: 'Internal' | 'Public') {
  const box = page.locator('.ticket-comment-box');
  await box.locator('.ticket-editor-content .tiptap').click();
  await page.keyboard.type(text);
  await box.getByText(visibility, { exact: true }).click();
  const saved = page.waitForResponse((r) => r.url().includes('/api/TicketComment/Add'));
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/Ticket/Timeline/'));
  await box.locator('.ticket-comment-save').click();
  const body = (await (await saved).json()) as Envelope;
  expect(body.resultCode).toBe(200);
  await refreshed;
  await expect.poll(() => page.getByText('Comment saved successfully').count()).toBeGreaterThan(0);
  const kind = visibility === 'Internal' ? 'is-internal' : 'is-public';
  await page.locator(`.ticket-timeline-comment.${kind}`, { hasText: text }).waitFor();
}

describe('tickets', () => {
  it('a staff member creates a ticket with two attachments, finds it by a word of its content, comments and moves it on', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, staff);

    // Create, with two attachments dropped at once.
    const options = page.waitForResponse((r) => r.url().includes('/api/Ticket/FormOptions'));
    await page.goto('/ticket/create');
    await options;
    const form = page.locator('.ticket-form');
    await form.locator('#ticket_subject').fill(subject);
    await form.locator('.ticket-editor-content .tiptap').click();
    await page.keyboard.type(`The printer shows error E42 after every ${word} job.`);
    await choose(page, 'ticket_projectId', projectName);
    await choose(page, 'ticket_categoryId', categoryName);
    await form.locator('#ticket_customer').fill('Ada Customer');
    await form.locator('#ticket_customerEmail').fill('ada@example.test');
    const uploads = page.waitForResponse((r) => r.url().includes('/api/Files/Upload'));
    await form.locator('.ticket-dropzone input[type="file"]').setInputFiles([
      { name: 'printer-log.txt', mimeType: 'text/plain', buffer: Buffer.from('E42 paper jam\nE42 again\n') },
      { name: 'settings.csv', mimeType: 'text/csv', buffer: Buffer.from('tray,size\n1,A4\n') },
    ]);
    await uploads;
    const attachments = form.locator('.ticket-attachment-list');
    await attachments.getByText('printer-log.txt').waitFor();
    await attachments.getByText('settings.csv').waitFor();
    await expect.poll(() => attachments.locator('button[aria-label="Download"]').count()).toBe(2);
    await shot(page, '08-ticket-create-en');
    await attachments.scrollIntoViewIfNeeded();
    await shot(page, '08-ticket-create-attachments-en');

    const added = page.waitForResponse((r) => r.url().includes('/api/Ticket/Add'));
    await form.locator('.ticket-submit').click();
    const created = (await (await added).json()) as Envelope;
    expect(created.resultCode, created.resultMsg).toBe(200);
    createdTicket = created.data;
    expect(created.resultMsg).toBe('Submit Ticket Succeed!');
    await page.getByText('Submit Ticket Succeed!').first().waitFor();
    await page.waitForURL(`**/ticket/info/${created.data.id}`);
    const info = page.locator('.ticket-info-page');
    await info.locator('[data-testid="case-number"]', { hasText: created.data.caseNumber }).waitFor();
    await info.locator('.ticket-file-list').getByText('printer-log.txt').waitFor();
    await info.locator('.ticket-file-list').getByText('settings.csv').waitFor();

    // Find it in the list by a word of its content; the address keeps the search.
    await openList(page);
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/Ticket/Query') && (r.request().postData() ?? '').includes(word),
    );
    await page.locator('#ticketFilter_keyword').fill(word);
    await page.locator('#ticketFilter_keyword').press('Enter');
    const found = (await (await searched).json()) as { data: { items: { caseNumber: string }[] } };
    expect(found.data.items.map((i) => i.caseNumber)).toEqual([created.data.caseNumber]);
    const row = page.locator('.ticket-table .ant-table-row', { hasText: created.data.caseNumber });
    await row.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(word);
    await shot(page, '08-ticket-list-en');
    await page.emulateMedia({ media: 'print' });
    await shot(page, '08-ticket-list-print-en');
    await page.emulateMedia({ media: 'screen' });

    // Open it from the list; comment internally and publicly; change its status.
    await row.getByRole('link', { name: created.data.caseNumber }).click();
    await page.waitForURL(`**/ticket/info/${created.data.id}`);
    await page.locator('.ticket-info-page .ticket-comment-box').waitFor();
    await comment(page, `Internal note ${suffix}: swapped the fuser.`, 'Internal');
    await comment(page, `Public reply ${suffix}: we are on it.`, 'Public');

    await page.locator('.ticket-status-control .ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'In progress' }).click();
    const changed = page.waitForResponse((r) => r.url().includes('/api/Ticket/Update'));
    await page.locator('.ticket-status-control').getByRole('button').click();
    expect(((await (await changed).json()) as Envelope).resultCode).toBe(200);
    await page.locator('.ticket-info-header .ticket-status-InProgress').waitFor();

    // The history holds the creation, both comments (told apart) and the status change with old and new value.
    const timeline = page.locator('.ticket-timeline');
    await timeline.locator('.ticket-change-status', { hasText: 'Assigned → In progress' }).waitFor();
    await expect.poll(() => timeline.locator('.ticket-entry-created').count()).toBe(1);
    await expect
      .poll(() => timeline.locator('.ticket-timeline-comment.is-internal', { hasText: 'swapped the fuser' }).count())
      .toBe(1);
    await expect
      .poll(() => timeline.locator('.ticket-timeline-comment.is-public', { hasText: 'we are on it' }).count())
      .toBe(1);
    await expect.poll(() => timeline.locator('.ticket-comment-kind', { hasText: 'Internal' }).count()).toBe(1);
    await shot(page, '08-ticket-info-en');
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, '08-ticket-history-en');

    await context.close();
  }, 180_000);

  it('shows the list, the form and the details in simplified and traditional Chinese', async () => {
    const created = { data: createdTicket! };
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, staff, `/ticket/info/${created.data.id}`);
    await page.locator('.ticket-timeline').waitFor();
    for (const language of ['zh-cn', 'zh-tw'] as const) {
      await setLanguage(page, language);
      await page.locator('.ticket-info-header .ticket-status-InProgress').waitFor();
      await shot(page, `08-ticket-info-${language}`);
      await page.locator('.ticket-timeline').scrollIntoViewIfNeeded();
      await shot(page, `08-ticket-history-${language}`);
      await openList(page, `/ticket/list?keyword=${word}`);
      await page.locator('.ticket-table .ant-table-row', { hasText: created.data.caseNumber }).waitFor();
      await shot(page, `08-ticket-list-${language}`);
      const loaded = page.waitForResponse((r) => r.url().includes('/api/Ticket/FormOptions'));
      await page.goto('/ticket/create');
      await loaded;
      await page.locator('.ticket-form .ticket-dropzone').waitFor();
      await shot(page, `08-ticket-create-${language}`);
      await page.goto(`/ticket/info/${created.data.id}`);
      await page.locator('.ticket-timeline').waitFor();
    }
    await setLanguage(page, 'en');
    await context.close();
  }, 180_000);

  it('refuses an open-date range that ends before it starts, without asking the server', async () => {
    await staffApi();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, staff);
    await openList(page, '/ticket/list?openDateFrom=2026-03-10');
    let queried = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/Ticket/Query')) queried++;
    });
    await page.locator('#ticketFilter_openDateTo').click();
    await page.locator('#ticketFilter_openDateTo').fill('2026-03-01');
    await page.locator('#ticketFilter_openDateTo').press('Enter');
    await page.locator('.ticket-search-button').click();
    await page.getByText('End date cannot be earlier than start date').first().waitFor();
    expect(queried).toBe(0);
    await context.close();
  });

  it('an edit of a ticket someone else changed meanwhile is refused and offers to reload; then it saves', async () => {
    const other = await staffApi();
    const ticket = await other.ok<{ id: number; rowVersion: number }>('POST', '/api/Ticket/Add', {
      subject: `Monitor flickers ${suffix}`,
      projectId,
      categoryId,
    });

    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, staff);
    const loaded = page.waitForResponse((r) => r.url().includes(`/api/Ticket/Detail/${ticket.id}`));
    await page.goto(`/ticket/edit/${ticket.id}`);
    await loaded;
    const subjectInput = page.locator('.ticket-form #ticket_subject');
    await expect.poll(() => subjectInput.inputValue()).toBe(`Monitor flickers ${suffix}`);

    // Someone else saves first.
    await other.ok('POST', '/api/Ticket/Update', {
      id: ticket.id,
      rowVersion: ticket.rowVersion,
      subject: `Monitor flickers (changed elsewhere) ${suffix}`,
    });
    await subjectInput.fill(`Monitor flickers, mine ${suffix}`);
    const refused = page.waitForResponse((r) => r.url().includes('/api/Ticket/Update'));
    await page.locator('.ticket-form .ticket-submit').click();
    expect((await refused).status()).toBe(409);
    const dialog = page.locator('.ant-modal-confirm', { hasText: 'This ticket was changed by someone else' });
    await dialog.waitFor();
    const reloaded = page.waitForResponse((r) => r.url().includes(`/api/Ticket/Detail/${ticket.id}`));
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect.poll(() => subjectInput.inputValue()).toBe(`Monitor flickers (changed elsewhere) ${suffix}`);

    // Now the edit goes through and shows in the history.
    await page.locator('.ticket-form #ticket_priority').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'High' }).click();
    // Link the first test's ticket as the parent, picked from the ticket dialog list.
    const parent = createdTicket;
    if (parent) {
      await page.locator('.ticket-form .ticket-choose-parent').click();
      const picker = page.locator('.ant-modal', { hasText: 'Choose the parent ticket' });
      await picker.waitFor();
      const searched = page.waitForResponse(
        (r) => r.url().includes('/api/Ticket/Query') && (r.request().postData() ?? '').includes(word),
      );
      await picker.getByPlaceholder('Search tickets').fill(word);
      await picker.getByPlaceholder('Search tickets').press('Enter');
      await searched;
      await picker.locator('.ant-table-row', { hasText: parent.caseNumber }).click();
      await picker.getByRole('button', { name: 'Choose' }).click();
      await picker.waitFor({ state: 'hidden' });
    }
    const saved = page.waitForResponse((r) => r.url().includes('/api/Ticket/Update'));
    await page.locator('.ticket-form .ticket-submit').click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(`**/ticket/info/${ticket.id}`);
    await page.locator('.ticket-info-header .ticket-priority-High').waitFor();
    await page.locator('.ticket-timeline .ticket-change-priority', { hasText: 'Medium → High' }).waitFor();
    if (parent) await page.locator('.ticket-links').getByRole('link', { name: parent.caseNumber }).waitFor();
    await context.close();
  }, 180_000);

  it('batch actions need a selection; they change status and assignee of the selected tickets; export downloads', async () => {
    const other = await staffApi();
    const tag = `batch${suffix}`;
    for (const n of [1, 2])
      await other.ok('POST', '/api/Ticket/Add', { subject: `${tag} ticket ${n}`, projectId, categoryId });

    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, staff);
    await openList(page, `/ticket/list?keyword=${tag}`);
    const rows = page.locator('.ticket-table .ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const statusButton = page.getByRole('button', { name: /Change status/ });
    const assignButton = page.getByRole('button', { name: 'Assign' });
    expect(await statusButton.isDisabled()).toBe(true);
    expect(await assignButton.isDisabled()).toBe(true);

    await page.locator('.ticket-table thead .ant-checkbox-input').check();
    await expect.poll(() => statusButton.isEnabled()).toBe(true);
    await statusButton.click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: 'Pending' }).click();
    const changed = page.waitForResponse((r) => r.url().includes('/api/Ticket/BatchStatus'));
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    expect(((await (await changed).json()) as { data: { updated: number } }).data.updated).toBe(2);
    await expect.poll(() => page.locator('.ticket-table .ticket-status-Pending').count()).toBe(2);

    await page.locator('.ticket-table thead .ant-checkbox-input').check();
    await assignButton.click();
    const modal = page.locator('.ant-modal', { hasText: 'Assign 2 tickets' });
    await modal.locator('.ant-select').click();
    await page.keyboard.type(staff.loginName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: staff.loginName }).click();
    const assigned = page.waitForResponse((r) => r.url().includes('/api/Ticket/BatchAssign'));
    await modal.getByRole('button', { name: 'OK' }).click();
    expect(((await (await assigned).json()) as { resultCode: number }).resultCode).toBe(200);
    await modal.waitFor({ state: 'hidden' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await context.close();
  }, 180_000);

  it('warns about more than 10 files in one drop and about a file over 20 MB, uploading none of them', async () => {
    await staffApi();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, staff, '/ticket/create');
    const input = page.locator('.ticket-form .ticket-dropzone input[type="file"]');
    await input.waitFor({ state: 'attached' });
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/Files/Upload')) uploads++;
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: `note-${i + 1}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`note ${i + 1}\n`),
    }));
    // The big file goes by its path: as a buffer, 20 MB crossed the DevTools protocol in base64, which on a busy
    // machine outlasted the action's timeout. A local browser reads the path itself.
    const folder = mkdtempSync(join(tmpdir(), 'casedesk-e2e-huge-'));
    const huge = join(folder, 'huge.txt');
    writeFileSync(huge, Buffer.alloc(20 * 1024 * 1024 + 1, 0x61));
    try {
      await input.setInputFiles(huge);
      await page.getByText('Maximum File Size of 20 Mb is allowed').first().waitFor();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // A fresh page for the second drop: the dropzone replaces its input after each drop.
    await page.reload();
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles(eleven);
    await page.getByText('At most 10 files can be uploaded at once; 11 were dropped.').first().waitFor();
    expect(uploads).toBe(0);
    expect(await page.locator('.ticket-form .ticket-attachment-list').count()).toBe(0);
    await context.close();
  }, 180_000);
});
