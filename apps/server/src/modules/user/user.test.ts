import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, userMessages, type User, type UserDetail } from '@casedesk/shared';
import {
  createRole,
  createUser,
  signIn,
  signedInWith,
  testPassword,
  useTestApp,
  userRow,
} from '../../../test/helpers.js';
import { createDelegate, ticketWorld } from '../../../test/ticket-factories.js';
import { category } from '../category/category.table.js';
import { project } from '../project/project.table.js';
import { role } from '../role/role.table.js';
import { userGroup } from '../userGroup/user-group.table.js';
import { appUser } from './user.table.js';

const ctx = useTestApp();

const newPassword = 'New@pass1';
let counter = 0;
const userInput = (extra: Record<string, unknown> = {}) => ({
  loginName: `u${++counter}_${Date.now().toString(36)}`,
  realName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.test',
  password: 'Start@123',
  ...extra,
});

async function admin() {
  const user = await createUser(ctx, { roles: ['admin'] });
  const { token } = await signIn(ctx, user);
  return { user, token };
}

/** The user's session still works: 200, or 401/4005 once it has ended. */
async function myInfo(token: string) {
  return ctx.call('GET', '/api/token/GetMyInfo', { token });
}

describe('User: add, read, update', () => {
  it('adds a user with the contract fields, never shows a password hash, and checks the password rule', async () => {
    const { token } = await admin();
    const roleId = await createRole(ctx, ['ticket:view']);
    const [proj] = await ctx.db
      .insert(project)
      .values({ projectCode: `P${Date.now()}`, projectName: 'Proj' })
      .returning({ id: project.id });
    const weak = await ctx.call('POST', '/api/User/Add', { token, body: userInput({ password: 'short' }) });
    expect(weak.status).toBe(400);
    expect(weak.body.resultMsg).toContain(messages.passwordRule);

    const input = userInput({
      roles: [roleId],
      projects: [proj!.id],
      language: 'zh-cn',
      timeZone: 'Asia/Shanghai',
      jobTitle: 'Engineer',
      escalation: 'boss@example.test',
      privateTicket: true,
      canEmail: false,
      incidentEmailNotify: false,
      userType: 'Staff',
      location: 'Hangzhou',
    });
    const added = await ctx.call('POST', '/api/User/Add', { token, body: input });
    expect(added.status, added.raw).toBe(200);
    expect(added.raw).not.toMatch(/passwordHash|argon2/);
    const user = added.body.data as User;
    expect(user).toMatchObject({
      loginName: input.loginName,
      fullName: 'Ann Lee',
      roles: [roleId],
      projects: [proj!.id],
      language: 'zh-cn',
      privateTicket: true,
      canEmail: false,
      incidentEmailNotify: false,
      needToChangePwd: true,
      status: 'Active',
      locked: false,
      rowVersion: 1,
    });
    // The new user can sign in with the password given.
    await signIn(ctx, { loginName: input.loginName, password: input.password });

    const detail = await ctx.call('GET', `/api/User/Detail/${user.id}`, { token });
    expect(detail.status).toBe(200);
    const d = detail.body.data as UserDetail;
    expect(d.roleList.map((r) => r.id)).toEqual([roleId]);
    expect(d.projectList.map((p) => p.projectName)).toEqual(['Proj']);
    expect(detail.raw).not.toMatch(/passwordHash/);

    const list = await ctx.call('POST', '/api/User/Query', { token, body: { keyword: input.loginName } });
    expect(list.body.data).toMatchObject({ total: 1 });
    expect(list.raw).not.toMatch(/passwordHash/);
    const byRole = await ctx.call('GET', `/api/User/Get?roleId=${roleId}`, { token });
    const found = (byRole.body.data as { items: User[] }).items;
    expect(found.map((u) => u.id)).toEqual([user.id]);
    const [roleRow] = await ctx.db.select().from(role).where(eq(role.id, roleId));
    expect(found[0]!.roleNames).toEqual([roleRow!.code]);
    expect(found[0]!.roleTitles).toEqual([roleRow!.name]);
  });

  it('composes a Han name family name first without a space, a Latin one given name first (contract 18)', async () => {
    const { token } = await admin();
    const add = async (realName: string, lastName: string) =>
      (await ctx.call('POST', '/api/User/Add', { token, body: userInput({ realName, lastName }) })).body.data as User;
    const han = await add('伟', '陈');
    const latin = await add('Wei', 'Chen');
    const list = await ctx.call('POST', '/api/User/Query', { token, body: { keyword: han.loginName } });
    expect((list.body.data as { items: User[] }).items.map((u) => u.fullName)).toEqual(['陈伟']);
    expect(latin.fullName).toBe('Wei Chen');
    // Names stored in the old order are recomposed by the migration; one typed by hand stays.
    await ctx.db.update(appUser).set({ fullName: '伟 陈' }).where(eq(appUser.id, han.id));
    await ctx.db.update(appUser).set({ fullName: 'Chen the engineer' }).where(eq(appUser.id, latin.id));
    const migration = readFileSync(
      new URL('../../db/migrations/0017_han_full_name_order.sql', import.meta.url),
      'utf8',
    );
    await ctx.db.execute(sql.raw(migration));
    const names = await ctx.db.select({ id: appUser.id, fullName: appUser.fullName }).from(appUser);
    expect(names.find((u) => u.id === han.id)?.fullName).toBe('陈伟');
    expect(names.find((u) => u.id === latin.id)?.fullName).toBe('Chen the engineer');
  });

  it('refuses unknown departments, roles, groups and projects, naming each field', async () => {
    const { token } = await admin();
    const response = await ctx.call('POST', '/api/User/Add', {
      token,
      body: userInput({ deptId: 999_999, roles: [999_998], groups: [999_997], projects: [999_996] }),
    });
    expect(response.status).toBe(400);
    const errors = (response.body.data as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(errors).toEqual(['deptId', 'roles', 'groups', 'projects']);
  });

  it('keeps login names unique regardless of case, deleted users included', async () => {
    const { token } = await admin();
    const input = userInput();
    expect((await ctx.call('POST', '/api/User/Add', { token, body: input })).status).toBe(200);
    const again = await ctx.call('POST', '/api/User/Add', {
      token,
      body: { ...userInput(), loginName: input.loginName.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe(userMessages.loginNameTaken);
  });

  it('refuses a stale rowVersion and writes nothing', async () => {
    const { token } = await admin();
    const added = (await ctx.call('POST', '/api/User/Add', { token, body: userInput() })).body.data as User;
    const { password: _p, ...fields } = userInput();
    const body = { ...fields, loginName: added.loginName, id: added.id, rowVersion: added.rowVersion };
    const first = await ctx.call('POST', '/api/User/Update', { token, body: { ...body, jobTitle: 'Lead' } });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data).toMatchObject({ jobTitle: 'Lead', rowVersion: 2 });
    const stale = await ctx.call('POST', '/api/User/Update', { token, body: { ...body, jobTitle: 'Other' } });
    expect(stale.status).toBe(409);
    expect((await userRow(ctx, added.id)).jobTitle).toBe('Lead');
  });

  it('auto-assigns new users to the default group', async () => {
    const { token } = await admin();
    await ctx.db.update(userGroup).set({ isDefault: false });
    const [group] = await ctx.db
      .insert(userGroup)
      .values({ name: `Default ${Date.now()}`, isDefault: true })
      .returning({ id: userGroup.id });
    const added = await ctx.call('POST', '/api/User/Add', { token, body: userInput() });
    expect((added.body.data as User).groups).toEqual([group!.id]);
  });

  it('changes status through Update only with user:onOff as well', async () => {
    const { token } = await signedInWith(ctx, ['user:view', 'user:edit']);
    const target = await createUser(ctx);
    const row = await userRow(ctx, target.id);
    const body = {
      id: row.id,
      rowVersion: row.rowVersion,
      loginName: row.loginName,
      realName: row.realName,
      status: 'Inactive',
    };
    const refused = await ctx.call('POST', '/api/User/Update', { token, body });
    expect(refused.status).toBe(403);
    expect((await userRow(ctx, target.id)).status).toBe('Active');
    const { token: both } = await signedInWith(ctx, ['user:view', 'user:edit', 'user:onOff']);
    expect((await ctx.call('POST', '/api/User/Update', { token: both, body })).status).toBe(200);
    expect((await userRow(ctx, target.id)).status).toBe('Inactive');
  });
});

describe('User: no escalation through user management', () => {
  it('does not let a user manager edit, reset or lock someone with more permissions, nor grant them', async () => {
    const { token } = await signedInWith(ctx, ['user:view', 'user:edit', 'user:create', 'user:unlock']);
    const boss = await createUser(ctx, { roles: ['admin'] });
    const reset = await ctx.call('POST', '/api/User/ResetPassword', {
      token,
      body: { id: boss.id, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.resultMsg).toBe(userMessages.cannotManage);
    await signIn(ctx, boss); // the password did not change
    expect((await ctx.call('POST', '/api/User/Lock', { token, body: [boss.id] })).status).toBe(400);
    expect((await userRow(ctx, boss.id)).lockedAt).toBeNull();

    const adminRoleId = ((await ctx.call('GET', `/api/User/Detail/${boss.id}`, { token })).body.data as UserDetail)
      .roleList[0]!.id;
    const grant = await ctx.call('POST', '/api/User/Add', { token, body: userInput({ roles: [adminRoleId] }) });
    expect(grant.status).toBe(400);
    expect(grant.body.resultMsg).toBe(userMessages.cannotGrant);
  });

  it('shows in each record what the caller may do with it', async () => {
    const { token, user: me } = await signedInWith(ctx, ['user:view', 'user:edit', 'user:unlock']);
    const plain = await createUser(ctx);
    const boss = await createUser(ctx, { roles: ['admin'] });
    const actionsOf = async (id: number) =>
      ((await ctx.call('GET', `/api/User/Get/${id}`, { token })).body.data as User).actions;
    expect(await actionsOf(plain.id)).toEqual(['edit', 'resetPassword', 'lock', 'exportPersonalData']);
    expect(await actionsOf(boss.id)).toEqual([]);
    expect(await actionsOf(me.id)).toEqual(['edit', 'resetPassword', 'exportPersonalData']);
  });

  it('refuses to delete, lock or deactivate oneself', async () => {
    const { token, user } = await signedInWith(ctx, ['user:delete', 'user:unlock', 'user:onOff']);
    expect((await ctx.call('POST', `/api/User/Delete/${user.id}`, { token })).status).toBe(400);
    expect((await ctx.call('POST', '/api/User/Lock', { token, body: [user.id] })).status).toBe(400);
    const off = await ctx.call('POST', '/api/User/OnOff', { token, body: { ids: [user.id], status: 'Inactive' } });
    expect(off.status).toBe(400);
    expect((await myInfo(token)).status).toBe(200);
  });
});

describe('User: sessions end at once', () => {
  it('ends a locked user’s live session, and unlocking resets the failed count but not the old session', async () => {
    const { token } = await admin();
    const target = await createUser(ctx, { values: { errorCount: 3 } });
    const session = await signIn(ctx, target);
    expect((await myInfo(session.token)).status).toBe(200);

    expect((await ctx.call('POST', '/api/User/Lock', { token, body: [target.id] })).body.data).toEqual({ count: 1 });
    const after = await myInfo(session.token);
    expect(after.status).toBe(401);
    expect(after.body.resultCode).toBe(4005);
    const login = await ctx.call('POST', '/api/token/Login', {
      body: { userName: target.loginName, password: target.password },
    });
    expect(login.status).toBe(400);
    expect(login.body.resultMsg).toBe(messages.accountLocked);
    const locked = await ctx.call('POST', '/api/User/Query', { token, body: { locked: true } });
    expect((locked.body.data as { items: User[] }).items.map((u) => u.id)).toContain(target.id);

    expect((await ctx.call('POST', '/api/User/Unlock', { token, body: [target.id] })).status).toBe(200);
    const row = await userRow(ctx, target.id);
    expect(row.lockedAt).toBeNull();
    expect(row.errorCount).toBe(0);
    // The session ended by the lock stays ended; a new sign-in works.
    expect((await myInfo(session.token)).body.resultCode).toBe(4005);
    const fresh = await signIn(ctx, target);
    expect((await myInfo(fresh.token)).status).toBe(200);
  });

  it('ends a deactivated user’s live session and refuses their sign-in until activated', async () => {
    const { token } = await admin();
    const target = await createUser(ctx);
    const session = await signIn(ctx, target);
    const off = await ctx.call('POST', '/api/User/OnOff', { token, body: { ids: [target.id], status: 'Inactive' } });
    expect(off.status, off.raw).toBe(200);
    expect((await myInfo(session.token)).body.resultCode).toBe(4005);
    const refused = await ctx.call('POST', '/api/token/Login', {
      body: { userName: target.loginName, password: target.password },
    });
    expect(refused.body.resultMsg).toBe(messages.accountInactive);
    await ctx.call('POST', '/api/User/OnOff', { token, body: { ids: [target.id], status: 'Active' } });
    await signIn(ctx, target);
  });

  it('resets a password: the old one stops working, the user must change it, their sessions end', async () => {
    const { token } = await admin();
    const target = await createUser(ctx);
    const session = await signIn(ctx, target);
    const mismatch = await ctx.call('POST', '/api/User/ResetPassword', {
      token,
      body: { id: target.id, password: newPassword, confirmPassword: 'Other@pass1' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.resultMsg).toContain(messages.passwordMismatch);
    const reset = await ctx.call('POST', '/api/User/ResetPassword', {
      token,
      body: { id: target.id, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.status, reset.raw).toBe(200);
    expect((await myInfo(session.token)).body.resultCode).toBe(4005);
    const old = await ctx.call('POST', '/api/token/Login', {
      body: { userName: target.loginName, password: testPassword },
    });
    expect(old.status).toBe(400);
    const fresh = await signIn(ctx, { loginName: target.loginName, password: newPassword });
    const info = await myInfo(fresh.token);
    expect(info.body.data).toMatchObject({ needToChangePwd: true });
    expect((await userRow(ctx, target.id)).needToChangePwd).toBe(true);
  });
});

describe('User: soft delete and restore', () => {
  it('moves a deleted user to Deleted Users, ends the session, and restores them with everything intact', async () => {
    const { token } = await admin();
    const roleId = await createRole(ctx, ['ticket:view']);
    const [group] = await ctx.db
      .insert(userGroup)
      .values({ name: `G ${Date.now()}` })
      .returning({ id: userGroup.id });
    const [proj] = await ctx.db
      .insert(project)
      .values({ projectCode: `R${Date.now()}`, projectName: 'Restore' })
      .returning({ id: project.id });
    const input = userInput({ roles: [roleId], groups: [group!.id], projects: [proj!.id], needToChangePwd: false });
    const added = (await ctx.call('POST', '/api/User/Add', { token, body: input })).body.data as User;
    const before = (await ctx.call('GET', `/api/User/Detail/${added.id}`, { token })).body.data as UserDetail;
    const session = await signIn(ctx, { loginName: input.loginName, password: input.password });

    const deleted = await ctx.call('POST', `/api/User/Delete/${added.id}`, { token });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect((await myInfo(session.token)).body.resultCode).toBe(4005);
    expect((await ctx.call('GET', `/api/User/Get/${added.id}`, { token })).status).toBe(404);
    const list = await ctx.call('POST', '/api/User/Query', { token, body: { keyword: input.loginName } });
    expect(list.body.data).toMatchObject({ total: 0 });
    const bin = await ctx.call('POST', '/api/User/QueryDeleted', { token, body: { keyword: input.loginName } });
    const binned = bin.body.data as { items: User[]; total: number };
    expect(binned.total).toBe(1);
    expect(binned.items[0]).toMatchObject({ id: added.id, actions: ['restore', 'exportPersonalData', 'erase'] });
    expect(binned.items[0]!.deletedAt).not.toBeNull();
    const taken = await ctx.call('POST', '/api/User/Add', {
      token,
      body: { ...userInput(), loginName: input.loginName },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.resultMsg).toBe(userMessages.loginNameTakenByDeleted);
    const login = await ctx.call('POST', '/api/token/Login', {
      body: { userName: input.loginName, password: input.password },
    });
    expect(login.status).toBe(400);

    const restored = await ctx.call('POST', '/api/User/Restore', { token, body: [added.id] });
    expect(restored.body.data).toEqual({ count: 1 });
    const after = (await ctx.call('GET', `/api/User/Detail/${added.id}`, { token })).body.data as UserDetail;
    expect(after.roles).toEqual(before.roles);
    expect(after.groups).toEqual(before.groups);
    expect(after.projects).toEqual(before.projects);
    expect(after.roles).toEqual([roleId]);
    expect(after.deletedAt).toBeNull();
    const again = await signIn(ctx, { loginName: input.loginName, password: input.password });
    expect((await myInfo(again.token)).status).toBe(200);
    expect(
      (await ctx.call('POST', '/api/User/QueryDeleted', { token, body: { keyword: input.loginName } })).body.data,
    ).toMatchObject({ total: 0 });
  });

  it('refuses to delete a user that a category still assigns new tickets to, saying so', async () => {
    const { token } = await admin();
    const target = await createUser(ctx);
    await ctx.db.insert(category).values({
      categoryCode: `C${Date.now()}`,
      categoryDescription: 'Network',
      newTicketAssignee: target.id,
    });
    const refused = await ctx.call('POST', '/api/User/Delete', { token, body: [target.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe(userMessages.assigneeOfCategories(1));
    expect((await userRow(ctx, target.id)).deletedAt).toBeNull();
    await ctx.db.delete(category).where(eq(category.newTicketAssignee, target.id));
  });

  it('refuses to delete a user with open tickets or an active delegation, saying so', async () => {
    const { token } = await admin();
    const w = await ticketWorld(ctx);
    const added = await ctx.call('POST', '/api/Ticket/Add', {
      token: w.agent.token,
      body: { subject: 'Printer jam', projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId },
    });
    expect(added.status, added.raw).toBe(200);
    await ctx.db.update(category).set({ newTicketAssignee: null }).where(eq(category.id, w.categoryId));
    const withTickets = await ctx.call('POST', `/api/User/Delete/${w.agent.id}`, { token });
    expect(withTickets.status).toBe(409);
    expect(withTickets.body.resultMsg).toBe(userMessages.hasOpenTickets(1));

    const stand = await createUser(ctx);
    const other = await createUser(ctx);
    await createDelegate(ctx, {
      delegateBy: other.id,
      delegateTo: stand.id,
      projects: [w.projectId],
      startDate: new Date().toISOString().slice(0, 10),
    });
    const delegating = await ctx.call('POST', `/api/User/Delete/${stand.id}`, { token });
    expect(delegating.status).toBe(409);
    expect(delegating.body.resultMsg).toBe(userMessages.isActiveDelegate(1));
    expect((await userRow(ctx, stand.id)).deletedAt).toBeNull();
  });

  it('deletes all or none', async () => {
    const { token } = await admin();
    const a = await createUser(ctx);
    const refused = await ctx.call('POST', '/api/User/Delete', { token, body: [a.id, 999_999] });
    expect(refused.status).toBe(404);
    expect((await userRow(ctx, a.id)).deletedAt).toBeNull();
  });
});

describe('User: export', () => {
  it('exports users and deleted users as .xlsx', async () => {
    const { token } = await admin();
    for (const url of ['/api/User/Export', '/api/User/ExportDeleted']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken() },
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain('.xlsx');
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});
