import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api, createStaff, laneBaseUrl, type TestUser } from '../support/api';
import { clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

// Issue 29's walk through the agent's desk: keys to move in the list, a macro on three tickets chosen with the
// keyboard, a canned reply picked by `::` in a note, and the shortcut list in three languages.

const suffix = randomBytes(3).toString('hex');
const tag = `desk-${suffix}`;
let browser: Browser;
let agent: TestUser;
let agentApi: Api;
let tickets: { id: number; caseNumber: string }[] = [];

beforeAll(async () => {
  const api = await adminApi();
  const projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `DK-${suffix}`,
      projectName: `Desk ${suffix}`,
    })
  ).id;
  agent = await createStaff({ realName: `Desk${suffix}`, projects: [projectId] });
  agentApi = new Api(laneBaseUrl());
  if (!(await agentApi.signIn(agent.loginName, agent.password))) throw new Error('The agent cannot sign in');
  for (const n of [1, 2, 3])
    tickets.push(
      await agentApi.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
        subject: `Printer ${n} ${suffix}`,
        projectId,
        customer: 'Dana Customer',
      }),
    );
  tickets = tickets.sort((a, b) => b.id - a.id); // the list's order: newest first
  await agentApi.ok('POST', '/api/Macro/Add', {
    name: `Escalate ${suffix}`,
    actions: [{ set: { priority: 'High' } }, { addTags: [tag] }],
  });
  await agentApi.ok('POST', '/api/TextModule/Add', {
    name: `Printer fixed ${suffix}`,
    keywords: `toner${suffix}`,
    body: '<p>Ticket {{ ticket.caseNumber }}: the printer has a new toner.</p>',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openList(page: Page) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/Ticket/Query'));
  await page.goto(`/ticket/list?keyword=${suffix}`);
  await answered;
  await page.locator('.ticket-table .ant-table-row').first().waitFor();
}

describe('the agent’s desk', () => {
  it('selects three tickets with j and x, and applies a macro to them with m', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, agent);
    await openList(page);
    await expect.poll(() => page.locator('.ticket-table .ant-table-row').count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('j');
      await page.keyboard.press('x');
    }
    await expect.poll(() => page.locator('.ticket-table .ant-table-row-selected').count()).toBe(3);
    await expect(page.locator('.ticket-row-cursor').textContent()).resolves.toContain(tickets[2]!.caseNumber);

    await page.keyboard.press('m');
    const dialog = page.getByRole('dialog', { name: 'Apply a macro' });
    await dialog.locator('.ant-select').last().click();
    await clickWhenStill(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Escalate ${suffix}` }),
    );
    const applied = page.waitForResponse((r) => r.url().includes('/api/Macro/Apply'));
    await clickWhenStill(dialog.getByRole('button', { name: 'Apply' }));
    expect((await applied).status()).toBe(200);
    await expect.poll(() => page.locator('.ticket-bulk-result').textContent()).toContain('3 changed, 0 refused');

    const found = await agentApi.ok<{ items: { id: number; priority: string }[] }>('POST', '/api/Ticket/Query', {
      tags: [tag],
    });
    expect(found.items.map((t) => t.id).sort()).toEqual(tickets.map((t) => t.id).sort());
    expect(found.items.every((t) => t.priority === 'High')).toBe(true);
    await context.close();
  });

  it('opens a ticket with Enter and writes an internal note from a canned reply picked by ::', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, agent);
    await openList(page);
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/ticket/info/${tickets[0]!.id}`);
    await page.locator('.ticket-comment-box').waitFor();

    await page.keyboard.press('n');
    const editor = page.locator('.ticket-comment-box [contenteditable="true"]');
    await expect.poll(() => editor.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type(`::toner${suffix}`);
    const menu = page.locator('.canned-reply-menu');
    await expect.poll(() => menu.textContent()).toContain(`Printer fixed ${suffix}`);
    const rendered = page.waitForResponse((r) => r.url().includes('/api/TextModule/Render'));
    await page.keyboard.press('Enter');
    await rendered;
    await expect
      .poll(() => editor.textContent())
      .toContain(`Ticket ${tickets[0]!.caseNumber}: the printer has a new toner.`);
    await shot(page, 'desk-canned-reply-en');
    await context.close();
  });

  it('lists the shortcuts under ? in each language', async () => {
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
      const reader = await createStaff({ language });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, reader, '/ticket/list');
      await page.locator('.ticket-table').waitFor();
      await page.keyboard.press('Shift+Slash');
      const help = page.locator('.shortcut-help');
      await help.waitFor();
      const title = { en: 'Keyboard shortcuts', 'zh-cn': '键盘快捷键', 'zh-tw': '鍵盤快速鍵' }[language];
      await expect.poll(() => help.locator('.ant-modal-title').textContent()).toBe(title);
      const rows = await help.locator('.shortcut-help-row').count();
      expect(rows).toBeGreaterThanOrEqual(9); // ?, g l, /, and the list's j k Enter x a m
      await shot(page, `desk-shortcuts-${language}`);
      await context.close();
    }
  });
});
