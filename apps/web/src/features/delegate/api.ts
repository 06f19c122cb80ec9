import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Delegate, DelegateHistoryQuery, DelegateLogEntry, DelegatePickOption, Page } from '@casedesk/shared';
import { http } from '../../platform/http/client';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import type { Option } from '../../platform/pickers/RemoteSelect';

export const delegateApi = resourceApi<Delegate>('Delegate');
const keys = resourceKeys('Delegate');

/** The on/off switch of one delegation, at the version the list showed. */
export const useSetEnabled = () =>
  delegateApi.useCall<{ id: number; rowVersion: number; enabled: boolean }>(() => 'SetEnabled');

const asOptions = (items: DelegatePickOption[]): Option[] => items.map((o) => ({ value: o.id, label: o.name }));

/** Active users for the owner and delegate pickers (no `user:view` needed). */
export const searchDelegateUsers = async (keyword: string): Promise<Option[]> =>
  asOptions(await http.post<DelegatePickOption[]>('/api/Delegate/Users', keyword ? { keyword } : {}));

/** The projects a delegation may be limited to (`enabled`: false where the reader may not ask, `delegate:view`). */
export function useDelegateProjects(enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.of('projects'),
    queryFn: async () => asOptions(await http.get<DelegatePickOption[]>('/api/Delegate/Projects')),
    staleTime: 60_000,
  });
}

export type HistoryFilter = Partial<Omit<DelegateHistoryQuery, 'page' | 'pageSize'>> & {
  page: number;
  pageSize: number;
};

/** The delegate audit, newest first. */
export function useDelegateHistory(query: HistoryFilter) {
  return useQuery({
    queryKey: keys.of('history', query),
    queryFn: () => http.post<Page<DelegateLogEntry>>('/api/Delegate/History', query),
    placeholderData: keepPreviousData,
  });
}

/** Names of the users an audit page mentions by id (in its changes). */
export function useUserNames(ids: number[]) {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: keys.of('names', wanted),
    queryFn: async () =>
      new Map(
        (await http.post<DelegatePickOption[]>('/api/Delegate/Users', { ids: wanted })).map((u) => [u.id, u.name]),
      ),
    enabled: wanted.length > 0,
    staleTime: 60_000,
  });
}
