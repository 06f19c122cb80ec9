import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const archiveLabel = {
  en: 'Archive closed tickets after',
  'zh-cn': '已关闭工单归档时间',
  'zh-tw': '已關閉工單歸檔時間',
};

describe('data management', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
    it(`an admin downloads an export and a backup and saves the retention rules (${language})`, async () => {
      const { user } = await createAdmin({ language });
      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user);
      const listed = page.waitForResponse((r) => r.url().includes('/api/DataManagement/Exports'));
      await page.goto('/dataManagement');
      await listed;
      await page.locator('.data-exports .ant-table-row').first().waitFor();
      await page.locator('.data-backup .ant-btn-primary').waitFor();
      expect(await page.locator('.data-retention').innerText()).toContain(archiveLabel[language]);
      await page.waitForLoadState('networkidle');
      await shot(page, `data-management-${language}`);
      await page.locator('.data-imports').scrollIntoViewIfNeeded();
      await page.locator('.data-imports .ant-table').waitFor();
      await shot(page, `data-management-backup-imports-${language}`);

      // An export: every vendor, as the vendor list's Export gives it.
      const [exported] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('.data-exports button[data-resource="Vendor"]').click(),
      ]);
      expect(exported.suggestedFilename()).toBe('Vendor.xlsx');
      const xlsx = readFileSync(await exported.path());
      expect(xlsx.subarray(0, 2).toString()).toBe('PK');

      // The retention rules: saved together, read back after a reload.
      const months = language === 'en' ? 24 : language === 'zh-cn' ? 36 : 48;
      await page.locator('#archiveClosedAfterMonths').fill(String(months));
      await page.locator('#logDaysToKeep').fill('120');
      const saved = page.waitForResponse(
        (r) => r.url().includes('/api/DataManagement/Retention') && r.request().method() === 'POST',
      );
      await page.locator('.data-retention .ant-btn-primary[type="submit"]').click();
      const body = (await (await saved).json()) as { resultCode: number; resultMsg: string };
      expect(body.resultCode, body.resultMsg).toBe(200);
      await page.locator('.ant-message-success').waitFor();
      await shot(page, `data-management-retention-saved-${language}`);
      await page.reload();
      await page.locator('#archiveClosedAfterMonths').waitFor();
      await expect.poll(() => page.locator('#archiveClosedAfterMonths').inputValue()).toBe(String(months));
      expect(await page.locator('#logDaysToKeep').inputValue()).toBe('120');

      // The backup: a gzip'd tar holding the database dump.
      const [backup] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.locator('.data-backup .ant-btn-primary').click(),
      ]);
      expect(backup.suggestedFilename()).toMatch(/^casedesk-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
      const tar = gunzipSync(readFileSync(await backup.path()));
      expect(tar.subarray(0, 100).toString('utf8')).toContain('casedesk-backup.json');
      expect(tar.includes(Buffer.from('pgdata.tar'))).toBe(true);

      // An archived ticket is looked up by case number; an unknown one says so.
      await page.locator('.archive-search input').fill('TCK-99999999');
      await page.locator('.archive-search button').click();
      await page.locator('.ant-message-info').waitFor();
      await context.close();
    });
  }
});
