import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createAdmin, createStaff, type Api, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';
type Requisition = { id: number; requisitionNumber: string; status: string; totalAmount: string; projectId: number };

const suffix = randomBytes(3).toString('hex').toUpperCase();
const duplicate: Record<Language, (code: string) => string> = {
  en: (code) => `The vendor code ${code} is already used.`,
  'zh-cn': (code) => `供应商代码 ${code} 已被使用。`,
  'zh-tw': (code) => `供應商代碼 ${code} 已被使用。`,
};
const pending: Record<Language, string> = { en: 'Pending approval', 'zh-cn': '审批中', 'zh-tw': '審批中' };

let browser: Browser;
let admin: Api;
let projectId: number;
let lead: TestUser;

beforeAll(async () => {
  admin = await adminApi();
  projectId = (
    await admin.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `PR-${suffix}`,
      projectName: `Purchasing ${suffix}`,
    })
  ).id;
  lead = await createStaff({ realName: `Lena${suffix}`, projects: [projectId] });
  // One approver for this project's requisitions (the quick start's demo workflow is not seeded here).
  const code = `requisition-${suffix}`.toLowerCase();
  const created = await admin.ok<{ id: number; rowVersion: number }>('POST', '/api/Workflow/Add', {
    name: `Requisition approval ${suffix}`,
    code,
    type: 'Requisition',
    flowChart: {
      id: 'start',
      name: 'Requester',
      type: 'start',
      initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
      allowCancel: true,
      allowRecall: true,
      next: {
        id: 'lead',
        name: 'Team lead',
        type: 'approver',
        approvers: { strategy: 'users', ids: [lead.id] },
        mode: 'any',
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  });
  await admin.ok('POST', `/api/Workflow/Publish/${created.id}`, { rowVersion: created.rowVersion });
  await admin.ok('POST', '/api/WorkflowRegistry/Add', {
    businessType: 'Requisition',
    workflowCode: code,
    conditions: [{ field: 'projectId', op: 'eq', value: projectId }],
    priority: 1,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const remit = {
  name: 'Acme Receivables',
  address1: '400 Market Street',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98101',
  country: 'United States',
};

async function openNewVendor(page: Page) {
  await page.locator('.vendor-new').click();
  const drawer = page.locator('.master-editor');
  await drawer.locator('#vendorCode').waitFor();
  return drawer;
}

describe('vendors and requisitions', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`an admin adds a vendor copying its address; the same code again is refused (${language})`, async () => {
      const { user } = await createAdmin({ language });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user);
      const listed = page.waitForResponse((r) => r.url().includes('/api/Vendor/Query'));
      await page.goto('/vendor/list');
      await listed;
      await page.locator('.vendor-list .ant-table').waitFor();

      const code = `ACME-${suffix}-${language}`;
      let drawer = await openNewVendor(page);
      await drawer.locator('#vendorCode').fill(code);
      await drawer.locator('#vendorName').fill(`Acme Office Supplies ${language}`);
      await drawer.locator('#emailAddress').fill(`billing-${language}@acme-office.example`);
      for (const [key, value] of Object.entries(remit)) await drawer.locator(`.vendor-remitTo-${key}`).fill(value);
      await drawer.locator('.vendor-copy-remit').click();
      for (const key of ['address1', 'city', 'state', 'postalCode', 'country'] as const)
        expect(await drawer.locator(`.vendor-mailAddress-${key}`).inputValue()).toBe(remit[key]);
      await shot(page, `vendor-editor-${language}`);

      const saved = page.waitForResponse((r) => r.url().includes('/api/Vendor/Add'));
      await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
      const body = (await (await saved).json()) as {
        resultCode: number;
        resultMsg: string;
        data: { mailAddress: Record<string, string | null> };
      };
      expect(body.resultCode, body.resultMsg).toBe(200);
      expect(body.data.mailAddress).toMatchObject({ address1: remit.address1, city: remit.city });
      await drawer.waitFor({ state: 'hidden' });
      await page.locator('.vendor-list .ant-table-row', { hasText: code }).waitFor();
      await shot(page, `vendor-list-${language}`);

      drawer = await openNewVendor(page);
      await drawer.locator('#vendorCode').fill(code.toLowerCase());
      await drawer.locator('#vendorName').fill('Copy');
      const refused = page.waitForResponse((r) => r.url().includes('/api/Vendor/Add'));
      await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
      expect((await refused).status()).toBe(409);
      await page.getByText(duplicate[language](code.toLowerCase())).first().waitFor();
      await context.close();
    });

    it(`a staff member asks for two items and submits the requisition (${language})`, async () => {
      const staff = await createStaff({ language, realName: `Rita${suffix}`, projects: [projectId] });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, staff);
      const listed = page.waitForResponse((r) => r.url().includes('/api/Requisition/Query'));
      await page.goto('/requisition/list');
      await listed;
      await page.locator('.requisition-list .ant-table').waitFor();

      await page.locator('.requisition-new').click();
      const drawer = page.locator('.master-editor');
      await drawer.locator('#title').waitFor();
      await drawer.locator('#title').fill(`Laptops ${suffix} ${language}`);
      // The project list offers the staff member's own projects (the project's workflow then applies).
      await drawer.locator('#projectId').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `PR-${suffix}` }).click();
      await drawer.locator('.requisition-add-line').click();
      const rows = drawer.locator('.requisition-lines .ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      const fill = async (i: number, description: string, quantity: string, price: string) => {
        await rows.nth(i).locator('.line-description').fill(description);
        await rows.nth(i).locator('.line-quantity').fill(quantity);
        await rows.nth(i).locator('.line-unit-price').fill(price);
      };
      await fill(0, '14" laptop', '3', '0.3333');
      await fill(1, 'Docking station', '2', '189.5');
      await expect.poll(() => rows.nth(0).locator('.line-amount').innerText()).toBe('1.00');
      await expect.poll(() => drawer.locator('.requisition-total-preview').innerText()).toContain('$380.00');
      await shot(page, `requisition-editor-${language}`);

      const saved = page.waitForResponse((r) => r.url().includes('/api/Requisition/Add'));
      await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
      const body = (await (await saved).json()) as { resultCode: number; resultMsg: string; data: Requisition };
      expect(body.resultCode, body.resultMsg).toBe(200);
      expect(body.data).toMatchObject({ totalAmount: '380.00', status: 'Draft', projectId });
      await drawer.waitFor({ state: 'hidden' });
      await page.locator('.requisition-list .ant-table-row', { hasText: body.data.requisitionNumber }).waitFor();
      await shot(page, `requisition-list-${language}`);

      await page.locator('.requisition-list .ant-table-row a', { hasText: body.data.requisitionNumber }).click();
      await page.waitForURL(`**/requisition/info/${body.data.id}`);
      await page.locator('.requisition-info-lines .ant-table-row').nth(1).waitFor();
      await page.locator('.approval-submit').click();
      const submitted = page.waitForResponse((r) => r.url().includes('/api/WorkflowInstance/Submit'));
      await page.locator('.ant-modal .ant-btn-primary').click();
      const answer = (await (await submitted).json()) as { resultCode: number; resultMsg: string };
      expect(answer.resultCode, answer.resultMsg).toBe(200);
      await page.locator('.requisition-info-page .requisition-status', { hasText: pending[language] }).waitFor();
      await page.locator('.approval-state').waitFor();
      await shot(page, `requisition-info-${language}`);
      await context.close();
    });
  }
});
