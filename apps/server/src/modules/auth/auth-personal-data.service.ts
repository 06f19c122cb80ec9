import { eq } from 'drizzle-orm';
import type { PersonalDataHolder } from '../../platform/personal-data.js';
import {
  authChallenge,
  passwordReset,
  recoveryCode,
  signInFailure,
  ssoHandoff,
  userPasskey,
  userSession,
  userTotp,
} from './auth.table.js';

/**
 * An erased user signs in no more: factors, passkeys, reset links and hand-offs go; their sessions (ended by
 * `user.accessEnded` in the same transaction) keep no address or browser.
 */
export const authPersonalData: PersonalDataHolder = {
  async erase(tx, userId) {
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
    await tx.delete(userPasskey).where(eq(userPasskey.userId, userId));
    await tx.delete(authChallenge).where(eq(authChallenge.userId, userId));
    await tx.delete(passwordReset).where(eq(passwordReset.userId, userId));
    await tx.delete(ssoHandoff).where(eq(ssoHandoff.userId, userId));
    await tx.delete(signInFailure).where(eq(signInFailure.userId, userId));
    await tx.update(userSession).set({ ip: null, userAgent: null }).where(eq(userSession.userId, userId));
  },
};
