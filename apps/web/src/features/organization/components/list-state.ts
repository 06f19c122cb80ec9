import { useMemo, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ListQuery } from '../api';

type Filters = Record<string, unknown>;

/** Paging, sorting, keyword and filters of a server-side list, as the body of its `Query` call. */
export function useListState<F extends Filters>(initialFilters: F, pageSize = 20) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(pageSize);
  const [keyword, setKeywordState] = useState('');
  const [filters, setFilters] = useState<F>(initialFilters);
  const [orderBy, setOrderBy] = useState<ListQuery['orderBy']>();

  const query = useMemo<ListQuery>(() => {
    const set = Object.fromEntries(
      Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    );
    return { page, pageSize: size, keyword: keyword.trim() || undefined, orderBy, ...set };
  }, [page, size, keyword, filters, orderBy]);

  return {
    query,
    keyword,
    filters,
    setKeyword: (value: string) => {
      setKeywordState(value);
      setPage(1);
    },
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    },
    reset: () => {
      setKeywordState('');
      setFilters(initialFilters);
      setOrderBy(undefined);
      setPage(1);
    },
    pagination: (total: number | undefined): TablePaginationConfig => ({
      current: page,
      pageSize: size,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
    }),
    onTableChange: <T>(
      pagination: TablePaginationConfig,
      _filters: unknown,
      sorter: SorterResult<T> | SorterResult<T>[],
    ) => {
      const sorters = (Array.isArray(sorter) ? sorter : [sorter]).filter((s) => s.order && s.field);
      const next = sorters.map((s) => ({ field: String(s.field), desc: s.order === 'descend' }));
      setOrderBy(next.length > 0 ? next : undefined);
      if (pagination.pageSize && pagination.pageSize !== size) {
        setSize(pagination.pageSize);
        setPage(1);
      } else setPage(pagination.current ?? 1);
    },
  };
}
