import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  loginReasons,
  type Message,
  messages,
  type ForgotPassword,
  type Login,
  type LogoutResult,
  msg,
  type MyInfo,
  type LoginAnswer,
  type RefreshToken,
  type ResetInitPassword,
  type TokenData,
} from '@casedesk/shared';
import { preparedStatement, rowsOf, type Db } from '../../platform/db.js';
import { nextVersion } from '../../platform/columns.js';
import { emitDomainEvent } from '../../platform/events.js';
import type { AccessTokens } from '../../platform/access-token.js';
import type { Actor } from '../../platform/actor.js';
import type { Config } from '../../platform/config.js';
import { AppError, badRequest, fieldRefusal, sessionEnded } from '../../platform/errors.js';
import { writeLoginLog } from '../../platform/logs.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { readSettings } from '../setting/index.js';
import { appUser } from '../user/index.js';
import { loadActor } from './actor.queries.js';
import { passwordReset, refreshToken, userSession } from './auth.table.js';
import { openChallenge, secondFactorRequired, secondFactorsOf } from './second-factor.service.js';
import { checkPasswordCounted } from './sign-in-guard.service.js';
import { endSessionUrl } from './sso.service.js';

const resetLinkHours = 1;

export type AuthContext = { db: Db; config: Config; accessTokens: AccessTokens };
export type ClientMeta = { ip: string; userAgent: string | undefined };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

type SignInUser = typeof appUser.$inferSelect;

async function findByLoginName(db: Db, loginName: string): Promise<SignInUser | undefined> {
  const [user] = await db
    .select()
    .from(appUser)
    .where(and(sql`lower(${appUser.loginName}) = lower(${loginName})`, isNull(appUser.deletedAt)));
  return user;
}

/** Why a user cannot be signed in, or undefined if they can. */
function refusalOf(user: SignInUser): Message | undefined {
  if (user.lockedAt) return msg(messages, 'accountLocked');
  if (user.status !== 'Active') return msg(messages, 'accountInactive');
  return undefined;
}

/** Sessions (and so refresh tokens) last Settings → Token → refresh days from their last refresh. */
const sessionExpiry = async (ctx: AuthContext) =>
  new Date(Date.now() + (await readSettings(ctx.db)).token.refreshDays * 86_400_000);

const signAccess = async (ctx: AuthContext, claims: { userId: number; sessionId: string }) =>
  ctx.accessTokens.sign(claims, (await readSettings(ctx.db)).token.accessMinutes);

export async function login(ctx: AuthContext, input: Login, meta: ClientMeta): Promise<LoginAnswer> {
  const user = await findByLoginName(ctx.db, input.userName);
  const log = {
    loginName: input.userName.slice(0, 100),
    userId: user?.id ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent ?? null,
  };
  if (!user) {
    // Verify anyway so that the answer and its timing are those of a wrong password.
    await verifyPassword(undefined, input.password);
    await writeLoginLog(ctx.db, { ...log, result: 'Failed', message: loginReasons.unknownUser });
    throw badRequest(msg(messages, 'loginFailed'));
  }
  // With a second factor a right password does not end a run of wrong codes: only the second step does.
  const secondFactor = await secondFactorsOf(ctx.db, user.id);
  const check = await checkPasswordCounted(ctx.db, {
    user,
    password: input.password,
    ...meta,
    purpose: 'sign-in',
    keepCount: secondFactor.length > 0,
  });
  // Held off answers as a wrong password does: the answer does not tell whether the account exists.
  if (check !== 'ok') throw badRequest(msg(messages, 'loginFailed'));

  // Only someone who knows the password learns that the account is locked or inactive.
  const refusal = refusalOf(user);
  if (refusal) {
    await writeLoginLog(ctx.db, { ...log, result: user.lockedAt ? 'Locked' : 'Failed', message: refusal.text });
    throw badRequest(refusal);
  }

  // The second step (contract section 24): no tokens yet, a challenge naming this sign-in.
  if (secondFactor.length > 0) return { secondFactor, challenge: await openChallenge(ctx.db, user.id, 'signIn') };
  if (await secondFactorRequired(ctx.db, user.id))
    return { secondFactor: [], setupRequired: true, challenge: await openChallenge(ctx.db, user.id, 'signIn') };

  return openSession(ctx, user, meta, { message: null, loginName: log.loginName });
}

/** A new session for a user cleared to sign in (password or single sign-on): its first tokens, the login log. */
export async function openSession(
  ctx: AuthContext,
  user: SignInUser,
  meta: ClientMeta,
  options: { ssoIdToken?: string; message: string | null; loginName?: string },
): Promise<TokenData> {
  const sessionId = randomUUID();
  const refresh = newSecret();
  const expiresAt = await sessionExpiry(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(userSession).values({
      id: sessionId,
      userId: user.id,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      expiresAt,
      ssoIdToken: options.ssoIdToken ?? null,
    });
    await tx.insert(refreshToken).values({ tokenHash: sha256(refresh), sessionId });
    await tx
      .update(appUser)
      .set({ errorCount: 0, lastErrorTime: null, lastLoginTime: sql`now()`, lastLoginIp: meta.ip })
      .where(eq(appUser.id, user.id));
    await writeLoginLog(tx, {
      loginName: options.loginName ?? user.loginName,
      userId: user.id,
      ip: meta.ip,
      userAgent: meta.userAgent ?? null,
      result: 'Succeeded',
      message: options.message,
    });
  });
  const access = await signAccess(ctx, { userId: user.id, sessionId });
  return { token: access.token, exp: access.exp, refreshToken: refresh };
}

