import type { MyInfo, SsoMessage, TokenData } from '@casedesk/shared';
import { startSession, userInfoFrom } from '../../platform/auth-store';
import { http } from '../../platform/http/client';
import { isLanguage } from '../../platform/i18n';
import { recordActivity } from '../../platform/activity';
import { switchLanguage } from '../../platform/theme/language';

export type { SsoMessage };

/** Signs in and starts the session in one step, in the user's saved language; errors are the caller's to show. */
export async function signIn(userName: string, password: string): Promise<void> {
  const tokens = await http.post<TokenData>(
    '/api/token/Login',
    { userName, password },
    { anonymous: true, quiet: true },
  );
  await startSignedIn(tokens);
}

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
