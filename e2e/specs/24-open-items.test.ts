import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, userPassword, type Api } from '../support/api';
import { clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';
type Envelope<T = unknown> = { resultCode: number; resultMsg: string; data: T };
type OpenItemRow = { id: number; serial: number; status: string; comment: string | null; rowVersion: number };

const suffix = randomBytes(3).toString('hex').toUpperCase();
const texts: Record<Language, { complete: string; updateComment: string; deleteComplete: string }> = {
  en: {
    complete: 'Complete',
    updateComment: 'Please update the comment',
    deleteComplete: "It's not allowed to delete the open item marked in Complete",
  },
  'zh-cn': { complete: '已完成', updateComment: '请更新备注', deleteComplete: '不允许删除已标记为完成的待办事项' },
  'zh-tw': { complete: '已完成', updateComment: '請更新備註', deleteComplete: '不允許刪除已標記為完成的待辦事項' },
};

let browser: Browser;
let api: Api;
let projectId: number;
let categoryId: number;
let commonRoleId: number;
let deleterRoleId: number;

beforeAll(async () => {
  api = await adminApi();
  const companyId = (
    await api.ok<{ id: number }>('POST', '/api/Company/Add', { code: `OI-${suffix}`, name: `Open Item Co ${suffix}` })
  ).id;
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `OI-${suffix}`,
      projectName: `Open items ${suffix}`,
      companyIds: [companyId],
    })
  ).id;
  categoryId = (
    await api.ok<{ id: number }>('POST', '/api/Category/Add', {
      categoryCode: `OI-${suffix}`,
      categoryDescription: `Site visits ${suffix}`,
      projectIds: [projectId],
    })
  ).id;
  const roles = await api.ok<{ items: { id: number; code: string }[] }>('POST', '/api/Role/Query', {
    isSystem: true,
    pageSize: 100,
  });
  commonRoleId = roles.items.find((r) => r.code === 'common')!.id;
  // The common role cannot delete open items at all; this staff member also may, so the spec's refusal shows.
  deleterRoleId = (
    await api.ok<{ id: number }>('POST', '/api/Role/Add', {
      name: `Open item cleanup ${suffix}`,
      code: `oiDelete${suffix}`,
      permissions: ['openItem:delete'],
    })
  ).id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function staffWithDelete(language: Language) {
  const loginName = `oistaff_${language.replace('-', '')}_${randomBytes(3).toString('hex')}`;
  const created = await api.ok<{ id: number }>('POST', '/api/User/Add', {
    loginName,
    realName: 'Olga',
    lastName: `Items ${language}`,
    email: `${loginName}@example.test`,
    password: userPassword,
    needToChangePwd: false,
    language,
    roles: [commonRoleId, deleterRoleId],
    projects: [projectId],
  });
  return { id: created.id, loginName, password: userPassword };
}

async function submit<T>(page: Page, call: string, click: () => Promise<void>): Promise<Envelope<T>> {
  const answered = page.waitForResponse((r) => r.url().includes(call) && r.request().method() === 'POST');
  await click();
  return (await (await answered).json()) as Envelope<T>;
}

