import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createAdmin, createStaff, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Info = {
  instance: { id: number; status: string; currentNodes: string[] };
  path: string[];
  tasks: { assigneeId: number; onBehalfOfId: number | null; nodeId: string; status: string }[];
  log: { action: string; actorId: number | null; onBehalfOfId: number | null }[];
};
type BusinessState = { canSubmit: boolean; instance: { id: number; status: string } | null };

const suffix = randomBytes(3).toString('hex');
const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
const languages = ['en', 'zh-cn', 'zh-tw'] as const;

let browser: Browser;
let admin: Api;
const people = {} as Record<'initiator' | 'lead' | 'signer' | 'absent' | 'delegate' | 'final', TestUser>;
let ticketId = 0;
let caseNumber = '';
let projectId = 0;
let adminUser: TestUser;

/**
 * Start → by priority (urgent: the lead | other: nothing) → countersign (signer and the absent approver, all) →
 * final → end. Bound in the registry for this spec's project only, so other specs' workflows never meet it.
 */
function approvalGraph(ids: { lead: number; signer: number; absent: number; final: number }) {
  return {
    id: 'start',
    name: 'Submitter',
    type: 'start',
    initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
    allowCancel: true,
    allowRecall: true,
    next: {
      id: 'priority',
      name: 'By priority',
      type: 'condition',
      branches: [
        {
          id: 'urgent',
          name: 'Urgent',
          condition: { field: 'priority', op: 'in', value: ['Urgent', 'High'] },
          next: {
            id: 'lead',
            name: 'Team lead',
            type: 'approver',
            approvers: { strategy: 'users', ids: [ids.lead] },
            mode: 'any',
          },
        },
        { id: 'other', name: 'Other', isDefault: true, next: null },
      ],
      next: {
        id: 'countersign',
        name: 'Countersign',
        type: 'approver',
        approvers: { strategy: 'users', ids: [ids.signer, ids.absent] },
        mode: 'all',
        next: {
          id: 'final',
          name: 'Final approval',
          type: 'approver',
          approvers: { strategy: 'users', ids: [ids.final] },
          mode: 'any',
          next: { id: 'end', name: 'End', type: 'end' },
        },
      },
    },
  };
}

// The page refreshes its boxes after a call; give it a moment on a busy machine.
const wait = { timeout: 15_000, interval: 250 };
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ api: admin, user: adminUser } = await createAdmin());
  projectId = (
    await admin.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `WF-${suffix}`,
      projectName: `Approvals ${suffix}`,
    })
  ).id;
  const staff = (realName: string) => createStaff({ realName, projects: [projectId] });
  people.initiator = await staff('Irene');
  people.lead = await staff('Leo');
  people.signer = await staff('Sofia');
  people.absent = await staff('Dora');
  people.delegate = await staff('Ezra');
  people.final = await staff('Fay');

  const code = `approval-${suffix}`;
  const created = await admin.ok<{ id: number; rowVersion: number }>('POST', '/api/Workflow/Add', {
    name: `Ticket approval ${suffix}`,
    code,
    type: 'Ticket',
    flowChart: approvalGraph({
      lead: people.lead.id,
      signer: people.signer.id,
      absent: people.absent.id,
      final: people.final.id,
    }),
  });
  await admin.ok('POST', `/api/Workflow/Publish/${created.id}`, { rowVersion: created.rowVersion });
  await admin.ok('POST', '/api/WorkflowRegistry/Add', {
    businessType: 'Ticket',
    workflowCode: code,
    conditions: [{ field: 'projectId', op: 'eq', value: projectId }],
    priority: 1,
  });
  // Dora is away: her approval tasks go to Ezra from today on.
  await admin.ok('POST', '/api/Delegate/Add', {
    delegateBy: people.absent.id,
    delegateTo: people.delegate.id,
    delegateType: 'Approval',
    startDate: today(),
  });

  const initiatorApi = new Api();
  await initiatorApi.signIn(people.initiator.loginName, people.initiator.password);
  const ticket = await initiatorApi.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
    subject: `New laptop for the field team ${suffix}`,
    content: '<p>Three laptops before the site visit.</p>',
    projectId,
    priority: 'Urgent',
  });
  ticketId = ticket.id;
  caseNumber = ticket.caseNumber;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function setLanguage(page: Page, language: (typeof languages)[number]) {
  await page.locator(languageButton).click();
  await page.getByRole('menuitem', { name: languageNames[language] }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang[language]);
}

async function pageOf(user: TestUser): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signedIn(page, user);
  return page;
}

async function info(): Promise<Info> {
  const state = await admin.ok<BusinessState>(
    'GET',
    `/api/WorkflowInstance/BusinessState?businessType=Ticket&businessId=${ticketId}`,
  );
  return admin.ok<Info>('GET', `/api/WorkflowInstance/Info/${state.instance!.id}`);
}

/** The To do tab's count. */
const todoCount = (page: Page) => page.locator('.task-boxes .task-tab-todo').first().getAttribute('data-count');

