import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createAdmin, createStaff, type Api } from '../support/api';
import { launchBrowser, newContext, pickerText, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';
type DelegateRow = { id: number; delegateBy: number; delegateTo: number; startDate: string; endDate: string | null };
type LogEntry = {
  event: string;
  delegateBy: number;
  delegateTo: number;
  ticketId: number | null;
  caseNumber: string | null;
};

const suffix = randomBytes(3).toString('hex').toUpperCase();
const texts: Record<Language, { created: string; ticketReached: string; tickets: string }> = {
  en: { created: 'Created', ticketReached: 'Ticket reached delegate', tickets: 'Tickets' },
  'zh-cn': { created: '新建', ticketReached: '工单转给受托人', tickets: '工单' },
  'zh-tw': { created: '新增', ticketReached: '工單轉給受託人', tickets: '工單' },
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let api: Api;
let projectId: number;
let categoryId: number;
let companyId: number;
const projectName = `Field service ${suffix}`;

beforeAll(async () => {
  api = await adminApi();
  companyId = (
    await api.ok<{ id: number }>('POST', '/api/Company/Add', { code: `DL-${suffix}`, name: `Delegate Co ${suffix}` })
  ).id;
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `DL-${suffix}`,
      projectName,
      companyIds: [companyId],
    })
  ).id;
  categoryId = (
    await api.ok<{ id: number }>('POST', '/api/Category/Add', {
      categoryCode: `DL-${suffix}`,
      categoryDescription: `Delegated faults ${suffix}`,
      projectIds: [projectId],
    })
  ).id;
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

async function pickDay(page: Page, selector: string, value: string) {
  const input = page.locator(`${selector} input`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('delegates', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`a user delegates their tickets for a date range and project; an admin sees it in the audit (${language})`, async () => {
      const text = texts[language];
      const owner = await createStaff({ language, realName: `Olive${suffix}${language}`, projects: [projectId] });
      const deputyName = `Dana${suffix}${language.replace('-', '')}`;
      const deputy = await createStaff({ language, realName: deputyName, projects: [projectId] });
      const { user: admin } = await createAdmin({ language });

      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, owner);
      const listed = page.waitForResponse((r) => r.url().includes('/api/Delegate/Query'));
      await page.goto('/delegate/list');
      await listed;
      await page.locator('.delegate-list .ant-table').waitFor();

      await page.locator('.delegate-new').click();
      const drawer = page.locator('.master-editor');
      await drawer.locator('#delegateTo').waitFor();
      // A common user keeps their own delegations: no owner picker.
      expect(await drawer.locator('.delegate-owner').count()).toBe(0);
      await choose(page, 'delegateTo', deputyName);
      await drawer.locator('.delegate-type').getByText(text.tickets, { exact: true }).click();
      await pickDay(page, '.delegate-start', day(0));
      await pickDay(page, '.delegate-end', day(5));
      // The project shows as chosen before going on (choose again if a click on an option still being filtered
      // missed it).
      const chosenProject = drawer.locator('.ant-select-selection-item', { hasText: projectName });
      for (let attempt = 0; attempt < 3 && (await chosenProject.count()) === 0; attempt++) {
        await choose(page, 'projectIds', projectName);
        await chosenProject.waitFor({ timeout: 3000 }).catch(() => undefined);
      }
      await chosenProject.waitFor();
      await drawer.locator('#delegateTo').click(); // closes the project list before the shot
      await page.keyboard.press('Escape');
      await shot(page, `delegate-editor-${language}`);

      const saved = page.waitForResponse((r) => r.url().includes('/api/Delegate/Add'));
      await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
      const body = (await (await saved).json()) as { resultCode: number; resultMsg: string; data: DelegateRow };
      expect(body.resultCode, body.resultMsg).toBe(200);
      expect(body.data).toMatchObject({
        delegateBy: owner.id,
        delegateTo: deputy.id,
        startDate: day(0),
        endDate: day(5),
        projectIds: [projectId],
      });
      await drawer.waitFor({ state: 'hidden' });
      const row = page.locator('.delegate-list .ant-table-row', { hasText: deputyName }).first();
      await row.waitFor();
      await row.getByText(projectName).waitFor();
      expect(await row.locator('.delegate-switch.ant-switch-checked').count()).toBe(1);
      await shot(page, `delegate-list-${language}`);

      // The switch turns it off and on again, each time at the version the list shows.
      for (const enabled of [false, true]) {
        const switched = page.waitForResponse((r) => r.url().includes('/api/Delegate/SetEnabled'));
        await row.locator('.delegate-switch').click();
        const answer = (await (await switched).json()) as { resultCode: number; data: { enabled: boolean } };
        expect(answer).toMatchObject({ resultCode: 200, data: { enabled } });
        await expect.poll(() => row.locator('.delegate-switch.ant-switch-checked').count()).toBe(enabled ? 1 : 0);
      }

      // Editing moves the end date; the audit shows it as a change.
      await row.locator('.row-edit').click();
      await drawer.locator('.delegate-end input').waitFor();
      await expect.poll(() => drawer.locator('.delegate-end input').inputValue()).toBe(pickerText(day(5), language));
      await pickDay(page, '.delegate-end', day(6));
      const updated = page.waitForResponse((r) => r.url().includes('/api/Delegate/Update'));
      await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
      expect(((await (await updated).json()) as { data: DelegateRow }).data.endDate).toBe(day(6));
      await drawer.waitFor({ state: 'hidden' });

      // A ticket assigned to the owner in that project now reaches the deputy.
      const ownerApi = new (api.constructor as new () => Api)();
      expect(await ownerApi.signIn(owner.loginName, owner.password)).toBe(true);
      const ticket = await ownerApi.ok<{ id: number; caseNumber: string; delegateTo: number | null }>(
        'POST',
        '/api/Ticket/Add',
        { subject: `Boiler ${suffix}`, projectId, categoryId, companyId, assignTo: owner.id },
      );
      expect(ticket.delegateTo).toBe(deputy.id);
      await context.close();

      // The administrator sees the change and the ticket in the delegate audit.
      const adminContext = await newContext(browser);
      const adminPage = await adminContext.newPage();
      await signedIn(adminPage, admin);
      const history = adminPage.waitForResponse((r) => r.url().includes('/api/Delegate/History'));
      await adminPage.goto('/delegate/audit');
      const entries = ((await (await history).json()) as { data: { items: LogEntry[] } }).data.items;
      expect(entries.slice(0, 5).map((e) => e.event)).toEqual([
        'ticketReached',
        'updated',
        'enabled',
        'disabled',
        'created',
      ]);
      const filtered = adminPage.waitForResponse((r) => r.url().includes('/api/Delegate/History'));
      await choose(adminPage, 'delegate-audit-user', deputyName);
      await filtered;
      const table = adminPage.locator('.delegate-audit-table');
      await table.locator('.ant-table-row', { hasText: text.created }).first().waitFor();
      const reached = table.locator('.ant-table-row', { hasText: text.ticketReached }).first();
      await reached.getByText(ticket.caseNumber).waitFor();
      expect(await table.locator('.ant-table-row').count()).toBe(5);
      await shot(adminPage, `delegate-audit-${language}`);
      await adminContext.close();
    });
  }
});
