import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importTargets, type ImportPreviewResult, type ImportTargetInfo } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, readXlsx } from '../../../test/platform-helpers.js';
import { admin, type Staff } from '../../../test/ticket-factories.js';
import { uploadSheet } from '../../../test/import-helpers.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

const template = (token: string, target: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/Import/Template/${target}${query}`,
    headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
  });

describe('Import template', () => {
  it("heads each target's template with its columns in the language asked, and the import maps them back to every field", async () => {
    const targets = dataOf<ImportTargetInfo[]>(await ctx.call('GET', '/api/Import/Targets', { token: boss.token }));
    expect(targets.map((t) => t.target).sort()).toEqual([...importTargets].sort());
    for (const info of targets)
      for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
        const response = await template(boss.token, info.target, `?language=${language}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${info.target}-template.xlsx"`);
        const [headers] = await readXlsx(response.rawPayload);
        expect(headers).toEqual(info.fields.map((f) => f.labels[language]));
        const fileId = await uploadSheet(ctx, boss.token, `${info.target}.xlsx`, response.rawPayload);
        const preview = dataOf<ImportPreviewResult>(
          await ctx.call('POST', '/api/Import/Preview', {
            token: boss.token,
            body: { fileId, tableModel: info.target, importType: 'xlsx' },
          }),
        );
        expect(
          preview.mappings.map((m) => m.field),
          `${info.target} ${language}`,
        ).toEqual(info.fields.map((f) => f.field));
      }
  });

  it("answers in the user's own language when none is asked", async () => {
    await ctx.db.execute(sql`update app_user set language = 'zh-tw' where id = ${boss.id}`);
    try {
      const [headers] = await readXlsx((await template(boss.token, 'Ticket')).rawPayload);
      expect(headers).toContain('主旨');
    } finally {
      await ctx.db.execute(sql`update app_user set language = 'en' where id = ${boss.id}`);
    }
  });

  it('who may not: without import:view refused; a target the user may not write is not found', async () => {
    const outsider = await signedInWith(ctx, ['vendor:create']);
    expect((await template(outsider.token, 'Vendor')).statusCode).toBe(403);
    const importer = await signedInWith(ctx, ['import:view', 'vendor:create']);
    expect((await template(importer.token, 'Vendor')).statusCode).toBe(200);
    expect((await template(importer.token, 'Ticket')).statusCode).toBe(404);
    expect((await template(importer.token, 'Nothing')).statusCode).toBe(400);
  });
});
