import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api, createStaff, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

// In-app notifications (issue 18 item 6): the bell hears an assignment and a comment live, opens the ticket,
// and the notifications page lists and marks them. The ticket services emit the events (branch `tmpl`).
const suffix = randomBytes(3).toString('hex');

let browser: Browser;
let projectId: number;
let creator: TestUser;
let creatorApi: Api;

beforeAll(async () => {
  const api = await adminApi();
  projectId = (
    await api.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `NT-${suffix}`,
      projectName: `Notify ${suffix}`,
    })
  ).id;
  creator = await createStaff({ realName: 'Carla', projects: [projectId] });
  creatorApi = new Api();
  expect(await creatorApi.signIn(creator.loginName, creator.password)).toBe(true);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const badge = (page: Page) => page.locator('.notification-bell .ant-badge-count');
/** The count on the bell: 0 when no badge is shown. */
const shownCount = async (page: Page) =>
  (await badge(page).count()) === 0 ? 0 : Number((await badge(page).getAttribute('title')) ?? 0);

describe('notifications', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`tells the assignee live, opens the ticket from the bell and lists them (${language})`, async () => {
      const agent = await createStaff({ realName: `Agent ${language}`, language, projects: [projectId] });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, agent);
      expect(await shownCount(page)).toBe(0);

      // Written by someone else while the agent looks at the dashboard: the badge moves without a reload.
      const ticket = await creatorApi.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
        subject: `Printer jams on floor ${suffix}`,
        projectId,
        assignTo: agent.id,
      });
      await expect.poll(() => shownCount(page), { timeout: 15_000 }).toBe(1);
      await creatorApi.ok('POST', '/api/TicketComment/Add', {
        ticketId: ticket.id,
        comment: '<p>It happens every morning after the first print job.</p>',
        public: false,
      });
      await expect.poll(() => shownCount(page), { timeout: 15_000 }).toBe(2);

      await page.locator('.notification-bell').click();
      const panel = page.locator('[data-testid="notification-panel"]');
      await panel.waitFor();
      await expect.poll(() => panel.locator('.notification-item').count()).toBe(2);
      const texts = await panel.locator('.notification-item').allInnerTexts();
      expect(texts.join('\n')).toContain(ticket.caseNumber);
      await shot(page, `notification-bell-${language}`);

      // The assignment (the older one) leads to the ticket and is read from then on.
      await panel.locator('.notification-item').nth(1).click();
      await page.waitForURL(`**/ticket/info/${ticket.id}`);
      await expect.poll(() => shownCount(page), { timeout: 15_000 }).toBe(1);

      await page.goto('/notification/list');
      const list = page.locator('.notification-list');
      await list.waitFor();
      await expect.poll(() => list.locator('.ant-table-row').count()).toBe(2);
      await shot(page, `notification-list-${language}`);

      await list.locator('.notification-read-filter .ant-segmented-item').nth(1).click(); // unread only
      await expect.poll(() => list.locator('.ant-table-row').count()).toBe(1);
      await list
        .getByRole('button', {
          name: { en: 'Mark all read', 'zh-cn': '全部标为已读', 'zh-tw': '全部標為已讀' }[language],
        })
        .click();
      await expect.poll(() => shownCount(page), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => list.locator('.ant-table-row').count()).toBe(0);
      await context.close();
    });
  }
});
