import { useMemo, useState, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Pagination, Spin, type TableProps } from 'antd';
import type { ColumnGroupType, ColumnType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import './list-cards.css';

type Column<Item> = ColumnType<Item>;
type Tree<Item> = Item & { children?: Tree<Item>[] };

/** The columns a row shows, groups opened up, hidden ones left out. */
function leafColumns<Item>(columns: TableProps<Item>['columns'] = []): Column<Item>[] {
  return columns.flatMap((column) => {
    if (column.hidden) return [];
    const group = column as ColumnGroupType<Item>;
    return Array.isArray(group.children) ? leafColumns(group.children) : [column as Column<Item>];
  });
}

const columnKey = <Item,>(column: Column<Item>): Key =>
  column.key ?? (Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : String(column.dataIndex ?? ''));

function valueAt(row: unknown, dataIndex: Column<unknown>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], row);
}

/** What a column's cell shows, as the table would draw it (a render may answer `{ children, props }`). */
function cellOf<Item>(column: Column<Item>, row: Item, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex as Column<unknown>['dataIndex']);
  const shown: unknown = column.render ? column.render(value, row, index) : value;
  if (shown && typeof shown === 'object' && 'children' in shown && !('$$typeof' in shown))
    return (shown as { children: ReactNode }).children;
  return shown as ReactNode;
}

const titleOf = <Item,>(column: Column<Item>): ReactNode =>
  typeof column.title === 'function' ? column.title({}) : column.title;

/** The column sorted now (the table's `sortOrder`), so that paging keeps the sort as the table's own pager does. */
function sortedBy<Item>(columns: Column<Item>[]): SorterResult<Item> | undefined {
  const column = columns.find((c) => c.sortOrder);
  if (!column) return undefined;
  return {
    column,
    columnKey: column.key,
    field: column.dataIndex as SorterResult<Item>['field'],
    order: column.sortOrder,
  };
}

export type ListCardsProps<Item> = TableProps<Item> & {
  /** The sort the wide table last reported, for a list whose columns do not hold `sortOrder`. */
  lastSorter?: SorterResult<Item> | SorterResult<Item>[];
};

/**
 * A list's rows as cards, for a screen too narrow for its table (ListTable): the first column is the card's title,
 * the other columns label/value lines, the `actions` column the card's buttons; selection, paging and tree rows kept.
 * It takes the table's own props, so a list is written once for both.
 */
