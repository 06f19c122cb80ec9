import i18n from 'i18next';
import { feedback } from '../../../platform/feedback';
import { downloadExport as download } from '../../../platform/http/file-transfer';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';

/** Saves an `Export` answer under the server's file name; a refusal is shown, and answers false. */
export async function downloadExport(path: string, body: unknown, fallbackName: string): Promise<boolean> {
  try {
    await download(path, body, fallbackName, { useServerName: true });
    return true;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const message = error instanceof Error ? error.message : String(error);
    feedback.error(i18n.t('http.operationError', { message: translateServerMessage(message), status }));
    return false;
  }
}
