import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';
type Run = { id: number; status: string; inserted: number; updated: number; unchanged: number; failed: number };

const suffix = randomBytes(3).toString('hex');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-import-'));
const headers = ['loginName', 'realName', 'lastName', 'email', 'password'];
const targetName: Record<Language, string> = { en: 'Users', 'zh-cn': '用户', 'zh-tw': '使用者' };
const fieldLabel: Record<Language, string> = { en: 'Login name', 'zh-cn': '登录名', 'zh-tw': '登入名稱' };
const upsertName: Record<Language, string> = { en: 'Update and insert', 'zh-cn': '更新并插入', 'zh-tw': '更新並新增' };

/** Every `step`-th row (from the 8th) has an e-mail the user service refuses. */
const isBad = (index: number, step: number) => index % step === 7;

type Row = [string, string, string, string, string];
function userRows(prefix: string, count: number, step: number, fixed = false): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const login = `${prefix}${String(i + 1).padStart(4, '0')}`;
    const email = isBad(i, step) && !fixed ? `${login}-at-example` : `${login}@example.test`;
    return [login, `Imported ${i + 1}`, 'Sheet', email, 'Import@2026!'];
  });
}

async function writeXlsx(name: string, rows: Row[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  const path = join(dir, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openImports(page: Page) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/Import/Query'));
  await page.goto('/import/list');
  await listed;
  await page.locator('.import-list .ant-table').waitFor();
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Creates a Users definition through the editor, mapping a sample; a screenshot of the mapping step. */
async function createDefinition(page: Page, language: Language, name: string, sample: string, batch: number) {
  await page.locator('.import-new').click();
  const drawer = page.locator('.master-editor');
  await drawer.locator('.import-name').fill(name);
  // Small batches: the progress moves in steps of a batch.
  await drawer.locator('#batchSize').fill(String(batch));
  await choose(page, drawer.locator('.import-target'), targetName[language]);
  const previewed = page.waitForResponse((r) => r.url().includes('/api/Import/Preview'));
  await drawer.locator('.import-mapping input[type="file"]').setInputFiles(sample);
  const preview = (await (await previewed).json()) as {
    resultCode: number;
    resultMsg: string;
    data: { mappings: { column: string; field: string }[] };
  };
  expect(preview.resultCode, preview.resultMsg).toBe(200);
  // Every column is proposed a field from its header.
  expect(preview.data.mappings).toEqual(headers.map((h) => ({ column: h, field: h })));
  await expect.poll(() => drawer.locator('.import-mapping-table .ant-table-row').count()).toBe(headers.length);
  await drawer.locator('.import-mapping-table .ant-table-row', { hasText: fieldLabel[language] }).waitFor();
  await drawer.locator('.import-mapping-table .ant-table-row').last().scrollIntoViewIfNeeded();
  await shot(page, `import-mapping-${language}`);
  const saved = page.waitForResponse((r) => r.url().includes('/api/Import/Add'));
  await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
  const body = (await (await saved).json()) as { resultCode: number; resultMsg: string; data: { id: number } };
  expect(body.resultCode, body.resultMsg).toBe(200);
  await drawer.waitFor({ state: 'hidden' });
  return body.data.id;
}

/** Runs the definition on a file from its row; answers the finished run (the page shows its summary). */
async function runFile(page: Page, name: string, file: string, dryRun: boolean, shotName?: string) {
  await page.locator('.import-list .ant-table-row', { hasText: name }).locator('.import-row-run').click();
  const panel = page.locator('.import-run');
  await panel.locator('input[type="file"]').setInputFiles(file);
  await panel.locator('.import-run-file-name', { hasText: file.split('/').pop()! }).waitFor();
  const started = page.waitForResponse((r) => r.url().includes('/api/Import/Run'));
  await panel.locator(dryRun ? '.import-run-dry' : '.import-run-start').click();
  const answer = (await (await started).json()) as { resultCode: number; resultMsg: string; data: { runId: number } };
  expect(answer.resultCode, answer.resultMsg).toBe(200);
  const runId = answer.data.runId;
  await panel.locator('.import-progress').waitFor({ timeout: 60_000 });
  if (shotName) {
    // The bar part way: some rows done, the run still going (unless it ended first on a fast machine).
    await Promise.race([
      panel.locator('.import-progress--running:not([data-processed="0"])').waitFor({ timeout: 120_000 }),
      panel.locator('.import-summary').waitFor({ timeout: 120_000 }),
    ]);
    await shot(page, shotName);
  }
  // 1,100 users hash 1,100 passwords (argon2): minutes on a busy machine.
  await panel.locator('.import-summary').waitFor({ timeout: 600_000 });
  return runId;
}

describe('data import', () => {
  it('an admin imports 1,100 users with 10 bad rows, downloads the error file, fixes the rows and upserts', async () => {
    const { user, api } = await createAdmin({ language: 'en' });
    const prefix = `imp${suffix}u`;
    const bad = await writeXlsx('users-1100.xlsx', userRows(prefix, 1100, 110));
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, user);
    await openImports(page);
    const name = `Users ${suffix}`;
    const importId = await createDefinition(page, 'en', name, bad, 100);

    // The real run: progress, then 1,090 inserted and 10 refused.
    const runId = await runFile(page, name, bad, false, 'import-progress-en');
    const panel = page.locator('.import-run');
    const run = await api.ok<Run>('GET', `/api/Import/Runs/${runId}`);
    expect(run).toMatchObject({ status: 'Succeeded', inserted: 1090, updated: 0, failed: 10 });
    await panel.locator('.import-count-inserted', { hasText: '1,090' }).waitFor();
    await panel.locator('.import-count-failed', { hasText: '10' }).waitFor();

    // The run shown is kept for the browser tab: a reload shows it again.
    await page.reload();
    await page.locator('.import-run .import-summary').waitFor();
    await page.locator('.import-run .import-count-inserted', { hasText: '1,090' }).waitFor();
    await shot(page, 'import-summary-en');

    // The error file: the 10 refused rows with the reason for each.
    const download = page.waitForEvent('download');
    await page.locator('.import-run .import-error-file').click();
    const errorPath = join(dir, 'errors.xlsx');
    await (await download).saveAs(errorPath);
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.readFile(errorPath);
    const sheet = errors.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const errorColumn = header.length;
    expect(header.slice(0, headers.length)).toEqual(headers);
    const refused: string[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      refused.push(String(row.getCell(1).value));
      expect(String(row.getCell(errorColumn).value ?? '').length).toBeGreaterThan(0);
    });
    const expected = userRows(prefix, 1100, 110)
      .filter((_, i) => isBad(i, 110))
      .map((r) => r[0]);
    expect(refused.sort()).toEqual(expected.sort());

    // Fixed, and imported again with Upsert by login name: the 10 are inserted, the rest unchanged.
    await page.locator('.import-run .ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.locator('.import-list .ant-table-row', { hasText: name }).locator('.row-edit').click();
    const drawer = page.locator('.master-editor');
    await drawer.locator('.import-name').waitFor();
    await choose(page, drawer.locator('.import-operation'), upsertName.en);
    await choose(page, drawer.locator('.import-match'), 'Login name');
    await page.keyboard.press('Escape');
    const saved = page.waitForResponse((r) => r.url().includes('/api/Import/Update'));
    await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
    expect(((await (await saved).json()) as { resultCode: number }).resultCode).toBe(200);
    await drawer.waitFor({ state: 'hidden' });

    const fixed = await writeXlsx('users-1100-fixed.xlsx', userRows(prefix, 1100, 110, true));
    const again = await runFile(page, name, fixed, false);
    const second = await api.ok<Run>('GET', `/api/Import/Runs/${again}`);
    expect(second).toMatchObject({ status: 'Succeeded', inserted: 10, updated: 0, unchanged: 1090, failed: 0 });
    await page.locator('.import-run .import-count-unchanged', { hasText: '1,090' }).waitFor();

    // The history lists both runs.
    await page.locator('.import-run .ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.locator('.import-list .ant-table-row', { hasText: name }).locator('.import-row-history').click();
    await expect.poll(() => page.locator('.import-history .ant-table-row').count()).toBe(2);
    expect(importId).toBeGreaterThan(0);
    await shot(page, 'import-history-en');
    await context.close();
  }, 1_500_000);

  for (const language of ['zh-cn', 'zh-tw'] as const) {
    it(`the mapping step, the progress and the error summary (${language})`, async () => {
      const { user } = await createAdmin({ language });
      const prefix = `imp${suffix}${language.replace('-', '')}`;
      const file = await writeXlsx(`users-${language}.xlsx`, userRows(prefix, 60, 20));
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user);
      await openImports(page);
      const name = `Users ${suffix} ${language}`;
      await createDefinition(page, language, name, file, 10);
      await runFile(page, name, file, true, `import-progress-${language}`);
      const panel = page.locator('.import-run');
      await panel.locator('.import-count-inserted', { hasText: '57' }).waitFor();
      await panel.locator('.import-count-failed', { hasText: '3' }).waitFor();
      await panel.locator('.import-error-file').waitFor();
      await shot(page, `import-summary-${language}`);
      await context.close();
    }, 300_000);
  }
});
