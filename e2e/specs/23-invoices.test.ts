import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page as pdfPage, writePdf } from '../../apps/server/test/invoice-pdfs';
import { Api, createAdmin, userPassword, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

/**
 * Issue 14, "done when": a clerk uploads three invoice PDFs to indexing, keys one in with the proposals read
 * from it, submits it for approval; two approvers approve; the invoice shows Approved. Screenshots of the
 * indexing screen and the capture form in every language.
 */
const suffix = randomBytes(3).toString('hex');
const languageButton =
  '.app-header button[aria-label="Language"], .app-header button[aria-label="语言"], .app-header button[aria-label="語言"]';
const languageNames = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' } as const;
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
const languages = ['en', 'zh-cn', 'zh-tw'] as const;
const wait = { timeout: 20_000, interval: 250 };

const vendorName = `Harbor Paper ${suffix}`;
const vendorEmail = `billing@paper-${suffix}.example`;
const invoiceNumber = `HP-${suffix}-0042`;

/** Three documents from this spec's vendor, with a text layer: only the first is keyed in. */
function documents() {
  const doc = (number: string, total: string, po: string) =>
    writePdf([
      pdfPage([
        vendorName,
        `12 Quay Street, Portsmouth - ${vendorEmail}`,
        null,
        'INVOICE',
        ['Invoice No.', number],
        ['Invoice Date', '2026-11-20'],
        ['Due Date', '2026-12-20'],
        ['PO Number', po],
        null,
        'Description                         Qty     Unit price       Amount',
        'Copy paper A4, box of 5              10         24.50       245.00',
        null,
        ['Total Due', `USD ${total}`],
      ]),
    ]);
  return [
    { name: `paper-${suffix}-1.pdf`, mimeType: 'application/pdf', buffer: doc(invoiceNumber, '245.00', 'PO-7001') },
    {
      name: `paper-${suffix}-2.pdf`,
      mimeType: 'application/pdf',
      buffer: doc(`HP-${suffix}-0043`, '1,120.50', 'PO-7002'),
    },
    {
      name: `paper-${suffix}-3.pdf`,
      mimeType: 'application/pdf',
      buffer: doc(`HP-${suffix}-0044`, '88.00', 'PO-7003'),
    },
  ];
}

let browser: Browser;
let admin: Api;
let clerk: TestUser;
const approvers: TestUser[] = [];
let vendorId = 0;

async function userWithRoles(api: Api, realName: string, roles: number[]): Promise<TestUser> {
  const loginName = `inv${realName.toLowerCase()}_${randomBytes(3).toString('hex')}`;
  const created = await api.ok<{ id: number }>('POST', '/api/User/Add', {
    loginName,
    realName,
    lastName: 'Tester',
    email: `${loginName}@example.test`,
    password: userPassword,
    needToChangePwd: false,
    language: 'en',
    roles,
    projects: [],
  });
  return { id: created.id, loginName, password: userPassword, email: `${loginName}@example.test` };
}

beforeAll(async () => {
  ({ api: admin } = await createAdmin());
  const common = (
    await admin.ok<{ items: { id: number; code: string }[] }>('POST', '/api/Role/Query', {
      isSystem: true,
      pageSize: 100,
    })
  ).items.find((r) => r.code === 'common')!.id;
  const role = (code: string, permissions: string[]) =>
    admin.ok<{ id: number }>('POST', '/api/Role/Add', { code, name: code, permissions });
  const clerkRole = await role(`invclerk-${suffix}`, [
    'invoice:page',
    'invoice:view',
    'invoice:create',
    'invoice:edit',
    'invoice:index',
    'vendor:page',
    'vendor:view',
    // The invoice form's project picker lists projects.
    'project:view',
  ]);
  const approverRole = await role(`invapprover-${suffix}`, ['invoice:page', 'invoice:view']);
  clerk = await userWithRoles(admin, 'Clara', [common, clerkRole.id]);
  approvers.push(await userWithRoles(admin, 'Arne', [common, approverRole.id]));
  approvers.push(await userWithRoles(admin, 'Bea', [common, approverRole.id]));

  vendorId = (
    await admin.ok<{ id: number }>('POST', '/api/Vendor/Add', {
      vendorCode: `HP-${suffix}`,
      vendorName,
      emailAddress: vendorEmail,
    })
  ).id;

  // Two approver steps, picked by the registry for this spec's vendor only.
  const code = `invoice-${suffix}`;
  const step = (id: string, name: string, userId: number, next: unknown) => ({
    id,
    name,
    type: 'approver',
    approvers: { strategy: 'users', ids: [userId] },
    mode: 'any',
    next,
  });
  const created = await admin.ok<{ id: number; rowVersion: number }>('POST', '/api/Workflow/Add', {
    name: `Invoice approval ${suffix}`,
    code,
    type: 'Invoice',
    flowChart: {
      id: 'start',
      name: 'Clerk',
      type: 'start',
      initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
      allowCancel: true,
      allowRecall: true,
      next: step(
        'first',
        'Budget owner',
        approvers[0]!.id,
        step('second', 'Finance', approvers[1]!.id, { id: 'end', name: 'End', type: 'end' }),
      ),
    },
  });
  await admin.ok('POST', `/api/Workflow/Publish/${created.id}`, { rowVersion: created.rowVersion });
  await admin.ok('POST', '/api/WorkflowRegistry/Add', {
    businessType: 'Invoice',
    workflowCode: code,
    conditions: [{ field: 'vendorId', op: 'eq', value: vendorId }],
    priority: 1,
  });
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

type Info = { instance: { id: number; status: string; currentNodes: string[] } };
type BusinessState = { canSubmit: boolean; instance: { id: number; status: string } | null };

describe('invoices in the browser', () => {
  it('a clerk indexes three PDFs, keys one in from its proposals and submits it; two approvers approve it', async () => {
    const page = await pageOf(clerk);
    await page.goto('/invoice/indexing');
    await page.locator('.invoice-indexing input[type=file]').setInputFiles(documents());
    const rows = page.locator('.invoice-indexing .ant-table-row', { hasText: `paper-${suffix}` });
    await expect.poll(() => rows.count(), wait).toBe(3);
    await rows.first().locator('.ant-tag', { hasText: 'Proposals' }).waitFor();
    for (const language of languages) {
      if (language !== 'en') await setLanguage(page, language);
      await rows.first().waitFor();
      await shot(page, `23-indexing-queue-${language}`);
    }
    await setLanguage(page, 'en');

    // Key in the first document: the form opens next to it, filled with what its text proposes.
    await rows
      .filter({ hasText: `paper-${suffix}-1.pdf` })
      .getByRole('button', { name: 'Key in' })
      .click();
    const form = page.locator('.invoice-capture .invoice-form');
    await form.waitFor();
    await expect.poll(() => form.locator('#invoiceNumber').inputValue(), wait).toBe(invoiceNumber);
    expect(await form.locator('#poNumber').inputValue()).toBe('PO-7001');
    expect(await form.locator('.invoice-currency').innerText()).toContain('USD');
    await form.getByText(vendorName).first().waitFor();
    expect(await form.locator('.invoice-proposed').count()).toBe(7);
    await page.locator('[data-testid="index-document"]').waitFor();
    for (const language of languages) {
      if (language !== 'en') await setLanguage(page, language);
      await form.locator('.invoice-proposed').first().waitFor();
      await shot(page, `23-invoice-capture-${language}`);
    }
    await setLanguage(page, 'en');

    // Describe the line (a changed field is no longer marked), confirm the rest, finish: a Draft whose amounts
    // the server computed.
    const line = form.locator('.invoice-line').first().locator('input');
    await line.nth(0).fill('Copy paper A4, box of 5');
    await line.nth(1).fill('10');
    await line.nth(2).fill('24.50');
    await expect.poll(() => form.locator('.invoice-proposed').count(), wait).toBe(6);
    await page.locator('.index-confirm').click();
    await expect.poll(() => form.locator('.invoice-proposed').count(), wait).toBe(0);
    await page.locator('.index-finish').click();
    await page.waitForURL('**/invoice/info/*');
    const invoiceId = Number(page.url().split('/').pop());
    const detail = await admin.ok<{ status: string; totalAmount: string; vendorId: number }>(
      'GET',
      `/api/Invoice/Detail/${invoiceId}`,
    );
    expect(detail).toMatchObject({ status: 'Draft', totalAmount: '245.00', vendorId });

    // Submit for approval from the invoice's page.
    await page.locator('.approval-panel .approval-submit').click();
    const submitModal = page.locator('.ant-modal', { has: page.locator('.approval-submit-form') });
    await submitModal.getByRole('button', { name: 'Submit for approval' }).click();
    await page.locator('.approval-panel .approval-current', { hasText: 'Budget owner' }).waitFor();
    await shot(page, '23-invoice-submitted-en');

    const state = await admin.ok<BusinessState>(
      'GET',
      `/api/WorkflowInstance/BusinessState?businessType=Invoice&businessId=${invoiceId}`,
    );
    const instanceId = state.instance!.id;

    // The two approvers, one after the other, from the approval page.
    for (const approver of approvers) {
      const approverPage = await pageOf(approver);
      await approverPage.goto(`/workflow/instance/info/${instanceId}`);
      await approverPage.locator('.instance-actions .action-approve').click();
      const modal = approverPage.locator('.workflow-action-approve');
      await modal.waitFor();
      const answer = approverPage.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/api/WorkflowInstance/Approve'),
      );
      await modal.locator('.action-ok').click();
      const body = (await (await answer).json()) as { resultCode: number; resultMsg: string };
      expect(body.resultCode, body.resultMsg).toBe(200);
      await approverPage.context().close();
    }
    await expect
      .poll(async () => (await admin.ok<Info>('GET', `/api/WorkflowInstance/Info/${instanceId}`)).instance.status, wait)
      .toBe('Approved');

    // The clerk sees it Approved on the invoice's page.
    await page.goto(`/invoice/info/${invoiceId}`);
    await page.getByText('Approved').first().waitFor();
    expect((await admin.ok<{ status: string }>('GET', `/api/Invoice/Detail/${invoiceId}`)).status).toBe('Approved');
    await shot(page, '23-invoice-approved-en');

    // The two other documents still wait in the queue.
    await page.goto('/invoice/indexing');
    await expect.poll(() => rows.count(), wait).toBe(2);
    await page.context().close();
  });
});
