import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  messages,
  msg,
  twoFactorMessages,
  type SecondFactorKind,
  type TotpDisable,
  type TotpSetup,
  type TwoFactorStatus,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { conflict, fieldRefusal, notFound } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { openSealed, sealSecret } from '../../platform/secrets.js';
import { readSettings } from '../setting/index.js';
import { appUser, assertManageable, userRole } from '../user/index.js';
import { role } from '../role/index.js';
import { authChallenge, recoveryCode, userPasskey, userTotp } from './auth.table.js';
import { checkCounted, checkPasswordCounted } from './sign-in-guard.service.js';

/** TOTP as authenticator apps make it: 30-second steps, 6 digits; one step of clock skew either way, no more. */
const stepSeconds = 30;
const recoveryCodeCount = 10;
const challengeMinutes = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newChallenge = () => randomBytes(32).toString('base64url');

type Meta = { ip: string; userAgent: string | undefined };
type CountedUser = { id: number; loginName: string; email: string | null; passwordHash: string | null };

/** The ways this user may take the second step (none: the password alone signs them in). */
export async function secondFactorsOf(q: Queryable, userId: number): Promise<SecondFactorKind[]> {
  const [row] = await q
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.enabledAt} is not null)`,
      passkeys: sql<boolean>`exists (select 1 from ${userPasskey} where ${userPasskey.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  const kinds: SecondFactorKind[] = [];
  if (row?.totp) kinds.push('totp', 'recovery');
  if (row?.passkeys) kinds.push('passkey');
  return kinds;
}

/** Whether a role of the user (Settings → Toggles `twoFactorRoles`) makes a second factor compulsory. */
export async function secondFactorRequired(db: Db, userId: number): Promise<boolean> {
  const { twoFactorRoles } = (await readSettings(db)).toggles;
  if (twoFactorRoles.length === 0) return false;
  const held = await db
    .select({ id: role.id })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(userRole.userId, userId), eq(role.enabled, true), inArray(role.code, twoFactorRoles)))
    .limit(1);
  return held.length > 0;
}

/** A challenge the client holds for the next step (stored as its hash); answers what to hand the client. */
export async function openChallenge(q: Queryable, userId: number, kind: 'signIn' | 'passkey', webauthn?: string) {
  const challenge = webauthn ?? newChallenge();
  await q.insert(authChallenge).values({
    challengeHash: sha256(challenge),
    kind,
    userId,
    webauthn: webauthn ?? null,
    expiresAt: sql`now() + make_interval(mins => ${challengeMinutes})`,
  });
  return challenge;
}

/** An unexpired, unused challenge of this kind, or undefined. */
export async function findChallenge(q: Queryable, challenge: string, kind: 'signIn' | 'passkey') {
  const [row] = await q
    .select()
    .from(authChallenge)
    .where(
      and(
        eq(authChallenge.challengeHash, sha256(challenge)),
        eq(authChallenge.kind, kind),
        isNull(authChallenge.usedAt),
        gt(authChallenge.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Marks the challenge used; false when another request used it first. */
export async function useChallenge(tx: Tx, challenge: string): Promise<boolean> {
  const used = await tx
    .update(authChallenge)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authChallenge.challengeHash, sha256(challenge)), isNull(authChallenge.usedAt)))
    .returning({ userId: authChallenge.userId });
  return used.length === 1;
}

export const setWebauthnChallenge = (q: Queryable, challenge: string, webauthn: string) =>
  q
    .update(authChallenge)
    .set({ webauthn })
    .where(eq(authChallenge.challengeHash, sha256(challenge)));

/** The time step a right code was made for (one step of skew either way), else undefined. */
async function codeStep(secret: string, token: string, afterTimeStep: number | null): Promise<number | undefined> {
  const result = await verify({
    secret,
    token,
    epochTolerance: stepSeconds,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Checks an authenticator code and takes its time step: a code is accepted once (the step must be later than the
 * last one taken), one step early or late at most.
 */
async function takeTotpCode(db: Db, userId: number, code: string, take: boolean): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row?.secretSealed || !row.enabledAt) return false;
  const step = await codeStep(await openSealed(db, row.secretSealed), code, row.lastTimeStep);
  if (step === undefined || !take) return step !== undefined;
  // Taken only if no other request took this step or a later one meanwhile.
  const taken = await db
    .update(userTotp)
    .set({ lastTimeStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, step))))
    .returning({ userId: userTotp.userId });
  return taken.length === 1;
}

