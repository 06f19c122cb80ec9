import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createStaff, type Api } from '../support/api';
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
  const categoryId = (
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
  it.todo('the progress page shows the approval steps, the fulfilment and the answers (needs Catalog/Progress)');

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
