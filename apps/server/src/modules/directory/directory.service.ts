import { and, eq, inArray } from 'drizzle-orm';
import {
  directoryMessages,
  directorySettingsSchema,
  messages,
  msg,
  type DirectorySave,
  type DirectorySettings,
  type DirectoryShown,
  type DirectoryTest,
  type DirectoryTestResult,
  type Message,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { nextVersion } from '../../platform/columns.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { badRequest, conflict, fieldRefusal } from '../../platform/errors.js';
import { scheduleJob } from '../../platform/jobs/jobs.table.js';
import { nextFireTime } from '../../platform/jobs/schedule.js';
import { systemSecret } from '../../platform/platform.table.js';
import { openSealed, sealSecret } from '../../platform/secrets.js';
import { translateText, type Language } from '../../platform/translator.js';
import { role } from '../role/index.js';
import { appSetting, readSettings } from '../setting/index.js';
import { checkDirectoryPassword, testDirectory, type DirectoryAccess } from './directory-ldap.js';

/** Settings → Directory is one `app_setting` row (rowVersion, 409, audit as the other groups); the last run another. */
export const directoryGroup = 'directory';
const lastSyncGroup = 'directoryLastSync';
/** The bind account's password: sealed in `system_secret`, never in the settings row nor any answer. */
export const bindPasswordSecret = 'directory_bind_password';
/** The scheduled job that runs the sync; its cron and whether it runs follow the settings. */
export const directorySyncClass = 'directory.sync';

export const defaultDirectorySettings: DirectorySettings = {
  enabled: false,
  url: '',
  startTls: false,
  bindDn: '',
  userBaseDn: '',
  userFilter: '(objectClass=inetOrgPerson)',
  attributes: {
    loginName: 'uid',
    email: 'mail',
    fullName: 'cn',
    mobile: 'mobile',
    department: 'departmentNumber',
    manager: 'manager',
  },
  roleMappings: [],
  defaultRoleCode: null,
  syncCron: '',
};

type Stored = { value: DirectorySettings; rowVersion: number; modifiedAt: Date | null; modifiedBy: number | null };

export async function readDirectorySettings(q: Queryable): Promise<Stored> {
  const [row] = await q.select().from(appSetting).where(eq(appSetting.groupName, directoryGroup));
  if (!row) return { value: defaultDirectorySettings, rowVersion: 0, modifiedAt: null, modifiedBy: null };
  const parsed = directorySettingsSchema.safeParse({ ...defaultDirectorySettings, ...row.value });
  return {
    value: parsed.success ? parsed.data : defaultDirectorySettings,
    rowVersion: row.rowVersion,
    modifiedAt: row.modifiedAt,
    modifiedBy: row.modifiedBy,
  };
}

async function storedBindPassword(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(systemSecret).where(eq(systemSecret.name, bindPasswordSecret));
  return row ? openSealed(db, row.value) : undefined;
}

/** The stored settings and password, ready to reach the directory (400 when the server is not filled in). */
export async function storedAccess(db: Db): Promise<DirectoryAccess & { modifiedBy: number | null }> {
  const stored = await readDirectorySettings(db);
  const access = { ...stored.value, bindPassword: (await storedBindPassword(db)) ?? '', modifiedBy: stored.modifiedBy };
  checkConfigured(access);
  return access;
}

function checkConfigured(value: DirectorySettings) {
  if (value.url === '' || value.userBaseDn === '' || value.attributes.loginName === '')
    throw badRequest(msg(directoryMessages, 'notConfigured'));
}

/** The last run as kept: its summary (or failure) by key and values, worded for each reader when shown. */
export type StoredLastSync = { at: string; dryRun: boolean; ok: boolean; summary: Message };

async function readLastSync(q: Queryable, language: Language): Promise<DirectoryShown['lastSync']> {
  const [row] = await q.select().from(appSetting).where(eq(appSetting.groupName, lastSyncGroup));
  const last = row?.value as StoredLastSync | undefined;
  if (!last) return null;
  return { ...last, summary: translateText(language, last.summary.text, last.summary) };
}

/** Every run, by hand or scheduled, dry or not, is the last sync the settings page shows. */
export async function writeLastSync(q: Queryable, last: StoredLastSync): Promise<void> {
  await q
    .insert(appSetting)
    .values({ groupName: lastSyncGroup, value: last })
    .onConflictDoUpdate({ target: appSetting.groupName, set: { value: last, modifiedAt: new Date() } });
}

export async function getDirectory(db: Db, language: Language): Promise<DirectoryShown> {
  const stored = await readDirectorySettings(db);
  const [secret] = await db.select().from(systemSecret).where(eq(systemSecret.name, bindPasswordSecret));
  return {
    value: { ...stored.value, bindPasswordSet: Boolean(secret) },
    rowVersion: stored.rowVersion,
    modifiedAt: stored.modifiedAt?.toISOString() ?? null,
    lastSync: await readLastSync(db, language),
  };
}

/** The role codes the settings name must exist. */
async function checkRoles(q: Queryable, value: DirectorySettings) {
  const codes = [
    ...value.roleMappings.map((m) => m.roleCode),
    ...(value.defaultRoleCode ? [value.defaultRoleCode] : []),
  ];
  if (codes.length === 0) return;
  const found = new Set(
    (await q.select({ code: role.code }).from(role).where(inArray(role.code, codes))).map((r) => r.code),
  );
  if (value.defaultRoleCode && !found.has(value.defaultRoleCode))
    throw fieldRefusal('value.defaultRoleCode', msg(directoryMessages, 'roleUnknown', { role: value.defaultRoleCode }));
  for (const [i, m] of value.roleMappings.entries())
    if (!found.has(m.roleCode))
      throw fieldRefusal(
        `value.roleMappings.${i}.roleCode`,
        msg(directoryMessages, 'roleUnknown', { role: m.roleCode }),
      );
}

/** The `directory.sync` job follows the settings: its cron, and it runs only while sync is on with a cron. */
async function followSchedule(db: Db, tx: Tx, value: DirectorySettings) {
  const running = value.enabled && value.syncCron !== '';
  const cron = value.syncCron === '' ? defaultSyncCron : value.syncCron;
  const [job] = await tx.select().from(scheduleJob).where(eq(scheduleJob.className, directorySyncClass));
  if (!job) return;
  const { timeZone } = (await readSettings(db, tx)).basic;
  const trigger = { ...job, triggerType: 'Cron' as const, cron };
  await tx
    .update(scheduleJob)
    .set({
      cron,
      triggerType: 'Cron',
      isStart: running,
      nextRunAt: running ? nextFireTime(trigger, new Date(), timeZone) : null,
    })
    .where(eq(scheduleJob.id, job.id));
}

/** The seeded job's cron until the settings name one (it is not started then). */
export const defaultSyncCron = '0 0 2 * * ?';

export async function saveDirectory(
  db: Db,
  actor: Actor,
  input: DirectorySave,
  language: Language,
): Promise<DirectoryShown> {
  const { bindPassword, ...value } = input.value;
  // Sealed before the transaction: the sealing key may be made on first use.
  const sealed = bindPassword ? await sealSecret(db, bindPassword) : undefined;
  await db.transaction(async (tx) => {
    await checkRoles(tx, value);
    const [before] = await tx.select().from(appSetting).where(eq(appSetting.groupName, directoryGroup));
    let row: typeof appSetting.$inferSelect | undefined;
    if (!before) {
      if (input.rowVersion !== 0) throw conflict(msg(messages, 'staleRowVersion'));
      [row] = await tx
        .insert(appSetting)
        .values({ groupName: directoryGroup, value, createdBy: actor.userId, modifiedBy: actor.userId })
        .onConflictDoNothing()
        .returning();
    } else {
      [row] = await tx
        .update(appSetting)
        .set({ value, ...nextVersion(appSetting, actor) })
        .where(and(eq(appSetting.id, before.id), eq(appSetting.rowVersion, input.rowVersion)))
        .returning();
    }
    if (!row) throw conflict(msg(messages, 'staleRowVersion'));
    const changes = diff(before?.value ?? {}, value);
    if (sealed !== undefined) {
      await tx
        .insert(systemSecret)
        .values({ name: bindPasswordSecret, value: sealed })
        .onConflictDoUpdate({ target: systemSecret.name, set: { value: sealed } });
      // The audit says that the password changed, never what it is.
      changes.bindPassword = { from: '***', to: '***' };
    }
    await followSchedule(db, tx, value);
    await writeAudit(tx, {
      entity: 'Directory',
      entityId: row.id,
      action: before ? 'update' : 'create',
      actorId: actor.userId,
      changes,
    });
  });
  return getDirectory(db, language);
}

/** Test: the form's values as typed (an empty password: the stored one); bind and search; a few people. */
export async function testDirectorySettings(db: Db, input: DirectoryTest): Promise<DirectoryTestResult> {
  const { bindPassword, ...value } = input;
  checkConfigured(value);
  const password = bindPassword ? bindPassword : ((await storedBindPassword(db)) ?? '');
  const people = await testDirectory({ ...value, bindPassword: password });
  return {
    usersFound: people.length,
    sample: people.slice(0, 5).map((p) => ({
      dn: p.dn,
      loginName: p.loginName ?? '',
      fullName: p.fullName,
      email: p.email,
      department: p.department,
    })),
  };
}

/** Sign-in of a synced user (the platform's `directoryPassword` hook): the directory checks the password. */
export async function directoryPassword(db: Db, user: { loginName: string }, password: string): Promise<boolean> {
  const stored = await readDirectorySettings(db);
  const access = { ...stored.value, bindPassword: (await storedBindPassword(db)) ?? '' };
  if (access.url === '' || access.userBaseDn === '') throw badRequest(msg(directoryMessages, 'signInUnavailable'));
  return checkDirectoryPassword(access, user.loginName, password);
}
