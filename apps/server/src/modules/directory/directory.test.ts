import { createServer, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Change, Attribute } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryShown, DirectorySyncResult, DirectoryTestResult } from '@casedesk/shared';
import { createUser, signIn, testPassword, type Response } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/helpers.js';
import {
  freePort,
  groupDn,
  hasSlapd,
  noSlapdMessage,
  peopleDn,
  personDn,
  readerDn,
  readerPassword,
  samplePeople,
  startSlapd,
  type Slapd,
} from '../../../test/slapd.js';
import { addTicket, admin, staffWith, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { approver, submitThrough } from '../../../test/workflow-factories.js';
import { jobRun, scheduleJob } from '../../platform/jobs/jobs.table.js';
import { auditLog, systemSecret } from '../../platform/platform.table.js';
import { dept } from '../dept/index.js';
import { role } from '../role/index.js';
import { ticket, ticketComment } from '../ticket/index.js';
import { appUser, userProject, userRole } from '../user/index.js';
import { workflowAction, workflowTask } from '../workflow/index.js';
import { checkDirectoryPassword } from './directory-ldap.js';
import { directorySyncHandler } from './directory-sync.service.js';
import { directorySyncClass } from './directory.service.js';

const ctx = useTestApp();
const headers = { 'Message-Keys': '1' };
let slapd: Slapd;
let boss: Staff;
let agentRole: string;
let rowVersion = 0;

if (!hasSlapd) console.warn(noSlapdMessage);

const settingsOf = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  url: slapd.url,
  startTls: false,
  bindDn: readerDn,
  userBaseDn: peopleDn,
  userFilter: '(objectClass=inetOrgPerson)',
  attributes: {
    loginName: 'uid',
    email: 'mail',
    fullName: 'cn',
    mobile: 'mobile',
    department: 'departmentNumber',
    manager: 'manager',
  },
  roleMappings: [
    { groupDn: groupDn('desk-admins'), roleCode: 'admin' },
    { groupDn: groupDn('desk-agents'), roleCode: agentRole },
  ],
  defaultRoleCode: 'common',
  syncCron: '0 0 3 * * ?',
  ...over,
});

const call = (path: string, body?: unknown, token = boss.token): Promise<Response> =>
  body === undefined
    ? ctx.call('GET', `/api/Directory/${path}`, { token, headers })
    : ctx.call('POST', `/api/Directory/${path}`, { token, headers, body });

async function save(over: Record<string, unknown> = {}, bindPassword?: string): Promise<DirectoryShown> {
  const response = await call('Save', { value: { ...settingsOf(over), bindPassword }, rowVersion });
  expect(response.status, response.raw).toBe(200);
  const shown = response.body.data as DirectoryShown;
  rowVersion = shown.rowVersion;
  return shown;
}

async function sync(dryRun: boolean): Promise<DirectorySyncResult> {
  const response = await call('Sync', { dryRun });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as DirectorySyncResult;
}

const userByLogin = async (login: string) =>
  (
    await ctx.db
      .select()
      .from(appUser)
      .where(sql`lower(${appUser.loginName}) = ${login}`)
  )[0];
const rolesOf = async (userId: number) =>
  (
    await ctx.db
      .select({ code: role.code })
      .from(userRole)
      .innerJoin(role, eq(role.id, userRole.roleId))
      .where(eq(userRole.userId, userId))
  ).map((r) => r.code);
const deptByName = async (name: string) => (await ctx.db.select().from(dept).where(eq(dept.name, name)))[0];
/** Everything the sync may write, to compare before and after a run that must change nothing. */
const state = async () => ({
  users: await ctx.db
    .select({
      id: appUser.id,
      status: appUser.status,
      email: appUser.email,
      dn: appUser.directoryDn,
      v: appUser.rowVersion,
    })
    .from(appUser)
    .orderBy(appUser.id),
  depts: await ctx.db.select({ id: dept.id, leader: dept.leaderId, v: dept.rowVersion }).from(dept).orderBy(dept.id),
});

let world: Awaited<ReturnType<typeof ticketWorld>>;
let fayLocal: { id: number; loginName: string };
let fayTicket: number;
let fayApproval: number;

