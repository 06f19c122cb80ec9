import { useSyncExternalStore } from 'react';
import type { TokenData } from '@casedesk/shared';
import { local } from './storage';
import type { UserInfo } from './user-info';

export { userInfoFrom, type UserInfo } from './user-info';

export type SessionState = {
  token: string | null;
  userInfo: UserInfo | null;
  needToChangePwd: boolean;
};

const read = (): SessionState => ({
  token: local.get<string>('token'),
  userInfo: local.get<UserInfo>('userInfo'),
  needToChangePwd: local.get<boolean>('needToChangePwd') === true,
});

let state = read();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Re-reads local storage (another tab may have written it) and tells subscribers when something changed. */
export function reloadSession(): SessionState {
  const next = read();
  const changed =
    next.token !== state.token ||
    JSON.stringify(next.userInfo) !== JSON.stringify(state.userInfo) ||
    next.needToChangePwd !== state.needToChangePwd;
  if (changed) {
    state = next;
    emit();
  }
  return state;
}

export const getSession = () => state;
export const getToken = () => local.get<string>('token');
export const getRefreshToken = () => local.get<string>('refreshToken');

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setTokens(data: TokenData): void {
  local.set('token', data.token);
  local.set('tokenExp', data.exp);
  local.set('refreshToken', data.refreshToken);
  reloadSession();
}

/** Starts a session in one step, so that nobody sees a token without its user. */
export function startSession(tokens: TokenData, userInfo: UserInfo): void {
  local.set('userInfo', userInfo);
  if (userInfo.needToChangePwd) local.set('needToChangePwd', true);
  else local.remove('needToChangePwd');
  setTokens(tokens);
}

export function setUserInfo(userInfo: UserInfo): void {
  local.set('userInfo', userInfo);
  reloadSession();
}

export function setNeedToChangePwd(value: boolean): void {
  if (value) local.set('needToChangePwd', true);
  else local.remove('needToChangePwd');
  const userInfo = local.get<UserInfo>('userInfo');
  if (userInfo && userInfo.needToChangePwd !== value) local.set('userInfo', { ...userInfo, needToChangePwd: value });
  reloadSession();
}

/** Drops everything that belongs to the session; the theme and remembered user name stay. */
export function clearSession(): void {
  for (const key of ['token', 'tokenExp', 'refreshToken', 'userInfo', 'needToChangePwd', 'locked'] as const)
    local.remove(key);
  reloadSession();
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
