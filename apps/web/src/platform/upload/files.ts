import type { UploadedFile } from '@casedesk/shared';
import { rawCall, saveBlob, serverFileName } from '../http/file-transfer';
import { formatDecimal, formatNumber } from '../format';

/** `POST /api/Files/Upload` with one or more files (field `files`). */
export async function uploadFiles(files: File[]): Promise<UploadedFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { data } = await rawCall('/api/Files/Upload', { method: 'POST', body: form });
  return data as UploadedFile[];
}

/** A stored file, saved under `name`, or the server's name for it when none is given. */
export async function downloadFile(fileId: number, name?: string): Promise<void> {
  const { response } = await rawCall(`/api/Files/Download/${fileId}`, { method: 'GET' });
  saveBlob(await response.blob(), name || serverFileName(response) || `file-${fileId}`);
}

export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatDecimal((bytes / 1024 / 1024).toFixed(1))} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
