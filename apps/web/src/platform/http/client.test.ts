import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import appEn from '../../app/locales/en.json';
import { getSession, startSession } from '../auth-store';
import { testUser } from '../user-info.fixture';
import { setFeedback, type Feedback } from '../feedback';
import { ApiError, http, refreshSession } from './client';

const renewPublicKey = vi.hoisted(() => vi.fn(() => true));
vi.mock('./auth-token', () => ({
  createAuthToken: async () => 'auth-token',
  noteServerDate: () => undefined,
  renewPublicKey,
}));

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
type Answer = { status: number; body: unknown } | Error;

const user = testUser;

let calls: Call[];
let answer: (call: Call) => Answer | Promise<Answer>;
let shown: { kind: string; text: string }[];
let closeAlert: (() => void) | undefined;

const envelope = (resultCode: number, data: unknown = null, resultMsg = 'OK') => ({ resultCode, resultMsg, data });

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: appEn } }, interpolation: { escapeValue: false } });
});

beforeEach(() => {
  localStorage.clear();
  calls = [];
  shown = [];
  closeAlert = undefined;
  const feedback: Feedback = {
    error: (text) => shown.push({ kind: 'error', text }),
    warning: (text) => shown.push({ kind: 'warning', text }),
    success: (text) => shown.push({ kind: 'success', text }),
    alert: (title, text, onClose) => {
      shown.push({ kind: 'alert', text: `${title}: ${text}` });
      closeAlert = onClose;
    },
  };
  setFeedback(feedback);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    const result = await answer(call);
    if (result instanceof Error) throw result;
    return new Response(JSON.stringify(result.body), {
      status: result.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  startSession({ token: 'access-1', exp: 0, refreshToken: 'refresh-1' }, user);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
});

const apiCalls = () => calls.filter((c) => !c.url.includes('VueLog'));

describe('http client', () => {
  it('sends the contract headers and unwraps the envelope', async () => {
    answer = () => ({ status: 200, body: envelope(200, { hello: 'world' }) });
    await expect(http.get('/api/Thing/Get', { page: 2, skip: undefined })).resolves.toEqual({ hello: 'world' });
    const [call] = calls;
    expect(call!.url).toBe('/api/Thing/Get?page=2');
    expect(call!.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      'Auth-Token': 'auth-token',
      'Message-Keys': '1',
    });
    expect(call!.headers.AccessUrl).toBe(window.location.href);
  });

  it('on Invalid Auth-Token renews the public key and tries once more', async () => {
    let refusals = 1;
    const invalidAuthToken = {
      ...envelope(400, null, 'Invalid Auth-Token header'),
      messageKey: 'common.invalidAuthToken',
    };
    answer = () =>
      refusals-- > 0 ? { status: 400, body: invalidAuthToken } : { status: 200, body: envelope(200, 'ok') };
    renewPublicKey.mockClear();
    await expect(http.get('/api/Thing/Get')).resolves.toBe('ok');
    expect(renewPublicKey).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);

    refusals = 2;
    await expect(http.get('/api/Thing/Get', undefined, { quiet: true })).rejects.toMatchObject({ status: 400 });
    expect(calls).toHaveLength(4);
  });

  it('knows Invalid Auth-Token by its message key, not by the English text', async () => {
    renewPublicKey.mockClear();
    // The same English words under another key (or none) are another refusal: no renewal, no second call.
    answer = () => ({ status: 400, body: { ...envelope(400, null, 'Invalid Auth-Token header'), messageKey: 'x.y' } });
    await expect(http.get('/api/Thing/Get', undefined, { quiet: true })).rejects.toMatchObject({ status: 400 });
    answer = () => ({ status: 400, body: envelope(400, null, 'Invalid Auth-Token header') });
    await expect(http.get('/api/Thing/Get', undefined, { quiet: true })).rejects.toMatchObject({ status: 400 });
    expect(renewPublicKey).not.toHaveBeenCalled();
    expect(calls).toHaveLength(2);
    // Whatever the text says, the key is what counts.
    let refusals = 1;
    answer = () =>
      refusals-- > 0
        ? { status: 400, body: { ...envelope(400, null, '认证头无效'), messageKey: 'common.invalidAuthToken' } }
        : { status: 200, body: envelope(200, 'ok') };
    await expect(http.get('/api/Thing/Get')).resolves.toBe('ok');
    expect(renewPublicKey).toHaveBeenCalledTimes(1);
  });

  it('rejects a failed envelope and shows the error once, in the spec format', async () => {
    answer = () => ({ status: 409, body: envelope(409, null, 'Stale') });
    const error = await http.post('/api/Thing/Update', { id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, resultCode: 409, message: 'Stale', kind: 'http' });
    expect(shown).toEqual([{ kind: 'error', text: 'Operation error : Stale; error code: 409' }]);
  });

  it('leaves the message to the caller when asked to be quiet', async () => {
    answer = () => ({ status: 400, body: envelope(400, { errors: [{ field: 'name', message: 'Required' }] }, 'Bad') });
    const error = (await http.post('/api/Thing/Add', {}, { quiet: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual([{ field: 'name', message: 'Required' }]);
    expect(shown).toEqual([]);
  });

  it('on 401 refreshes once and retries the request with the new token', async () => {
    answer = (call) => {
      if (call.url.endsWith('/RefreshToken'))
        return { status: 200, body: envelope(200, { token: 'access-2', exp: 1, refreshToken: 'refresh-2' }) };
      return call.headers.Authorization === 'Bearer access-2'
        ? { status: 200, body: envelope(200, 'fresh') }
        : { status: 401, body: envelope(401, null, 'Unauthorized') };
    };
    const results = await Promise.all([http.get('/api/A'), http.get('/api/B'), http.get('/api/C')]);
    expect(results).toEqual(['fresh', 'fresh', 'fresh']);
    const refreshes = calls.filter((c) => c.url.endsWith('/RefreshToken'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ token: 'refresh-1', userName: 'ada' });
    expect(refreshes[0]!.headers.Authorization).toBeUndefined();
    expect(localStorage.getItem('casedesk-ticket:refreshToken')).toBe('"refresh-2"');
    expect(shown).toEqual([]);
  });

  it('treats resultCode 401 like HTTP 401', async () => {
    answer = (call) => {
      if (call.url.endsWith('/RefreshToken'))
        return { status: 200, body: envelope(200, { token: 'access-2', exp: 1, refreshToken: 'refresh-2' }) };
      return call.headers.Authorization === 'Bearer access-2'
        ? { status: 200, body: envelope(200, 'ok') }
        : { status: 200, body: envelope(401, null, 'Unauthorized') };
    };
    await expect(http.get('/api/A')).resolves.toBe('ok');
  });

  it('ends the session when the refresh is refused or returns no data', async () => {
    answer = (call) =>
      call.url.endsWith('/RefreshToken')
        ? { status: 401, body: envelope(4005, null, 'Session has expired. Please try again.') }
        : { status: 401, body: envelope(401, null, 'Unauthorized') };
    await expect(http.get('/api/A')).rejects.toMatchObject({ kind: 'session' });
    expect(getSession().token).toBeNull();
    expect(getSession().userInfo).toBeNull();
    expect(shown).toEqual([{ kind: 'warning', text: 'Session has expired. Please try again.' }]);
    expect(calls.some((c) => c.url.includes('/api/atest/VueLog?message='))).toBe(true);

    startSession({ token: 'access-1', exp: 0, refreshToken: 'refresh-1' }, user);
    answer = (call) =>
      call.url.endsWith('/RefreshToken')
        ? { status: 200, body: envelope(200, null) }
        : { status: 401, body: envelope(401) };
    await expect(refreshSession('access-1')).resolves.toBe(false);
    expect(getSession().token).toBeNull();
  });

  it('does not refresh without a refresh token or user name', async () => {
    localStorage.removeItem('casedesk-ticket:refreshToken');
    answer = () => ({ status: 401, body: envelope(401) });
    await expect(http.get('/api/A')).rejects.toBeInstanceOf(ApiError);
    expect(apiCalls().filter((c) => c.url.endsWith('/RefreshToken'))).toHaveLength(0);
    expect(getSession().token).toBeNull();
  });

  it('retries only once: a second 401 after a refresh ends the session', async () => {
    answer = (call) =>
      call.url.endsWith('/RefreshToken')
        ? { status: 200, body: envelope(200, { token: 'access-2', exp: 1, refreshToken: 'refresh-2' }) }
        : { status: 401, body: envelope(401) };
    await expect(http.get('/api/A')).rejects.toMatchObject({ resultCode: 401 });
    expect(apiCalls().filter((c) => c.url === '/api/A')).toHaveLength(2);
    expect(getSession().token).toBeNull();
  });

  it('ends the session on 4005 and goes no further', async () => {
    answer = () => ({ status: 401, body: envelope(4005, null, 'Your session has ended. Please sign in again.') });
    await expect(http.get('/api/A')).rejects.toMatchObject({ resultCode: 4005, kind: 'session' });
    expect(apiCalls().filter((c) => c.url.endsWith('/RefreshToken'))).toHaveLength(0);
    expect(getSession().token).toBeNull();
    expect(shown).toEqual([{ kind: 'warning', text: 'Session has expired. Please try again.' }]);
  });

  it('shows a single permission alert for many 403 answers, and again once it was closed', async () => {
    answer = () => ({ status: 403, body: envelope(403, null, 'You do not have permission to access this resource.') });
    const results = await Promise.allSettled([http.get('/api/A'), http.get('/api/B'), http.get('/api/C')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(shown).toEqual([{ kind: 'alert', text: 'Tip: You do not have permission to access this resource.' }]);
    closeAlert?.();
    await http.get('/api/D').catch(() => undefined);
    expect(shown.filter((s) => s.kind === 'alert')).toHaveLength(2);
    expect(getSession().token).toBe('access-1');
  });

  it('clears the session on a network error', async () => {
    answer = () => new TypeError('Failed to fetch');
    await expect(http.get('/api/A')).rejects.toMatchObject({ kind: 'network' });
    expect(shown[0]).toEqual({ kind: 'error', text: ' Network connection error ' });
    expect(getSession().token).toBeNull();
  });

  it('keeps the session when the call is cut because the page is being left', async () => {
    answer = () => new TypeError('Failed to fetch');
    window.dispatchEvent(new Event('pagehide'));
    try {
      await expect(http.get('/api/A')).rejects.toMatchObject({ kind: 'aborted' });
      expect(shown).toEqual([]);
      expect(getSession().token).toBe('access-1');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('gives up after the timeout with Network Timeout', async () => {
    answer = () => new Promise<never>(() => undefined);
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    await expect(http.get('/api/A', undefined, { timeoutMs: 5 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(shown).toEqual([{ kind: 'error', text: 'Network Timeout' }]);
    expect(getSession().token).toBe('access-1');
  });
});
