import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { logMessages, loginReasons, msg, type LoginReason } from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import { emitDomainEvent } from '../../platform/events.js';
import { logMessage, writeLoginLog, writeSystemLog, type LogMessage } from '../../platform/logs.js';
import { directoryPasswordCheck } from '../../platform/directory-password.js';
import { verifyPassword } from '../../platform/passwords.js';
import { readSettings } from '../setting/index.js';
import { appUser } from '../user/index.js';
import { signInFailure } from './auth.table.js';

/** How long the first hold-off of an address lasts; each further one doubles it. */
export const firstHoldOffMinutes = 15;
/** Doubling stops here (15 min x 2^10 is about ten days), so the interval stays a sane number. */
const maxDoublings = 10;

/** Where a password was typed: sign-in, or a check of the current password by a signed-in user. */
export type PasswordPurpose = 'sign-in' | 'password change' | 'screen unlock' | 'e-mail change' | 'second factor';

/** The sign-in log's reasons for a wrong password and a held-off address, by what the password was asked for. */
const purposeReasons: Record<PasswordPurpose, { wrong: LoginReason; heldOff: LoginReason }> = {
  'sign-in': { wrong: 'wrongPassword', heldOff: 'heldOff' },
  'password change': { wrong: 'wrongPasswordChange', heldOff: 'heldOffChange' },
  'screen unlock': { wrong: 'wrongPasswordUnlock', heldOff: 'heldOffUnlock' },
  'e-mail change': { wrong: 'wrongPasswordEmail', heldOff: 'heldOffEmail' },
  'second factor': { wrong: 'wrongSecondFactor', heldOff: 'heldOffSecondFactor' },
};

/** What a password other than the sign-in one was asked for, as the system log words it. */
const purposeNames = {
  'password change': 'purposePasswordChange',
  'screen unlock': 'purposeScreenUnlock',
  'e-mail change': 'purposeEmailChange',
  'second factor': 'purposeSecondFactor',
} as const;

export type PasswordAttempt = {
  user: {
    id: number;
    loginName: string;
    email: string | null;
    passwordHash: string | null;
    directoryDn?: string | null;
  };
  password: string;
  ip: string;
  userAgent: string | undefined | null;
  purpose: PasswordPurpose;
  /** A right one leaves the run of wrong ones counted (a password before the second step). */
  keepCount?: boolean;
};

/** `heldOff`: this address may not try this account now; callers answer it exactly as a wrong password. */
export type PasswordCheck = 'ok' | 'wrong' | 'heldOff';

type LoginIdentity = { loginName: string; userId: number; ip: string; userAgent: string | null };

const held = (userId: number, ip: string) => and(eq(signInFailure.userId, userId), eq(signInFailure.ip, ip));

/**
 * Every check of a user's password, at sign-in and of the current password later (contract section 17): wrong
 * ones count per user and client address; enough in a row hold that address off the account for 15 minutes,
 * doubling on each further hold-off; the account as a whole locks only when many addresses are held off at once
 * (Settings → Toggles), and no open session ends. The user is told (system log and an e-mail), the
 * administrator sees `Locked` in the login log.
 */
export async function checkPasswordCounted(db: Db, attempt: PasswordAttempt): Promise<PasswordCheck> {
  const { user, password } = attempt;
  // A user synced from the directory has the directory's password only (contract 24); the local hash is not used.
  if (user.directoryDn) {
    const directory = directoryPasswordCheck();
    return checkCounted(db, attempt, async () => (directory ? directory(db, user, password) : false));
  }
  return checkCounted(db, attempt, () => verifyPassword(user.passwordHash ?? undefined, password));
}

/**
 * The same count for any secret a user types (a password, an authenticator or recovery code, a passkey): `verify`
 * runs even while the address is held off, so that the answer takes as long either way (`take` false: a code
 * or passkey must not be used up by an answer that refuses it anyway).
 */