/** Opens My approvals and the to-do row of this spec's ticket, then its instance page. */
async function openFromTodo(page: Page) {
  await page.goto('/task');
  const row = page.locator('.task-table-todo .ant-table-row', { hasText: caseNumber });
  await row.waitFor();
  await row.click();
  await page.waitForURL('**/workflow/instance/info/*');
  await page.locator('.instance-actions').waitFor();
  return row;
}

/** Runs an action from the instance page's button; the modal closes once the server has taken it. */
async function act(page: Page, action: string, fill?: (modal: ReturnType<Page['locator']>) => Promise<void>) {
  await page.locator(`.instance-actions .action-${action}`).click();
  const modal = page.locator(`.workflow-action-${action}`);
  await modal.waitFor();
  await fill?.(modal);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/Workflow'));
  await modal.locator('.action-ok').click();
  const body = (await (await answer).json()) as { resultCode: number; resultMsg: string };
  expect(body.resultCode, body.resultMsg).toBe(200);
  await modal.waitFor({ state: 'hidden' });
}

describe('approval workflow in the browser', () => {
  it('a ticket is submitted, returned, resubmitted, approved by a countersign with a delegate, and finishes', async () => {
    // The initiator submits from the ticket's page.
    const initiator = await pageOf(people.initiator);
    await initiator.goto(`/ticket/info/${ticketId}`);
    await initiator.locator('.approval-panel .approval-submit').click();
    const submitModal = initiator.locator('.ant-modal', { has: initiator.locator('.approval-submit-form') });
    await submitModal.locator('textarea').fill('Needed before the site visit.');
    await submitModal.getByRole('button', { name: 'Submit for approval' }).click();
    await initiator.locator('.approval-panel .approval-current', { hasText: 'Team lead' }).waitFor();
    await shot(initiator, '22-ticket-approval-panel-en');
    expect((await info()).instance.currentNodes).toEqual(['lead']);

    // The lead sees it in To do with its count, and returns it to the initiator.
    const lead = await pageOf(people.lead);
    await lead.goto('/task');
    await expect.poll(() => todoCount(lead), wait).toBe('1');
    await openFromTodo(lead);
    await act(lead, 'return', async (modal) => {
      await modal.locator('.action-target').click();
      await lead.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await modal.locator('.action-comment').fill('Add the cost centre, please.');
    });
    await expect.poll(async () => (await info()).instance.currentNodes, wait).toEqual(['start']);
    await lead.goto('/task');
    await expect.poll(() => todoCount(lead), wait).toBe('0');

    // The initiator resubmits from their own to-do box (the same instance continues).
    await openFromTodo(initiator);
    await act(initiator, 'resubmit', (modal) => modal.locator('.action-comment').fill('Cost centre 4711 added.'));
    await expect.poll(async () => (await info()).instance.currentNodes, wait).toEqual(['lead']);

    // The lead approves this time.
    await openFromTodo(lead);
    await act(lead, 'approve');
    await expect.poll(async () => (await info()).instance.currentNodes, wait).toEqual(['countersign']);

    // Countersign: Sofia approves; the node waits for Dora, whose task Ezra holds on her behalf.
    const signer = await pageOf(people.signer);
    await openFromTodo(signer);
    await act(signer, 'approve');
    expect((await info()).instance.currentNodes).toEqual(['countersign']);
    await lead.context().close();
    await signer.context().close();

    const delegate = await pageOf(people.delegate);
    await delegate.goto('/task');
    const row = delegate.locator('.task-table-todo .ant-table-row', { hasText: caseNumber });
    await row.waitFor();
    expect(await row.locator('.task-on-behalf').innerText()).toMatch(/on behalf of/);
    for (const language of languages) {
      if (language !== 'en') await setLanguage(delegate, language);
      await row.locator('.task-on-behalf').waitFor();
      await shot(delegate, `22-task-box-${language}`);
    }
    await setLanguage(delegate, 'en');
    await openFromTodo(delegate);
    await delegate.locator('.instance-graph .flow-step.flow-current', { hasText: 'Countersign' }).waitFor();
    for (const language of languages) {
      if (language !== 'en') await setLanguage(delegate, language);
      await delegate.locator('.instance-graph .flow-step').first().waitFor();
      await shot(delegate, `22-instance-page-${language}`);
      await delegate.locator('.instance-actions .action-approve').click();
      await delegate.locator('.workflow-action-approve').waitFor();
      await shot(delegate, `22-approve-modal-${language}`);
      await delegate.locator('.workflow-action-approve .ant-modal-close').click();
      await delegate.locator('.workflow-action-approve').waitFor({ state: 'hidden' });
    }
    await setLanguage(delegate, 'en');
    // A staff member without user:view still finds the person to hand the task to.
    await delegate.locator('.instance-actions .action-transfer').click();
    const transfer = delegate.locator('.workflow-action-transfer');
    await transfer.locator('.ant-select').click();
    await transfer.locator('.ant-select input').fill('Fay');
    await delegate
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Fay' })
      .first()
      .waitFor();
    await shot(delegate, '22-transfer-modal-en');
    await transfer.locator('.ant-modal-close').click();
    await transfer.waitFor({ state: 'hidden' });
    await act(delegate, 'approve', (modal) =>
      modal.locator('.action-comment').fill('Approved for Dora while she is away.'),
    );
    const afterDelegate = await info();
    expect(afterDelegate.instance.currentNodes).toEqual(['final']);
    const delegated = afterDelegate.log.find(
      (entry) => entry.action === 'approve' && entry.actorId === people.delegate.id,
    );
    expect(delegated?.onBehalfOfId).toBe(people.absent.id);

    // The final approver finishes it.
    const final = await pageOf(people.final);
    await openFromTodo(final);
    await act(final, 'approve');
    const done = await info();
    expect(done.instance.status).toBe('Approved');
    expect(done.path).toEqual(expect.arrayContaining(['start', 'priority', 'lead', 'countersign', 'final']));

    // The initiator's instance page: the path taken, and every action in the timeline, "on behalf of" included.
    await initiator.goto(`/workflow/instance/info/${done.instance.id}`);
    await initiator.locator('.instance-status-Approved').first().waitFor();
    for (const id of ['start', 'lead', 'countersign', 'final'])
      await initiator.locator(`.instance-graph .flow-step.flow-passed[data-node-id="${id}"]`).waitFor();
    const timeline = initiator.locator('.instance-timeline');
    await timeline.locator('.timeline-return').waitFor();
    await timeline.locator('.timeline-resubmit').waitFor();
    expect(await timeline.locator('.timeline-approve').count()).toBe(4);
    expect(await timeline.locator('.timeline-on-behalf').first().innerText()).toContain('on behalf of');
    for (const language of languages) {
      if (language !== 'en') await setLanguage(initiator, language);
      await initiator.locator('.instance-graph .flow-step').first().waitFor();
      await shot(initiator, `22-instance-finished-${language}`);
    }
    await setLanguage(initiator, 'en');

    // The ticket's page shows the finished approval.
    await initiator.goto(`/ticket/info/${ticketId}`);
    await initiator.locator('.approval-panel .instance-status-Approved').waitFor();

    // The delegate audit shows that the absent approver's task reached her delegate, linked to this approval.
    const auditor = await pageOf(adminUser);
    const history = auditor.waitForResponse((r) => r.url().includes('/api/Delegate/History'));
    await auditor.goto('/delegate/audit');
    type Entry = { event: string; delegateBy: number; delegateTo: number; instanceId: number | null };
    const entries = ((await (await history).json()) as { data: { items: Entry[] } }).data.items;
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'taskReached',
        delegateBy: people.absent.id,
        delegateTo: people.delegate.id,
        instanceId: done.instance.id,
      }),
    );
    await auditor
      .locator('.delegate-audit-table .ant-table-row', { hasText: 'Approval reached delegate' })
      .first()
      .getByRole('link')
      .first()
      .waitFor();
    await auditor.context().close();
  }, 300_000);

  it('an administrator finds a running approval in the instance list and cancels it with a reason', async () => {
    const initiatorApi = new Api();
    await initiatorApi.signIn(people.initiator.loginName, people.initiator.password);
    const ticket = await initiatorApi.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
      subject: `Projector for room 2 ${suffix}`,
      projectId,
      priority: 'Low',
    });
    const submitted = await initiatorApi.ok<Info>('POST', '/api/WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: ticket.id,
    });
    // Low priority takes the default branch: straight to the countersign.
    expect(submitted.instance.currentNodes).toEqual(['countersign']);

    const page = await pageOf(adminUser);
    await page.goto('/workflow/instance');
    await page.locator('.instance-status-filter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Running' }).click();
    const row = page.locator('.instance-list .ant-table-row', { hasText: ticket.caseNumber });
    await row.waitFor();
    await shot(page, '22-instance-list-en');
    await row.locator('.row-cancel').click();
    const modal = page.locator('.workflow-action-cancel');
    await modal.waitFor();
    // A reason is required from an administrator.
    await modal.locator('.action-ok').click();
    await modal.locator('.ant-form-item-explain-error').waitFor();
    await modal.locator('.action-comment').fill('Duplicate of an earlier request.');
    await shot(page, '22-admin-cancel-en');
    await modal.locator('.action-ok').click();
    await modal.waitFor({ state: 'hidden' });
    // The list shows running ones only: the cancelled approval leaves it.
    await row.waitFor({ state: 'detached' });
    const after = await admin.ok<Info>('GET', `/api/WorkflowInstance/Info/${submitted.instance.id}`);
    expect(after.instance.status).toBe('Cancelled');
    expect(after.tasks.filter((task) => task.status === 'Pending')).toEqual([]);
  });
});
