import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { admin, createCompany, createProject, type Staff } from '../../../test/ticket-factories.js';
import { csvOf, defineImport, downloadFile, runImport, uploadSheet } from '../../../test/import-helpers.js';
import { company } from '../company/index.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const tag = () => randomBytes(3).toString('hex').toUpperCase();

describe('Import targets', () => {
  it('inserts into every target through its own rules, references given by code or name', async () => {
    const t = tag();
    const companyCode = `TC${t}`;
    await createCompany(ctx, { code: companyCode, name: `Target Co ${t}` });
    const projectId = await createProject(ctx);
    const [{ project_code: projectCode } = { project_code: '' }] = (
      (await ctx.db.execute(sql`select project_code from project where id = ${projectId}`)) as unknown as {
        rows: { project_code: string }[];
      }
    ).rows;
    const cases: { target: string; rows: string[][]; check: () => Promise<unknown> }[] = [
      {
        target: 'Company',
        rows: [
          ['code', 'name', 'phone'],
          [`NC${t}`, `New Co ${t}`, '1'],
        ],
        check: () => one(sql`select name from company where code = ${`NC${t}`}`),
      },
      {
        target: 'Project',
        rows: [
          ['projectCode', 'projectName', 'companyIds', 'activeAt'],
          [`NP${t}`, `Project ${t}`, companyCode, '2026/1/5'],
        ],
        check: () => one(sql`select project_name, active_at::text from project where project_code = ${`NP${t}`}`),
      },
      {
        target: 'Category',
        rows: [
          ['categoryCode', 'categoryDescription', 'projectIds'],
          [`CAT${t}`, 'Printers', projectCode],
        ],
        check: () => one(sql`select category_description from category where category_code = ${`CAT${t}`}`),
      },
      {
        target: 'Region',
        rows: [
          ['code', 'name', 'type'],
          [`R${t}`, 'Region X', '1'],
        ],
        check: () => one(sql`select name, type from region where code = ${`R${t}`}`),
      },
      {
        target: 'User',
        rows: [
          ['loginName', 'realName', 'password', 'roles', 'projects'],
          [`imp${t}`, 'Imported', 'Passw0rd!x', 'common', projectCode],
        ],
        check: () => one(sql`select real_name from app_user where login_name = ${`imp${t}`}`),
      },
      {
        target: 'Ticket',
        rows: [
          ['subject', 'projectId', 'priority'],
          [`Imported ticket ${t}`, projectCode, 'High'],
        ],
        check: () => one(sql`select priority, case_number from ticket where subject = ${`Imported ticket ${t}`}`),
      },
      {
        target: 'DictionaryItem',
        rows: [
          ['dictionaryCode', 'key', 'name', 'value'],
          ['paymentTerm', `k${t}`, `Net ${t}`, `net-${t}`],
        ],
        check: () => one(sql`select name from dictionary_item where key = ${`k${t}`}`),
      },
    ];
    for (const c of cases) {
      const importId = await defineImport(ctx, boss.token, {
        tableModel: c.target,
        mappings: c.rows[0]!.map((f) => ({ column: f, field: f })),
      });
      const result = await runImport(
        ctx,
        boss.token,
        importId,
        await uploadSheet(ctx, boss.token, 'x.csv', Buffer.from(csvOf(c.rows))),
      );
      const why = result.errorFileId ? (await downloadFile(ctx, boss.token, result.errorFileId)).toString('utf8') : '';
      expect(result, `${c.target}: ${why}`).toMatchObject({ inserted: 1, failed: 0 });
      expect(await c.check(), c.target).toBeTruthy();
    }
    const [ticketRow] = await rows(sql`select case_number from ticket where subject = ${`Imported ticket ${t}`}`);
    const openItems = await defineImport(ctx, boss.token, {
      tableModel: 'OpenItem',
      mappings: [
        { column: 'Ticket', field: 'ticketId' },
        { column: 'Description', field: 'description' },
        { column: 'LOE', field: 'loe' },
      ],
    });
    const csv = csvOf([
      ['Ticket', 'Description', 'LOE'],
      [String(ticketRow!.case_number), `Check the toner ${t}`, '1.5'],
      ['TCK-NONE', 'Nothing', ''],
    ]);
    const result = await runImport(
      ctx,
      boss.token,
      openItems,
      await uploadSheet(ctx, boss.token, 'o.csv', Buffer.from(csv)),
    );
    expect(result).toMatchObject({ inserted: 1, failed: 1 });
    expect(await one(sql`select loe from open_item where description = ${`Check the toner ${t}`}`)).toBeTruthy();
  });
});

async function rows(statement: ReturnType<typeof sql>) {
  return ((await ctx.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
}
async function one(statement: ReturnType<typeof sql>) {
  return (await rows(statement))[0];
}
void company;
