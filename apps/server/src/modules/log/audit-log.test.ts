import { beforeAll, describe, expect, it } from 'vitest';
import { auditHiddenValue, type AuditLog } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp, type TestUser } from '../../../test/helpers.js';
import { readXlsx } from '../../../test/platform-helpers.js';
import { writeAudit } from '../../platform/audit.js';
import { auditLog } from '../../platform/platform.table.js';

const ctx = useTestApp();
let admin: TestUser;
let token: string;
/** A record id no other test's rows use, so filters find only what a test wrote. */
let nextId = 900_000;
const freshId = () => ++nextId;

beforeAll(async () => {
  admin = await createUser(ctx, { roles: ['admin'], values: { fullName: 'Audit Admin' } });
  token = (await signIn(ctx, admin)).token;
});

async function query(body: Record<string, unknown>, as = token) {
  const response = await ctx.call('POST', '/api/AuditLog/Query', { token: as, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as { items: AuditLog[]; total: number; totalExact?: boolean };
}

describe('AuditLog/Query', () => {
  it('shows a write made through the API: who, when, what, field from → to', async () => {
    const code = `aud${freshId()}`;
    const added = await ctx.call('POST', '/api/Industry/Add', { token, body: { code, name: 'Before' } });
    expect(added.status, added.raw).toBe(200);
    const industry = added.body.data as { id: number; rowVersion: number };
    const saved = await ctx.call('POST', '/api/Industry/Update', {
      token,
      body: { id: industry.id, rowVersion: industry.rowVersion, code, name: 'After' },
    });
    expect(saved.status, saved.raw).toBe(200);

    const page = await query({ entity: 'Industry', entityId: industry.id });
    expect(page.total).toBe(2);
    const [update, create] = page.items;
    expect(update).toMatchObject({ entity: 'Industry', entityId: industry.id, action: 'update' });
    expect(update!.userId).toBe(admin.id);
    expect(update!.userName).toBe('Audit Admin');
    expect(update!.changes).toEqual([{ field: 'name', from: 'Before', to: 'After' }]);
    expect(create).toMatchObject({ action: 'create', changes: [] });
    expect(Date.parse(update!.at)).toBeGreaterThanOrEqual(Date.parse(create!.at));
  });

  it('filters by record, user and time range, newest first, a page at a time', async () => {
    const writer = await createUser(ctx);
    const id = freshId();
    const base = Date.parse('2031-05-01T00:00:00Z');
    for (let i = 0; i < 5; i++)
      await ctx.db.insert(auditLog).values({
        entity: 'Dept',
        entityId: id,
        action: 'update',
        actorId: i < 3 ? writer.id : admin.id,
        changes: { sort: { from: i, to: i + 1 } },
        at: new Date(base + i * 60_000),
      });
    const all = await query({ entity: 'Dept', entityId: id });
    expect(all.total).toBe(5);
    expect(all.items.map((r) => r.changes[0]!.to)).toEqual([5, 4, 3, 2, 1]);

    const byWriter = await query({ entity: 'Dept', entityId: id, userId: writer.id });
    expect(byWriter.items.map((r) => r.changes[0]!.to)).toEqual([3, 2, 1]);
    expect(byWriter.items.every((r) => r.userId === writer.id)).toBe(true);
    // Only the writer's own rows, across every record.
    expect((await query({ userId: writer.id })).total).toBe(3);

    const range = await query({
      entityId: id,
      from: new Date(base + 60_000).toISOString(),
      to: new Date(base + 3 * 60_000).toISOString(),
    });
    expect(range.items.map((r) => r.changes[0]!.to)).toEqual([3, 2]);

    const second = await query({ entity: 'Dept', entityId: id, page: 2, pageSize: 2 });
    expect(second.total).toBe(5);
    expect(second.items.map((r) => r.changes[0]!.to)).toEqual([3, 2]);
    // Another record type with the same id is another record.
    expect((await query({ entity: 'Role', entityId: id })).total).toBe(0);
  });

  it('never shows a secret: hidden by name at any depth, even when a writer stored it', async () => {
    const id = freshId();
    await writeAudit(ctx.db, {
      entity: 'MailAccount',
      entityId: id,
      action: 'update',
      actorId: admin.id,
      changes: {
        host: { from: 'old.example.com', to: 'mail.example.com' },
        password: { from: 'old-Secret-1', to: 'new-Secret-2' },
        passwordHash: { from: '$argon2id$old', to: '$argon2id$new' },
        bindPassword: { from: 'bind-1', to: 'bind-2' },
        clientSecret: { from: 'cs-1', to: 'cs-2' },
        secret: { from: 'whs-1', to: 'whs-2' },
        tokenHash: { from: 'th-1', to: 'th-2' },
        recoveryCodes: { from: ['rc-1'], to: ['rc-2'] },
        totpSecret: { from: null, to: 'JBSWY3DPEHPK3PXP' },
        smtpPassword: { from: 'sp-1', to: 'sp-2' },
        ldap: {
          from: { url: 'ldap://a', bindPassword: 'nested-1' },
          to: { url: 'ldap://b', bindPassword: 'nested-2' },
        },
      },
    });
    const [row] = (await query({ entity: 'MailAccount', entityId: id })).items;
    const byField = Object.fromEntries(row!.changes.map((c) => [c.field, c]));
    expect(byField.host).toEqual({ field: 'host', from: 'old.example.com', to: 'mail.example.com' });
    for (const field of [
      'password',
      'passwordHash',
      'bindPassword',
      'clientSecret',
      'secret',
      'tokenHash',
      'recoveryCodes',
      'totpSecret',
      'smtpPassword',
    ])
      expect(byField[field], field).toEqual({ field, from: auditHiddenValue, to: auditHiddenValue });
    expect(byField.ldap).toEqual({
      field: 'ldap',
      from: { url: 'ldap://a', bindPassword: auditHiddenValue },
      to: { url: 'ldap://b', bindPassword: auditHiddenValue },
    });
    const answer = JSON.stringify(row);
    for (const secret of [
      'Secret-1',
      'Secret-2',
      'argon2id',
      'bind-',
      'cs-',
      'whs-',
      'th-',
      'rc-',
      'JBSWY',
      'sp-',
      'nested-',
    ])
      expect(answer, secret).not.toContain(secret);
  });

  it('names the users an id field names, from one read per page', async () => {
    const before = await createUser(ctx, { values: { fullName: 'Old Leader' } });
    const after = await createUser(ctx, { values: { fullName: 'New Leader' } });
    const id = freshId();
    await writeAudit(ctx.db, {
      entity: 'Dept',
      entityId: id,
      action: 'update',
      actorId: admin.id,
      changes: { leaderId: { from: before.id, to: after.id }, sort: { from: 1, to: 2 } },
    });
    const [row] = (await query({ entity: 'Dept', entityId: id })).items;
    expect(row!.userNames).toEqual({ [before.id]: 'Old Leader', [after.id]: 'New Leader' });
  });

  it('refuses a query outside its schema', async () => {
    const response = await ctx.call('POST', '/api/AuditLog/Query', { token, body: { entityId: 'x' } });
    expect(response.status).toBe(400);
    expect((await ctx.call('POST', '/api/AuditLog/Query', { token, body: { from: 'yesterday' } })).status).toBe(400);
  });
});

describe('who may not', () => {
  it('answers 403 without audit:view, whoever reads the other logs; audit:view alone does not export', async () => {
    const { token: logReader } = await signedInWith(ctx, ['log:view', 'log:export']);
    for (const [method, url] of [
      ['POST', '/api/AuditLog/Query'],
      ['GET', '/api/AuditLog/Get/1'],
      ['GET', '/api/AuditLog/Detail/1'],
      ['POST', '/api/AuditLog/Export'],
    ] as const)
      expect((await ctx.call(method, url, { token: logReader, body: method === 'POST' ? {} : undefined })).status).toBe(
        403,
      );
    const { token: viewer } = await signedInWith(ctx, ['audit:view']);
    expect((await ctx.call('POST', '/api/AuditLog/Query', { token: viewer, body: {} })).status).toBe(200);
    expect((await ctx.call('POST', '/api/AuditLog/Export', { token: viewer, body: {} })).status).toBe(403);
    for (const action of ['Add', 'Update', 'Delete'])
      expect((await ctx.call('POST', `/api/AuditLog/${action}`, { token, body: {} })).status).toBe(404);
  });
});

describe('AuditLog/Export', () => {
  it('exports in the caller language: headers, record type, action, field labels; secrets hidden', async () => {
    const id = freshId();
    await writeAudit(ctx.db, {
      entity: 'User',
      entityId: id,
      action: 'update',
      actorId: admin.id,
      changes: { email: { from: 'a@example.com', to: 'b@example.com' }, passwordHash: { from: 'h1', to: 'h2' } },
    });
    const { token: exporter } = await signedInWith(ctx, ['audit:view', 'audit:export'], {
      values: { language: 'zh-cn' },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/AuditLog/Export',
      headers: { authorization: `Bearer ${exporter}`, 'auth-token': ctx.newAuthToken() },
      payload: { entity: 'User', entityId: id },
    });
    expect(response.statusCode).toBe(200);
    const [header, row, ...rest] = await readXlsx(response.rawPayload);
    expect(header).toEqual(['时间', '用户', '记录类型', '记录编号', '操作', '变更']);
    expect(rest).toEqual([]);
    expect(row!.slice(1, 5)).toEqual(['Audit Admin', '用户', id, '修改']);
    const changes = String(row![5]);
    expect(changes).toContain('邮箱: a@example.com → b@example.com');
    expect(changes).toContain(`passwordHash: ${auditHiddenValue} → ${auditHiddenValue}`);
    expect(changes).not.toMatch(/h1|h2/);
  });
});
