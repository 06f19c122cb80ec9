import type {
  LoginAnswer,
  MyInfo,
  SecondFactorChallenge,
  SignInTotpEnabled,
  SsoMessage,
  TokenData,
  TotpSetup,
} from '@casedesk/shared';
import { startSession, userInfoFrom } from '../../platform/auth-store';
import { http } from '../../platform/http/client';
import { isLanguage } from '../../platform/i18n';
import { recordActivity } from '../../platform/activity';
import { switchLanguage } from '../../platform/theme/language';

export type { SsoMessage };

/**
 * Signs in and starts the session in one step, in the user's saved language; errors are the caller's to show.
 * A user with a second factor (or who must set one up) gets the challenge of the second step instead.
 */
export async function signIn(userName: string, password: string): Promise<SecondFactorChallenge | null> {
  const answer = await http.post<LoginAnswer>(
    '/api/token/Login',
    { userName, password },
    { anonymous: true, quiet: true },
  );
  if ('challenge' in answer) return answer;
  await startSignedIn(answer);
  return null;
}

/** The second step with an authenticator code or a recovery code. */
export async function signInSecondFactor(challenge: string, code: { code: string } | { recoveryCode: string }) {
  const tokens = await http.post<TokenData>(
    '/api/token/LoginSecondFactor',
    { challenge, ...code },
    { anonymous: true, quiet: true },
  );
  await startSignedIn(tokens);
}

/** The second step with a passkey: the browser's WebAuthn, loaded only when asked for. */
export async function signInWithPasskey(challenge: string) {
  const options = await http.post<Record<string, unknown>>(
    '/api/token/PasskeyOptions',
    { challenge },
    { anonymous: true, quiet: true },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  const tokens = await http.post<TokenData>(
    '/api/token/PasskeyLogin',
    { challenge, response },
    { anonymous: true, quiet: true },
  );
  await startSignedIn(tokens);
}

/** Compulsory setup at sign-in: a new authenticator secret, then its first code (answers tokens and recovery codes). */
export const signInTotpSetup = (challenge: string) =>
  http.post<TotpSetup>('/api/token/TotpSetup', { challenge }, { anonymous: true, quiet: true });
export const signInTotpEnable = (challenge: string, code: string) =>
  http.post<SignInTotpEnabled>('/api/token/TotpEnable', { challenge, code }, { anonymous: true, quiet: true });

/** Starts the session with tokens the caller already has (after the recovery codes were shown). */
export const finishSignIn = (tokens: TokenData) => startSignedIn(tokens);

/** Completes a single sign-on: trades the callback's one-time code (with this browser's cookie) for the tokens. */
export async function signInWithSsoCode(code: string): Promise<void> {
  const tokens = await http.post<TokenData>('/api/token/SSOExchange', { code }, { anonymous: true, quiet: true });
  await startSignedIn(tokens);
}

async function startSignedIn(tokens: TokenData): Promise<void> {
  const info = await http.get<MyInfo>('/api/token/GetMyInfo', undefined, { token: tokens.token, quiet: true });
  if (!info?.id) throw new Error('The profile has no user id.');
  if (isLanguage(info.language)) await switchLanguage(info.language);
  recordActivity();
  startSession(tokens, userInfoFrom(info));
}

export const getSsoMessage = () =>
  http.get<SsoMessage>('/api/token/GetSSOLoginMessage', undefined, { anonymous: true, quiet: true });

export const forgotPassword = (body: { userName: string; email: string }) =>
  http.post<null>('/api/token/ForgotPassword', body, { anonymous: true, quiet: true });

export const resetPassword = (body: { token: string; newPassword: string; confirmPassword: string }) =>
  http.post<null>('/api/token/ResetPassword', body, { anonymous: true, quiet: true });

export const resetInitPassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
  http.post<null>('/api/token/ResetInitPassword', body, { quiet: true });

export const getMyInfo = () => http.get<MyInfo>('/api/token/GetMyInfo');
