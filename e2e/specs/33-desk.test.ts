import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api, createAdmin, createStaff, laneBaseUrl, type TestUser } from '../support/api';
import { clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

// Issue 29's walk through the agent's desk: keys to move in the list, a macro on three tickets chosen with the
// keyboard, a canned reply picked by `::` in a note, the shortcut list in three languages, a shared view whose
// count follows a colleague's change made in a second browser, and two agents on one ticket seeing each other.

const suffix = randomBytes(3).toString('hex');
const tag = `desk-${suffix}`;
let browser: Browser;
let agent: TestUser;
let lead: TestUser;
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
  lead = (await createAdmin({ realName: `Lead${suffix}` })).user;
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

  it('saves a shared view whose count follows a colleague’s change, made in a second browser', async () => {
    const leadContext = await newContext(browser);
    const leadPage = await leadContext.newPage();
    await signedIn(leadPage, lead);
    const vip = `vip-${suffix}`;
    const listed = leadPage.waitForResponse((r) => r.url().includes('/api/Ticket/Query'));
    await leadPage.goto(`/ticket/list?keyword=${suffix}&tags=${vip}`);
    await listed;
    await clickWhenStill(leadPage.locator('.ticket-views').getByRole('button', { name: 'Save as view' }));
    const drawer = leadPage.getByRole('dialog');
    await drawer.getByLabel('Name').fill(`VIP ${suffix}`);
    await drawer.getByRole('switch').click();
    const added = leadPage.waitForResponse((r) => r.url().includes('/api/TicketView/Add'));
    await clickWhenStill(drawer.getByRole('button', { name: 'Save' }));
    expect((await added).status()).toBe(200);
    const count = leadPage.locator('.ticket-view-item', { hasText: `VIP ${suffix}` }).locator('.ticket-view-count');
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('0');

    // The colleague tags a ticket on its page; the lead's sidebar counts it without a reload.
    const agentContext = await newContext(browser);
    const agentPage = await agentContext.newPage();
    await signedIn(agentPage, agent, `/ticket/info/${tickets[1]!.id}`);
    const tags = agentPage.locator('.ticket-tags-card .ant-select');
    await tags.click();
    await agentPage.keyboard.type(vip);
    const saved = agentPage.waitForResponse((r) => r.url().includes('/api/Ticket/Update'));
    await agentPage.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('1');
    await shot(leadPage, 'desk-shared-view-count-en');
    await agentContext.close();
    await leadContext.close();
  });

  it('shows two agents on one ticket to each other, and who is typing', async () => {
    const ticketPath = `/ticket/info/${tickets[0]!.id}`;
    const leadContext = await newContext(browser);
    const leadPage = await leadContext.newPage();
    await signedIn(leadPage, lead, ticketPath);
    const agentContext = await newContext(browser);
    const agentPage = await agentContext.newPage();
    await signedIn(agentPage, agent, ticketPath);

    const leadSees = leadPage.getByTestId('ticket-presence');
    const agentSees = agentPage.getByTestId('ticket-presence');
    await expect.poll(() => leadSees.textContent(), { timeout: 15_000 }).toContain(`Desk${suffix}`);
    await expect.poll(() => agentSees.textContent(), { timeout: 15_000 }).toContain(`Lead${suffix}`);

    await agentPage.locator('.ticket-comment-box [contenteditable="true"]').click();
    await agentPage.keyboard.type('Checking the toner now');
    await expect
      .poll(() => leadSees.locator('.is-typing').textContent(), { timeout: 15_000 })
      .toContain(`Desk${suffix}`);
    await shot(leadPage, 'desk-presence-typing-en');
    await agentContext.close();
    await leadContext.close();
  });
});
