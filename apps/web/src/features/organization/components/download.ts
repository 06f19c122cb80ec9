import i18n from 'i18next';
import { getToken } from '../../../platform/auth-store';
import { appConfig } from '../../../platform/config';
import { feedback } from '../../../platform/feedback';
import { createAuthToken } from '../../../platform/http/auth-token';
import { refreshSession } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';

async function post(path: string, body: unknown): Promise<Response> {
  const token = getToken();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    AccessUrl: window.location.href,
    'Auth-Token': await createAuthToken(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${appConfig.apiBaseUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/**
 * Posts an `Export` call and saves the `.xlsx` it answers. The JSON client cannot take a file, so this
 * speaks the same headers itself and refreshes the access token once when it has expired.
 */
export async function downloadExport(path: string, body: unknown, fallbackName: string): Promise<boolean> {
  let response = await post(path, body);
  if (response.status === 401 && (await refreshSession())) response = await post(path, body);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { resultMsg?: string } | null;
    const message = envelope?.resultMsg ?? `HTTP ${response.status}`;
    feedback.error(
      i18n.t('http.operationError', { message: translateServerMessage(message), status: response.status }),
    );
    return false;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
