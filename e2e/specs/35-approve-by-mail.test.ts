import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowInstanceInfo } from '@casedesk/shared';
import { Api, createAdmin, createStaff, type TestUser } from '../support/api';
import { apiSettled, expectNoSideways, launchBrowser, newContext, phone, shot, signedIn } from '../support/browser';
// A real SMTP server on loopback: the task mails are taken from what it received (the server tests' own sink).
import { sinkPassword, sinkUser, startSmtpSink, type SmtpSink } from '../../apps/server/test/mail-servers';

/*
 * Issue 31, contract 22: an approver follows the Approve (or Reject) link of the task mail the SMTP server received,
 * on a phone and not signed in; the page asks first, the POST decides, the link then says it was used. And the list
 * screens on a phone: rows as cards, nothing scrolling sideways.
 */

const suffix = randomBytes(3).toString('hex');
const languages = ['en', 'zh-cn', 'zh-tw'] as const;
type Language = (typeof languages)[number];
const htmlLang = { en: 'en', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' } as const;
/** The page's words (workflow.mailLink in the web's locales), as the approver reads them. */
const words = {
  en: { confirm: 'Approve this request', done: 'Approved', used: 'This link has already been used.' },
  'zh-cn': { confirm: '同意此申请', done: '已同意', used: '此链接已被使用过。' },
  'zh-tw': { confirm: '同意此申請', done: '已同意', used: '此連結已被使用過。' },
} as const;

let browser: Browser;
let admin: Api;
let smtp: SmtpSink;
let accountId: number;
let projectId: number;
let initiator: Api;
const approvers = {} as Record<Language, TestUser>;
/** Two requests waiting for the three approvers: the first is approved by link, the second rejected. */
const requests: { ticketId: number; caseNumber: string; subject: string; instanceId: number }[] = [];

beforeAll(async () => {
  ({ api: admin } = await createAdmin());
  smtp = await startSmtpSink();
  // The default account sends every mail of this server to the sink while the spec runs.
  accountId = (
    await admin.ok<{ id: number }>('POST', '/api/MailAccount/Add', {
      name: `Approvals ${suffix}`,
      address: `desk.${suffix}@example.test`,
      account: sinkUser,
      password: sinkPassword,
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpStartTls: false,
      isDefault: true,
    })
  ).id;
  projectId = (
    await admin.ok<{ id: number }>('POST', '/api/Project/Add', {
      projectCode: `AM-${suffix}`,
      projectName: `Mail approvals ${suffix}`,
    })
  ).id;
  const submitter = await createStaff({ realName: 'Iris', projects: [projectId] });
  for (const language of languages)
    approvers[language] = await createStaff({ realName: `Abe ${language}`, language, projects: [projectId] });
  const code = `mail-${suffix}`;
  const created = await admin.ok<{ id: number; rowVersion: number }>('POST', '/api/Workflow/Add', {
    name: `Mail approval ${suffix}`,
    code,
    type: 'Ticket',
    flowChart: {
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
        approvers: { strategy: 'users', ids: languages.map((language) => approvers[language].id) },
        mode: 'all',
        next: { id: 'end', name: 'End', type: 'end' },
      },
    },
  });
  await admin.ok('POST', `/api/Workflow/Publish/${created.id}`, { rowVersion: created.rowVersion });
  await admin.ok('POST', '/api/WorkflowRegistry/Add', {
    businessType: 'Ticket',
    workflowCode: code,
    conditions: [{ field: 'projectId', op: 'eq', value: projectId }],
    priority: 1,
  });
  initiator = new Api();
  await initiator.signIn(submitter.loginName, submitter.password);
  for (const what of ['A standing desk for the new hire', 'A second licence for the drawing tool']) {
    const subject = `${what} ${suffix}`;
    // A file with a long name, for the ticket page on a phone.
    const quote = await initiator.upload('quote-for-the-height-adjustable-desk-from-the-usual-vendor.txt', 'EUR 640');
    const ticket = await initiator.ok<{ id: number; caseNumber: string }>('POST', '/api/Ticket/Add', {
      subject,
      content: '<p>Please decide this week.</p>',
      projectId,
      attachments: [quote],
    });
    const submitted = await initiator.ok<{ instance: { id: number } }>('POST', '/api/WorkflowInstance/Submit', {
      businessType: 'Ticket',
      businessId: ticket.id,
    });
    requests.push({ ticketId: ticket.id, caseNumber: ticket.caseNumber, subject, instanceId: submitted.instance.id });
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  // Later specs share this server: no account of ours keeps sending.
  if (accountId) await admin.call('POST', `/api/MailAccount/Delete/${accountId}`, {});
  await browser?.close();
  await smtp?.close();
});

/** The Approve and Reject links of the task mail the sink received for this approver and request, once it came. */
async function mailedLinks(approver: TestUser, request: { subject: string }) {
  let links: { approve: string; reject: string } | null = null;
  await expect
    .poll(
      async () => {
        for (const message of smtp.messages.filter((m) => m.to.includes(approver.email))) {
          const html = (await PostalMime.parse(message.raw)).html ?? '';
          if (!html.includes(request.subject)) continue;
          const hrefs = [...html.matchAll(/href="([^"]+\/approve\/[^"]+)"/g)].map((m) => m[1]!);
          const approve = hrefs.find((href) => href.includes('/approve/a.'));
          const reject = hrefs.find((href) => href.includes('/approve/r.'));
          if (approve && reject) links = { approve, reject };
        }
        return links !== null;
      },
      // The send job hands the outbox to the SMTP server every few seconds.
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return links!;
}

/** A phone's browser, signed in to nothing, that reads English: the page's language is the approver's own. */
async function phoneBrowser(): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await page.setViewportSize(phone);
  return page;
}

async function infoOf(api: Api, instanceId: number) {
  return api.ok<WorkflowInstanceInfo>('GET', `/api/WorkflowInstance/Info/${instanceId}`);
}

async function signedInApi(user: TestUser) {
  const api = new Api();
  await api.signIn(user.loginName, user.password);
  return api;
}

/** Presses the page's button with a comment and waits for the page the POST answers. */
async function decide(page: Page, comment: string) {
  await page.locator('textarea#comment').fill(comment);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/approve/'));
  await page.locator('form button[type="submit"]').click();
  expect((await answered).status()).toBe(200);
  await page.locator('.notice.done').waitFor();
}

describe('approving from the mail on a phone', () => {
  it.each(languages)('the Approve link asks first, then approves once, with the comment (%s)', async (language) => {
    const approver = approvers[language];
    const request = requests[0]!;
    const links = await mailedLinks(approver, request);
    const page = await phoneBrowser();
    await page.goto(links.approve);
    await page.locator('textarea#comment').waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(htmlLang[language]);
    await expect(page.locator('h1').innerText()).resolves.toBe(words[language].confirm);
    await page.locator('dd', { hasText: request.subject }).waitFor();
    await expectNoSideways(page, 'confirm page');
    await shot(page, `approve-mail-confirm-${language}`);

    // Opening the link decided nothing: the task still waits for the approver.
    const own = await signedInApi(approver);
    const before = await infoOf(own, request.instanceId);
    expect(before.myTasks.map((task) => task.kind)).toEqual(['approve']);
    expect(before.log.filter((entry) => entry.actorId === approver.id)).toEqual([]);

    const comment = `Fine by me, ${language} ${suffix}`;
    await decide(page, comment);
    await expect(page.locator('h1').innerText()).resolves.toBe(words[language].done);
    await expectNoSideways(page, 'done page');
    await shot(page, `approve-mail-done-${language}`);

    // The history says who approved, from the link, with the comment; the task no longer waits.
    const after = await infoOf(initiator, request.instanceId);
    expect(after.log.filter((entry) => entry.actorId === approver.id)).toEqual([
      expect.objectContaining({ action: 'approve', channel: 'link', comment }),
    ]);
    expect((await infoOf(own, request.instanceId)).myTasks).toEqual([]);

    // The same link again: used, and nothing more happens.
    await page.goto(links.approve);
    await page.getByText(words[language].used).waitFor();
    await expect(page.locator('form').count()).resolves.toBe(0);
    await shot(page, `approve-mail-used-${language}`);
    expect((await infoOf(initiator, request.instanceId)).log.filter((e) => e.actorId === approver.id)).toHaveLength(1);
    await page.context().close();
  });

  it('once all three approved by link, the request is approved', async () => {
    expect((await infoOf(initiator, requests[0]!.instanceId)).instance.status).toBe('Approved');
  });

  it("another task's Reject link rejects the request with the reason; its Approve link is then spent", async () => {
    const request = requests[1]!;
    const links = await mailedLinks(approvers.en, request);
    const page = await phoneBrowser();
    await page.goto(links.reject);
    await expect(page.locator('h1').innerText()).resolves.toBe('Reject this request');
    await expect(page.locator('form button.reject').innerText()).resolves.toBe('Reject');
    await expectNoSideways(page, 'reject page');
    await shot(page, 'reject-mail-confirm-en');
    expect((await infoOf(initiator, request.instanceId)).instance.status).toBe('Running');

    const reason = `Not in this quarter's budget ${suffix}`;
    await decide(page, reason);
    await expect(page.locator('h1').innerText()).resolves.toBe('Rejected');
    await shot(page, 'reject-mail-done-en');
    const after = await infoOf(initiator, request.instanceId);
    expect(after.instance.status).toBe('Rejected');
    expect(after.log.filter((entry) => entry.actorId === approvers.en.id)).toEqual([
      expect.objectContaining({ action: 'reject', channel: 'link', comment: reason }),
    ]);

    // One mail, one decision: its Approve link now says it was used.
    await page.goto(links.approve);
    await page.getByText(words.en.used).waitFor();
    await page.context().close();
  });
});

describe('lists on a phone', () => {
  it.each(languages)('the ticket list, the open items and the ticket page fit as cards (%s)', async (language) => {
    const { user } = await createAdmin({ language, projects: [projectId] });
    const ticket = requests[0]!;
    await admin.ok('POST', '/api/OpenItem/Add', {
      ticketId: ticket.ticketId,
      description: `Order the desk from the usual vendor (${language}) ${suffix}`,
    });
    await admin.ok('POST', '/api/TicketComment/Add', {
      ticketId: ticket.ticketId,
      comment: `<p>The vendor delivers on Thursdays (${language}).</p>`,
      public: true,
    });
    const page = await (await newContext(browser)).newPage();
    await page.setViewportSize(phone);

    await signedIn(page, user, '/ticket/list');
    const ticketCards = page.locator('.ticket-table.list-cards .list-card');
    await expect.poll(() => ticketCards.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.locator('.ticket-print-area .ant-table').count()).resolves.toBe(0);
    // A card shows its row's actions, and choosing it is choosing the row.
    const card = ticketCards.filter({ hasText: ticket.caseNumber });
    await card.locator('.list-card-actions button').first().waitFor();
    await card.locator('.list-card-select input').check();
    await expect(page.locator('.list-card-select .ant-checkbox-checked').count()).resolves.toBe(1);
    await expectNoSideways(page, 'ticket list');
    // The list itself, below the views and the filters.
    await page.locator('.ticket-print-area').evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await shot(page, `phone-ticket-list-${language}`);

    await page.goto('/openItem/list');
    const itemCards = page.locator('.open-item-list .list-card');
    await expect.poll(() => itemCards.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.locator('.open-item-list .ant-table').count()).resolves.toBe(0);
    await apiSettled(page);
    await expectNoSideways(page, 'open items');
    await shot(page, `phone-open-items-${language}`);

    await page.goto(`/ticket/info/${ticket.ticketId}`);
    await page.locator('.open-item-panel .open-item-row').first().waitFor();
    await page.getByText('quote-for-the-height-adjustable-desk-from-the-usual-vendor.txt').first().waitFor();
    await apiSettled(page);
    await expectNoSideways(page, 'ticket page');
    await shot(page, `phone-ticket-page-${language}`);
    await page.locator('.open-item-panel').evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
    await shot(page, `phone-ticket-page-items-${language}`);
    await page.context().close();
  });
});