export async function checkCounted(
  db: Db,
  attempt: Omit<PasswordAttempt, 'password'>,
  verify: (take: boolean) => Promise<boolean>,
): Promise<PasswordCheck> {
  const { user, ip } = attempt;
  const [record] = await db
    .select({ heldOff: sql<boolean>`coalesce(${signInFailure.heldUntil} > now(), false)` })
    .from(signInFailure)
    .where(held(user.id, ip));
  // Verified even while held off, so that the answer takes as long as any other; but nothing single-use is taken.
  const passwordOk = await verify(!record?.heldOff);
  const log: LoginIdentity = { loginName: user.loginName, userId: user.id, ip, userAgent: attempt.userAgent ?? null };
  const reasons = purposeReasons[attempt.purpose];

  if (record?.heldOff) {
    await writeLoginLog(db, { ...log, result: 'Locked', message: loginReasons[reasons.heldOff] });
    return 'heldOff';
  }
  if (passwordOk) {
    if (attempt.keepCount) return 'ok';
    // A right password ends the run of wrong ones, from this address and account-wide.
    if (record) await db.delete(signInFailure).where(held(user.id, ip));
    await db
      .update(appUser)
      .set({ errorCount: 0, lastErrorTime: null })
      .where(and(eq(appUser.id, user.id), gt(appUser.errorCount, 0)));
    return 'ok';
  }

  const { lockout, lockoutAttempts, accountLockAddresses } = (await readSettings(db)).toggles;
  await db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ errorCount: sql`${appUser.errorCount} + 1`, lastErrorTime: sql`now()` })
      .where(eq(appUser.id, user.id));
    const [counted] = await tx
      .insert(signInFailure)
      .values({ userId: user.id, ip, failures: 1 })
      .onConflictDoUpdate({
        target: [signInFailure.userId, signInFailure.ip],
        set: { failures: sql`${signInFailure.failures} + 1`, lastFailedAt: sql`now()` },
      })
      .returning();
    // With lockout off, failures are still counted and logged but hold no one off.
    if (!lockout || !counted || counted.failures < lockoutAttempts) {
      await writeLoginLog(tx, { ...log, result: 'Failed', message: loginReasons[reasons.wrong] });
      return;
    }
    const minutes = firstHoldOffMinutes * 2 ** Math.min(counted.holdOffs, maxDoublings);
    await tx
      .update(signInFailure)
      .set({
        failures: 0,
        holdOffs: counted.holdOffs + 1,
        heldUntil: sql`now() + make_interval(mins => ${minutes})`,
      })
      .where(held(user.id, ip));
    const facts = { ip, minutes, attempts: lockoutAttempts };
    const purpose = attempt.purpose === 'sign-in' ? undefined : msg(logMessages, purposeNames[attempt.purpose]);
    await writeLoginLog(tx, {
      ...log,
      result: 'Locked',
      says: purpose ? logMessage('addressHeldOffFor', { ...facts, purpose }) : logMessage('addressHeldOff', facts),
    });
    const heard = { ...facts, loginName: user.loginName };
    await tell(tx, user, {
      says: purpose ? logMessage('passwordHeldOff', { ...heard, purpose }) : logMessage('signInHeldOff', heard),
      values: { accountLocked: 'no', ip, minutes, attempts: lockoutAttempts },
      detail: { ip, minutes, purpose: attempt.purpose },
    });
    await lockAccountIfWidelyAttacked(tx, user, accountLockAddresses, log);
  });
  return 'wrong';
}

/** A distributed attack: this many addresses held off at the same time lock the account (sessions stay open). */
async function lockAccountIfWidelyAttacked(
  tx: Tx,
  user: PasswordAttempt['user'],
  addresses: number,
  log: LoginIdentity,
) {
  if (addresses === 0) return;
  const [heldOff] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(signInFailure)
    .where(and(eq(signInFailure.userId, user.id), gt(signInFailure.heldUntil, sql`now()`)));
  if ((heldOff?.n ?? 0) < addresses) return;
  const locked = await tx
    .update(appUser)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(appUser.id, user.id), isNull(appUser.lockedAt)))
    .returning({ id: appUser.id });
  if (locked.length === 0) return;
  await writeLoginLog(tx, {
    ...log,
    result: 'Locked',
    says: logMessage('accountLockedAddresses', { addresses: heldOff!.n }),
  });
  await tell(tx, user, {
    says: logMessage('accountLocked', { loginName: user.loginName, addresses: heldOff!.n }),
    values: { accountLocked: 'yes', addresses: heldOff!.n },
    detail: { addresses: heldOff!.n },
  });
}

/**
 * The user learns of a hold-off or lock: by e-mail (a `user.mail` event: the e-mail module renders the
 * `signInLocked` template in their language and queues it in this transaction), and the system log.
 */
async function tell(
  tx: Tx,
  user: PasswordAttempt['user'],
  notice: { says: LogMessage; values: Record<string, string | number>; detail: Record<string, unknown> },
) {
  await writeSystemLog(tx, {
    level: 'warn',
    source: 'auth',
    says: notice.says,
    userId: user.id,
    detail: notice.detail,
  });
  if (!user.email) return;
  await emitDomainEvent(tx, { type: 'user.mail', event: 'signInLocked', userId: user.id, values: notice.values });
}