async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(userSession)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(userSession.id, sessionId), isNull(userSession.revokedAt)));
}

type RefreshRow = {
  session_id: string;
  used_at: Date | null;
  user_id: number;
  login_name: string;
  revoked_at: Date | null;
  expires_at: Date;
};

/** Rotates the refresh token; one presented a second time ends its whole session (reuse detection). */
export async function refresh(ctx: AuthContext, input: RefreshToken): Promise<TokenData> {
  const tokenHash = sha256(input.token);
  const [found] = await rowsOf<RefreshRow>(
    ctx.db,
    sql`select t.session_id, t.used_at, s.user_id, u.login_name, s.revoked_at, s.expires_at
          from refresh_token t join user_session s on s.id = t.session_id join app_user u on u.id = s.user_id
         where t.token_hash = ${tokenHash}`,
  );
  if (!found || found.login_name.toLowerCase() !== input.userName.toLowerCase())
    throw sessionEnded(msg(messages, 'sessionExpired'));
  if (found.revoked_at || new Date(found.expires_at) <= new Date()) throw sessionEnded(msg(messages, 'sessionExpired'));

  const next = newSecret();
  const expiresAt = await sessionExpiry(ctx);
  const rotated = await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(refreshToken)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshToken.tokenHash, tokenHash), isNull(refreshToken.usedAt)))
      .returning({ sessionId: refreshToken.sessionId });
    if (used.length === 0) return false;
    await tx.insert(refreshToken).values({ tokenHash: sha256(next), sessionId: found.session_id });
    await tx
      .update(userSession)
      .set({ lastRefreshAt: sql`now()`, expiresAt })
      .where(eq(userSession.id, found.session_id));
    return true;
  });
  if (!rotated) {
    await revokeSession(ctx.db, found.session_id, 'refresh token reused');
    throw sessionEnded(msg(messages, 'refreshReused'));
  }
  // The user may have been deactivated or locked since: that ends the session too.
  const actor = await loadActor(ctx.db, found.user_id, found.session_id, 0);
  const access = await signAccess(ctx, { userId: actor.userId, sessionId: found.session_id });
  return { token: access.token, exp: access.exp, refreshToken: next };
}

/** Ends the session; for a single sign-on one, answers where the browser ends the provider's session too. */
export async function logout(ctx: AuthContext, actor: Actor, meta: ClientMeta): Promise<LogoutResult> {
  const [session] = await ctx.db
    .select({ ssoIdToken: userSession.ssoIdToken })
    .from(userSession)
    .where(eq(userSession.id, actor.sessionId));
  await revokeSession(ctx.db, actor.sessionId, 'logout');
  await writeLoginLog(ctx.db, {
    loginName: actor.loginName,
    userId: actor.userId,
    ip: meta.ip,
    userAgent: meta.userAgent ?? null,
    result: 'SignedOut',
    message: session?.ssoIdToken != null ? loginReasons.singleSignOn : null,
  });
  if (session?.ssoIdToken == null) return null;
  const url = await endSessionUrl(ctx, session.ssoIdToken || null);
  return url ? { endSessionUrl: url } : null;
}

type MyInfoRow = {
  id: number;
  login_name: string;
  photo: string | null;
  last_login_time: Date | string | null;
  real_name: string | null;
  last_name: string | null;
  last_login_ip: string | null;
  user_type: string | null;
  language: string;
  private_ticket: boolean;
  need_to_change_pwd: boolean;
  email: string | null;
  mobile: string | null;
  roles: { code: string; name: string }[];
};

/**
 * The caller's account and enabled roles in one statement, built and planned once (every page load asks). The
 * last sign-in is the one before the caller's session (a session is one sign-in): "previous sign-in" on the
 * dashboard must not be the sign-in just made. A call with a personal API token has no session: the latest one.
 */
const myInfoStatement = preparedStatement<MyInfoRow>(
  'casedesk_my_info',
  () =>
    sql`select u.id, u.login_name, u.photo, u.real_name, u.last_name, u.user_type, u.language,
               case when cur.id is null then u.last_login_time else prev.created_at end as last_login_time,
               case when cur.id is null then u.last_login_ip else prev.ip end as last_login_ip,
               u.private_ticket, u.need_to_change_pwd, u.email, u.mobile,
               coalesce((select json_agg(json_build_object('code', r.code, 'name', r.name) order by r.sort, r.id)
                           from user_role ur join role r on r.id = ur.role_id and r.enabled
                          where ur.user_id = u.id), '[]') as roles
          from app_user u
          left join user_session cur on cur.id = cast(${sql.placeholder('sessionId')} as uuid) and cur.user_id = u.id
          left join lateral (select s.created_at, s.ip from user_session s
                              where cur.id is not null and s.user_id = u.id and s.created_at < cur.created_at
                              order by s.created_at desc limit 1) prev on true
         where u.id = ${sql.placeholder('userId')}`,
);

