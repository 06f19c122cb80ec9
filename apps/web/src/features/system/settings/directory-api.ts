import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DirectorySave,
  DirectoryShown,
  DirectorySyncResult,
  DirectoryTest,
  DirectoryTestResult,
} from '@casedesk/shared';
import { http } from '../../../platform/http/client';

/** Settings → Directory (contract 24): its own calls, apart from the settings groups. */
export const directoryKeys = { all: ['Directory'] as const };

export function useDirectory() {
  return useQuery({ queryKey: directoryKeys.all, queryFn: () => http.get<DirectoryShown>('/api/Directory/Get') });
}

/** Saves the form with the rowVersion it was read at; the answer is the new state (the caller shows failures). */
export function useSaveDirectory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DirectorySave) => http.post<DirectoryShown>('/api/Directory/Save', body, { quiet: true }),
    onSuccess: (saved) => client.setQueryData(directoryKeys.all, saved),
  });
}

/** Connects with the form's values as typed (an empty password uses the stored one). */
export function useTestDirectory() {
  return useMutation({
    mutationFn: (body: DirectoryTest) => http.post<DirectoryTestResult>('/api/Directory/Test', body, { quiet: true }),
  });
}

/** Runs the sync with the saved settings; a dry run changes nothing. The last-sync line is read again after it. */
export function useSyncDirectory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) => http.post<DirectorySyncResult>('/api/Directory/Sync', { dryRun }, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}
