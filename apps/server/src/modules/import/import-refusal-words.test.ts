import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { readXlsx } from '../../../test/platform-helpers.js';
import { admin, createProject, type Staff } from '../../../test/ticket-factories.js';
import { defineImport, downloadFile, runImport, uploadSheet, xlsxOf } from '../../../test/import-helpers.js';
import { invalidInput } from '../../platform/errors.js';
import { problemOfFieldError } from './import-problems.js';
import { reasonText } from './import.texts.js';

/**
 * A row the target itself refuses with field errors (its own checks past the row's schema): the error file says
 * each in the starter's language, naming the field by its label, never the field's code name or the English text.
 */
const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;
let inactiveCode: string;

beforeAll(async () => {
  boss = await admin(ctx);
  const projectId = await createProject(ctx);
  // Found by its code (the import's own lookup), refused by the ticket's check that the project is active.
  const result = (await ctx.db.execute(
    sql`update project set project_status = 'Inactive' where id = ${projectId} returning project_code`,
  )) as unknown as { rows: { project_code: string }[] };
  inactiveCode = result.rows[0]!.project_code;
});

const expected = {
  en: 'Project: The project is inactive',
  'zh-cn': '项目：该项目已停用',
  'zh-tw': '專案：該專案已停用',
} as const;

describe('Import error file, a row the target refuses with field errors', () => {
  for (const [language, reason] of Object.entries(expected)) {
    it(`says each refused field by its label in the starter's language (${language})`, async () => {
      const t = randomBytes(3).toString('hex');
      const importId = await defineImport(ctx, boss.token, {
        tableModel: 'Ticket',
        importType: 'xlsx',
        mappings: [
          { column: 'Subject', field: 'subject' },
          { column: 'Project', field: 'projectId' },
        ],
      });
      const xlsx = await xlsxOf({
        Tickets: [
          ['Subject', 'Project'],
          [`Row ${t}`, inactiveCode],
        ],
      });
      await ctx.db.execute(sql`update app_user set language = ${language} where id = ${boss.id}`);
      try {
        const fileId = await uploadSheet(ctx, boss.token, 'tickets.xlsx', xlsx);
        const result = await runImport(ctx, boss.token, importId, fileId);
        expect(result).toMatchObject({ status: 'Succeeded', total: 1, failed: 1 });
        const rows = await readXlsx(await downloadFile(ctx, boss.token, result.errorFileId));
        expect(rows.slice(1).map((r) => r[2])).toEqual([reason]);
      } finally {
        await ctx.db.execute(sql`update app_user set language = 'en' where id = ${boss.id}`);
      }
    });
  }

  it("words a schema's refusal of fields (invalidInput) afresh in the file's language", () => {
    const refusal = invalidInput([
      { field: 'subject', issue: { code: 'invalid_type', expected: 'string', input: '' } },
      { field: 'projectId', issue: { code: 'invalid_type', expected: 'number', input: 'x' } },
    ]);
    const reason = { problems: refusal.errors!.map(problemOfFieldError) };
    expect(reasonText(reason, 'zh-cn')).toBe('主题为必填项。\n项目必须是数字。');
    expect(reasonText(reason, 'en')).toBe('Subject is required.\nProject must be a number.');
  });
});
