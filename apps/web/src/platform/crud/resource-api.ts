import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@casedesk/shared';
import { http } from '../http/client';
import { downloadExport } from '../http/file-transfer';
import { usePermissions } from '../permission';

export type ListQuery = {
  page: number;
  pageSize: number;
  keyword?: string;
  orderBy?: { field: string; desc: boolean }[];
  [filter: string]: unknown;
};

/** Drops blank filters, so an emptied search box means "no filter". */
export function cleanQuery(query: ListQuery): ListQuery {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as ListQuery;
}

/**
 * The one query-key scheme of the web app: everything cached about resource `name` (its pages, details, lookups,
 * trees, pickers) starts with `['resource', name]`, so one invalidation after a save refreshes every view of it.
 */
export function resourceKeys(name: string) {
  const all = ['resource', name] as const;
  return {
    all,
    list: (call: string, query: unknown) => [...all, 'list', call, query] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
    lookup: () => [...all, 'lookup'] as const,
    /** Any other view of the resource (a tree, a picker's search, a matrix). */
    of: (...parts: unknown[]) => [...all, ...parts] as const,
  };
}

/** Refreshes every cached view of these resources. */
export function useInvalidate(...names: string[]) {
  const client = useQueryClient();
  return () => Promise.all(names.map((name) => client.invalidateQueries({ queryKey: resourceKeys(name).all })));
}

type Options = {
  onChanged?: () => void;
  /** The list and export calls under `/api/<name>/` (e.g. `QueryDeleted`, `ExportDeleted`). */
  listCall?: string;
  exportCall?: string;
  /** The call answering one record (`Detail` by default; `Get` where a resource has no details beyond the record). */
  detailCall?: 'Detail' | 'Get';
};

/** TanStack Query hooks for one generic resource of contract section 6 (`/api/<name>/...`). */
export function resourceApi<Item extends { id: number }, Detail = Item>(name: string, options: Options = {}) {
  const base = `/api/${name}`;
  const listCall = options.listCall ?? 'Query';
  const keys = resourceKeys(name);
  const useChanged = () => {
    const client = useQueryClient();
    return async () => {
      options.onChanged?.();
      await client.invalidateQueries({ queryKey: keys.all });
    };
  };
  return {
    name,
    keys,
    useList(query: ListQuery, enabled = true) {
      return useQuery({
        queryKey: keys.list(listCall, cleanQuery(query)),
        queryFn: () => http.post<Page<Item>>(`${base}/${listCall}`, cleanQuery(query)),
        placeholderData: keepPreviousData,
        enabled,
      });
    },
    useDetail(id: number | null | undefined) {
      return useQuery({
        queryKey: keys.detail(id ?? 0),
        queryFn: () => http.get<Detail>(`${base}/${options.detailCall ?? 'Detail'}/${id}`),
        enabled: typeof id === 'number',
        staleTime: 0,
        gcTime: 0,
      });
    },
    useSave() {
      const changed = useChanged();
      return useMutation({
        mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
          http.post<Item>(id === null ? `${base}/Add` : `${base}/Update`, id === null ? body : { ...body, id }, {
            quiet: true,
          }),
        onSuccess: changed,
      });
    },
    useRemove() {
      const changed = useChanged();
      return useMutation({
        mutationFn: (id: number) => http.post<{ deleted: number }>(`${base}/Delete/${id}`, {}, { quiet: true }),
        onSuccess: changed,
      });
    },
    /** Deletes all the given records or none (`Delete` with a list of ids, `<module>:batchDelete`). */
    useRemoveMany() {
      const changed = useChanged();
      return useMutation({
        mutationFn: (ids: number[]) => http.post<{ deleted: number }>(`${base}/Delete`, ids, { quiet: true }),
        onSuccess: changed,
      });
    },
    /** Any other write of the resource (`Lock`, `OnOff`, `Restore`, ...): posts to `/api/<name>/<call>`. */
    useCall<Body>(call: (body: Body) => string, sendBody = true) {
      const changed = useChanged();
      return useMutation({
        mutationFn: (body: Body) => http.post<unknown>(`${base}/${call(body)}`, sendBody ? body : {}, { quiet: true }),
        onSettled: changed,
      });
    },
    exportXlsx(query: ListQuery, fileName: string) {
      const { page: _page, pageSize: _size, ...filters } = cleanQuery(query);
      return downloadExport(`${base}/${options.exportCall ?? 'Export'}`, filters, fileName);
    },
    /** Options for pickers: the first matches of a keyword. */
    search(keyword: string, extra: Record<string, unknown> = {}) {
      return http.post<Page<Item>>(`${base}/Query`, cleanQuery({ page: 1, pageSize: 20, keyword, ...extra }));
    },
  };
}

export type ResourceApi<Item extends { id: number }, Detail = Item> = ReturnType<typeof resourceApi<Item, Detail>>;

/** Every row of a small resource (departments, roles, positions, projects) for trees and pickers, if the user may see them. */
export function useLookup<Item>(name: string, permission: string) {
  const { has } = usePermissions();
  return useQuery({
    queryKey: resourceKeys(name).lookup(),
    queryFn: () => http.post<Page<Item>>(`/api/${name}/Query`, { page: 1, pageSize: 500 }).then((p) => p.items),
    enabled: has(permission),
  });
}
