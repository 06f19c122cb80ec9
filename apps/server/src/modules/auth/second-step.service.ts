import { eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  msg,
  twoFactorMessages,
  type LoginSecondFactor,
  type PasskeyLogin,
  type SignInTotpEnabled,
  type SignInTotpEnable,
  type TokenData,
  type TotpSetup,
} from '@casedesk/shared';
import { badRequest } from '../../platform/errors.js';
import { readSettings } from '../setting/index.js';
import { appUser } from '../user/index.js';
import { openSession, type AuthContext, type ClientMeta } from './auth.service.js';
import { passkeyLoginOptions, passkeyVerify } from './passkey.service.js';
import {
  checkCodeCounted,
  findChallenge,
  secondFactorsOf,
  setWebauthnChallenge,
  totpEnable,
  totpSetup,
  useChallenge,
} from './second-factor.service.js';
import { checkCounted } from './sign-in-guard.service.js';

const expired = () => badRequest(msg(twoFactorMessages, 'challengeExpired'));

/** The user a sign-in challenge names, while it may still be used. */
async function challengeUser(ctx: AuthContext, challenge: string) {
  const row = await findChallenge(ctx.db, challenge, 'signIn');
  if (!row) throw expired();
  const [user] = await ctx.db.select().from(appUser).where(eq(appUser.id, row.userId));
  if (!user || user.deletedAt || user.lockedAt || user.status !== 'Active') throw expired();
  return { user, row };
}

/** Opens the session once the challenge is used (a second request with it answers that it expired). */
async function finish(ctx: AuthContext, challenge: string, user: typeof appUser.$inferSelect, meta: ClientMeta) {
  const used = await ctx.db.transaction((tx) => useChallenge(tx, challenge));
  if (!used) throw expired();
  return openSession(ctx, user, meta, { message: null });
}

/** The second step with an authenticator or recovery code: wrong ones count as wrong passwords do. */
export async function loginSecondFactor(
  ctx: AuthContext,
  input: LoginSecondFactor,
  meta: ClientMeta,
): Promise<TokenData> {
  const { user } = await challengeUser(ctx, input.challenge);
  const check = await checkCodeCounted(ctx.db, user, input, meta);
  if (check !== 'ok') throw badRequest(msg(twoFactorMessages, 'codeWrong'));
  return finish(ctx, input.challenge, user, meta);
}

/** The browser's request options for a passkey of the user signing in. */
export async function passkeyOptions(ctx: AuthContext, challenge: string) {
  const { user } = await challengeUser(ctx, challenge);
  if (!(await secondFactorsOf(ctx.db, user.id)).includes('passkey')) throw expired();
  const options = await passkeyLoginOptions(ctx.db, ctx.config, user.id);
  await setWebauthnChallenge(ctx.db, challenge, options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** The second step with a passkey; a refused one counts as a wrong code. */
export async function passkeyLogin(ctx: AuthContext, input: PasskeyLogin, meta: ClientMeta): Promise<TokenData> {
  const { user, row } = await challengeUser(ctx, input.challenge);
  if (!row.webauthn) throw expired();
  const response = input.response as unknown as AuthenticationResponseJSON;
  const check = await checkCounted(ctx.db, { user, ...meta, purpose: 'second factor' }, (take) =>
    passkeyVerify(ctx.db, ctx.config, user.id, row.webauthn!, response, take),
  );
  if (check !== 'ok') throw badRequest(msg(twoFactorMessages, 'passkeyRefused'));
  return finish(ctx, input.challenge, user, meta);
}

/** Compulsory setup at sign-in: a new authenticator secret for the user the challenge names. */
export async function signInTotpSetup(ctx: AuthContext, challenge: string): Promise<TotpSetup> {
  const { user } = await challengeUser(ctx, challenge);
  if ((await secondFactorsOf(ctx.db, user.id)).length > 0) throw expired();
  return totpSetup(ctx.db, user, (await readSettings(ctx.db)).basic.productTitle);
}

/** Compulsory setup at sign-in: the first right code turns the app on and signs the user in. */
export async function signInTotpEnable(
  ctx: AuthContext,
  input: SignInTotpEnable,
  meta: ClientMeta,
): Promise<SignInTotpEnabled> {
  const { user } = await challengeUser(ctx, input.challenge);
  if ((await secondFactorsOf(ctx.db, user.id)).length > 0) throw expired();
  const recoveryCodes = await totpEnable(ctx.db, user.id, input.code, user.id);
  const tokens = await finish(ctx, input.challenge, user, meta);
  return { ...tokens, recoveryCodes };
}
