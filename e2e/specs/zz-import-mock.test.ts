import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAdmin } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const ok = (route: Route, data: unknown) =>
  route.fulfill({ contentType: 'application/json', body: JSON.stringify({ resultCode: 200, resultMsg: 'ok', data }) });
const def = {
  id: 1, importName: 'Users from HR', description: null, status: 'Active', tableModel: 'User', importType: 'xlsx',
  source: 'HR system', haveHeader: true, headerRow: 1, sheetName: null, encoding: 'auto', batchSize: 500,
  operationType: 'Upsert', matchConditions: ['loginName'], mappings: [{ column: 'loginName', field: 'loginName' }],
  rowVersion: 1, lastRunAt: '2026-11-26T03:00:00Z', lastRunStatus: 'Succeeded',
};
const lbl = (en: string, cn: string, tw: string) => ({ en, 'zh-cn': cn, 'zh-tw': tw });
const targets = [{ target: 'User', fields: [
  { field: 'loginName', labels: lbl('Login name', '登录名', '登入名稱'), required: true, matchable: true, type: 'text' },
  { field: 'realName', labels: lbl('First name', '名', '名'), required: true, matchable: false, type: 'text' },
  { field: 'email', labels: lbl('E-mail', '邮箱', '電子郵件'), required: false, matchable: true, type: 'text' },
  { field: 'dept', labels: lbl('Department', '部门', '部門'), required: false, matchable: false, type: 'reference' },
] }];
let polls = 0;
const run = () => {
  polls++;
  const done = polls > 4;
  return { id: 7, importId: 1, fileId: '3', fileName: 'users.xlsx', dryRun: false, status: done ? 'Succeeded' : 'Running',
    total: 2000, processed: done ? 2000 : 400 * polls, inserted: done ? 1990 : 0, updated: 0, unchanged: 0, failed: done ? 10 : 0,
    errorFileId: done ? '9' : null, message: null, startedBy: 1, startedByName: 'Admin', createdAt: new Date(Date.now() - 5000).toISOString(),
    startedAt: new Date(Date.now() - 5000).toISOString(), finishedAt: done ? new Date().toISOString() : null };
};
describe('mock', () => {
  for (const language of ['en', 'zh-cn'] as const)
  it(`screens ${language}`, async () => {
    const { user } = await createAdmin({ language });
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.route('**/api/Import/**', async (route) => {
      const url = route.request().url();
      if (url.includes('/Query')) return ok(route, { items: [def], total: 1 });
      if (url.includes('/Targets')) return ok(route, targets);
      if (url.includes('/Detail/')) return ok(route, def);
      if (url.includes('/Preview')) return ok(route, { sheets: ['Users', 'Notes'], encoding: null,
        columns: [{ column: 'loginName', samples: ['ann', 'bob'] }, { column: 'First name', samples: ['Ann', 'Bob'] }, { column: 'Mail', samples: ['a@x.test'] }],
        mappings: [{ column: 'loginName', field: 'loginName' }, { column: 'First name', field: 'realName' }] });
      if (url.includes('/Runs/')) return ok(route, run());
      if (url.includes('/Runs')) return ok(route, { items: [run()], total: 1 });
      return ok(route, null);
    });
    await signedIn(page, user);
    await page.goto('/import/list');
    await page.locator('.import-list .ant-table-row').waitFor();
    await shot(page, `mock-list-${language}`);
    await page.locator('.row-edit').click();
    const drawer = page.locator('.master-editor');
    await drawer.locator('.import-name').waitFor();
    await page.waitForTimeout(500);
    await shot(page, `mock-editor-${language}`);
    await drawer.locator('.import-mapping input[type="file"]').setInputFiles({ name: 'u.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await page.route('**/api/Files/Upload', (route) => ok(route, [{ fileId: 3, fileUrl: '', name: 'u.xlsx', ext: 'xlsx', size: 1, fileType: 'x' }]));
    await drawer.locator('.import-mapping input[type="file"]').setInputFiles({ name: 'u.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await drawer.locator('.import-mapping-table').waitFor();
    await drawer.locator('.import-mapping-table').scrollIntoViewIfNeeded();
    await shot(page, `mock-mapping-${language}`);
    await page.keyboard.press('Escape');
    polls = 0;
    await page.evaluate(() => sessionStorage.setItem(Object.keys(sessionStorage).find((k) => k.endsWith('tagsViewList'))!.replace('tagsViewList', 'importRun'), '7'));
    await page.reload();
    await page.locator('.import-progress').waitFor();
    await shot(page, `mock-progress-${language}`);
    await page.locator('.import-summary').waitFor();
    await shot(page, `mock-summary-${language}`);
    await page.locator('.import-run .ant-modal-close').click();
    await page.locator('.import-row-history').first().click();
    await page.locator('.import-history .ant-table-row').waitFor();
    await shot(page, `mock-history-${language}`);
    await context.close();
  }, 120000);
});
