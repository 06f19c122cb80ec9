import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allPermissionCodes, erasedLoginName, erasedUserName, type User } from '@casedesk/shared';
import { createUser, signIn, useTestApp, type TestUser } from '../../../test/helpers.js';
import { addTicket, admin, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { approvalWorld, approver, submitThrough } from '../../../test/workflow-factories.js';
import { databaseFileStore } from '../../platform/file-store.js';
import { auditLog, loginLog } from '../../platform/platform.table.js';
import { apiToken } from '../apiToken/api-token.table.js';
import { recoveryCode, userPasskey, userTotp } from '../auth/auth.table.js';
import { storedFile } from '../file/file.table.js';
import { notification } from '../notification/notification.table.js';
import { role } from '../role/role.table.js';
import { appUser, userRole } from './user.table.js';

const ctx = useTestApp();

const secrets = { tokenHash: 'tokenhash-never-exported', totp: 'sealed-totp-never-exported', passkey: 'pk-never' };

/** A zip answer read whole (the test's own reader; the server streams it). */
async function download(url: string, token: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'auth-token': ctx.newAuthToken(), ...headers },
  });
  return response;
}

async function unzip(payload: Buffer) {
  const zip = await JSZip.loadAsync(payload);
  const texts = new Map<string, string>();
  for (const [name, entry] of Object.entries(zip.files)) if (!entry.dir) texts.set(name, await entry.async('string'));
  return texts;
}

const json = (texts: Map<string, string>, name: string) =>
  JSON.parse(texts.get(name) ?? 'null') as Record<string, unknown>[];

/** A person with a ticket they raised (assigned to the world's agent), a comment, a token, factors, a file, a bell. */
async function personWithData() {
  const w = await ticketWorld(ctx);
  const person = await staff(ctx, [w.projectId]);
  const ticket = await addTicket(ctx, person.token, { projectId: w.projectId, categoryId: w.categoryId });
  const comment = await ctx.call('POST', '/api/TicketComment/Add', {
    token: person.token,
    body: { ticketId: ticket.id, comment: 'My printer is on fire', public: true },
  });
  expect(comment.status, comment.raw).toBe(200);
  await ctx.db.insert(apiToken).values({
    userId: person.id,
    name: 'My script',
    prefix: 'cdk_abcd',
    tokenHash: `${secrets.tokenHash}-${person.id}`,
    expiresAt: new Date(Date.now() + 86_400_000),
    createdBy: person.id,
    modifiedBy: person.id,
  });
  await ctx.db.insert(userTotp).values({ userId: person.id, secretSealed: secrets.totp, enabledAt: new Date() });
  await ctx.db.insert(recoveryCode).values({ userId: person.id, codeHash: `recovery-never-${person.id}` });
  await ctx.db
    .insert(userPasskey)
    .values({ userId: person.id, credentialId: `cred-${person.id}`, publicKey: secrets.passkey, name: 'Laptop' });
  await ctx.db.insert(notification).values({ toUserId: person.id, msType: 'ticketAssigned', title: 'Hello there' });
  mkdirSync(join(ctx.config.dataDir, 'files'), { recursive: true });
  const path = `pd-${person.id}.txt`;
  writeFileSync(join(ctx.config.dataDir, 'files', path), 'file body of the person');
  const [file] = await ctx.db
    .insert(storedFile)
    .values({
      path,
      name: 'notes.txt',
      ext: 'txt',
      size: 23,
      fileUrl: '/api/Files/Download/0',
      fileType: 'text/plain',
      sha256: 'x',
      createdBy: person.id,
      modifiedBy: person.id,
    })
    .returning({ id: storedFile.id });
  // A file whose bytes are in the database store (the default on PostgreSQL), not on this machine's disk.
  const stored = await databaseFileStore(ctx.db).put([Buffer.from('kept in the database')]);
  const [inDb] = await ctx.db
    .insert(storedFile)
    .values({
      ...stored,
      name: 'kept.txt',
      ext: 'txt',
      fileUrl: '/api/Files/Download/0',
      fileType: 'text/plain',
      createdBy: person.id,
      modifiedBy: person.id,
    })
    .returning({ id: storedFile.id });
  return { w, person, ticket, fileId: file!.id, inDbId: inDb!.id };
}

const rowOf = async (id: number) => (await ctx.db.select().from(appUser).where(eq(appUser.id, id)))[0]!;

