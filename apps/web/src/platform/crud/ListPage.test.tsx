import { act } from 'react';
import type { Root } from 'react-dom/client';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@casedesk/shared';
import { clearSession, startSession } from '../auth-store';
import { testUser } from '../user-info.fixture';
import en from './locales/en.json';
import { ListPage, type ListPageProps } from './ListPage';
import { useJsdomBrowser, mountRoot } from '../jsdom-browser.fixture';

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...en, common: { cancel: 'Cancel' } } } },
  });
});

type Item = { id: number; name: string };
const rows: Item[] = [
  { id: 1, name: 'one' },
  { id: 2, name: 'two' },
];
const mutation = { isPending: false, mutateAsync: () => Promise.resolve({ deleted: 1 }) };
// Only what ListPage calls of a resource's calls; the rows are fixed.
const api = {
  useList: () =>
    ({ data: { items: rows, total: rows.length } as Page<Item>, isFetching: false }) as UseQueryResult<Page<Item>>,
  useRemove: () => mutation as unknown as UseMutationResult<{ deleted: number }, Error, number>,
  useRemoveMany: () => mutation as unknown as UseMutationResult<{ deleted: number }, Error, number[]>,
  exportXlsx: () => Promise.resolve(),
} as unknown as ListPageProps<Item>['api'];

let root: Root | undefined;
let host: HTMLDivElement;

function show(permissions: string[]) {
  startSession({ token: 't', exp: 0, refreshToken: 'r' }, { ...testUser, authBtnList: permissions });
  ({ root, host } = mountRoot());
  act(() =>
    root!.render(
      <App>
        <ListPage<Item>
          api={api}
          kind="delegate"
          module="delegate"
          title="Things"
          searchPlaceholder="Search"
          columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
          nameOf={(item) => item.name}
          exportName="things.xlsx"
          batchDelete
          editor={() => null}
        />
      </App>,
    ),
  );
}

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  clearSession();
});

const batchButton = () => host.querySelector<HTMLButtonElement>('.delegate-batch-delete');

describe('ListPage', () => {
  it('offers deleting the selected rows to a user with the batch delete permission, once rows are chosen', () => {
    show(['delegate:batchDelete']);
    expect(host.querySelectorAll('.ant-table-row')).toHaveLength(2);
    expect(batchButton()).toBeNull();
    const rowBoxes = host.querySelectorAll<HTMLInputElement>('.ant-table-row input[type=checkbox]');
    act(() => rowBoxes[0]!.click());
    act(() => rowBoxes[1]!.click());
    expect(batchButton()?.textContent).toBe('Delete 2');
  });

  it('shows no selection and no batch delete without the permission', () => {
    show(['delegate:delete']);
    expect(host.querySelectorAll('.ant-table-row')).toHaveLength(2);
    expect(host.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
    expect(batchButton()).toBeNull();
    expect(host.querySelectorAll('.row-delete')).toHaveLength(2);
  });
});
