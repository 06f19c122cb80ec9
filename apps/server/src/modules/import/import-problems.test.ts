import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { readXlsx } from '../../../test/platform-helpers.js';
import { admin, createProject, type Staff } from '../../../test/ticket-factories.js';
import { defineImport, downloadFile, runImport, uploadSheet, xlsxOf } from '../../../test/import-helpers.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;
let projectCode: string;

beforeAll(async () => {
  boss = await admin(ctx);
  const projectId = await createProject(ctx);
  const result = (await ctx.db.execute(sql`select project_code from project where id = ${projectId}`)) as unknown as {
    rows: { project_code: string }[];
  };
  projectCode = result.rows[0]!.project_code;
});

const expected = {
  en: [
    "Project: 'No such project' was not found.\nSubject is required.\nPriority: “Hgh” is not one of Low, Medium, High, Urgent.",
    'Subject is required.\nPriority: “Hgh” is not one of Low, Medium, High, Urgent.\nCustomer e-mail: “not-a-mail” is not an e-mail address.',
  ],
  'zh-cn': [
    '项目：未找到“No such project”。\n主题为必填项。\n优先级：“Hgh”不是 Low, Medium, High, Urgent 之一。',
    '主题为必填项。\n优先级：“Hgh”不是 Low, Medium, High, Urgent 之一。\n客户邮箱：“not-a-mail”不是电子邮件地址。',
  ],
  'zh-tw': [
    '專案：找不到「No such project」。\n主旨為必填欄位。\n優先順序：「Hgh」不是 Low, Medium, High, Urgent 其中之一。',
    '主旨為必填欄位。\n優先順序：「Hgh」不是 Low, Medium, High, Urgent 其中之一。\n客戶電子郵件：「not-a-mail」不是電子郵件地址。',
  ],
} as const;

describe('Import error file', () => {
  for (const [language, reasons] of Object.entries(expected)) {
    it(`lists every problem of a row, each a sentence in the starter's language (${language})`, async () => {
      const t = randomBytes(3).toString('hex');
      const importId = await defineImport(ctx, boss.token, {
        tableModel: 'Ticket',
        importType: 'xlsx',
        mappings: [
          { column: 'Subject', field: 'subject' },
          { column: 'Priority', field: 'priority' },
          { column: 'Project', field: 'projectId' },
          { column: 'Mail', field: 'customerEmail' },
        ],
      });
      const xlsx = await xlsxOf({
        Tickets: [
          ['Subject', 'Priority', 'Project', 'Mail'],
          ['', 'Hgh', 'No such project', ''],
          ['', 'Hgh', projectCode, 'not-a-mail'],
          [`Fine ${t}`, 'High', projectCode, 'someone@example.com'],
        ],
      });
      await ctx.db.execute(sql`update app_user set language = ${language} where id = ${boss.id}`);
      try {
        const fileId = await uploadSheet(ctx, boss.token, 'tickets.xlsx', xlsx);
        const result = await runImport(ctx, boss.token, importId, fileId);
        expect(result, result.message ?? '').toMatchObject({ status: 'Succeeded', total: 3, inserted: 1, failed: 2 });
        const rows = await readXlsx(await downloadFile(ctx, boss.token, result.errorFileId));
        expect(rows.slice(1).map((r) => r[4])).toEqual(reasons);
        expect(JSON.stringify(rows)).not.toMatch(/Invalid input|expected|received|Too small/);
      } finally {
        await ctx.db.execute(sql`update app_user set language = 'en' where id = ${boss.id}`);
      }
    });
  }
});