describe('open items', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`a staff user adds an open item on the ticket page, completes it and cannot delete it (${language})`, async () => {
      const text = texts[language];
      const staff = await staffWithDelete(language);
      const ticket = await api.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
        subject: `Replace the router ${suffix} ${language}`,
        projectId,
        categoryId,
        assignTo: staff.id,
      });

      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, staff, `/ticket/info/${ticket.id}`);
      const panel = page.locator('.open-item-panel');
      await panel.locator('.open-item-add').waitFor();

      // Add from the ticket page.
      await panel.locator('.open-item-add').click();
      const drawer = page.locator('.master-editor');
      await drawer.locator('#description').waitFor();
      await drawer.locator('#description').fill(`Check the cabling ${suffix}`);
      await drawer.locator('#loe').fill('2.5');
      await drawer.locator('#comment').fill('Booked a visit');
      const added = await submit<OpenItemRow>(page, '/api/OpenItem/Add', () =>
        drawer.locator('.ant-drawer-footer .ant-btn-primary').click(),
      );
      expect(added.resultCode, added.resultMsg).toBe(200);
      expect(added.data.serial).toBe(1);
      await drawer.waitFor({ state: 'hidden' });
      await panel.locator('.open-item-row').first().waitFor();
      await panel.locator('.open-item-panel-loe').waitFor();
      await panel.scrollIntoViewIfNeeded();
      await shot(page, `24-open-item-panel-${language}`);

      // Complete it on its page: a confirmation, then the comment prompt before the save.
      await panel.locator('.open-item-link').first().click();
      await page.waitForURL(`**/openItem/info/${added.data.id}`);
      await page.locator('.open-item-info-page .open-item-edit').click();
      // The drawer slides in (and the ticket page's own editor stays mounted, hidden): open the visible one's
      // status once it has arrived, by its box (the search input inside it takes no clicks).
      const editor = page.locator('.master-editor:visible');
      await clickWhenStill(editor.locator('.ant-select:has(#status)'));
      await clickWhenStill(
        page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text.complete }).first(),
      );
      const confirm = page.locator('.open-item-status-confirm');
      await confirm.waitFor();
      await clickWhenStill(confirm.locator('.ant-modal-confirm-btns .ant-btn-primary'));
      await page.locator('.ant-message').getByText(text.updateComment).waitFor();
      // Saving with the old comment is refused by the form (the server refuses it too).
      await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
      await drawer.locator('.ant-form-item-explain-error', { hasText: text.updateComment }).waitFor();
      await drawer.locator('#comment').fill('Cabling replaced, all ports work');
      const updated = await submit<OpenItemRow>(page, '/api/OpenItem/Update', () =>
        drawer.locator('.ant-drawer-footer .ant-btn-primary').click(),
      );
      expect(updated.resultCode, updated.resultMsg).toBe(200);
      expect(updated.data.status).toBe('Complete');
      await drawer.waitFor({ state: 'hidden' });
      await page.locator('.open-item-info-page .open-item-status-Complete').waitFor();
      await page.locator('.open-item-comment-text', { hasText: 'Cabling replaced' }).waitFor();
      // The toasts of the save go first, so that the shot shows the page.
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, `24-open-item-info-${language}`);

      // Deleting a Complete item is refused with the spec's words, in the user's language.
      await page.locator('.open-item-info-page .open-item-delete').click();
      const refused = await submit(page, `/api/OpenItem/Delete/${added.data.id}`, () =>
        clickWhenStill(page.locator('.ant-modal-confirm-btns .ant-btn-dangerous')),
      );
      // The server answers in the user's language too (contract section 18).
      expect(refused.resultMsg).toBe(text.deleteComplete);
      const warning = page.locator('.open-item-delete-refused');
      await warning.getByText(text.deleteComplete).waitFor();
      await shot(page, `24-open-item-delete-refused-${language}`);
      await warning.locator('.ant-btn-primary').click();
      const still = await api.ok<{ status: string }>('GET', `/api/Ticket/Get/${ticket.id}`);
      expect(still.status).not.toBe('Cancelled');

      // The list finds it with its LOE total.
      const listed = page.waitForResponse((r) => r.url().includes('/api/OpenItem/Query'));
      await page.goto('/openItem/list');
      await listed;
      await page.locator('.open-item-list .ant-table-row').first().waitFor();
      await page.locator('.open-item-search input').fill(suffix);
      await page.locator('.open-item-search input').press('Enter');
      await page.locator('.open-item-list .ant-table-row', { hasText: ticket.caseNumber }).waitFor();
      await page.locator('.open-item-loe-total').waitFor();
      await shot(page, `24-open-item-list-${language}`);
      await context.close();
    }, 180_000);
  }
});
