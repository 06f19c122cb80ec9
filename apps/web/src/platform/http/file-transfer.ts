import i18n from 'i18next';
import { getToken } from '../auth-store';
import { appConfig } from '../config';
import { createAuthToken, renewPublicKey } from './auth-token';
import { ApiError, invalidAuthTokenKey, refreshSession } from './client';

const isInvalidAuthToken = async (response: Response) =>
  (
    (await response
      .clone()
      .json()
      .catch(() => null)) as { messageKey?: string } | null
  )?.messageKey === invalidAuthTokenKey;

/**
 * A call whose body or answer is not JSON (multipart upload, `.xlsx` export, file download), with the same
 * headers as the http client and one retry after a token refresh. A JSON answer is read as the envelope.
 */
export async function rawCall(path: string, init: { method: 'GET' | 'POST'; body?: BodyInit; json?: unknown }) {
  const attempt = async () => {
    const headers: Record<string, string> = {
      AccessUrl: window.location.href,
      'Auth-Token': await createAuthToken(),
      'Message-Keys': '1',
    };
    if (i18n.language) headers['Accept-Language'] = i18n.language;
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${appConfig.apiBaseUrl}${path}`, {
      method: init.method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      credentials: 'same-origin',
    });
  };
  let response = await attempt();
  // The server has a new key since this tab stored its own (http/auth-token.ts): once more with the new one.
  if (response.status === 400 && (await isInvalidAuthToken(response)) && renewPublicKey()) response = await attempt();
  if (response.status === 401 && (await refreshSession())) response = await attempt();
  if (!response.ok || response.headers.get('content-type')?.includes('application/json')) {
    const body = (await response.json().catch(() => null)) as {
      resultCode?: number;
      resultMsg?: string;
      data?: unknown;
      messageKey?: string;
      messageValues?: Record<string, string | number>;
    } | null;
    if (response.ok && body?.resultCode === 200) return { response, data: body.data };
    throw new ApiError(
      body?.resultMsg ?? `HTTP ${response.status}`,
      response.status,
      body?.resultCode ?? response.status,
      body?.data ?? null,
      'http',
      body ?? undefined,
    );
  }
  return { response, data: undefined };
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function serverFileName(response: Response): string | undefined {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/**
 * Posts an `Export` call and saves the `.xlsx` it answers, under `name`, or under the server's file name
 * when `useServerName` is set and the server gave one. A refusal throws the envelope's `ApiError`.
 */
export async function downloadExport(
  path: string,
  body: unknown,
  name: string,
  options: { useServerName?: boolean } = {},
): Promise<void> {
  const { response } = await rawCall(path, { method: 'POST', json: body });
  saveBlob(await response.blob(), (options.useServerName && serverFileName(response)) || name);
}
