import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  DataExport,
  DataManagementInfo,
  DataRetention,
  DataRetentionSave,
  ImportRun,
  Page,
  TicketArchive,
} from '@casedesk/shared';
import { resourceKeys, useInvalidate } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { downloadExport, rawCall, saveBlob, serverFileName } from '../../platform/http/file-transfer';

const keys = resourceKeys('DataManagement');

export function useDataManagementInfo() {
  return useQuery({
    queryKey: keys.of('info'),
    queryFn: () => http.get<DataManagementInfo>('/api/DataManagement/Info'),
  });
}

export function useDataExports() {
  return useQuery({
    queryKey: keys.of('exports'),
    queryFn: () => http.get<DataExport[]>('/api/DataManagement/Exports'),
  });
}

/** The retention rules: the log group's days live in Settings too, so a save refreshes both. */
export function useRetention() {
  return useQuery({
    queryKey: keys.of('retention'),
    queryFn: () => http.get<DataRetention>('/api/DataManagement/Retention'),
  });
}

export function useSaveRetention() {
  const invalidate = useInvalidate('DataManagement', 'Settings');
  return useMutation({
    mutationFn: (body: DataRetentionSave) =>
      http.post<DataRetention>('/api/DataManagement/Retention', body, { quiet: true }),
    onSuccess: () => invalidate(),
  });
}

/** All rows of a resource (optionally those matching a keyword), as the list pages export them. */
export const exportResource = (resource: string, keyword: string) =>
  downloadExport(`/api/${resource}/Export`, keyword ? { keyword } : {}, `${resource}.xlsx`);

export async function downloadBackup(): Promise<void> {
  const { response } = await rawCall('/api/DataManagement/Backup', { method: 'GET' });
  saveBlob(await response.blob(), serverFileName(response) ?? 'casedesk-backup.tar.gz');
}

export const findArchivedTicket = (caseNumber: string) =>
  http.get<TicketArchive>(`/api/Ticket/Archive/${encodeURIComponent(caseNumber.trim())}`, undefined, { quiet: true });

/** The ten newest import runs of every definition (the Import screen has the rest). */
export function useLatestImportRuns(enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys('Import').of('runs', 'latest'),
    queryFn: () => http.post<Page<ImportRun>>('/api/Import/Runs', { page: 1, pageSize: 10 }),
    enabled,
  });
}