export function ListCards<Item extends object>(props: ListCardsProps<Item>) {
  const { t } = useTranslation();
  const columns = useMemo(() => leafColumns(props.columns), [props.columns]);
  const actions = columns.find((c) => c.key === 'actions');
  const [titleColumn, ...fields] = columns.filter((c) => c !== actions);
  const rows = (props.dataSource ?? []) as readonly Tree<Item>[];
  const keyOf = (row: Item, index: number): Key =>
    typeof props.rowKey === 'function'
      ? props.rowKey(row, index)
      : ((row as Record<string, Key>)[props.rowKey ?? 'key'] ?? index);

  // Tree rows: a row's children follow it, indented, while it is open (the table's expandedRowKeys, or our own).
  const expandable = props.expandable;
  const [ownOpen, setOwnOpen] = useState<readonly Key[]>(() => (expandable?.defaultExpandAllRows ? parentKeys() : []));
  const open = expandable?.expandedRowKeys ?? ownOpen;
  function parentKeys(list = rows): Key[] {
    return list.flatMap((row, i) => (row.children ? [keyOf(row, i), ...parentKeys(row.children)] : []));
  }
  const shown: { row: Tree<Item>; depth: number; key: Key }[] = [];
  const walk = (list: readonly Tree<Item>[], depth: number) =>
    list.forEach((row, i) => {
      const key = keyOf(row, i);
      shown.push({ row, depth, key });
      if (row.children && open.includes(key)) walk(row.children, depth + 1);
    });
  walk(rows, 0);
  const toggle = (row: Item, key: Key) => {
    const opening = !open.includes(key);
    setOwnOpen((keys) => (opening ? [...keys, key] : keys.filter((k) => k !== key)));
    expandable?.onExpand?.(opening, row);
  };

  // Paging: the server's (a total given) or, as the table does without a total, slices of the rows at hand.
  const pagination = props.pagination === false ? null : (props.pagination ?? {});
  const [ownPage, setOwnPage] = useState({ current: 1, pageSize: pagination?.defaultPageSize ?? 10 });
  const page = { current: pagination?.current ?? ownPage.current, pageSize: pagination?.pageSize ?? ownPage.pageSize };
  const slicing = pagination !== null && pagination.total === undefined;
  const visible = slicing
    ? (() => {
        const tops = new Set(rows.slice((page.current - 1) * page.pageSize, page.current * page.pageSize));
        let top: Tree<Item> | undefined;
        return shown.filter((s) => {
          if (s.depth === 0) top = s.row;
          return top !== undefined && tops.has(top);
        });
      })()
    : shown;
  const controlsSort = columns.some((c) => c.sortOrder !== undefined);
  const sorter = (controlsSort ? sortedBy(columns) : props.lastSorter) ?? {};
  const turn = (current: number, pageSize: number) => {
    setOwnPage({ current, pageSize });
    pagination?.onChange?.(current, pageSize);
    const next: TablePaginationConfig = { ...pagination, current, pageSize };
    props.onChange?.(next, {}, sorter, { action: 'paginate', currentDataSource: [...rows] });
  };

  // Selection: the same `rowSelection` as the table's; rows chosen on another page are kept by key.
  const selection = props.rowSelection;
  const [ownSelected, setOwnSelected] = useState<Key[]>([]);
  const selectedKeys = selection?.selectedRowKeys ?? ownSelected;
  // The rows chosen so far, for `onChange`'s rows (a row chosen on another page is no longer in `dataSource`).
  const [chosenRows, setChosenRows] = useState<ReadonlyMap<Key, Item>>(new Map());
  const select = (keys: Key[]) => {
    const known = new Map([...chosenRows, ...shown.map(({ key, row }) => [key, row] as const)]);
    const chosen = keys.flatMap((key) => (known.has(key) ? [[key, known.get(key)!] as const] : []));
    setOwnSelected(keys);
    setChosenRows(new Map(chosen));
    selection?.onChange?.(
      keys,
      chosen.map(([, row]) => row),
      { type: 'multiple' },
    );
  };
  const selectable = visible.filter(({ row }) => !selection?.getCheckboxProps?.(row)?.disabled);
  const pageKeys = selectable.map((s) => s.key);
  const pageChosen = pageKeys.filter((key) => selectedKeys.includes(key)).length;
  const others = (keys: readonly Key[]) => selectedKeys.filter((key) => !keys.includes(key));

  const emptyText = props.locale?.emptyText;
  const rowClass = (row: Item, index: number, depth: number) =>
    typeof props.rowClassName === 'function' ? props.rowClassName(row, index, depth) : (props.rowClassName ?? '');

  return (
    <div className={`list-cards ${props.className ?? ''}`}>
      {props.title?.([...rows])}
      {selection && selectable.length > 0 && (
        <Checkbox
          className="list-cards-select-page"
          checked={pageChosen > 0 && pageChosen === pageKeys.length}
          indeterminate={pageChosen > 0 && pageChosen < pageKeys.length}
          onChange={(e) => select(e.target.checked ? [...others(pageKeys), ...pageKeys] : others(pageKeys))}
        >
          {t('crud.list.selectPage')}
        </Checkbox>
      )}
      <Spin spinning={Boolean(props.loading)}>
        {visible.length === 0 && (
          <div className="list-cards-empty">
            {(typeof emptyText === 'function' ? emptyText() : emptyText) ?? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </div>
        )}
        {visible.map(({ row, depth, key }, index) => {
          const rowProps = (props.onRow?.(row, index) ?? {}) as HTMLAttributes<HTMLDivElement>;
          const disabled = selection?.getCheckboxProps?.(row)?.disabled;
          return (
            <Card
              {...rowProps}
              key={key}
              size="small"
              data-row-key={key}
              className={`list-card ${rowClass(row, index, depth)} ${rowProps.className ?? ''}`}
              style={{ ...rowProps.style, marginInlineStart: depth * 16 }}
            >
              <div className="list-card-head">
                {selection && (
                  <span onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      className="list-card-select"
                      disabled={disabled}
                      checked={selectedKeys.includes(key)}
                      onChange={(e) => select(e.target.checked ? [...selectedKeys, key] : others([key]))}
                    />
                  </span>
                )}
                {row.children && (
                  <Button
                    type="text"
                    size="small"
                    className="list-card-expand"
                    aria-label={t(open.includes(key) ? 'crud.list.collapse' : 'crud.list.expand')}
                    icon={open.includes(key) ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                    onClick={(e) => {
                      e.stopPropagation();
                      toggle(row, key);
                    }}
                  />
                )}
                <div className="list-card-title">{titleColumn && cellOf(titleColumn, row, index)}</div>
              </div>
              {fields.length > 0 && (
                <dl className="list-card-fields">
                  {fields.map((column) => (
                    <div key={columnKey(column)} className="list-card-field">
                      <dt>{titleOf(column)}</dt>
                      <dd>{cellOf(column, row, index) ?? '—'}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {actions && (
                <div className="list-card-actions" onClick={(e) => e.stopPropagation()}>
                  {cellOf(actions, row, index)}
                </div>
              )}
            </Card>
          );
        })}
      </Spin>
      {pagination && (
        <Pagination
          className="list-cards-pager"
          size="small"
          {...pagination}
          {...page}
          total={pagination.total ?? rows.length}
          onChange={turn}
        />
      )}
    </div>
  );
}
