import { and, asc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  defaultAllowedUploadTypes,
  messages,
  msg,
  settingGroupSchemas,
  settingMessages,
  type PublicSettings,
  type SettingGroup,
  type SettingSave,
  type SettingSaved,
  type Settings,
  type SettingValues,
  type ThirdPartySave,
} from '@casedesk/shared';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { systemSecret } from '../../platform/platform.table.js';
import { openSealed, sealSecret } from '../../platform/secrets.js';
import { nextVersion } from '../../platform/columns.js';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { loadConfig, type Config } from '../../platform/config.js';
import { present } from '../../platform/envelope.js';
import { conflict, fieldRefusal } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { dayIn, nextDay, startOfDay } from '../../platform/zoned-time.js';
import { appUser } from '../user/index.js';
import { appSetting, holiday } from './setting.table.js';

/** Where a setting starts before anyone saves it: the product's defaults, and the environment for lifetimes. */
/** The prefix case numbers had before it became a setting (contract section 7). */
export const defaultCaseNumberPrefix = 'TCK';

export type SettingDefaults = { accessMinutes: number; refreshDays: number };

export function defaultSettings(env: SettingDefaults): SettingValues {
  return {
    basic: {
      productTitle: 'Casedesk',
      caseNumberPrefix: defaultCaseNumberPrefix,
      defaultLanguage: 'en',
      timeZone: 'UTC',
    },
    toggles: {
      lockout: true,
      lockoutAttempts: 5,
      accountLockAddresses: 10,
      privateTickets: true,
      ssoButton: false,
      webhookPrivateAddresses: false,
      twoFactorRoles: [],
    },
    token: { accessMinutes: env.accessMinutes, refreshDays: env.refreshDays, personalTokens: true },
    upload: { maxSizeMb: 20, allowedTypes: [...defaultAllowedUploadTypes] },
    log: { requestLog: true, slowSqlMs: 200, daysToKeep: 90 },
    holidayReminder: { enabled: false, userIds: [], daysBefore: 3 },
    retention: { archiveClosedAfterMonths: 0 },
    thirdParty: {
      enabled: false,
      issuerUrl: '',
      clientId: '',
      scopes: 'openid profile email',
      userNameClaim: 'preferred_username',
      emailClaim: 'email',
      userMode: 'link',
      defaultRoleId: null,
      defaultProjectIds: [],
      buttonText: { en: '', 'zh-cn': '', 'zh-tw': '' },
    },
  };
}

