import { randomBytes } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api, createAdmin, createStaff } from '../support/api';
import { clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';
const L = (en: string, cn: string, tw: string) => ({ en, 'zh-cn': cn, 'zh-tw': tw });
const suffix = randomBytes(3).toString('hex');
const fieldKey = `asset_${suffix}`;
const texts: Record<Language, { name: string; required: string }> = {
  en: { name: 'Replacement monitor', required: 'Asset tag is required.' },
  'zh-cn': { name: '更换显示器', required: '资产编号为必填项。' },
  'zh-tw': { name: '更換顯示器', required: '資產編號為必填項。' },
};

let browser: Browser;
let api: Api;
let projectId: number;
let categoryId: number;

beforeAll(async () => {
  api = await adminApi();
  const companyId = (
    await api.ok<{ id: number }>('POST', '/api/Company/Add', { code: `RC-${suffix}`, name: `Catalog Co ${suffix}` })
  ).id;
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `RC-${suffix}`,
      projectName: `Catalog desk ${suffix}`,
      companyIds: [companyId],
    })
  ).id;
  // Catalog tickets are made like any other: their category gives them their first assignee.
  const agent = await createStaff({ projects: [projectId] });
  categoryId = (
    await api.ok<{ id: number }>('POST', '/api/Category/Add', {
      categoryCode: `RC-${suffix}`,
      categoryDescription: `Hardware ${suffix}`,
      projectIds: [projectId],
      newTicketAssignee: agent.id,
    })
  ).id;
  await api.ok('POST', '/api/CustomField/Add', {
    key: fieldKey,
    appliesTo: 'Ticket',
    type: 'text',
    label: L('Asset tag', '资产编号', '資產編號'),
    categoryIds: [categoryId],
  });
  await api.ok('POST', '/api/RequestType/Add', {
    name: L(texts.en.name, texts['zh-cn'].name, texts['zh-tw'].name),
    description: L('A new screen for a broken one.', '更换损坏的显示器。', '更換損壞的顯示器。'),
    icon: 'desktop',
    categoryId,
    projectIds: [projectId],
    fields: [{ key: fieldKey, required: true, order: 0 }],
    fulfilment: [{ title: 'Swap the monitor', when: 'created' }],
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('request catalog', () => {
  it('an admin defines two fields and a request type with a two-step approval in the screens; a staff member submits it from the catalog; both approve; its item is made and assigned', async () => {
    const fulfiller = `Fulfil${suffix}`;
    await createStaff({ realName: fulfiller, projects: [projectId] });
    const manager = await createStaff({ realName: 'Manager', projects: [projectId] });
    const itLead = await createStaff({ realName: 'Lead', projects: [projectId] });
    // The approval itself is drawn in the designer (spec 21); here it is published through the API.
    const code = `laptop-${suffix}`;
    const step = (id: string, name: string, userId: number, next: object) => ({
      id,
      name,
      type: 'approver',
      approvers: { strategy: 'users', ids: [userId] },
      mode: 'any',
      next,
    });
    const flow = await api.ok<{ id: number; rowVersion: number }>('POST', '/api/Workflow/Add', {
      name: `Laptop approval ${suffix}`,
      code,
      type: 'Ticket',
      flowChart: {
        id: 'start',
        name: 'Requester',
        type: 'start',
        initiators: { everyone: true, userIds: [], roleIds: [], deptIds: [] },
        allowCancel: true,
        allowRecall: true,
        next: step(
          'manager',
          'Manager',
          manager.id,
          step('it', 'IT lead', itLead.id, { id: 'end', name: 'End', type: 'end' }),
        ),
      },
    });
    await api.ok('POST', `/api/Workflow/Publish/${flow.id}`, { rowVersion: flow.rowVersion });

    // The administrator's screens: two custom fields, then the request type with its fields, approval and item.
    const { user: admin } = await createAdmin();
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    const choose = async (select: Locator, text: string, typed?: string) => {
      await select.click();
      if (typed !== undefined) await select.locator('input').fill(typed);
      const option = adminPage.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
      await option.first().click();
    };
    const editor = adminPage.locator('.master-editor');
    const save = async (path: string) => {
      const saved = adminPage.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
      await editor.getByRole('button', { name: 'Save' }).click();
      expect(((await (await saved).json()) as { resultCode: number }).resultCode).toBe(200);
      await editor.waitFor({ state: 'hidden' });
    };
    const tagKey = `laptop_tag_${suffix}`;
    const budgetKey = `budget_${suffix}`;
    await signedIn(adminPage, admin, '/customField/list');
    for (const field of [
      { key: tagKey, type: 'Text', label: L(`Laptop tag ${suffix}`, '电脑标签', '電腦標籤') },
      { key: budgetKey, type: 'Decimal', label: L(`Budget ${suffix}`, '预算', '預算') },
    ]) {
      await adminPage.locator('.master-list').getByRole('button', { name: 'New' }).click();
      await editor.locator('#key').fill(field.key);
      await choose(
        editor.locator('.ant-form-item', { has: adminPage.locator('#type') }).locator('.ant-select'),
        field.type,
      );
      for (const language of ['en', 'zh-cn', 'zh-tw'] as const)
        await editor.locator(`[id="label_${language}"]`).fill(field.label[language]);
      await save('/api/CustomField/Add');
    }

    await adminPage.goto('/requestType/list');
    await adminPage.locator('.master-list').getByRole('button', { name: 'New' }).click();
    const name = L(`Laptop ${suffix}`, '笔记本电脑', '筆記型電腦');
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const)
      await editor.locator(`[id="name_${language}"]`).fill(name[language]);
    await choose(
      editor.locator('.ant-form-item', { has: adminPage.locator('#categoryId') }).locator('.ant-select'),
      `Hardware ${suffix}`,
      `Hardware ${suffix}`,
    );
    await choose(
      editor.locator('.ant-form-item', { has: adminPage.locator('#projectIds') }).locator('.ant-select'),
      `Catalog desk ${suffix}`,
      `Catalog desk ${suffix}`,
    );
    await adminPage.keyboard.press('Escape');
    const addField = editor.locator('.request-type-add-field');
    await choose(addField, `Laptop tag ${suffix}`, `Laptop tag ${suffix}`);
    await choose(addField, `Budget ${suffix}`, `Budget ${suffix}`);
    for (const row of await editor.locator('.request-type-field-row .ant-switch').all()) await row.click();
    await choose(editor.locator('.request-type-workflow'), `Laptop approval ${suffix}`, `Laptop approval ${suffix}`);
    await editor.getByRole('button', { name: 'Add an open item' }).click();
    const item = editor.locator('.request-type-fulfilment-row');
    await item.locator('input').first().fill('Prepare the laptop');
    await choose(item.locator('.ant-select').first(), fulfiller, fulfiller);
    await choose(item.locator('.ant-select').last(), 'When approved');
    // The preview draws the form as the requester will see it, both fields asked for.
    const preview = editor.locator('.request-type-preview');
    await preview.getByText(`Budget ${suffix}`).waitFor();
    await preview.getByText(`Laptop tag ${suffix}`).waitFor();
    await shot(adminPage, '36-request-type-editor-en');
    await save('/api/RequestType/Add');
    await adminPage.locator('.master-list', { hasText: name.en }).waitFor();
    await adminContext.close();

    const requester = await createStaff({ projects: [projectId] });
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, requester, '/catalog');
    await page.locator('.catalog-search input').fill(name.en);
    await page.locator('.catalog-item', { hasText: name.en }).click();
    const drawer = page.locator('.catalog-request-drawer');
    await drawer.locator(`#values_${tagKey}`).fill(`LAP-${suffix}`);
    await drawer.locator(`#values_${budgetKey}`).fill('2400.50');
    await clickWhenStill(drawer.locator('.catalog-request-submit'));
    await page.waitForURL(/\/catalog\/request\/\d+$/);
    const ticketId = Number(new URL(page.url()).pathname.split('/').at(-1));
    // The approval started at once: the first step waits for the manager, the item for the approval.
    await page.locator('.catalog-progress-steps .ant-steps-item-process', { hasText: 'Manager' }).waitFor();
    await page.locator('.catalog-progress-fulfilment', { hasText: 'Prepare the laptop' }).waitFor();
    await shot(page, '36-catalog-progress-waiting-en');

    const progress = await api.ok<{ approval: { instanceId: number } | null }>('POST', '/api/Catalog/Progress', {
      ticketId,
    });
    const instanceId = progress.approval?.instanceId;
    expect(instanceId).toBeTypeOf('number');
    for (const approver of [manager, itLead]) {
      const as = new Api();
      expect(await as.signIn(approver.loginName, approver.password)).toBe(true);
      const info = await as.ok<{ myTasks: { taskId: number }[] }>('GET', `/api/WorkflowInstance/Info/${instanceId}`);
      expect(info.myTasks).toHaveLength(1);
      await as.ok('POST', '/api/WorkflowInstance/Approve', { taskId: info.myTasks[0]!.taskId, comment: 'OK' });
    }
    const after = await api.ok<{
      approval: { status: string } | null;
      fulfilment: { openItemId: number | null; assigneeName: string | null }[];
    }>('POST', '/api/Catalog/Progress', { ticketId });
    expect(after.approval?.status).toBe('Approved');
    expect(after.fulfilment).toHaveLength(1);
    expect(after.fulfilment[0]?.openItemId).toBeTypeOf('number');
    expect(after.fulfilment[0]?.assigneeName).toContain(fulfiller);
    await context.close();

    // The requester's colleagues follow it in their languages: both steps done, the item made and assigned.
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
      const reader = await createStaff({ language, projects: [projectId] });
      const readerContext = await newContext(browser);
      const readerPage = await readerContext.newPage();
      await signedIn(readerPage, reader, `/catalog/request/${ticketId}`);
      await readerPage.locator('.catalog-progress-fulfilment', { hasText: fulfiller }).waitFor();
      expect(await readerPage.locator('.catalog-progress-steps .ant-steps-item-finish').count()).toBe(2);
      await readerPage.getByText(`LAP-${suffix}`).waitFor();
      await shot(readerPage, `36-catalog-progress-approved-${language}`);
      await readerContext.close();
    }
  });

  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`a staff member finds a request, is told what is missing, and submits it (${language})`, async () => {
      const text = texts[language];
      const staff = await createStaff({ language, projects: [projectId] });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, staff, '/catalog');
      await page.locator('.catalog-search input').fill(text.name);
      const card = page.locator('.catalog-item', { hasText: text.name });
      await card.waitFor();
      await shot(page, `36-catalog-${language}`);

      await card.click();
      const drawer = page.locator('.catalog-request-drawer');
      await clickWhenStill(drawer.locator('.catalog-request-submit'));
      await drawer.locator('.ant-form-item-explain-error', { hasText: text.required }).waitFor();
      await shot(page, `36-catalog-form-refusal-${language}`);

      await drawer.locator(`#values_${fieldKey}`).fill(`MON-${suffix}`);
      await drawer.locator('.catalog-request-submit').click();
      await page.waitForURL(/\/catalog\/request\/\d+$/);
      // The ticket made carries the answer (the progress page reads it back once the server answers Progress).
      const ticketId = Number(new URL(page.url()).pathname.split('/').at(-1));
      const ticket = await api.ok<{ customFields: Record<string, unknown> }>('GET', `/api/Ticket/Get/${ticketId}`);
      expect(ticket.customFields[fieldKey]).toBe(`MON-${suffix}`);
      await context.close();
    });
  }
});
