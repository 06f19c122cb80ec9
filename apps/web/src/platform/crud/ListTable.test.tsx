import { act, type Key } from 'react';
import type { Root } from 'react-dom/client';
import { App, Button, type TableProps } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from './locales/en.json';
import { setViewportWidth, useJsdomBrowser, mountRoot } from '../jsdom-browser.fixture';
import { ListTable } from './ListTable';

type Item = { id: number; code: string; name: string; status: string; children?: Item[] };

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

const rows: Item[] = [
  { id: 1, code: 'T-1', name: 'Printer jams', status: 'Open' },
  { id: 2, code: 'T-2', name: 'Screen flickers', status: 'Closed' },
];

let root: Root | undefined;
let host: HTMLDivElement;

function show(props: Partial<TableProps<Item>> = {}, at = 375) {
  setViewportWidth(at);
  ({ root, host } = mountRoot());
  act(() =>
    root!.render(
      <App>
        <ListTable<Item>
          rowKey="id"
          className="thing-table"
          columns={[
            { key: 'code', dataIndex: 'code', title: 'Code', sortOrder: 'descend', sorter: true },
            { key: 'name', dataIndex: 'name', title: 'Name', width: 300 },
            { key: 'status', dataIndex: 'status', title: 'Status', render: (s: string) => <b>{s}</b> },
            { key: 'hidden', dataIndex: 'id', title: 'Hidden', hidden: true },
            {
              key: 'actions',
              title: 'Actions',
              render: (_, row) => (
                <Button className="row-open" onClick={() => opened(row.id)}>
                  Open
                </Button>
              ),
            },
          ]}
          dataSource={rows}
          {...props}
        />
      </App>,
    ),
  );
}
const opened = vi.fn();

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  opened.mockReset();
});

const cards = () => [...host.querySelectorAll<HTMLElement>('.list-card')];
const text = (el: Element | null | undefined) => el?.textContent?.trim();

describe('ListTable', () => {
  it('draws the table on a wide screen', () => {
    show({}, 1366);
    expect(host.querySelectorAll('.ant-table-row')).toHaveLength(2);
    expect(cards()).toHaveLength(0);
  });

  it('below 768 px shows each row as a card: the first column its title, the others as label and value, its actions as buttons', () => {
    show();
    expect(host.querySelector('.ant-table')).toBeNull();
    // The list keeps its class, so the screen's own styles and tests still find it.
    expect(host.querySelector('.list-cards.thing-table')).not.toBeNull();
    expect(cards().map((card) => text(card.querySelector('.list-card-title')))).toEqual(['T-1', 'T-2']);
    const fields = [...cards()[1]!.querySelectorAll('.list-card-field')].map((f) => [
      text(f.querySelector('dt')),
      f.querySelector('dd')!.innerHTML,
    ]);
    // The hidden column stays hidden; the actions are not a field but the card's buttons.
    expect(fields).toEqual([
      ['Name', 'Screen flickers'],
      ['Status', '<b>Closed</b>'],
    ]);
    const button = cards()[1]!.querySelector<HTMLButtonElement>('.list-card-actions .row-open');
    act(() => button!.click());
    expect(opened).toHaveBeenCalledWith(2);
  });

  it('keeps the selection: a card is chosen by its box, the page by one box, and the rows go with the keys', () => {
    const onChange = vi.fn<(keys: Key[], chosen: Item[]) => void>();
    show({ rowSelection: { selectedRowKeys: [], onChange } });
    const box = cards()[1]!.querySelector<HTMLInputElement>('.list-card-select input')!;
    act(() => box.click());
    expect(onChange).toHaveBeenLastCalledWith([2], [rows[1]], { type: 'multiple' });
    const page = host.querySelector<HTMLInputElement>('.list-cards-select-page input')!;
    expect(text(host.querySelector('.list-cards-select-page'))).toBe('Select all on this page');
    act(() => page.click());
    expect(onChange).toHaveBeenLastCalledWith([1, 2], rows, { type: 'multiple' });
  });

  it('shows the chosen rows as chosen and leaves a row that may not be chosen unchecked and disabled', () => {
    show({
      rowSelection: { selectedRowKeys: [2], getCheckboxProps: (row) => ({ disabled: row.id === 1 }) },
    });
    const boxes = cards().map((card) => card.querySelector<HTMLInputElement>('.list-card-select input')!);
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [false, true],
      [true, false],
    ]);
    // Every row that may be chosen is: the page's box is checked.
    expect(host.querySelector<HTMLInputElement>('.list-cards-select-page input')!.checked).toBe(true);
  });

  it("pages as the table does: the list's onChange hears the page and the sort shown", () => {
    const onChange = vi.fn();
    show({ pagination: { current: 1, pageSize: 2, total: 5 }, onChange });
    const next = host.querySelector<HTMLElement>('.list-cards-pager .ant-pagination-item-2')!;
    act(() => next.click());
    const [pagination, , sorter] = onChange.mock.calls[0] as [{ current: number }, unknown, { order: string }];
    expect(pagination.current).toBe(2);
    expect(sorter).toMatchObject({ columnKey: 'code', field: 'code', order: 'descend' });
  });

  it('says the list is empty in its own words', () => {
    show({ dataSource: [], locale: { emptyText: 'No tickets yet.' } });
    expect(cards()).toHaveLength(0);
    expect(text(host.querySelector('.list-cards-empty'))).toBe('No tickets yet.');
  });

  it('shows tree rows under their parent while it is open, and tells the screen when one is opened', () => {
    const onExpand = vi.fn();
    const tree: Item[] = [{ ...rows[0]!, children: [{ id: 3, code: 'T-1.1', name: 'Tray', status: 'Open' }] }];
    show({ dataSource: tree, expandable: { onExpand } });
    expect(cards().map((card) => text(card.querySelector('.list-card-title')))).toEqual(['T-1']);
    const toggle = host.querySelector<HTMLButtonElement>('.list-card-expand')!;
    expect(toggle.getAttribute('aria-label')).toBe('Show the rows under it');
    act(() => toggle.click());
    expect(onExpand).toHaveBeenCalledWith(true, tree[0]);
    expect(cards().map((card) => text(card.querySelector('.list-card-title')))).toEqual(['T-1', 'T-1.1']);
  });
});
