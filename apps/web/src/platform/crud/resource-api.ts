import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@casedesk/shared';
import { http } from '../http/client';
import { downloadExport } from '../http/file-transfer';

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

/** TanStack Query hooks for one generic resource of contract section 6 (`/api/<name>/...`); every key starts with `name`. */
export function resourceApi<Item extends { id: number }, Detail = Item>(
  name: string,
  options: { onChanged?: () => void } = {},
) {
  const base = `/api/${name}`;
  const keys = {
    all: [name] as const,
    list: (query: ListQuery) => [name, 'list', query] as const,
    detail: (id: number) => [name, 'detail', id] as const,
  };
  return {
    keys,
    useList(query: ListQuery) {
      return useQuery({
        queryKey: keys.list(query),
        queryFn: () => http.post<Page<Item>>(`${base}/Query`, cleanQuery(query)),
        placeholderData: keepPreviousData,
      });
    },
    useDetail(id: number | null) {
      return useQuery({
        queryKey: keys.detail(id ?? 0),
        queryFn: () => http.get<Detail>(`${base}/Detail/${id}`),
        enabled: id !== null,
        staleTime: 0,
        gcTime: 0,
      });
    },
    useSave() {
      const client = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
          http.post<Item>(id === null ? `${base}/Add` : `${base}/Update`, id === null ? body : { ...body, id }, {
            quiet: true,
          }),
        onSuccess: async () => {
          options.onChanged?.();
          await client.invalidateQueries({ queryKey: keys.all });
        },
      });
    },
    useRemove() {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (id: number) => http.post<{ deleted: number }>(`${base}/Delete/${id}`, {}, { quiet: true }),
        onSuccess: async () => {
          options.onChanged?.();
          await client.invalidateQueries({ queryKey: keys.all });
        },
      });
    },
    exportXlsx(query: ListQuery, fileName: string) {
      const { page: _page, pageSize: _size, ...filters } = cleanQuery(query);
      return downloadExport(`${base}/Export`, filters, fileName);
    },
    /** Options for pickers: the first matches of a keyword. */
    search(keyword: string, extra: Record<string, unknown> = {}) {
      return http.post<Page<Item>>(`${base}/Query`, cleanQuery({ page: 1, pageSize: 20, keyword, ...extra }));
    },
  };
}