describe.skipIf(!hasSlapd)('directory sync against a real slapd', () => {
  beforeAll(async () => {
    slapd = await startSlapd();
    boss = await admin(ctx);
    const [agents] = await ctx.db.insert(role).values({ code: 'dir_agent', name: 'Directory agents' }).returning();
    agentRole = agents!.code;
    // Fay is already a local agent (linked by her login name at the first sync) with an open ticket.
    world = await ticketWorld(ctx);
    const fay = await createUser(ctx, {
      permissions: ['ticket:view', 'ticket:edit'],
      projects: [world.projectId],
      values: { loginName: 'fay' },
    });
    fayLocal = fay;
    fayTicket = (
      await addTicket(ctx, world.agent.token, {
        projectId: world.projectId,
        categoryId: world.categoryId,
        assignTo: fay.id,
      })
    ).id;
    // ... and an approval task waiting for her.
    const toApprove = await addTicket(ctx, world.agent.token, {
      projectId: world.projectId,
      categoryId: world.categoryId,
      subject: 'Laptop',
    });
    fayApproval = (
      await submitThrough(
        ctx,
        { projectId: world.projectId, initiator: world.agent, ticketId: toApprove.id },
        approver('boss', [fay.id]),
      )
    ).instance.id;
  }, 60_000);
  afterAll(async () => slapd?.stop());

  it('refuses every call to someone without the settings permissions', async () => {
    const nobody = await staffWith(ctx, []);
    for (const [path, body] of [
      ['Get', undefined],
      ['Save', { value: settingsOf(), rowVersion: 0 }],
      ['Test', settingsOf({ bindPassword: readerPassword })],
      ['Sync', { dryRun: true }],
    ] as const)
      expect((await call(path, body, nobody.token)).status, path).toBe(403);
  });

  it('saves the settings with the bind password sealed, never answered, audited as ***; a stale save is 409', async () => {
    const shown = await save({}, readerPassword);
    expect(shown.value).toMatchObject({ bindPasswordSet: true, url: slapd.url });
    expect(JSON.stringify(shown)).not.toContain(readerPassword);
    const got = await call('Get');
    expect(got.raw).not.toContain(readerPassword);
    const [secret] = await ctx.db.select().from(systemSecret).where(eq(systemSecret.name, 'directory_bind_password'));
    expect(secret!.value).toMatch(/^v1:/);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'Directory'));
    expect(audit!.changes).toMatchObject({ bindPassword: { from: '***', to: '***' } });
    expect(JSON.stringify(audit!.changes)).not.toContain(readerPassword);
    // The scheduled job follows the cron and runs while sync is on.
    const [job] = await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.className, directorySyncClass));
    expect(job).toMatchObject({ cron: '0 0 3 * * ?', isStart: true });
    expect(job!.nextRunAt).not.toBeNull();
    const stale = await call('Save', { value: settingsOf(), rowVersion: rowVersion - 1 });
    expect(stale.status).toBe(409);
    // Saved again without a password: the stored one stays, and the audit does not mention it.
    await save({ syncCron: '' });
    expect((await call('Get')).body.data).toMatchObject({ value: { bindPasswordSet: true } });
    const [off] = await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.className, directorySyncClass));
    expect(off).toMatchObject({ isStart: false });
  });

  it('tests the connection: binds, searches, answers how many people and a few of them', async () => {
    const response = await call('Test', settingsOf());
    expect(response.status, response.raw).toBe(200);
    const result = response.body.data as DirectoryTestResult;
    expect(result.usersFound).toBe(samplePeople.length);
    expect(result.sample.length).toBe(5);
    expect(result.sample.map((p) => p.loginName)).toContain('ada');
  });

  it('a dry run lists the changes and writes nothing', async () => {
    const before = await state();
    const result = await sync(true);
    expect(result).toMatchObject({ dryRun: true, created: 5, updated: 1, disabled: 0, errors: [] });
    const kinds = result.changes.map((c) => `${c.kind}:${c.name}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'create:ada',
        'update:fay',
        'department:Engineering',
        'department:Finance',
        'department:Support',
        'leader:Engineering',
        'leader:Finance',
        'leader:Support',
      ]),
    );
    expect(await state()).toEqual(before);
    expect(await userByLogin('ada')).toBeUndefined();
    expect((await call('Get')).body.data).toMatchObject({ lastSync: { dryRun: true, ok: true } });
  });

  it('syncs users, departments and leaders, with roles from the groups, and logs the run', async () => {
    const result = await sync(false);
    expect(result).toMatchObject({ dryRun: false, created: 5, updated: 1, disabled: 0, departments: 3, errors: [] });
    const ada = (await userByLogin('ada'))!;
    const bob = (await userByLogin('bob'))!;
    const cy = (await userByLogin('cy'))!;
    const dee = (await userByLogin('dee'))!;
    const fay = (await userByLogin('fay'))!;
    expect(ada).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.com', directoryDn: personDn('ada') });
    expect(cy.mobile).toBe('+1 555 0100');
    expect(fay).toMatchObject({ id: fayLocal.id, directoryDn: personDn('fay'), email: 'fay@example.com' });
    expect(await rolesOf(ada.id)).toEqual(['admin']);
    expect(await rolesOf(bob.id)).toEqual([agentRole]);
    expect(await rolesOf(dee.id)).toEqual(['common']);
    const engineering = (await deptByName('Engineering'))!;
    expect(engineering.leaderId).toBe(ada.id);
    expect(bob.deptId).toBe(engineering.id);
    expect((await deptByName('Finance'))!.leaderId).toBe(dee.id);
    // Fay's manager is Dee, in another department: she still leads Support.
    expect((await deptByName('Support'))!.leaderId).toBe(dee.id);
    const [job] = await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.className, directorySyncClass));
    const runs = await ctx.db.select().from(jobRun).where(eq(jobRun.jobId, job!.id));
    expect(runs.map((r) => r.message)).toContain('5 created, 1 updated, 0 disabled, 3 departments, 0 skipped.');
    expect((await call('Get')).body.data).toMatchObject({
      lastSync: { dryRun: false, ok: true, summary: '5 created, 1 updated, 0 disabled, 3 departments, 0 skipped.' },
    });
    // The last run is worded for each reader (kept by key, not as English text).
    const reader = await createUser(ctx, { roles: ['admin'], values: { language: 'zh-cn' } });
    const inChinese = await call('Get', undefined, (await signIn(ctx, reader)).token);
    expect((inChinese.body.data as DirectoryShown).lastSync!.summary).toBe(
      '新建 5 个，更新 1 个，停用 0 个，部门 3 个，跳过 0 个。',
    );
  });

  it('a second sync finds nothing to change', async () => {
    const before = await state();
    const result = await sync(false);
    expect(result).toMatchObject({ created: 0, updated: 0, disabled: 0, departments: 0, changes: [], errors: [] });
    expect(await state()).toEqual(before);
  });

  it('the scheduled job runs the same sync while sync is on, and says so when it is off', async () => {
    const runJob = () =>
      directorySyncHandler.run(
        {
          db: ctx.db,
          config: ctx.config,
          log: ctx.app.log,
          fireTime: new Date(),
          jobId: null,
          signal: new AbortController().signal,
        },
        {},
      );
    expect(await runJob()).toEqual({ message: '0 created, 0 updated, 0 disabled, 0 departments, 0 skipped.' });
    await save({ enabled: false });
    expect(await runJob()).toEqual({ message: 'Directory sync is off.' });
    await save();
  });

  it('signs a directory user in with the directory password only; a wrong one counts; an injection matches no one', async () => {
    const signInAs = (userName: string, password: string) =>
      ctx.call('POST', '/api/token/Login', { headers, body: { userName, password } });
    expect((await signInAs('bob', 'bob-pass-1')).status).toBe(200);
    const wrong = await signInAs('bob', 'not-bobs');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ messageKey: 'common.loginFailed' });
    expect((await userByLogin('bob'))!.errorCount).toBe(1);
    // Fay's local password is no longer hers to use.
    expect((await signInAs('fay', testPassword)).status).toBe(400);
    expect((await signInAs('fay', 'fay-pass-1')).status).toBe(200);
    // A local user whose name is a filter: escaped, it finds no directory person, whatever password.
    await createUser(ctx, {
      values: { loginName: '*)(uid=*', directoryDn: 'uid=ghost,ou=people,dc=example,dc=com', status: 'Inactive' },
    });
    expect((await signInAs('*)(uid=*', 'ada-pass-1')).status).toBe(400);
    const access = { ...settingsOf(), bindPassword: readerPassword };
    expect(await checkDirectoryPassword(access, '*)(uid=*', 'ada-pass-1')).toBe(false);
    expect(await checkDirectoryPassword(access, '*', 'ada-pass-1')).toBe(false);
    expect(await checkDirectoryPassword(access, 'ada', 'ada-pass-1')).toBe(true);
    // An empty password would be an anonymous bind, which LDAP accepts: refused before any bind.
    expect(await checkDirectoryPassword(access, 'ada', '')).toBe(false);
  });

  it('follows changes in the directory: updated, disabled with open work handed to the leader, enabled again', async () => {
    const dee = (await userByLogin('dee'))!;
    await ctx.db.insert(userProject).values({ userId: dee.id, projectId: world.projectId });
    const admin = await slapd.admin();
    try {
      await admin.modify(personDn('cy'), [
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'mail', values: ['cy@new.example.com'] }),
        }),
      ]);
      await admin.del(personDn('fay'));
    } finally {
      await admin.unbind();
    }
    const result = await sync(false);
    expect(result).toMatchObject({ created: 0, updated: 1, disabled: 1, errors: [] });
    expect(result.changes).toContainEqual({
      kind: 'update',
      name: 'cy',
      fields: [{ field: 'email', from: 'cy@example.com', to: 'cy@new.example.com' }],
    });
    const fay = (await userByLogin('fay'))!;
    expect(fay.status).toBe('Inactive');
    const [handed] = await ctx.db.select().from(ticket).where(eq(ticket.id, fayTicket));
    expect(handed!.assignTo).toBe(dee.id);
    const comments = await ctx.db.select().from(ticketComment).where(eq(ticketComment.ticketId, fayTicket));
    expect(comments.map((c) => c.comment).join()).toContain('no longer in the directory');
    const tasks = await ctx.db.select().from(workflowTask).where(eq(workflowTask.instanceId, fayApproval));
    expect(tasks.filter((t) => t.status === 'Pending').map((t) => t.assigneeId)).toEqual([dee.id]);
    const actions = await ctx.db.select().from(workflowAction).where(eq(workflowAction.instanceId, fayApproval));
    expect(actions.find((a) => a.action === 'transfer')?.comment).toContain('no longer in the directory');

    await slapd.addPerson(samplePeople.find((p) => p.uid === 'fay')!);
    const again = await sync(false);
    expect(again.changes).toContainEqual({
      kind: 'enable',
      name: 'fay',
      fields: [{ field: 'status', from: 'Inactive', to: 'Active' }],
    });
    expect((await userByLogin('fay'))!.status).toBe('Active');
  });

  describe('a directory that cannot be used: 400 naming why, nothing changed', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // Accepts connections and never answers.
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    const cases = async () => {
      const closed = await freePort();
      const address = silent.address();
      const silentPort = typeof address === 'object' && address ? address.port : 0;
      return [
        {
          name: 'down',
          over: { url: `ldap://127.0.0.1:${closed}` },
          password: undefined,
          key: 'directory.unreachable',
        },
        { name: 'bind refused', over: {}, password: 'wrong-password', key: 'directory.bindRefused' },
        {
          name: 'timeout',
          over: { url: `ldap://127.0.0.1:${silentPort}` },
          password: undefined,
          key: 'directory.timeout',
        },
      ];
    };

    it('Test, Sync and sign-in', async () => {
      for (const c of await cases()) {
        const tested = await call('Test', { ...settingsOf(c.over), bindPassword: c.password });
        expect(tested.status, c.name).toBe(400);
        expect(tested.body, c.name).toMatchObject({ messageKey: c.key });

        await save(c.over, c.password);
        const before = await state();
        const synced = await call('Sync', { dryRun: false });
        expect(synced.status, c.name).toBe(400);
        expect(synced.body, c.name).toMatchObject({ messageKey: c.key });
        expect(await state(), c.name).toEqual(before);
        expect((await call('Get')).body.data, c.name).toMatchObject({ lastSync: { ok: false } });

        const login = await ctx.call('POST', '/api/token/Login', {
          headers,
          body: { userName: 'ada', password: 'ada-pass-1' },
        });
        expect(login.status, c.name).toBe(400);
        expect(login.body, c.name).toMatchObject({ messageKey: 'directory.signInUnavailable' });
        await save({}, readerPassword);
      }
      // Back in reach, everything works as before.
      expect((await signIn(ctx, { loginName: 'ada', password: 'ada-pass-1' })).token).toBeTruthy();
      expect((await userByLogin('fay'))!.status).toBe('Active');
    }, 60_000);
  });
});
