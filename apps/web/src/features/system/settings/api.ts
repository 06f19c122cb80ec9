import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
  ApiTokenWithOwner,
  Holiday,
  HolidayCreate,
  SettingSave,
  SettingSaved,
  Settings,
} from '@casedesk/shared';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { http } from '../../../platform/http/client';
import { loadPublicSettings } from '../../../platform/public-settings';

export const settingKeys = {
  all: resourceKeys('Settings').all,
  apiTokens: resourceKeys('ApiToken').all,
  tokens: resourceKeys('ApiToken').of('mine'),
  allTokens: resourceKeys('ApiToken').of('all'),
};

export function useSettings() {
  return useQuery({ queryKey: settingKeys.all, queryFn: () => http.get<Settings>('/api/Settings/Get') });
}

/** Saves one group; the caller shows failures (a 409 reloads the settings). */
export function useSaveSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingSave) => http.post<SettingSaved>('/api/Settings/Save', body, { quiet: true }),
    onSuccess: (saved, body) => {
      client.setQueryData<Settings>(settingKeys.all, (old) =>
        old ? { ...old, [body.group]: { ...old[body.group], ...saved } } : old,
      );
      // The title, upload limits and the rest of the public part show at once in this browser.
      void loadPublicSettings();
    },
  });
}

export function useAddHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HolidayCreate) => http.post<Holiday>('/api/Holiday/Add', body, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: settingKeys.all }),
  });
}

export function useDeleteHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<{ deleted: number }>(`/api/Holiday/Delete/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: settingKeys.all }),
  });
}

export function useMyTokens() {
  return useQuery({ queryKey: settingKeys.tokens, queryFn: () => http.get<ApiToken[]>('/api/ApiToken/Mine') });
}

/** Every user's tokens (administrators with settings:view). */
export function useAllTokens(enabled: boolean) {
  return useQuery({
    queryKey: settingKeys.allTokens,
    queryFn: () => http.get<ApiTokenWithOwner[]>('/api/ApiToken/All'),
    enabled,
  });
}

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => http.post<ApiTokenCreated>('/api/ApiToken/Create', body, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: settingKeys.apiTokens }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<ApiToken>(`/api/ApiToken/Revoke/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: settingKeys.apiTokens }),
  });
}
