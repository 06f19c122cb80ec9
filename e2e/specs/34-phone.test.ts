import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createAdmin, createStaff, type TestUser } from '../support/api';
import {
  apiSettled,
  baseUrl,
  expectNoSideways,
  launchBrowser,
  newContext,
  phone,
  shot,
  signedIn,
} from '../support/browser';

/*
 * Issue 31 on a phone (375×812): the sign-in page, the task box, the approval page and the ticket page without
 * horizontal scrolling, the menu as a drawer, the task box as cards with batch approve, and the initiator's urge.
 */

const suffix = randomBytes(3).toString('hex');
const languages = ['en', 'zh-cn', 'zh-tw'] as const;
type Language = (typeof languages)[number];
const locales = { en: 'en-US', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;

let browser: Browser;
let initiator: TestUser;
const approvers = {} as Record<Language, TestUser>;
const tickets: { id: number; caseNumber: string; instanceId: number }[] = [];

/** Start → a countersign of one approver per language → finance → end. */
function graph(signers: number[], finance: number) {
  return {
    id: 'start',
    name: 'Submitter',
    type: 'start',
    initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
    allowCancel: true,
    allowRecall: true,
    next: {
      id: 'countersign',
      name: 'Countersign',
      type: 'approver',
      approvers: { strategy: 'users', ids: signers },
      mode: 'all',
      next: {
        id: 'finance',
        name: 'Finance',
        type: 'approver',
        approvers: { strategy: 'users', ids: [finance] },
        mode: 'any',
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  };
}

beforeAll(async () => {
  const { api: admin } = await createAdmin();
  const projectId = (
    await admin.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `PH-${suffix}`,
      projectName: `Phone ${suffix}`,
    })
  ).id;
  initiator = await createStaff({ realName: 'Irene', projects: [projectId] });
  for (const language of languages)
    approvers[language] = await createStaff({ realName: `Ann ${language}`, language, projects: [projectId] });
  const finance = await createStaff({ realName: 'Fay', projects: [projectId] });
  const code = `phone-${suffix}`;
  const created = await admin.ok<{ id: number; rowVersion: number }>('POST', '/api/Workflow/Add', {
    name: `Phone approval ${suffix}`,
    code,
    type: 'Ticket',
    flowChart: graph(
      languages.map((language) => approvers[language].id),
      finance.id,
    ),
  });
  await admin.ok('POST', `/api/Workflow/Publish/${created.id}`, { rowVersion: created.rowVersion });
  await admin.ok('POST', '/api/WorkflowRegistry/Add', {
    businessType: 'Ticket',
    workflowCode: code,
    conditions: [{ field: 'projectId', op: 'eq', value: projectId }],
    priority: 1,
  });
  const api = new Api();
  await api.signIn(initiator.loginName, initiator.password);
  for (const subject of ['Laptop for the new designer', 'Two monitors for the front desk']) {
    const ticket = await api.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
      subject: `${subject} ${suffix}`,
      content: '<p>Needed before Monday.</p>',
      projectId,
    });
    const info = await api.ok<{ instance: { id: number } }>('POST', '/api/WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: ticket.id,
    });
    tickets.push({ ...ticket, instanceId: info.instance.id });
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function phonePage(language: Language): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.setViewportSize(phone);
  await page.setExtraHTTPHeaders({ 'accept-language': locales[language] });
  return page;
}

