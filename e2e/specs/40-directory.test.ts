import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryShown } from '@casedesk/shared';
import {
  hasSlapd,
  noSlapdMessage,
  peopleDn,
  readerDn,
  readerPassword,
  startSlapd,
  type Slapd,
} from '../../apps/server/test/slapd';
import { Api, createAdmin, type TestUser } from '../support/api';
import { clickWhenStill, launchBrowser, newContext, shot, signedIn } from '../support/browser';

/*
 * Issue 33, "Done when" in the browser: an administrator points Settings → Directory at a real slapd, tests the
 * connection, previews the changes, syncs, and the Departments screen shows the directory's leader of a department.
 */

const suffix = randomBytes(3).toString('hex');
// People of this spec's own (the fixture's sample people are shared by every run on a lane's server).
const lab = `Lab ${suffix}`;
const newcomer = `gil${suffix}`;
const colleague = `hal${suffix}`;

let browser: Browser;
let api: Api;
let admin: TestUser;
let slapd: Slapd | undefined;

const directory = () => api.ok<DirectoryShown>('GET', '/api/Directory/Get');

beforeAll(async () => {
  if (!hasSlapd) return;
  slapd = await startSlapd();
  // Both in a department of their own, managed by the sample people's Ada: she becomes its leader.
  for (const uid of [newcomer, colleague])
    await slapd.addPerson({
      uid,
      cn: `${uid} Tester`,
      sn: 'Tester',
      mail: `${uid}@example.com`,
      department: lab,
      manager: 'ada',
      password: 'lab-pass-1',
    });
  ({ user: admin, api } = await createAdmin());
  browser = await launchBrowser();
});

afterAll(async () => {
  // Later specs share this server: sync is off and on no schedule again.
  if (api) {
    const shown = await directory();
    const { bindPasswordSet: _set, ...value } = shown.value;
    await api.ok('POST', '/api/Directory/Save', {
      value: { ...value, enabled: false, syncCron: '' },
      rowVersion: shown.rowVersion,
    });
  }
  await browser?.close();
  await slapd?.stop();
});

/** Opens a select and picks the option whose text is `text`. */
async function choose(page: Page, select: Locator, text: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/** Clicks a button and returns the envelope of the POST it makes to `path`. */
async function posted(page: Page, button: Locator, path: string) {
  const response = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
  await clickWhenStill(button);
  return (await (await response).json()) as { resultCode: number; data: unknown };
}

describe('directory sync', () => {
  it.skipIf(!hasSlapd)(
    'an admin fills Settings → Directory against slapd, tests, previews, syncs and sees the leader',
    async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, admin, '/system/settings');
      await page.locator('[data-node-key="directory"]').click();
      const form = page.locator('.settings-directory');
      await form.locator('#url').waitFor();

      if ((await form.locator('#enabled').getAttribute('aria-checked')) !== 'true')
        await form.locator('#enabled').click();
      await form.locator('#url').fill(slapd!.url);
      await form.locator('#bindDn').fill(readerDn);
      await form.locator('#bindPassword').fill(readerPassword);
      await form.locator('#userBaseDn').fill(peopleDn);
      await form.locator('#userFilter').fill('(objectClass=inetOrgPerson)');
      const attributes = {
        loginName: 'uid',
        email: 'mail',
        fullName: 'cn',
        mobile: 'mobile',
        department: 'departmentNumber',
        manager: 'manager',
      };
      for (const [field, attribute] of Object.entries(attributes))
        await form.locator(`#attributes_${field}`).fill(attribute);
      await choose(page, form.locator('.ant-form-item', { has: page.locator('#defaultRoleCode') }), 'Staff');
      expect((await posted(page, form.getByTestId('directory-save'), '/api/Directory/Save')).resultCode).toBe(200);
      // Saved: the password is stored and the field is empty again only in what it shows.
      await expect.poll(async () => (await directory()).value.bindPasswordSet).toBe(true);

      // Test: the people the filter finds, the first few by name.
      expect((await posted(page, form.getByTestId('directory-test'), '/api/Directory/Test')).resultCode).toBe(200);
      const tested = form.locator('.directory-test-result');
      await tested.waitFor();
      expect(await tested.innerText()).toMatch(/Connected: the filter finds \d+ users/);
      await shot(page, 'directory-test-en');

      // Preview: the newcomer is a new user, and nothing is made yet.
      const sync = page.locator('.directory-sync');
      expect((await posted(page, sync.getByTestId('directory-preview'), '/api/Directory/Sync')).resultCode).toBe(200);
      const row = sync.locator('.directory-changes tr.ant-table-row', { hasText: newcomer });
      await row.first().waitFor();
      expect(await row.first().innerText()).toContain('New user');
      expect(await sync.locator('.directory-sync-result').innerText()).toContain('Preview: nothing was changed.');
      await shot(page, 'directory-preview-en');
      const before = await api.ok<{ items: unknown[] }>('POST', '/api/User/Query', { keyword: newcomer });
      expect(before.items).toHaveLength(0);

      // Sync now, asked first.
      await clickWhenStill(sync.getByTestId('directory-sync'));
      const confirm = page.locator('.ant-modal-confirm');
      const done = (await posted(page, confirm.getByRole('button', { name: 'Sync now' }), '/api/Directory/Sync')) as {
        resultCode: number;
        data: { dryRun: boolean; created: number };
      };
      expect(done.resultCode).toBe(200);
      expect(done.data.dryRun).toBe(false);
      await sync.locator('.directory-sync-result', { hasText: 'Synced with the directory.' }).waitFor();
      await shot(page, 'directory-synced-en');

      // The org chart: the department from the directory, led by the manager its people name.
      await page.goto('/system/dept');
      await page.locator('.org-list .ant-table').waitFor();
      await page.locator('.org-list .ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      const dept = page.locator('.org-list tr.ant-table-row', { hasText: lab });
      await dept.waitFor();
      expect(await dept.innerText()).toContain('Ada Lovelace');
      await shot(page, 'directory-departments-en');
      const made = await api.ok<{ items: { loginName: string }[] }>('POST', '/api/User/Query', { keyword: newcomer });
      expect(made.items.map((u) => u.loginName)).toContain(newcomer);
      await context.close();
    },
  );

  it.runIf(!hasSlapd)('is skipped without slapd', () => {
    console.warn(noSlapdMessage);
  });
});
