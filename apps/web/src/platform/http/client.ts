import i18n from 'i18next';
import type { Envelope, FieldError, TokenData } from '@casedesk/shared';
import { clearSession, getRefreshToken, getSession, getToken, reloadSession, setTokens } from '../auth-store';
import { appConfig } from '../config';
import { feedback } from '../feedback';
import { translateServerMessage, type ServerText } from '../server-messages';
import { createAuthToken, noteServerDate, renewPublicKey } from './auth-token';

/** The key of the server's refusal of a stale or unreadable Auth-Token header (contract section 2). */
export const invalidAuthTokenKey = 'common.invalidAuthToken';

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'session' | 'aborted';

let leavingPage = false;
if (typeof window !== 'undefined') {
  // beforeunload: Chromium may cut the old page's calls as the navigation starts, before pagehide.
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/** Every failed call rejects with this; `kind` says whether the server answered at all. */
export class ApiError extends Error implements ServerText {
  readonly messageKey?: string;
  readonly messageValues?: Record<string, string | number>;

  constructor(
    message: string,
    readonly status: number,
    readonly resultCode: number,
    readonly data: unknown,
    readonly kind: ApiErrorKind,
    /** The message's key and values (contract section 2), to show it in the user's language. */
    key?: Pick<ServerText, 'messageKey' | 'messageValues'>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.messageKey = key?.messageKey;
    this.messageValues = key?.messageValues;
  }

  /** Per-field problems of a 400 answer (contract section 2), each with its key when the server sent one. */
  get fieldErrors(): (FieldError & ServerText)[] {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    return Array.isArray(errors) ? (errors as (FieldError & ServerText)[]) : [];
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST';
  query?: Query;
  body?: unknown;
  /** The caller shows failures itself: no error toast (session and permission handling still apply). */
  quiet?: boolean;
  /** Send this access token rather than the stored one (sign-in, before the session is stored). */
  token?: string;
  /** No access token and no refresh: public calls. */
  anonymous?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
};

type Raw = { status: number; envelope: (Envelope<unknown> & Partial<ServerText>) | null; tokenUsed: string | null };

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

function buildUrl(path: string, query: Query | undefined): string {
  const url = `${appConfig.apiBaseUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const isEnvelope = (value: unknown): value is Envelope<unknown> & Partial<ServerText> =>
  typeof value === 'object' && value !== null && 'resultCode' in value && typeof value.resultCode === 'number';

/** One HTTP exchange with the contract's headers; no interpretation of the answer beyond the envelope. */
export async function send(path: string, options: RequestOptions = {}, attempt = 0): Promise<Raw> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const tokenUsed = options.token ?? (options.anonymous ? null : getToken());
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? appConfig.apiTimeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  let response: Response;
  try {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      AccessUrl: window.location.href,
      'Auth-Token': await createAuthToken(),
      // Errors come with the key of their text, which the app translates (contract section 2).
      'Message-Keys': '1',
    };
    // A refusal before sign-in is worded in the language on screen (a signed-in user's is their own).
    if (i18n.language) headers['Accept-Language'] = i18n.language;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (tokenUsed) headers.Authorization = `Bearer ${tokenUsed}`;
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // The page itself is going away (reload, address typed, tab closed): the browser cut the call, the network did not fail.
    if (leavingPage) throw new ApiError('Page unloading', 0, 0, null, 'aborted');
    if (timedOut) throw new ApiError('Network Timeout', 0, 0, null, 'timeout');
    throw new ApiError(error instanceof Error ? error.message : 'Network Error', 0, 0, null, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  noteServerDate(response.headers.get('date'));
  const body: unknown = await response.json().catch(() => null);
  const envelope = isEnvelope(body) ? body : null;
  // A clock that jumped (sleep, manual change) makes one header stale; the Date header just resynced us. Or the
  // server has a new key since this tab stored it: the retry fetches it.
  // By the message's key, never by its English text (the server sends it: the request says Message-Keys).
  if (response.status === 400 && envelope?.messageKey === invalidAuthTokenKey && attempt === 0) {
    renewPublicKey();
    return send(path, options, 1);
  }
  return { status: response.status, envelope, tokenUsed };
}

/** Records why this browser was signed out (spec section 4), best effort. */
export function logClientEvent(message: string): void {
  void send('/api/atest/VueLog', { query: { message: message.slice(0, 2000) }, anonymous: true }).catch(
    () => undefined,
  );
}

/** Ends the session here: logs why, clears it and says so once. The route guard then shows the sign-in page. */
export function endSession(reason: string, options: { notify?: boolean } = {}): void {
  const { token, userInfo } = getSession();
  if (!token && !userInfo && !getToken()) return;
  logClientEvent(`${userInfo?.userName ?? 'unknown user'}: ${reason}`);
  clearSession();
  if (options.notify !== false) feedback.warning(t('http.sessionExpired'));
}

async function exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
  // Across tabs, so that two tabs never present the same refresh token (that would end the session).
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, work) : work();
}

async function doRefresh(staleToken: string | null): Promise<boolean> {
  reloadSession();
  const current = getToken();
  if (!current) return false;
  if (staleToken && current !== staleToken) return true; // another request or tab refreshed meanwhile
  const refreshToken = getRefreshToken();
  const userName = getSession().userInfo?.userName;
  if (!refreshToken || !userName) {
    endSession('token refresh impossible: refresh token or user name missing');
    return false;
  }
  try {
    const raw = await send('/api/token/RefreshToken', {
      method: 'POST',
      body: { token: refreshToken, userName },
      anonymous: true,
    });
    const data = raw.envelope?.resultCode === 200 ? (raw.envelope.data as TokenData | null) : null;
    // Signed out while the refresh was under way (idle sign-out, another tab): the new tokens must not revive it.
    if (getToken() !== current) return false;
    if (!data?.token) {
      endSession(`token refresh refused: ${raw.envelope?.resultMsg ?? `HTTP ${raw.status}`}`);
      return false;
    }
    setTokens(data);
    return true;
  } catch (error) {
    endSession(`token refresh failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Gets a new access token; only one refresh runs at a time, and callers that come while one runs share it.
 * `staleToken` is the token that failed: if the stored one is already different, nothing needs doing.
 */
export function refreshSession(staleToken: string | null = getToken()): Promise<boolean> {
  refreshing ??= exclusive('casedesk-token-refresh', () => doRefresh(staleToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let forbiddenShown = false;

function showForbidden(): void {
  if (forbiddenShown) return;
  forbiddenShown = true;
  feedback.alert(t('http.tip'), t('http.forbidden'), () => {
    forbiddenShown = false;
  });
}

async function handle<T>(path: string, options: RequestOptions, retried: boolean): Promise<T> {
  let raw: Raw;
  try {
    raw = await send(path, options);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'timeout') {
      feedback.error(t('http.networkTimeout'));
    } else if (error instanceof ApiError && error.kind === 'network') {
      feedback.error(t('http.networkError'));
      endSession(`Network Error on ${path}: ${error.message}`, { notify: false });
    }
    throw error;
  }

  const { status, envelope, tokenUsed } = raw;
  const resultCode = envelope?.resultCode ?? status;
  const message = envelope?.resultMsg ?? `HTTP ${status}`;
  if (status < 400 && resultCode === 200) return (envelope ? envelope.data : null) as T;

  if (resultCode === 4005) {
    endSession(`session ended by the server (4005): ${message}`);
    throw new ApiError(message, status, resultCode, null, 'session');
  }
  if ((status === 401 || resultCode === 401) && tokenUsed && !options.token) {
    if (!retried && (await refreshSession(tokenUsed))) return handle<T>(path, options, true);
    if (retried) endSession(`still unauthorized after a token refresh: ${path}`);
    throw new ApiError(message, status, 401, null, 'session');
  }
  if (status === 403 || resultCode === 403) {
    showForbidden();
    throw new ApiError(message, status, 403, null, 'http');
  }
  const error = new ApiError(message, status, resultCode, envelope?.data ?? null, 'http', envelope ?? undefined);
  if (!options.quiet)
    feedback.error(t('http.operationError', { message: translateServerMessage(error), status: status || resultCode }));
  throw error;
}

/** A call through the envelope: resolves with `data`, or rejects with an ApiError after the contract's handling. */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return handle<T>(path, options, false);
}

export const http = {
  get: <T>(path: string, query?: Query, options: Omit<RequestOptions, 'method' | 'query'> = {}) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
