import { useState, type ChangeEvent } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { App, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { Page } from '@casedesk/shared';
import { ApiError } from '../http/client';
import { useConfirmDelete, useServerText } from './failure';

/** What every paged list asks for; a screen's query adds its filters. */
export type PagedQuery = {
  page: number;
  pageSize: number;
  keyword?: string;
  orderBy?: { field: string; desc: boolean }[];
};

/** Where a list's rows come from: a resource's calls (`resourceApi`) or any paged query hook of a feature. */
export type ListSource<Item, Query> = {
  useList: (query: Query, enabled?: boolean) => UseQueryResult<Page<Item>>;
  useRemove?: () => UseMutationResult<unknown, Error, number>;
  useRemoveMany?: () => UseMutationResult<unknown, Error, number[]>;
  exportXlsx?: (query: Query, fileName: string) => Promise<unknown>;
};

export type ResourceListOptions<Item, Query> = {
  /** The first query, and what Reset goes back to (page 1, 20 rows unless it says otherwise). */
  start: Query;
  /** False while the screen shows rows of its own (a tree without a search). */
  enabled?: boolean;
  /** What a change of the query also does (tree screens collapse). */
  onQueryChange?: (query: Query) => void;
  /** The record's name in the delete confirmation. */
  nameOf?: (item: Item) => string;
};

export const pageSizeOptions = [10, 20, 50, 100];

/**
 * The state of a paged list screen and what it does: query (keyword, filters, page, sort), the rows, the selection,
 * delete one row or the selection with a confirmation, export. `ListPage` renders it; screens with a layout of their
 * own spread `searchProps`, `pagination`, `onTableChange` and `rowSelection` on antd's `Input.Search` and `Table`.
 */
export function useResourceList<Item extends { id: number }, Query extends PagedQuery>(
  source: ListSource<Item, Query>,
  options: ResourceListOptions<Item, Query>,
) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const serverText = useServerText();
  const [query, setQueryState] = useState<Query>(options.start);
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState<Item[]>([]);
  const [exporting, setExporting] = useState(false);
  const list = source.useList(query, options.enabled ?? true);
  const remove = source.useRemove?.();
  const removeMany = source.useRemoveMany?.();

  const setQuery = (update: (q: Query) => Query) =>
    setQueryState((q) => {
      const next = update(q);
      options.onQueryChange?.(next);
      return next;
    });
  /** Sets one filter (blank clears it) and goes back to page 1. */
  const setFilter = <K extends keyof Query & string>(field: K, value: Query[K] | null | undefined) =>
    setQuery((q) => ({ ...q, page: 1, [field]: value ?? undefined }));
  const search = (keyword: string) => setQuery((q) => ({ ...q, page: 1, keyword: keyword.trim() || undefined }));
  const reset = () => {
    setTyped('');
    setQuery(() => options.start);
  };
  const clearSelection = () => setSelected([]);

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Item> | SorterResult<Item>[],
  ) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof sort?.field === 'string' ? sort.field : undefined;
    setQuery((q) => {
      const { orderBy: _unsorted, ...rest } = q;
      const orderBy = field && sort?.order ? [{ field, desc: sort.order === 'descend' }] : undefined;
      return {
        ...rest,
        page: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? q.pageSize,
        ...(orderBy ? { orderBy } : {}),
      } as Query;
    });
  };

  const total = list.data?.total ?? 0;
  /** The bare pager (a drawer's or dialog's short list); `pagination` adds page sizes and the total. */
  const pager: TablePaginationConfig = { current: query.page, pageSize: query.pageSize, total };
  const pagination: TablePaginationConfig = {
    ...pager,
    showSizeChanger: true,
    pageSizeOptions,
    showTotal: (count) => t('crud.list.total', { count }),
  };

  /** Asks, then deletes one row; a refusal is shown as the server says it. */
  const confirmRemove = (item: Item) => {
    if (!remove) return;
    confirmDelete(options.nameOf?.(item) ?? `#${item.id}`, () => remove.mutateAsync(item.id));
  };

  /** Asks, then deletes the selected rows in one call (all or none), and clears the selection. */
  const confirmRemoveSelected = () => {
    if (!removeMany || selected.length === 0) return;
    const ids = selected.map((item) => item.id);
    modal.confirm({
      title: t('crud.deleteTitle'),
      content: t('crud.deleteSelectedText', { count: ids.length }),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await removeMany.mutateAsync(ids);
          clearSelection();
          void message.success(t('crud.deleted'));
        } catch (error) {
          if (error instanceof ApiError && error.kind === 'http' && error.status !== 403)
            void message.error(serverText(error));
        }
      },
    });
  };

  const runExport = async (fileName: string) => {
    if (!source.exportXlsx) return;
    setExporting(true);
    try {
      await source.exportXlsx(query, fileName);
    } catch (error) {
      if (error instanceof ApiError) void message.error(serverText(error));
    } finally {
      setExporting(false);
    }
  };

  return {
    query,
    setQuery,
    setFilter,
    search,
    reset,
    list,
    items: list.data?.items ?? [],
    total,
    /** Spread on `Input.Search`: the typed text, searched on Enter or the button. */
    searchProps: {
      allowClear: true,
      value: typed,
      onChange: (e: ChangeEvent<HTMLInputElement>) => setTyped(e.target.value),
      onSearch: search,
    },
    pager,
    pagination,
    onTableChange,
    selected,
    setSelected,
    clearSelection,
    /** Spread on `Table` as `rowSelection`: the selection survives paging. */
    rowSelection: {
      selectedRowKeys: selected.map((item) => item.id),
      onChange: (_keys: unknown, rows: Item[]) => setSelected(rows),
      preserveSelectedRowKeys: true,
    },
    removing: remove?.isPending ?? false,
    confirmRemove,
    confirmRemoveSelected,
    exporting,
    runExport,
  };
}

export type ResourceList<Item extends { id: number }, Query extends PagedQuery> = ReturnType<
  typeof useResourceList<Item, Query>
>;
