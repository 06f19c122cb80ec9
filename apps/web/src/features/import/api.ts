import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type {
  Import,
  ImportField,
  ImportPreview,
  ImportPreviewResult,
  ImportRun,
  ImportTargetInfo,
  Page,
  UploadedFile,
} from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { rawCall, saveBlob } from '../../platform/http/file-transfer';
import { isLanguage } from '../../platform/i18n';
import { formatDateTime, formatDuration } from '../../platform/format';

export type ImportRow = Import & { id: number };
export const importApi = resourceApi<ImportRow>('Import');
const keys = resourceKeys('Import');

/** `GET /api/Import/Targets`: the targets the user may write, with their fields. */
export function useImportTargets() {
  return useQuery({
    queryKey: keys.of('targets'),
    queryFn: () => http.get<ImportTargetInfo[]>('/api/Import/Targets'),
    staleTime: 10 * 60_000,
  });
}

/** A field's label in the user's language. */
export const fieldLabel = (field: ImportField, language: string) =>
  field.labels[isLanguage(language) ? language : 'en'] || field.field;

/** `POST /api/Import/Preview`: the columns of an uploaded sample and a proposed mapping. */
export const previewImport = (body: ImportPreview) =>
  http.post<ImportPreviewResult>('/api/Import/Preview', body, { quiet: true });

/**
 * `POST /api/Import/Upload`: one sheet, streamed to disk (a bigger cap than attachments; csv in GBK or Big5 too);
 * answers like `POST /api/Files/Upload`.
 */
export async function uploadImportFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('files', file, file.name);
  const { data } = await rawCall('/api/Import/Upload', { method: 'POST', body: form });
  const [uploaded] = data as UploadedFile[];
  if (!uploaded) throw new Error('No file was stored');
  return uploaded;
}

export const isActive = (run: ImportRun | undefined) => run?.status === 'Queued' || run?.status === 'Running';

/** `GET /api/Import/Runs/{id}`, polled every second while the run is queued or running. */
export function useImportRun(runId: number | null) {
  return useQuery({
    queryKey: keys.of('run', runId),
    queryFn: () => http.get<ImportRun>(`/api/Import/Runs/${runId}`, undefined, { quiet: true }),
    enabled: runId !== null,
    refetchInterval: (query) => (!query.state.data || isActive(query.state.data) ? 1000 : false),
    refetchIntervalInBackground: false,
  });
}

/** `POST /api/Import/Runs`: a definition's run history, newest first. */
export function useImportRuns(importId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: keys.of('runs', importId, page, pageSize),
    queryFn: () =>
      http.post<Page<ImportRun>>('/api/Import/Runs', {
        ...(importId !== null ? { importId } : {}),
        page,
        pageSize,
      }),
    // Refreshed while one of the runs shown is still going.
    refetchInterval: (query) => (query.state.data?.items.some(isActive) ? 2000 : false),
  });
}

export function useStartRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { importId: number; fileId: string; dryRun: boolean }) =>
      http.post<{ runId: number }>('/api/Import/Run', body, { quiet: true }),
    // Not awaited: the panel follows the run at once (on the embedded database a refetch waits for the batch).
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useCancelRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) => http.post<unknown>(`/api/Import/Runs/Cancel/${runId}`, {}, { quiet: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Rows per second and seconds left, from the run's start and its progress. */
export function runPace(run: ImportRun, now = Date.now()) {
  if (!run.startedAt || run.processed <= 0) return { rate: null, left: null };
  const end = run.finishedAt ? dayjs(run.finishedAt).valueOf() : now;
  const seconds = Math.max(0.001, (end - dayjs(run.startedAt).valueOf()) / 1000);
  const rate = run.processed / seconds;
  const left = run.total !== null && rate > 0 ? Math.max(0, (run.total - run.processed) / rate) : null;
  return { rate, left };
}

/** A run's time taken or left, in the language's units ("2 min 5 sec", "2分钟5秒"). */
export const formatSeconds = (seconds: number) => formatDuration(seconds);

export const runTime = (value: string | null | undefined) => formatDateTime(value, { seconds: true });

/** `GET /api/Import/Template/{target}`: an xlsx headed with the target's columns in the language shown. */
export async function downloadImportTemplate(target: string, language: string, name: string): Promise<void> {
  const query = isLanguage(language) ? `?language=${language}` : '';
  const { response } = await rawCall(`/api/Import/Template/${target}${query}`, { method: 'GET' });
  saveBlob(await response.blob(), name);
}
