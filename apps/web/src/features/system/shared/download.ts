import { getToken } from '../../../platform/auth-store';
import { appConfig } from '../../../platform/config';
import { ApiError, refreshSession } from '../../../platform/http/client';
import { createAuthToken } from '../../../platform/http/auth-token';

async function post(path: string, body: unknown): Promise<Response> {
  const token = getToken();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    AccessUrl: window.location.href,
    'Auth-Token': await createAuthToken(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${appConfig.apiBaseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/**
 * Saves what an `Export` call answers (an `.xlsx` file). The envelope client reads JSON only, so the
 * file is fetched here with the same headers; an expired token is refreshed once, as the client does.
 */
export async function downloadFile(path: string, body: unknown, fileName: string): Promise<void> {
  let response = await post(path, body);
  if (response.status === 401 && (await refreshSession())) response = await post(path, body);
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { resultMsg?: string } | null;
    const message = envelope?.resultMsg ?? `HTTP ${response.status}`;
    throw new ApiError(message, response.status, response.status, null, 'http');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
