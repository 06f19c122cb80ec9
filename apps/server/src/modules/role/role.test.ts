import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allPermissionCodes,
  permissionModules,
  roleMessages,
  type Page,
  type Permission,
  type PermissionMatrix,
  type Role,
  type RoleDetail,
  type UserSummary,
} from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp } from '../../../test/helpers.js';
import { userRole } from '../user/user.table.js';
import { role, rolePermission } from './role.table.js';

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

let counter = 0;
async function addRole(permissions: string[] = [], extra: Record<string, unknown> = {}) {
  const code = `r${++counter}_${Date.now().toString(36)}`;
  const response = await ctx.call('POST', '/api/Role/Add', {
    token,
    body: { name: code, code, permissions, ...extra },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Role;
}
const detail = async (id: number) =>
  (await ctx.call('GET', `/api/Role/Detail/${id}`, { token })).body.data as RoleDetail;
const systemRole = async (code: string) => {
  const [row] = await ctx.db.select().from(role).where(eq(role.code, code));
  return row!;
};

describe('Role: resource', () => {
  it('adds a role with permission codes saved as links, and refuses unknown codes', async () => {
    const added = await addRole(['dept:view', 'dept:page']);
    expect(added).toMatchObject({ isSystem: false, enabled: true, dataScope: 'projects' });
    expect((await detail(added.id)).permissions).toEqual(['dept:page', 'dept:view']);
    const unknown = await ctx.call('POST', '/api/Role/Add', {
      token,
      body: { name: 'x', code: 'x_unknown', permissions: ['dept:fly'] },
    });
    expect(unknown.status).toBe(400);
    const update = await ctx.call('POST', '/api/Role/Update', {
      token,
      body: { id: added.id, rowVersion: added.rowVersion, name: 'Renamed', code: added.code },
    });
    expect(update.status, update.raw).toBe(200);
    // Without `permissions` the update keeps them.
    expect((await detail(added.id)).permissions).toEqual(['dept:page', 'dept:view']);
  });

  it('makes a role change visible on the affected user’s next call, with the same token', async () => {
    const r = await addRole([]);
    const user = await createUser(ctx);
    await ctx.db.insert(userRole).values({ userId: user.id, roleId: r.id });
    const { token: userToken } = await signIn(ctx, user);
    const list = () => ctx.call('GET', '/api/Dept/Get', { token: userToken });
    expect((await list()).status).toBe(403);

    const granted = await ctx.call('POST', '/api/Role/Update', {
      token,
      body: { id: r.id, rowVersion: r.rowVersion, name: r.name, code: r.code, permissions: ['dept:view'] },
    });
    expect(granted.status, granted.raw).toBe(200);
    expect((await list()).status).toBe(200);

    const disabled = await ctx.call('POST', '/api/Role/Update', {
      token,
      body: { id: r.id, rowVersion: r.rowVersion + 1, name: r.name, code: r.code, enabled: false },
    });
    expect(disabled.status, disabled.raw).toBe(200);
    expect((await list()).status).toBe(403);

    const matrix = (await ctx.call('GET', '/api/Role/PermissionMatrix', { token })).body.data as PermissionMatrix;
    const entry = matrix.roles.find((x) => x.id === r.id)!;
    await ctx.call('POST', '/api/Role/Update', {
      token,
      body: { id: r.id, rowVersion: entry.rowVersion, name: r.name, code: r.code, enabled: true },
    });
    expect((await list()).status).toBe(200);
    const fresh = (await ctx.call('GET', '/api/Role/PermissionMatrix', { token })).body.data as PermissionMatrix;
    const revoked = await ctx.call('POST', '/api/Role/SavePermissionMatrix', {
      token,
      body: { roles: [{ id: r.id, rowVersion: fresh.roles.find((x) => x.id === r.id)!.rowVersion, permissions: [] }] },
    });
    expect(revoked.status, revoked.raw).toBe(200);
    expect((await list()).status).toBe(403);
  });

  it('lists the users of a role', async () => {
    const r = await addRole([]);
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await ctx.db.insert(userRole).values([
      { userId: a.id, roleId: r.id },
      { userId: b.id, roleId: r.id },
    ]);
    const page = (await ctx.call('GET', `/api/Role/Users/${r.id}?pageSize=10`, { token })).body
      .data as Page<UserSummary>;
    expect(page.total).toBe(2);
    expect(page.items.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    const filtered = await ctx.call('GET', `/api/Role/Users/${r.id}`, { token, query: { keyword: a.loginName } });
    expect((filtered.body.data as Page<UserSummary>).items.map((u) => u.id)).toEqual([a.id]);
    expect((await ctx.call('GET', '/api/Role/Users/999999', { token })).status).toBe(404);
    expect((await detail(r.id)).userCount).toBe(2);
  });

  it('refuses to delete a role still assigned, saying so, and deletes an unused one with its links', async () => {
    const used = await addRole(['dept:view']);
    const user = await createUser(ctx);
    await ctx.db.insert(userRole).values({ userId: user.id, roleId: used.id });
    const refused = await ctx.call('POST', `/api/Role/Delete/${used.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(roleMessages.assigned(1, 0));
    const unused = await addRole(['dept:view']);
    expect((await ctx.call('POST', '/api/Role/Delete', { token, body: [unused.id] })).body.data).toEqual({
      deleted: 1,
    });
    expect(await ctx.db.select().from(rolePermission).where(eq(rolePermission.roleId, unused.id))).toEqual([]);
  });

  it('exports roles and permissions as .xlsx', async () => {
    for (const url of ['/api/Role/Export', '/api/Permission/Export']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
        payload: {},
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});

describe('Role: system roles are protected', () => {
  it('refuses to delete system roles, alone or in a batch, and deletes nothing', async () => {
    const admin = await systemRole('admin');
    const common = await systemRole('common');
    const custom = await addRole([]);
    for (const id of [admin.id, common.id]) {
      const refused = await ctx.call('POST', `/api/Role/Delete/${id}`, { token });
      expect(refused.status).toBe(409);
      expect(refused.body.resultMsg).toBe(roleMessages.systemNotDeletable);
    }
    const batch = await ctx.call('POST', '/api/Role/Delete', { token, body: [custom.id, common.id] });
    expect(batch.status).toBe(409);
    expect((await ctx.call('GET', `/api/Role/Get/${custom.id}`, { token })).status).toBe(200);
    expect((await ctx.call('GET', `/api/Role/Get/${common.id}`, { token })).status).toBe(200);
  });

  it('keeps a system role’s code, keeps it enabled, and keeps every permission on admin', async () => {
    const common = await systemRole('common');
    const admin = await systemRole('admin');
    const body = (r: typeof common) => ({ id: r.id, rowVersion: r.rowVersion, name: r.name, code: r.code });
    const renamed = await ctx.call('POST', '/api/Role/Update', { token, body: { ...body(common), code: 'staff' } });
    expect(renamed.status).toBe(409);
    expect(renamed.body.resultMsg).toBe(roleMessages.systemCodeFixed);
    expect((await systemRole('common')).rowVersion).toBe(common.rowVersion);
    const off = await ctx.call('POST', '/api/Role/Update', { token, body: { ...body(common), enabled: false } });
    expect(off.status).toBe(409);
    expect(off.body.resultMsg).toBe(roleMessages.systemNotDisabled);
    const fewer = await ctx.call('POST', '/api/Role/Update', {
      token,
      body: { ...body(admin), permissions: ['dept:view'] },
    });
    expect(fewer.status).toBe(409);
    expect(fewer.body.resultMsg).toBe(roleMessages.adminHoldsAll);
    const viaMatrix = await ctx.call('POST', '/api/Role/SavePermissionMatrix', {
      token,
      body: { roles: [{ id: admin.id, rowVersion: admin.rowVersion, permissions: [] }] },
    });
    expect(viaMatrix.status).toBe(409);
    const codes = await ctx.db.select().from(rolePermission).where(eq(rolePermission.roleId, admin.id));
    expect(codes).toHaveLength(allPermissionCodes.length);
    // Other fields of a system role may change.
    const described = await ctx.call('POST', '/api/Role/Update', {
      token,
      body: { ...body(common), description: 'Front-line staff' },
    });
    expect(described.status, described.raw).toBe(200);
  });
});

describe('Role: privilege matrix', () => {
  it('shows modules x actions with the access-page item and each role’s grants', async () => {
    const matrix = (await ctx.call('GET', '/api/Role/PermissionMatrix', { token })).body.data as PermissionMatrix;
    expect(matrix.actions[0]).toBe('page');
    const user = matrix.modules.find((m) => m.module === 'user')!;
    expect(user.actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['page', 'view', 'restore', 'unlock', 'onOff']),
    );
    expect(matrix.modules).toHaveLength(permissionModules.length);
    const admin = matrix.roles.find((r) => r.code === 'admin')!;
    expect(admin).toMatchObject({ isSystem: true, editable: false });
    expect(admin.permissions).toHaveLength(allPermissionCodes.length);
  });

  it('saves several roles all or none, refusing a stale row', async () => {
    const a = await addRole([]);
    const b = await addRole([]);
    const stale = await ctx.call('POST', '/api/Role/SavePermissionMatrix', {
      token,
      body: {
        roles: [
          { id: a.id, rowVersion: a.rowVersion, permissions: ['ticket:page', 'ticket:view'] },
          { id: b.id, rowVersion: b.rowVersion + 5, permissions: ['ticket:view'] },
        ],
      },
    });
    expect(stale.status).toBe(409);
    expect((await detail(a.id)).permissions).toEqual([]);
    const saved = await ctx.call('POST', '/api/Role/SavePermissionMatrix', {
      token,
      body: {
        roles: [
          { id: a.id, rowVersion: a.rowVersion, permissions: ['ticket:page', 'ticket:view'] },
          { id: b.id, rowVersion: b.rowVersion, permissions: ['ticket:view'] },
        ],
      },
    });
    expect(saved.status, saved.raw).toBe(200);
    expect((await detail(a.id)).permissions).toEqual(['ticket:page', 'ticket:view']);
    expect((await detail(b.id)).permissions).toEqual(['ticket:view']);
  });

  it('does not let a role editor grant permissions they do not hold', async () => {
    const { token: editor } = await signedInWith(ctx, ['role:view', 'role:edit', 'role:create', 'dept:view']);
    const r = await addRole(['position:view']);
    const refused = await ctx.call('POST', '/api/Role/SavePermissionMatrix', {
      token: editor,
      body: { roles: [{ id: r.id, rowVersion: r.rowVersion, permissions: ['position:view', 'user:edit'] }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe(roleMessages.cannotGrant);
    const create = await ctx.call('POST', '/api/Role/Add', {
      token: editor,
      body: { name: 'esc', code: 'esc_role', permissions: ['user:edit'] },
    });
    expect(create.status).toBe(400);
    // Nor by enabling a disabled role that carries them.
    const dormant = await addRole(['user:edit'], { enabled: false });
    const enabled = await ctx.call('POST', '/api/Role/Update', {
      token: editor,
      body: { id: dormant.id, rowVersion: dormant.rowVersion, name: dormant.name, code: dormant.code, enabled: true },
    });
    expect(enabled.status).toBe(400);
    expect(enabled.body.resultMsg).toBe(roleMessages.cannotGrant);
    // Keeping a code the editor lacks, and adding one they hold, is fine.
    const kept = await ctx.call('POST', '/api/Role/SavePermissionMatrix', {
      token: editor,
      body: { roles: [{ id: r.id, rowVersion: r.rowVersion, permissions: ['position:view', 'dept:view'] }] },
    });
    expect(kept.status, kept.raw).toBe(200);
  });
});

describe('Permission: read-only registry', () => {
  it('lists, filters and reads the permission codes', async () => {
    const page = await ctx.call('POST', '/api/Permission/Query', { token, body: { module: 'user', pageSize: 100 } });
    const items = (page.body.data as Page<Permission>).items;
    expect(items.map((p) => p.code)).toEqual(expect.arrayContaining(['user:page', 'user:unlock', 'user:restore']));
    expect(items.every((p) => p.module === 'user')).toBe(true);
    const one = await ctx.call('GET', `/api/Permission/Get/${items[0]!.id}`, { token });
    expect(one.body.data).toMatchObject({ code: items[0]!.code });
    const get = await ctx.call('GET', '/api/Permission/Get', { token, query: { keyword: 'unlock' } });
    expect((get.body.data as Page<Permission>).items.map((p) => p.code)).toEqual(['user:unlock']);
    expect((await ctx.call('POST', '/api/Permission/Add', { token, body: {} })).status).toBe(404);
  });
});