/** Where the provider sends the browser back to, and after signing out: both registered at the provider. */
export function ssoUrls(config: Pick<Config, 'systemUrl' | 'port'>) {
  const base = (config.systemUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  return { base, redirectUri: `${base}/api/token/SSOCallback`, postLogoutRedirectUri: `${base}/login` };
}

/** The single sign-on client secret: sealed in `system_secret`, never in the settings group nor any answer. */
export const ssoClientSecretName = 'sso_client_secret';

/** The stored single sign-on client secret, opened; undefined when none is stored. */
export async function readSsoClientSecret(q: Db): Promise<string | undefined> {
  const [row] = await q.select().from(systemSecret).where(eq(systemSecret.name, ssoClientSecretName));
  return row ? openSealed(q, row.value) : undefined;
}

type Slot<T> = { value: T; rowVersion: number; modifiedAt: Date | null };
type GroupState = { [G in SettingGroup]: Slot<SettingValues[G]> };
type Entry = { defaults: SettingDefaults; loaded?: { at: number; groups: GroupState } };

/**
 * The settings are read on hot paths (every sign-in, upload, ticket), so they are cached per database.
 * A write here drops the cache at once; the short lifetime bounds how long another server instance
 * keeps an old value.
 */
const cacheLifetimeMs = 5_000;
const entries = new WeakMap<object, Entry>();

function entryOf(db: Db): Entry {
  let entry = entries.get(db);
  if (!entry) {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
    entry = { defaults: { accessMinutes: config.accessTokenMinutes, refreshDays: config.refreshTokenDays } };
    entries.set(db, entry);
  }
  return entry;
}

/** The environment's values become the defaults of this database's settings (called once at start). */
export function configureSettingDefaults(db: Db, defaults: SettingDefaults) {
  entries.set(db, { defaults });
}

export function invalidateSettings(db: Db) {
  const entry = entries.get(db);
  if (entry) entry.loaded = undefined;
}

async function loadGroups(q: Queryable, defaults: SettingDefaults): Promise<GroupState> {
  const rows = await q.select().from(appSetting);
  const base = defaultSettings(defaults);
  const read = (group: SettingGroup): Slot<unknown> => {
    const row = rows.find((r) => r.groupName === group);
    if (!row) return { value: base[group], rowVersion: 0, modifiedAt: null };
    // A stored group lacking a newer key, or holding an invalid one, falls back key by key to the default.
    const parsed = settingGroupSchemas[group].safeParse({ ...base[group], ...row.value });
    return {
      value: parsed.success ? parsed.data : base[group],
      rowVersion: row.rowVersion,
      modifiedAt: row.modifiedAt,
    };
  };
  return {
    basic: read('basic') as GroupState['basic'],
    toggles: read('toggles') as GroupState['toggles'],
    token: read('token') as GroupState['token'],
    upload: read('upload') as GroupState['upload'],
    log: read('log') as GroupState['log'],
    holidayReminder: read('holidayReminder') as GroupState['holidayReminder'],
    retention: read('retention') as GroupState['retention'],
    thirdParty: read('thirdParty') as GroupState['thirdParty'],
  };
}

/**
 * The current settings. `db` names the cache; `q` is what to read with when the cache is cold
 * (pass the transaction when inside one: PGlite has a single connection).
 */
export async function readSettings(db: Db, q: Queryable = db): Promise<SettingValues> {
  const groups = await readGroups(db, q);
  return {
    basic: groups.basic.value,
    toggles: groups.toggles.value,
    token: groups.token.value,
    upload: groups.upload.value,
    log: groups.log.value,
    holidayReminder: groups.holidayReminder.value,
    retention: groups.retention.value,
    thirdParty: groups.thirdParty.value,
  };
}

async function readGroups(db: Db, q: Queryable): Promise<GroupState> {
  const entry = entryOf(db);
  if (entry.loaded && Date.now() - entry.loaded.at < cacheLifetimeMs) return entry.loaded.groups;
  const groups = await loadGroups(q, entry.defaults);
  entry.loaded = { at: Date.now(), groups };
  return groups;
}

export async function getSettings(db: Db, config: Pick<Config, 'systemUrl' | 'port'>): Promise<Settings> {
  const groups = await loadGroups(db, entryOf(db).defaults);
  const holidays = await db.select().from(holiday).orderBy(asc(holiday.day));
  const secret = await db.select().from(systemSecret).where(eq(systemSecret.name, ssoClientSecretName));
  const show = <T>(g: Slot<T>) => ({
    value: g.value,
    rowVersion: g.rowVersion,
    modifiedAt: g.modifiedAt?.toISOString() ?? null,
  });
  const thirdParty = show(groups.thirdParty);
  return {
    basic: show(groups.basic),
    toggles: show(groups.toggles),
    token: show(groups.token),
    upload: show(groups.upload),
    log: show(groups.log),
    holidayReminder: show(groups.holidayReminder),
    retention: show(groups.retention),
    thirdParty: {
      ...thirdParty,
      value: { ...thirdParty.value, clientSecretSet: secret.length > 0, ...ssoShownUrls(config) },
    },
    holidays: holidays.map((h) => present(h)),
  };
}

export async function publicSettings(db: Db): Promise<PublicSettings> {
  const s = await readSettings(db);
  return {
    productTitle: s.basic.productTitle,
    defaultLanguage: s.basic.defaultLanguage,
    timeZone: s.basic.timeZone,
    ssoButton: s.toggles.ssoButton,
    maxUploadSizeMb: s.upload.maxSizeMb,
    allowedUploadTypes: s.upload.allowedTypes,
  };
}

/** Saves one group whole; a rowVersion that is not the stored one (0 = never saved) writes nothing: 409. */
const ssoShownUrls = (config: Pick<Config, 'systemUrl' | 'port'>) => {
  const { redirectUri, postLogoutRedirectUri } = ssoUrls(config);
  return { redirectUri, postLogoutRedirectUri };
};

export async function saveSetting(
  db: Db,
  actor: Actor,
  input: SettingSave,
  config: Pick<Config, 'systemUrl' | 'port'>,
): Promise<SettingSaved> {
  const [saved] = await saveSettings(db, actor, [input], config);
  return saved!;
}

/** Several groups in one transaction, all or none (Data Management saves the log and retention groups together). */
export async function saveSettings(
  db: Db,
  actor: Actor,
  inputs: SettingSave[],
  config: Pick<Config, 'systemUrl' | 'port'>,
): Promise<SettingSaved[]> {
  // A client secret is sealed before the transaction (its key may be made on first use) and stored apart.
  const secrets: (string | undefined)[] = [];
  for (const input of inputs)
    secrets.push(
      input.group === 'thirdParty' && input.value.clientSecret
        ? await sealSecret(db, input.value.clientSecret)
        : undefined,
    );
  const saved = await db.transaction(async (tx) => {
    const rows: { row: typeof appSetting.$inferSelect; value: SettingSaved['value'] }[] = [];
    for (const [i, input] of inputs.entries()) rows.push(await saveGroupIn(tx, actor, input, secrets[i], config));
    return rows;
  });
  invalidateSettings(db);
  return saved.map(({ row, value }) => ({
    value,
    rowVersion: row.rowVersion,
    modifiedAt: row.modifiedAt.toISOString(),
  }));
}

async function saveGroupIn(
  tx: Tx,
  actor: Actor,
  input: SettingSave,
  secret: string | undefined,
  config: Pick<Config, 'systemUrl' | 'port'>,
) {
  let stored: Record<string, unknown> = input.value;
  if (input.group === 'thirdParty') {
    const { clientSecret: _secret, ...rest } = input.value;
    stored = rest;
  }
  if (input.group === 'holidayReminder') await checkReminderUsers(tx, input.value.userIds);
  if (input.group === 'thirdParty') await checkSsoDefaults(tx, input.value);
  const [before] = await tx.select().from(appSetting).where(eq(appSetting.groupName, input.group));
  const value = stored;
  let row: typeof appSetting.$inferSelect | undefined;
  if (!before) {
    if (input.rowVersion !== 0) throw conflict(msg(messages, 'staleRowVersion'));
    [row] = await tx
      .insert(appSetting)
      .values({ groupName: input.group, value, createdBy: actor.userId, modifiedBy: actor.userId })
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
  if (input.group === 'basic') {
    const zoneBefore = (before?.value as { timeZone?: string } | undefined)?.timeZone ?? 'UTC'; // the default's
    if (input.value.timeZone !== zoneBefore)
      await emitDomainEvent(tx, {
        type: 'setting.timeZoneChanged',
        timeZone: input.value.timeZone,
        actorId: actor.userId,
      });
  }
  if (secret !== undefined) {
    await tx
      .insert(systemSecret)
      .values({ name: ssoClientSecretName, value: secret })
      .onConflictDoUpdate({ target: systemSecret.name, set: { value: secret } });
    // The audit says that the secret changed, never what it is.
    changes.clientSecret = { from: '***', to: '***' };
  }
  await writeAudit(tx, {
    entity: 'Settings',
    entityId: row.id,
    action: before ? 'update' : 'create',
    actorId: actor.userId,
    changes,
  });
  if (input.group !== 'thirdParty') return { row, value: input.value };
  const [kept] = await tx.select().from(systemSecret).where(eq(systemSecret.name, ssoClientSecretName));
  return {
    row,
    value: { ...stored, clientSecretSet: Boolean(kept), ...ssoShownUrls(config) } as SettingSaved['value'],
  };
}

/** The role and projects a user created by single sign-on gets must exist. */
async function checkSsoDefaults(q: Queryable, value: ThirdPartySave) {
  if (value.defaultRoleId !== null) {
    const found = await rowsOf(q, sql`select 1 from role where id = ${value.defaultRoleId}`);
    if (found.length === 0) throw fieldRefusal('value.defaultRoleId', msg(settingMessages, 'ssoRoleUnknown'));
  }
  if (value.userMode === 'create' && value.defaultRoleId === null)
    throw fieldRefusal('value.defaultRoleId', msg(settingMessages, 'ssoRoleRequired'));
  if (value.defaultProjectIds.length > 0) {
    const found = await rowsOf(
      q,
      sql`select id from project where id in (${sql.join(
        value.defaultProjectIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    if (found.length !== value.defaultProjectIds.length)
      throw fieldRefusal('value.defaultProjectIds', msg(settingMessages, 'ssoProjectUnknown'));
  }
}

/** The users a holiday reminder goes to must exist (and not be deleted). */
async function checkReminderUsers(q: Queryable, userIds: number[]) {
  if (userIds.length === 0) return;
  const found = await q
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(inArray(appUser.id, userIds), isNull(appUser.deletedAt)));
  if (found.length !== userIds.length) throw fieldRefusal('value.userIds', msg(settingMessages, 'reminderUserUnknown'));
}

// ---- holiday calendar ----

/**
 * `hours` of service time from `start`, holidays not counting: a holiday's whole day (in the
 * settings' time zone) is skipped, so a due date that would fall on or run through one moves by its days.
 */
export function addServiceHours(start: Date, hours: number, holidays: Iterable<string>, timeZone: string): Date {
  const closed = new Set(holidays);
  let at = start.getTime();
  let remaining = hours * 3_600_000;
  let day = dayIn(timeZone, start);
  for (;;) {
    const end = Math.max(at, startOfDay(nextDay(day), timeZone));
    if (!closed.has(day)) {
      if (at + remaining < end) return new Date(at + remaining);
      remaining -= end - at;
    }
    at = end;
    day = nextDay(day);
  }
}

/** The holidays from a day on; a year of them is more than any service time runs through. */
export const holidaysFromQuery = (q: Queryable, fromDay: string | SQL) =>
  q.select({ day: holiday.day }).from(holiday).where(gte(holiday.day, fromDay)).orderBy(asc(holiday.day)).limit(366);

/** The holidays from a day on (one query per due date). */
export async function holidaysFrom(q: Queryable, fromDay: string): Promise<string[]> {
  const rows = await holidaysFromQuery(q, fromDay);
  return rows.map((r) => r.day);
}
