import { act } from 'react';
import type { Root } from 'react-dom/client';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '@casedesk/shared';
import en from './locales/en.json';
import { useResourceList, type ListSource, type PagedQuery, type ResourceList } from './use-resource-list';
import { useJsdomBrowser, mountRoot } from '../jsdom-browser.fixture';

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...en, common: { cancel: 'Cancel' } } } },
  });
});

type Item = { id: number; name: string };
type Query = PagedQuery & { status?: string };
const rows: Item[] = [
  { id: 1, name: 'one' },
  { id: 2, name: 'two' },
  { id: 3, name: 'three' },
];

let root: Root;
let asked: Query[];
let deleted: number[][];
let current: ResourceList<Item, Query>;

const source: ListSource<Item, Query> = {
  useList: (query) => {
    asked.push(query);
    return { data: { items: rows, total: 42 } as Page<Item>, isFetching: false } as UseQueryResult<Page<Item>>;
  },
  useRemoveMany: () =>
    ({
      isPending: false,
      mutateAsync: (ids: number[]) => {
        deleted.push(ids);
        return Promise.resolve({ deleted: ids.length });
      },
    }) as unknown as UseMutationResult<unknown, Error, number[]>,
};

function Harness() {
  current = useResourceList<Item, Query>(source, { start: { page: 1, pageSize: 20 } });
  return null;
}

const lastQuery = () => asked[asked.length - 1];

beforeEach(() => {
  asked = [];
  deleted = [];
  ({ root } = mountRoot());
  act(() =>
    root.render(
      <App>
        <Harness />
      </App>,
    ),
  );
});

describe('useResourceList', () => {
  it('asks for the first page, and shows its rows and total', () => {
    expect(lastQuery()).toEqual({ page: 1, pageSize: 20 });
    expect(current.items).toEqual(rows);
    expect(current.pagination).toMatchObject({ current: 1, pageSize: 20, total: 42 });
  });

  it('a search or a filter goes back to page 1; a blank search or filter drops it', () => {
    act(() => current.onTableChange({ current: 3, pageSize: 50 }, {}, {}));
    expect(lastQuery()).toEqual({ page: 3, pageSize: 50 });
    act(() => current.search('  printer '));
    expect(lastQuery()).toEqual({ page: 1, pageSize: 50, keyword: 'printer' });
    act(() => current.onTableChange({ current: 2, pageSize: 50 }, {}, {}));
    act(() => current.setFilter('status', 'Active'));
    expect(lastQuery()).toEqual({ page: 1, pageSize: 50, keyword: 'printer', status: 'Active' });
    act(() => current.search('   '));
    act(() => current.setFilter('status', null));
    expect(JSON.parse(JSON.stringify(lastQuery()))).toEqual({ page: 1, pageSize: 50 });
  });

  it('a sorted column asks for that order; taking the sort off asks for none', () => {
    act(() => current.onTableChange({ current: 1, pageSize: 20 }, {}, { field: 'name', order: 'descend' }));
    expect(lastQuery()).toEqual({ page: 1, pageSize: 20, orderBy: [{ field: 'name', desc: true }] });
    act(() => current.onTableChange({ current: 2, pageSize: 20 }, {}, { field: 'name', order: undefined }));
    expect(lastQuery()).toEqual({ page: 2, pageSize: 20 });
  });

  it('reset goes back to the first query and empties the search box', () => {
    act(() => current.searchProps.onChange({ target: { value: 'abc' } } as React.ChangeEvent<HTMLInputElement>));
    act(() => current.searchProps.onSearch('abc'));
    expect(current.searchProps.value).toBe('abc');
    act(() => current.reset());
    expect(lastQuery()).toEqual({ page: 1, pageSize: 20 });
    expect(current.searchProps.value).toBe('');
  });

  it('deletes the selection in one call once confirmed, then clears it', async () => {
    act(() => current.rowSelection.onChange([], [rows[0]!, rows[2]!]));
    expect(current.rowSelection.selectedRowKeys).toEqual([1, 3]);
    act(() => current.confirmRemoveSelected());
    const confirm = await waitFor(() => document.querySelector('.ant-modal-confirm'));
    expect(confirm.textContent).toContain('Delete the 2 chosen records?');
    expect(deleted).toEqual([]);
    const ok = confirm.querySelector<HTMLButtonElement>('.ant-btn-dangerous');
    await act(async () => {
      ok?.click();
      await Promise.resolve();
    });
    expect(deleted).toEqual([[1, 3]]);
    await waitFor(() => (current.selected.length === 0 ? true : null));
  });
});

async function waitFor<T>(find: () => T | null): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const found = find();
    if (found) return found;
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  throw new Error('not found in time');
}