export async function myInfo(ctx: AuthContext, actor: Actor): Promise<MyInfo> {
  const sessionId = actor.apiTokenId === undefined ? actor.sessionId : null;
  const [user] = await myInfoStatement(ctx.db, { userId: actor.userId, sessionId });
  if (!user) throw sessionEnded(msg(messages, 'sessionRevoked'));
  const lastLogin = user.last_login_time;
  return {
    id: user.id,
    name: user.login_name,
    photo: user.photo,
    lastLoginTime: lastLogin === null ? null : new Date(lastLogin).toISOString(),
    firstName: user.real_name,
    lastName: user.last_name,
    lastLoginIp: user.last_login_ip,
    roleNames: user.roles.map((r) => r.code),
    roleTitles: user.roles.map((r) => r.name),
    permissions: [...actor.permissions].sort(),
    userType: user.user_type,
    language: user.language,
    projects: actor.projects,
    privateTicket: user.private_ticket,
    nodeId: null,
    systemUrl: ctx.config.systemUrl ?? null,
    needToChangePwd: user.need_to_change_pwd,
    email: user.email,
    mobile: user.mobile,
  };
}

/** Changes the caller's password (the forced first change and any later one); other sessions end. */
export async function resetInitPassword(
  ctx: AuthContext,
  actor: Actor,
  input: ResetInitPassword,
  meta: ClientMeta,
): Promise<void> {
  const [user] = await ctx.db.select().from(appUser).where(eq(appUser.id, actor.userId));
  if (!user) throw sessionEnded(msg(messages, 'sessionRevoked'));
  // Counted like a sign-in: the current password cannot be guessed here without limit.
  const check = await checkPasswordCounted(ctx.db, {
    user,
    password: input.oldPassword,
    ...meta,
    purpose: 'password change',
  });
  if (check !== 'ok') throw fieldRefusal('oldPassword', msg(messages, 'currentPasswordWrong'));
  if (input.oldPassword === input.newPassword) throw fieldRefusal('newPassword', msg(messages, 'passwordUnchanged'));
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({
        passwordHash,
        needToChangePwd: false,
        passwordChangedAt: sql`now()`,
        ...nextVersion(appUser, actor),
      })
      .where(eq(appUser.id, actor.userId));
    await tx
      .update(userSession)
      .set({ revokedAt: sql`now()`, revokeReason: 'password changed' })
      .where(
        and(eq(userSession.userId, actor.userId), ne(userSession.id, actor.sessionId), isNull(userSession.revokedAt)),
      );
  });
}

/**
 * Mails a one-hour reset link (a `user.mail` event the e-mail module turns into a templated mail) when the user name and e-mail match an active user; the link's
 * token is stored only as a hash. The caller answers the same either way (contract section 17).
 */
export async function forgotPassword(ctx: AuthContext, input: ForgotPassword): Promise<void> {
  const [user] = await ctx.db
    .select()
    .from(appUser)
    .where(
      and(
        sql`lower(${appUser.loginName}) = lower(${input.userName})`,
        sql`lower(${appUser.email}) = lower(${input.email})`,
        isNull(appUser.deletedAt),
        eq(appUser.status, 'Active'),
      ),
    );
  if (!user || !user.email) return;
  const token = newSecret();
  // Never from the request's Host header: a forged one would mail a genuine token to another site.
  const link = `${ctx.config.systemUrl ?? `http://localhost:${ctx.config.port}`}/reset-password?token=${token}`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordReset).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + resetLinkHours * 3_600_000),
    });
    // The e-mail module renders the user's-language template and queues it in this transaction.
    await emitDomainEvent(tx, {
      type: 'user.mail',
      event: 'passwordReset',
      userId: user.id,
      values: { link, hours: resetLinkHours },
    });
  });
}

/** Sets a new password from a reset link; every session of the user ends. */
export async function resetPassword(ctx: AuthContext, input: { token: string; newPassword: string }): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  const done = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordReset)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordReset.tokenHash, sha256(input.token)),
          isNull(passwordReset.usedAt),
          sql`${passwordReset.expiresAt} > now()`,
        ),
      )
      .returning({ userId: passwordReset.userId });
    if (!reset) return false;
    await tx
      .update(appUser)
      .set({
        passwordHash,
        needToChangePwd: false,
        passwordChangedAt: sql`now()`,
        ...nextVersion(appUser),
      })
      .where(eq(appUser.id, reset.userId));
    await tx
      .update(userSession)
      .set({ revokedAt: sql`now()`, revokeReason: 'password reset' })
      .where(and(eq(userSession.userId, reset.userId), isNull(userSession.revokedAt)));
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', msg(messages, 'resetLinkInvalid'));
}
