import { useMemo, useState, type ReactNode } from 'react';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import type { ColumnsType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { PermissionModule } from '@casedesk/shared';
import { ApiError } from '../http/client';
import { usePermissions } from '../permission';
import { useConfirmDelete, useServerText } from './failure';
import { buildTree, useExpandAll } from '../tree';
import type { ListQuery, resourceApi } from './resource-api';
import { RowIconButton } from './RowIconButton';
import { StatusFilter } from './StatusTag';

type Api<Item extends { id: number }> = ReturnType<typeof resourceApi<Item, unknown>>;
type Row<Item> = Item & { children?: Row<Item>[] };

export type ListControls = { query: ListQuery; setFilter: (field: string, value: unknown) => void };

export type ListPageProps<Item extends { id: number }> = {
  api: Api<Item>;
  /** Class names: `<kind>-list` on the card, `<kind>-search` on the search box (each area styles and tests its own). */
  kind: string;
  /** Permission module: buttons need `<module>:create`, `:edit`, `:delete`, `:export`. */
  module: PermissionModule;
  title: string;
  searchPlaceholder: string;
  columns: ColumnsType<Item>;
  nameOf: (item: Item) => string;
  exportName: string;
  /** The query field of an Active/Inactive filter beside the search box (`values` when it is not a status). */
  statusField?: string;
  statusValues?: { Active: string; Inactive: string };
  /** Filters beside the search box. */
  filters?: (controls: ListControls) => ReactNode;
  /** Buttons beside Export (e.g. enable/disable the selection). */
  toolbar?: (controls: ListControls & { selected: Item[]; clearSelection: () => void }) => ReactNode;
  /** Extra buttons at the start of each row's actions. */
  rowActions?: (item: Item) => ReactNode;
  /** Whether a row may be edited or deleted beyond the permission (e.g. the server's `actions[]` of the row). */
  rowAllows?: (item: Item, action: 'edit' | 'delete') => boolean;
  actionsWidth?: number;
  /** The create/edit drawer or modal; `id` null creates; `item` is the row being edited. Without it the list is read-only. */
  editor?: (props: { id: number | null; item?: Item; onClose: () => void }) => ReactNode;
  selectable?: boolean;
  /** Replaces the paged list (tree screens show their own rows when no search is typed). */
  rows?: { items: Item[]; loading: boolean } | null;
  /** Shows the rows as a tree (flat rows with `parentId` are nested), all expanded, unpaged (up to 500 rows). */
  tree?: boolean;
  tableProps?: Omit<TableProps<Item>, 'columns' | 'dataSource'>;
  className?: string;
  /** What a search or reset also does (tree screens collapse). */
  onQueryChange?: (query: ListQuery) => void;
};

const firstPage: ListQuery = { page: 1, pageSize: 20 };
const wholeTree: ListQuery = { page: 1, pageSize: 500 };

/** Flat rows with `parentId` become a tree; rows already nested stay as they are. */
function asTree<Item extends { id: number }>(items: Item[]): Row<Item>[] {
  const rows = items as Row<Item>[];
  const flat = rows.every((row) => 'parentId' in row && !Array.isArray(row.children));
  return flat ? (buildTree(rows as (Row<Item> & { parentId: number | null })[]) as Row<Item>[]) : rows;
}

/**
 * The list screen of master data and administration: search, filters, paging, sort, export, create, edit, delete
 * with confirmation.
 */
export function ListPage<Item extends { id: number }>(props: ListPageProps<Item>) {
  const { api, module, columns } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = usePermissions();
  const confirmDelete = useConfirmDelete();
  const serverText = useServerText();
  const start = props.tree ? wholeTree : firstPage;
  const [query, setQueryState] = useState<ListQuery>(start);
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<{ id: number | null; item?: Item } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<Item[]>([]);
  const own = props.rows ?? null;
  const list = api.useList(query, own === null);
  const remove = api.useRemove();
  const items = useMemo(() => {
    const shown = own ? own.items : (list.data?.items ?? []);
    return props.tree ? asTree(shown) : shown;
  }, [own, list.data, props.tree]);
  const expansion = useExpandAll(items as Row<Item>[]);

  const setQuery = (update: (q: ListQuery) => ListQuery) =>
    setQueryState((q) => {
      const next = update(q);
      props.onQueryChange?.(next);
      return next;
    });
  const setFilter = (field: string, value: unknown) =>
    setQuery((q) => ({ ...q, page: 1, [field]: value ?? undefined }));

  const canEdit = Boolean(props.editor) && has(`${module}:edit`);
  const canDelete = Boolean(props.editor) && has(`${module}:delete`);
  const allows = (item: Item, action: 'edit' | 'delete') => props.rowAllows?.(item, action) ?? true;
  const hasRowActions = canEdit || canDelete || Boolean(props.rowActions);
  const actions: ColumnsType<Item> = hasRowActions
    ? [
        {
          key: 'actions',
          title: t('crud.list.actions'),
          fixed: 'right',
          width: props.actionsWidth ?? (props.rowActions ? 150 : 100),
          render: (_, item) => (
            <Space size={4}>
              {props.rowActions?.(item)}
              {canEdit && allows(item, 'edit') && (
                <RowIconButton
                  label={t('crud.list.edit')}
                  icon={<EditOutlined />}
                  className="row-edit"
                  onClick={() => setEditing({ id: item.id, item })}
                />
              )}
              {canDelete && allows(item, 'delete') && (
                <RowIconButton
                  label={t('crud.list.delete')}
                  icon={<DeleteOutlined />}
                  className="row-delete"
                  danger
                  onClick={() => confirmDelete(props.nameOf(item), () => remove.mutateAsync(item.id))}
                />
              )}
            </Space>
          ),
        },
      ]
    : [];

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Item> | SorterResult<Item>[],
  ) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof sort?.field === 'string' ? sort.field : undefined;
    setQuery((q) => ({
      ...q,
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? q.pageSize,
      orderBy: field && sort?.order ? [{ field, desc: sort.order === 'descend' }] : undefined,
    }));
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await api.exportXlsx(query, props.exportName);
    } catch (error) {
      if (error instanceof ApiError) void message.error(serverText(error));
    } finally {
      setExporting(false);
    }
  };

  const controls: ListControls = { query, setFilter };

  return (
    <Card className={`${props.kind}-list ${props.className ?? ''}`} variant="borderless">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            className={`${props.kind}-search`}
            placeholder={props.searchPlaceholder}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword: keyword.trim() || undefined }))}
            style={{ width: 260 }}
          />
          {props.statusField && (
            <StatusFilter
              className={`${props.kind}-status`}
              value={query[props.statusField] as string | undefined}
              values={props.statusValues}
              onChange={(status) => setFilter(props.statusField ?? 'status', status)}
            />
          )}
          {props.filters?.(controls)}
          <Tooltip title={t('crud.list.reset')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('crud.list.reset')}
              onClick={() => {
                setTyped('');
                setQuery(() => start);
              }}
            />
          </Tooltip>
          {props.toolbar?.({ ...controls, selected, clearSelection: () => setSelected([]) })}
          {has(`${module}:export`) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
              {t('crud.list.export')}
            </Button>
          )}
          {props.editor && has(`${module}:create`) && (
            <Button
              type="primary"
              className={`${props.kind}-new`}
              icon={<PlusOutlined />}
              onClick={() => setEditing({ id: null })}
            >
              {t('crud.list.add')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<Item>
        rowKey="id"
        size="middle"
        {...(props.tree ? { expandable: expansion } : {})}
        {...props.tableProps}
        columns={[...columns, ...actions]}
        dataSource={items}
        loading={own ? own.loading : list.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        rowSelection={
          props.selectable
            ? {
                selectedRowKeys: selected.map((s) => s.id),
                onChange: (_keys, rows) => setSelected(rows),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        locale={{ emptyText: query.keyword ? t('crud.list.noMatch') : t('crud.list.empty') }}
        pagination={
          own || props.tree
            ? false
            : {
                current: query.page,
                pageSize: query.pageSize,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('crud.list.total', { count: total }),
              }
        }
      />
      {editing && props.editor?.({ id: editing.id, item: editing.item, onClose: () => setEditing(null) })}
    </Card>
  );
}