async function takeRecoveryCode(db: Db, userId: number, code: string, take: boolean): Promise<boolean> {
  const [row] = await db
    .select({ salt: userTotp.recoverySalt })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`));
  if (!row?.salt) return false;
  const unused = and(
    eq(recoveryCode.userId, userId),
    eq(recoveryCode.codeHash, sha256(`${row.salt}:${code}`)),
    isNull(recoveryCode.usedAt),
  );
  if (!take) return (await db.select().from(recoveryCode).where(unused)).length === 1;
  const used = await db
    .update(recoveryCode)
    .set({ usedAt: sql`now()` })
    .where(unused)
    .returning({ userId: recoveryCode.userId });
  return used.length === 1;
}

/** A code typed at the second step (authenticator or recovery), counted like a password (contract section 17). */
export async function checkCodeCounted(
  db: Db,
  user: CountedUser,
  code: { code?: string | undefined; recoveryCode?: string | undefined },
  meta: Meta,
) {
  return checkCounted(db, { user, ...meta, purpose: 'second factor' }, async (take) => {
    if (code.code !== undefined) return takeTotpCode(db, user.id, code.code, take);
    if (code.recoveryCode !== undefined) return takeRecoveryCode(db, user.id, code.recoveryCode, take);
    return false;
  });
}

/** A new secret for the authenticator app, waiting for its first code (`totpEnable`); the one in force stays. */
export async function totpSetup(db: Db, user: { id: number; loginName: string }, issuer: string): Promise<TotpSetup> {
  const [current] = await db.select().from(userTotp).where(eq(userTotp.userId, user.id));
  if (current?.enabledAt) throw conflict(msg(twoFactorMessages, 'alreadyEnabled'));
  const secret = generateSecret();
  const pendingSecretSealed = await sealSecret(db, secret);
  await db
    .insert(userTotp)
    .values({ userId: user.id, pendingSecretSealed })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecretSealed } });
  return { secret, otpauthUrl: generateURI({ issuer, label: user.loginName, secret }) };
}

/** The first right code turns the app on; ten recovery codes are made and answered once. */
export async function totpEnable(db: Db, userId: number, code: string, actorId: number | null): Promise<string[]> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (row?.enabledAt) throw conflict(msg(twoFactorMessages, 'alreadyEnabled'));
  if (!row?.pendingSecretSealed) throw conflict(msg(twoFactorMessages, 'notSetUp'));
  const step = await codeStep(await openSealed(db, row.pendingSecretSealed), code, null);
  if (step === undefined) throw fieldRefusal('code', msg(twoFactorMessages, 'codeWrong'));
  const salt = randomBytes(16).toString('base64url');
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const enabled = await tx
      .update(userTotp)
      .set({
        secretSealed: row.pendingSecretSealed,
        pendingSecretSealed: null,
        enabledAt: sql`now()`,
        lastTimeStep: step,
        recoverySalt: salt,
      })
      .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)))
      .returning({ userId: userTotp.userId });
    if (enabled.length === 0) throw conflict(msg(twoFactorMessages, 'alreadyEnabled'));
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
    await tx
      .insert(recoveryCode)
      .values(codes.map((c) => ({ userId, codeHash: sha256(`${salt}:${c.replace('-', '')}`) })));
    await writeAudit(tx, {
      entity: 'User',
      entityId: userId,
      action: 'update',
      actorId,
      changes: { totp: { from: false, to: true } },
    });
  });
  return codes;
}

/** Ten letters and digits of base32 (50 random bits), shown as `abcde-fghij`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  const letters = [...bytes].map((b) => alphabet[b % 32]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Turns the app off (and its recovery codes): the password and a current code, both counted. */
export async function totpDisable(db: Db, actor: Actor, input: TotpDisable, meta: Meta): Promise<void> {
  const [user] = await db.select().from(appUser).where(eq(appUser.id, actor.userId));
  if (!user) throw conflict(msg(twoFactorMessages, 'notEnabled'));
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, actor.userId));
  if (!row?.enabledAt) throw conflict(msg(twoFactorMessages, 'notEnabled'));
  const password = await checkPasswordCounted(db, {
    user,
    password: input.password,
    ...meta,
    purpose: 'second factor',
  });
  if (password !== 'ok') throw fieldRefusal('password', msg(messages, 'currentPasswordWrong'));
  const code = await checkCodeCounted(db, user, { code: input.code }, meta);
  if (code !== 'ok') throw fieldRefusal('code', msg(twoFactorMessages, 'codeWrong'));
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, actor.userId));
    await tx.delete(userTotp).where(eq(userTotp.userId, actor.userId));
    await writeAudit(tx, {
      entity: 'User',
      entityId: actor.userId,
      action: 'update',
      actorId: actor.userId,
      changes: { totp: { from: true, to: false } },
    });
  });
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const [totp] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCode)
    .where(and(eq(recoveryCode.userId, userId), isNull(recoveryCode.usedAt)));
  const passkeys = await db
    .select()
    .from(userPasskey)
    .where(eq(userPasskey.userId, userId))
    .orderBy(userPasskey.createdAt, userPasskey.id);
  return {
    totp: Boolean(totp?.enabledAt),
    recoveryCodesLeft: totp?.enabledAt ? (left?.n ?? 0) : 0,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: new Date(p.createdAt).toISOString(),
      lastUsedAt: p.lastUsedAt ? new Date(p.lastUsedAt).toISOString() : null,
    })),
    required: await secondFactorRequired(db, userId),
  };
}

/**
 * An administrator takes away a user's authenticator app, recovery codes and passkeys (a lost phone): audited,
 * the user is mailed; with a compulsory role they set a new one up at their next sign-in.
 */
export async function resetSecondFactor(db: Db, actor: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.id, userId), isNull(appUser.deletedAt)));
    if (!user) throw notFound();
    await assertManageable(tx, actor, [userId]);
    const totp = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ at: userTotp.enabledAt });
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
    const passkeys = await tx
      .delete(userPasskey)
      .where(eq(userPasskey.userId, userId))
      .returning({ id: userPasskey.id });
    await writeAudit(tx, {
      entity: 'User',
      entityId: userId,
      action: 'update',
      actorId: actor.userId,
      changes: {
        secondFactor: {
          from: { totp: totp.some((t) => t.at !== null), passkeys: passkeys.length },
          to: 'reset',
        },
      },
    });
    await emitDomainEvent(tx, { type: 'user.mail', event: 'secondFactorReset', userId, values: {} });
  });
}
