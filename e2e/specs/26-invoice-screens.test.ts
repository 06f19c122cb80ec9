import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createAdmin, type Api } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';
type Invoice = { id: number; invoiceNumber: string; status: string; totalAmount: string; subtotalAmount: string };

const suffix = randomBytes(3).toString('hex').toUpperCase();
// US dollars as Intl's currency style writes them in each language.
const texts: Record<Language, { draft: string; approved: string; paid: string; markPaid: string; usd: string }> = {
  en: { draft: 'Draft', approved: 'Approved', paid: 'Paid', markPaid: 'Mark paid', usd: '$' },
  'zh-cn': { draft: '草稿', approved: '已批准', paid: '已付款', markPaid: '标记为已付款', usd: 'US$' },
  'zh-tw': { draft: '草稿', approved: '已核准', paid: '已付款', markPaid: '標記為已付款', usd: 'US$' },
};

let browser: Browser;
let api: Api;
let vendorId: number;
let approver: Awaited<ReturnType<typeof createAdmin>>;
const vendorName = `Northwind Supply ${suffix}`;

beforeAll(async () => {
  api = await adminApi();
  vendorId = (await api.ok<{ id: number }>('POST', '/api/Vendor/Add', { vendorCode: `NW-${suffix}`, vendorName })).id;
  // This vendor's invoices go to a one-step approval by the spec's own approver.
  approver = await createAdmin();
  const code = `invoice-screens-${suffix}`;
  const created = await api.ok<{ id: number; rowVersion: number }>('POST', '/api/Workflow/Add', {
    name: `Invoice approval ${suffix}`,
    code,
    type: 'Invoice',
    flowChart: {
      id: 'start',
      name: 'Start',
      type: 'start',
      initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
      next: {
        id: 'approve',
        name: 'Approve',
        type: 'approver',
        approvers: { strategy: 'users', ids: [approver.user.id] },
        mode: 'any',
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  });
  await api.ok('POST', `/api/Workflow/Publish/${created.id}`, { rowVersion: created.rowVersion });
  await api.ok('POST', '/api/WorkflowRegistry/Add', {
    businessType: 'Invoice',
    workflowCode: code,
    conditions: [{ field: 'vendorId', op: 'eq', value: vendorId }],
    priority: 1,
  });
  // A few invoices for the list: a draft, a large one and a paid one.
  const add = (invoiceNumber: string, lines: { description: string; quantity: string; unitPrice: string }[]) =>
    api.ok<Invoice>('POST', '/api/Invoice/Add', {
      invoiceNumber,
      vendorId,
      invoiceDate: '2026-11-02',
      dueDate: '2026-12-02',
      currency: 'USD',
      taxRate: '7.25',
      lines,
    });
  await add(`LST-${suffix}-1`, [{ description: 'Toner', quantity: '3', unitPrice: '0.3333' }]);
  await add(`LST-${suffix}-2`, [{ description: 'Server licences', quantity: '12', unitPrice: '1150' }]);
  const paid = await add(`LST-${suffix}-3`, [{ description: 'Hosting', quantity: '1', unitPrice: '1999.99' }]);
  expect(paid.totalAmount).toBe('2144.99');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Chooses `text` in the antd Select whose input has this id (typing narrows the list first). */
async function choose(page: Page, id: string, typed: string, text = typed) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(typed);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await option.waitFor();
  await option.click();
}

describe('invoice screens', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`lists, captures and shows an invoice with exact amounts (${language})`, async () => {
      const text = texts[language];
      const { user } = await createAdmin({ language });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user);

      const listed = page.waitForResponse((r) => r.url().includes('/api/Invoice/Query'));
      await page.goto('/invoice/list');
      await listed;
      const list = page.locator('.invoice-list');
      await list.locator('.ant-table-row', { hasText: `LST-${suffix}-2` }).waitFor();
      // Amounts are right-aligned with two decimals and the currency.
      const large = list.locator('.ant-table-row', { hasText: `LST-${suffix}-2` });
      await expect.poll(() => large.locator('.invoice-total-cell').innerText()).toBe(`${text.usd}14,800.50`);
      await large.locator('.invoice-status', { hasText: text.draft }).waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `invoice-list-${language}`);

      // Capture a new one: the preview computes as the server will.
      await list.locator('.invoice-new').click();
      const drawer = page.locator('.invoice-editor');
      await drawer.locator('#vendorId').waitFor();
      await choose(page, 'vendorId', vendorName);
      const number = `NEW-${suffix}-${language}`;
      await drawer.locator('#invoiceNumber').fill(number);
      await drawer.locator('#taxRate').fill('7.25');
      const lines = drawer.locator('.invoice-line');
      await lines.nth(0).locator('input').nth(0).fill('Printer toner');
      await lines.nth(0).locator('input').nth(1).fill('3');
      await lines.nth(0).locator('input').nth(2).fill('0.3333');
      await drawer.locator('.invoice-add-line').click();
      await lines.nth(1).locator('input').nth(0).fill('On-site support');
      await lines.nth(1).locator('input').nth(1).fill('2.5');
      await lines.nth(1).locator('input').nth(2).fill('80');
      await expect.poll(() => drawer.locator('.invoice-total').innerText()).toBe(`${text.usd}215.57`);
      await drawer.locator('#invoiceNumber').click();
      await shot(page, `invoice-form-${language}`);

      const saved = page.waitForResponse((r) => r.url().includes('/api/Invoice/Add'));
      await drawer.locator('.invoice-save').click();
      const body = (await (await saved).json()) as { resultCode: number; resultMsg: string; data: Invoice };
      expect(body.resultCode, body.resultMsg).toBe(200);
      expect(body.data).toMatchObject({ invoiceNumber: number, subtotalAmount: '201.00', totalAmount: '215.57' });

      // The list shows the server's figures; the invoice opens on its page with them.
      await drawer.waitFor({ state: 'hidden' });
      const row = list.locator('.ant-table-row', { hasText: number });
      await expect.poll(() => row.locator('.invoice-total-cell').innerText()).toBe(`${text.usd}215.57`);
      await row.locator('.invoice-link').click();
      await page.waitForURL(`**/invoice/info/${body.data.id}`);
      await page.locator('.invoice-info-total', { hasText: '215.57' }).waitFor();
      await page.locator('.invoice-info-lines .ant-table-row').nth(1).waitFor();
      await page.locator('.invoice-info-approval').waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `invoice-info-${language}`);

      // An approved invoice offers Pay; paying shows it paid.
      const approved = await api.ok<Invoice>('POST', '/api/Invoice/Add', {
        invoiceNumber: `PAY-${suffix}-${language}`,
        vendorId,
        invoiceDate: '2026-11-03',
        currency: 'USD',
        lines: [{ description: 'Cables', quantity: '10', unitPrice: '4.99' }],
      });
      await setApproved(approved.id);
      await page.goto(`/invoice/info/${approved.id}`);
      await page.locator('.invoice-status', { hasText: text.approved }).waitFor();
      await page.locator('.invoice-pay', { hasText: text.markPaid }).click();
      const paid = page.waitForResponse((r) => r.url().includes(`/api/Invoice/Pay/${approved.id}`));
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      expect(((await (await paid).json()) as { resultCode: number }).resultCode).toBe(200);
      await page.locator('.invoice-status', { hasText: text.paid }).waitFor();
      expect(await page.locator('.invoice-pay').count()).toBe(0);
      await context.close();
    });
  }
});

/** Approves an invoice through the engine: submitted by the administrator, approved by this spec's approver. */
async function setApproved(id: number) {
  const submitted = await api.ok<{ instance: { id: number } }>('POST', '/api/WorkflowInstance/Submit', {
    businessType: 'Invoice',
    businessId: id,
  });
  const info = await approver.api.ok<{ myTasks: { taskId: number }[] }>(
    'GET',
    `/api/WorkflowInstance/Info/${submitted.instance.id}`,
  );
  const task = info.myTasks[0];
  if (!task) throw new Error('no task for the approver');
  await approver.api.ok('POST', '/api/WorkflowInstance/Approve', { taskId: task.taskId });
}
