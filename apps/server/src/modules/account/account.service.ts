import { and, eq, sql } from 'drizzle-orm';
import {
  accountMessages,
  composeFullName,
  messages,
  type AccountEmailUpdate,
  type AccountLanguageUpdate,
  type AccountProfile,
  type AccountProfileUpdate,
  msg,
  type VerifyPassword,
} from '@casedesk/shared';
import { rowsOf, type Db } from '../../platform/db.js';
import { nextVersion } from '../../platform/columns.js';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import { conflict, fieldRefusal, sessionEnded } from '../../platform/errors.js';
import { checkPasswordCounted, type PasswordPurpose } from '../auth/index.js';
import { appUser } from '../user/index.js';

type ProfileRow = {
  id: number;
  row_version: number;
  login_name: string;
  real_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile: string | null;
  job_title: string | null;
  location: string | null;
  sex: 'secret' | 'male' | 'female';
  language: string;
  user_type: string | null;
  dept_name: string | null;
  position_name: string | null;
  role_codes: string[];
  role_names: string[];
  last_login_time: Date | string | null;
  last_login_ip: string | null;
  password_changed_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The caller's own record as My Account shows it. */
export async function profile(db: Db, actor: Actor): Promise<AccountProfile> {
  const [row] = await rowsOf<ProfileRow>(
    db,
    sql`select u.id, u.row_version, u.login_name, u.real_name, u.last_name, u.email, u.mobile, u.job_title,
               u.location, u.sex, u.language, u.user_type, u.last_login_time, u.last_login_ip, u.password_changed_at,
               d.name as dept_name, p.name as position_name,
               coalesce((select array_agg(r.code order by r.sort, r.id) from user_role ur
                          join role r on r.id = ur.role_id and r.enabled where ur.user_id = u.id), '{}') as role_codes,
               coalesce((select array_agg(r.name order by r.sort, r.id) from user_role ur
                          join role r on r.id = ur.role_id and r.enabled where ur.user_id = u.id), '{}') as role_names
          from app_user u left join dept d on d.id = u.dept_id left join position p on p.id = u.position_id
         where u.id = ${actor.userId}`,
  );
  if (!row) throw sessionEnded(msg(messages, 'sessionRevoked'));
  return {
    id: row.id,
    rowVersion: row.row_version,
    loginName: row.login_name,
    realName: row.real_name,
    lastName: row.last_name,
    email: row.email,
    mobile: row.mobile,
    jobTitle: row.job_title,
    location: row.location,
    sex: row.sex,
    language: row.language,
    userType: row.user_type,
    deptName: row.dept_name,
    positionName: row.position_name,
    roleNames: row.role_codes,
    roleTitles: row.role_names,
    lastLoginTime: iso(row.last_login_time),
    lastLoginIp: row.last_login_ip,
    passwordChangedAt: iso(row.password_changed_at),
  };
}

type UserChanges = Partial<typeof appUser.$inferInsert>;

/** One transaction: the update only if the row is still the version the caller read, and its audit entry. */
async function updateOwn(db: Db, actor: Actor, changes: UserChanges, rowVersion: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(appUser).where(eq(appUser.id, actor.userId));
    if (!before) throw sessionEnded(msg(messages, 'sessionRevoked'));
    const versionCheck = rowVersion === null ? undefined : eq(appUser.rowVersion, rowVersion);
    const [after] = await tx
      .update(appUser)
      .set({
        ...changes,
        ...nextVersion(appUser, actor),
      })
      .where(and(eq(appUser.id, actor.userId), versionCheck))
      .returning();
    if (!after) throw conflict(msg(messages, 'staleRowVersion'));
    await writeAudit(tx, {
      entity: 'User',
      entityId: actor.userId,
      action: 'update',
      actorId: actor.userId,
      changes: diff(before, after),
    });
  });
}

export async function updateProfile(db: Db, actor: Actor, input: AccountProfileUpdate): Promise<AccountProfile> {
  const { rowVersion, ...changes } = input;
  // Lists show the stored full name: it follows the name the user gives here.
  await updateOwn(db, actor, { ...changes, fullName: composeFullName(changes.realName, changes.lastName) }, rowVersion);
  return profile(db, actor);
}

export async function updateEmail(
  db: Db,
  actor: Actor,
  input: AccountEmailUpdate,
  meta: ClientMeta,
): Promise<AccountProfile> {
  await checkPassword(db, actor, input.password, 'e-mail change', meta);
  await updateOwn(db, actor, { email: input.email.trim() }, input.rowVersion);
  return profile(db, actor);
}

/** The interface language is a preference: the latest choice wins, whatever version the caller read. */
export async function updateLanguage(
  db: Db,
  actor: Actor,
  input: AccountLanguageUpdate,
): Promise<AccountLanguageUpdate> {
  await updateOwn(db, actor, { language: input.language }, null);
  return { language: input.language };
}

export async function verifyPassword(db: Db, actor: Actor, input: VerifyPassword, meta: ClientMeta): Promise<void> {
  await checkPassword(db, actor, input.password, 'screen unlock', meta);
}

export type ClientMeta = { ip: string; userAgent: string | undefined };

/**
 * The caller's current password, counted like a sign-in (contract section 17): wrong ones add to the failures
 * of this user and address, and enough in a row hold the address off; the session stays open.
 */
async function checkPassword(
  db: Db,
  actor: Actor,
  password: string,
  purpose: PasswordPurpose,
  meta: ClientMeta,
): Promise<void> {
  const [user] = await db.select().from(appUser).where(eq(appUser.id, actor.userId));
  if (!user) throw sessionEnded(msg(messages, 'sessionRevoked'));
  const check = await checkPasswordCounted(db, { user, password, ...meta, purpose });
  if (check !== 'ok') throw fieldRefusal('password', msg(accountMessages, 'passwordIncorrect'));
}
