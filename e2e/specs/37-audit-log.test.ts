import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../support/api';
import { apiSettled, launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Language = 'en' | 'zh-cn' | 'zh-tw';
type LogSettings = { log: { value: Record<string, unknown>; rowVersion: number } };

const nameLabel: Record<Language, string> = { en: 'Name', 'zh-cn': '名称', 'zh-tw': '名稱' };
const historyTab: Record<Language, string> = { en: 'History', 'zh-cn': '变更历史', 'zh-tw': '變更歷史' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('audit trail', () => {
  for (const language of ['en', 'zh-cn', 'zh-tw'] as const)
    it(`shows who changed what, field by field, and the settings' History (${language})`, async () => {
      const { user, api } = await createAdmin({ language });
      const code = `aud${Date.now().toString(36)}`;
      const industry = await api.ok<{ id: number; rowVersion: number }>('POST', '/api/Industry/Add', {
        code,
        name: 'Retail',
      });
      await api.ok('POST', '/api/Industry/Update', {
        id: industry.id,
        rowVersion: industry.rowVersion,
        code,
        name: 'Retail and wholesale',
        status: 'Inactive',
      });
      const settings = await api.ok<LogSettings>('GET', '/api/Settings/Get');
      const days = Number(settings.log.value.daysToKeep);
      await api.ok('POST', '/api/Settings/Save', {
        group: 'log',
        value: { ...settings.log.value, daysToKeep: days === 90 ? 91 : 90 },
        rowVersion: settings.log.rowVersion,
      });

      const context = await newContext(browser);
      const page = await context.newPage();
      await signedIn(page, user, '/log/audit');
      const table = page.locator('.audit-log-table');
      await table.locator('.ant-table-row').first().waitFor();
      // The newest first: the settings change, then the industry's.
      const industryRow = table
        .locator('.ant-table-row', { has: page.locator('.audit-changed-fields', { hasText: nameLabel[language] }) })
        .first();
      await industryRow.locator('.ant-table-row-expand-icon').first().click();
      const changes = page.locator('.audit-changes').first();
      await changes.locator('.audit-change[data-field="name"]', { hasText: nameLabel[language] }).waitFor();
      expect(await changes.locator('.audit-change[data-field="name"] .audit-to').textContent()).toBe(
        'Retail and wholesale',
      );
      await shot(page, `37-audit-log-${language}`);

      // Settings → History: the same trail for the settings' groups.
      await page.goto('/system/settings');
      await page.getByRole('tab', { name: historyTab[language] }).click();
      const entry = page.locator('.history-tab .history-entry').first();
      await entry.locator('.audit-change[data-field="daysToKeep"]').waitFor();
      await apiSettled(page);
      await shot(page, `37-settings-history-${language}`);
      await context.close();
    });
});