describe('on a phone (375×812)', () => {
  it.each(languages)('the four screens fit and the menu is a drawer (%s)', async (language) => {
    const page = await phonePage(language);
    await page.goto('/login');
    await page.locator('input[autocomplete="username"]').waitFor();
    if (language !== 'en') {
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitem', { name: languageNames[language] }).click();
    }
    await page.waitForFunction((lang) => document.documentElement.lang === lang, locales[language].replace('-US', ''));
    await expectNoSideways(page, 'sign-in');
    await shot(page, `phone-sign-in-${language}`);

    await signedIn(page, approvers[language], '/task');
    const cards = page.locator('.task-cards-todo .task-card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator('.task-table').count()).resolves.toBe(0);
    await expectNoSideways(page, 'task box');
    await shot(page, `phone-task-box-${language}`);

    // No sider beside the page: the header's button opens the menu as a drawer, and choosing a page closes it.
    await expect(page.locator('.app-sider:not(.phone-menu)').count()).resolves.toBe(0);
    await page.locator('.header-menu-button').click();
    const drawer = page.locator('.phone-menu');
    await drawer.locator('.nav-menu').waitFor();
    await expectNoSideways(page, 'menu drawer');
    await shot(page, `phone-menu-${language}`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.goto(`/workflow/instance/info/${tickets[0]!.instanceId}`);
    await page.locator('.instance-steps').waitFor();
    await apiSettled(page);
    await expect(page.locator('.instance-graph').count()).resolves.toBe(0);
    await expectNoSideways(page, 'approval page');
    await shot(page, `phone-approval-${language}`);

    await page.goto(`/ticket/info/${tickets[0]!.id}`);
    await page.getByText(tickets[0]!.caseNumber).first().waitFor();
    await apiSettled(page);
    await expectNoSideways(page, 'ticket page');
    await shot(page, `phone-ticket-${language}`);
    await page.context().close();
  });

  it('approves two cards in one batch with one comment, and the initiator reminds the approvers once', async () => {
    const page = await phonePage('en');
    await signedIn(page, approvers.en, '/task');
    const boxes = page.locator('.task-cards-todo .task-card .ant-checkbox-input');
    await expect.poll(() => boxes.count()).toBe(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.locator('.batch-approve').click();
    const modal = page.locator('.batch-decide');
    await modal.locator('textarea').fill('Both fine.');
    await modal.getByRole('button', { name: 'Approve' }).click();
    const results = page.locator('.batch-decide-results');
    await expect.poll(() => results.locator('.batch-outcome-ok').count()).toBe(2);
    await expectNoSideways(page, 'batch results');
    await shot(page, 'phone-batch-results-en');
    await results.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.task-cards-todo .task-card').count()).toBe(0);

    // The initiator nudges the approvers still waiting; a second nudge within the hour is refused, saying when.
    const initiatorPage = await phonePage('en');
    await signedIn(initiatorPage, initiator, `/workflow/instance/info/${tickets[0]!.instanceId}`);
    await initiatorPage.locator('.action-urge').click();
    await initiatorPage.getByText('The approvers were reminded.').waitFor();
    await initiatorPage.locator('.action-urge').click();
    await initiatorPage.getByText(/you can remind them again in \d+ min\./).waitFor();

    // Printed (here from a desktop, where the screen draws the graph): the record, the steps and every action.
    await initiatorPage.setViewportSize({ width: 1366, height: 820 });
    await initiatorPage.emulateMedia({ media: 'print' });
    await initiatorPage.locator('.instance-path .instance-steps').waitFor();
    await expect(initiatorPage.locator('.app-header').isVisible()).resolves.toBe(false);
    await expect(initiatorPage.locator('.instance-print').isVisible()).resolves.toBe(false);
    await expect(initiatorPage.locator('.instance-graph').isVisible()).resolves.toBe(false);
    await initiatorPage.locator('.instance-timeline .timeline-urge').waitFor();
    await initiatorPage.locator('.instance-timeline', { hasText: 'Both fine.' }).waitFor();
    await shot(initiatorPage, 'approval-print-en');
    const api = new Api(baseUrl());
    await api.signIn(initiator.loginName, initiator.password);
    const info = await api.ok<{ log: { action: string; comment: string | null }[] }>(
      'GET',
      `/api/WorkflowInstance/Info/${tickets[0]!.instanceId}`,
    );
    expect(info.log.filter((l) => l.action === 'approve').map((l) => l.comment)).toEqual(['Both fine.']);
    expect(info.log.filter((l) => l.action === 'urge')).toHaveLength(1);
  });
});