describe('User/PersonalData: everything held about a user, as a zip', () => {
  it('packs every part, the files and a README, with no secret, and audits the export', async () => {
    const { person, ticket, fileId, inDbId } = await personWithData();
    const boss = await admin(ctx);
    const response = await download(`/api/User/PersonalData/${person.id}`, boss.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const texts = await unzip(response.rawPayload);
    for (const part of ['profile', 'roles', 'groups', 'tickets', 'comments', 'apiTokens', 'notifications', 'signIns'])
      expect(texts.has(`${part}.json`), part).toBe(true);
    expect(texts.get('README.txt')).toContain('tickets.json');
    expect(json(texts, 'profile.json')[0]).toMatchObject({ id: person.id, loginName: person.loginName });
    expect(json(texts, 'tickets.json').map((t) => t.caseNumber)).toContain(ticket.caseNumber);
    expect(json(texts, 'comments.json')[0]).toMatchObject({ comment: expect.stringContaining('printer is on fire') });
    expect(json(texts, 'apiTokens.json')[0]).toMatchObject({ name: 'My script', prefix: 'cdk_abcd' });
    expect(json(texts, 'notifications.json')[0]).toMatchObject({ title: 'Hello there' });
    expect(json(texts, 'signIns.json').length).toBeGreaterThan(0);
    expect(json(texts, 'roles.json').length).toBe(1);
    expect(texts.get(`files/${fileId}-notes.txt`)).toBe('file body of the person');
    expect(texts.get(`files/${inDbId}-kept.txt`)).toBe('kept in the database');

    const everything = [...texts.values()].join('\n');
    const { passwordHash } = await rowOf(person.id);
    for (const secret of [passwordHash, ...Object.values(secrets), 'recovery-never'])
      expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/passwordHash|tokenHash|secretSealed/);

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, person.id));
    expect(audit).toContainEqual(
      expect.objectContaining({ entity: 'User', action: 'exportPersonalData', actorId: boss.id }),
    );
  });

  it('words the README in the requester language', async () => {
    const { person } = await personWithData();
    const boss = await admin(ctx);
    await ctx.db.update(appUser).set({ language: 'zh-cn' }).where(eq(appUser.id, boss.id));
    const response = await download(`/api/User/PersonalData/${person.id}`, boss.token);
    expect(response.statusCode).toBe(200);
    const readme = (await unzip(response.rawPayload)).get('README.txt') ?? '';
    expect(readme).toContain(`用户 #${person.id} 的个人数据`);
    expect(readme).not.toMatch(/the user/i);
  });

  it('gives a user their own data through My account, and nobody else without the permission', async () => {
    const { person } = await personWithData();
    const own = await download('/api/Account/PersonalData', person.token);
    expect(own.statusCode).toBe(200);
    expect(json(await unzip(own.rawPayload), 'profile.json')[0]).toMatchObject({ id: person.id });

    const other = await createUser(ctx);
    const refused = await ctx.call('GET', `/api/User/PersonalData/${other.id}`, { token: person.token });
    expect(refused.status).toBe(403);
    const missing = await ctx.call('GET', '/api/User/PersonalData/99999999', { token: (await admin(ctx)).token });
    expect(missing.status).toBe(404);
  });

  it('refuses a manager who may not manage the user (404, as if absent)', async () => {
    const manager = await staff(ctx, [], ['user:view', 'user:edit']);
    const target = await createUser(ctx, { roles: ['admin'] });
    const refused = await ctx.call('GET', `/api/User/PersonalData/${target.id}`, { token: manager.token });
    expect(refused.status).toBe(404);
  });
});

async function erase(who: { token: string }, user: { id: number }) {
  const rowVersion = (await rowOf(user.id)).rowVersion;
  return ctx.call('POST', '/api/User/Erase', {
    token: who.token,
    body: { id: user.id, rowVersion },
    headers: { 'message-keys': '1' },
  });
}

describe('User/Erase: a person goes, what they did stays', () => {
  it('replaces the personal fields, ends access, keeps tickets and comments under the new name, audits "erased"', async () => {
    const { w, person, ticket } = await personWithData();
    const boss = await admin(ctx);
    const before = await rowOf(person.id);
    const response = await erase(boss, person);
    expect(response.status, response.raw).toBe(200);
    const name = erasedUserName(person.id);
    expect(response.body.data).toMatchObject({
      loginName: erasedLoginName(person.id),
      fullName: name,
      email: null,
      mobile: null,
      photo: null,
      status: 'Inactive',
      roles: [],
    });
    expect((response.body.data as User).actions).not.toContain('erase');
    const twice = await erase(boss, person);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ messageKey: 'user.alreadyErased' });

    // Signed out and unable to sign in again.
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token: person.token })).status).toBe(401);
    const again = await ctx.call('POST', '/api/token/Login', {
      body: { userName: person.loginName, password: person.password },
    });
    expect(again.status).not.toBe(200);
    expect(await ctx.db.select().from(apiToken).where(eq(apiToken.userId, person.id))).toEqual([]);
    expect(await ctx.db.select().from(userTotp).where(eq(userTotp.userId, person.id))).toEqual([]);
    expect(await ctx.db.select().from(userPasskey).where(eq(userPasskey.userId, person.id))).toEqual([]);

    // The ticket and the comment stay, read under the new name.
    const comments = await ctx.call('GET', `/api/TicketComment/Get?ticketId=${ticket.id}`, { token: w.agent.token });
    expect(comments.status, comments.raw).toBe(200);
    expect((comments.body.data as { items: { createdByName: string }[] }).items).toContainEqual(
      expect.objectContaining({ createdByName: name }),
    );
    const detail = await ctx.call('GET', `/api/Ticket/Detail/${ticket.id}`, { token: w.agent.token });
    expect(detail.status).toBe(200);
    expect(detail.raw).toContain(name);

    // No trace of the old values in the trail or the sign-in log.
    const trail = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, person.id));
    expect(trail).toContainEqual(
      expect.objectContaining({ action: 'erase', changes: { personalData: { from: null, to: 'erased' } } }),
    );
    const logs = await ctx.db.select().from(loginLog).where(eq(loginLog.userId, person.id));
    expect(logs.length).toBeGreaterThan(0);
    const kept = JSON.stringify([trail, logs, await rowOf(person.id)]);
    for (const old of [before.loginName, before.email!, before.lastName!]) expect(kept).not.toContain(old);
  });

  it('refuses while the user holds an open ticket assignment or a pending approval task, naming the count', async () => {
    const boss = await admin(ctx);
    const w = await ticketWorld(ctx);
    await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const assigned = await erase(boss, w.agent);
    expect(assigned.status).toBe(409);
    expect(assigned.body).toMatchObject({ messageKey: 'user.hasOpenTickets', messageValues: { count: 1 } });

    const world = await approvalWorld(ctx);
    const approverPerson = await createUser(ctx, { permissions: ['ticket:view'], projects: [world.projectId] });
    await submitThrough(ctx, world, approver('a', [approverPerson.id]));
    const pending = await erase(boss, approverPerson);
    expect(pending.status, pending.raw).toBe(409);
    expect(pending.body).toMatchObject({ messageKey: 'user.hasPendingTasks', messageValues: { count: 1 } });
    expect((await rowOf(approverPerson.id)).loginName).toBe(approverPerson.loginName);
  });

  it('refuses yourself, a stale version, and anyone without user:delete', async () => {
    const boss = await admin(ctx);
    const self = await erase(boss, boss);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ messageKey: 'user.notYourself' });

    const target = await createUser(ctx);
    const stale = await ctx.call('POST', '/api/User/Erase', {
      token: boss.token,
      body: { id: target.id, rowVersion: 99 },
    });
    expect(stale.status).toBe(409);

    const editor = await staff(ctx, [], ['user:view', 'user:edit']);
    expect((await erase(editor, target)).status).toBe(403);
    expect((await rowOf(target.id)).loginName).not.toBe(erasedLoginName(target.id));
  });

  it('offers the actions a row may do: export and erase for a manager, nothing to erase for oneself', async () => {
    const boss = await admin(ctx);
    const target = await createUser(ctx);
    const read = async (id: number) =>
      ((await ctx.call('GET', `/api/User/Get/${id}`, { token: boss.token })).body.data as User).actions;
    expect(await read(target.id)).toEqual(expect.arrayContaining(['exportPersonalData', 'erase']));
    expect(await read(boss.id)).not.toContain('erase');
  });

  // Last: it leaves this file's database with one active administrator.
  it('refuses to erase the last active administrator', async () => {
    const everything = await createUser(ctx, { permissions: allPermissionCodes });
    const eraser: Staff = { ...everything, token: (await signIn(ctx, everything)).token };
    const last: TestUser = await createUser(ctx, { roles: ['admin'] });
    const [adminRole] = await ctx.db.select({ id: role.id }).from(role).where(eq(role.code, 'admin'));
    await ctx.db
      .update(appUser)
      .set({ status: 'Inactive' })
      .where(
        sql`${appUser.id} <> ${last.id} and ${appUser.id} in (select user_id from ${userRole} where role_id = ${adminRole!.id})`,
      );
    const refused = await erase(eraser, last);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'user.lastAdministrator' });
  });
});
