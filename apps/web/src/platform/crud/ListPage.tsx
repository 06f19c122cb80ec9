import { useMemo, useState, type ReactNode } from 'react';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { PermissionModule } from '@casedesk/shared';
import { usePermissions } from '../permission';
import { buildTree, useExpandAll } from '../tree';
import { ListHeader, ResetButton } from './ListHeader';
import { ListTable } from './ListTable';
import type { ListQuery, resourceApi } from './resource-api';
import { RowIconButton } from './RowIconButton';
import { StatusFilter } from './StatusTag';
import { useResourceList } from './use-resource-list';

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
  /** The permission of create, edit and delete when it is not `<module>:<call>` (macros: every user keeps their own). */
  writeAccess?: string;
  actionsWidth?: number;
  /** The create/edit drawer or modal; `id` null creates; `item` is the row being edited. Without it the list is read-only. */
  editor?: (props: { id: number | null; item?: Item; onClose: () => void }) => ReactNode;
  selectable?: boolean;
  /** Offers deleting the selected rows in one call (`<module>:batchDelete`); makes the rows selectable. */
  batchDelete?: boolean;
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
 * with confirmation, delete of the selection. The state and the calls are `useResourceList`; this is its look.
 */
export function ListPage<Item extends { id: number }>(props: ListPageProps<Item>) {
  const { api, module, columns } = props;
  const { t } = useTranslation();
  const { has } = usePermissions();
  const own = props.rows ?? null;
  const resourceList = useResourceList<Item, ListQuery>(api, {
    start: props.tree ? wholeTree : firstPage,
    enabled: own === null,
    onQueryChange: props.onQueryChange,
    nameOf: props.nameOf,
  });
  const { query, setFilter, selected, clearSelection } = resourceList;
  const [editing, setEditing] = useState<{ id: number | null; item?: Item } | null>(null);
  const items = useMemo(() => {
    const shown = own ? own.items : resourceList.items;
    return props.tree ? asTree(shown) : shown;
  }, [own, resourceList.items, props.tree]);
  const expansion = useExpandAll(items as Row<Item>[]);

  const canEdit = Boolean(props.editor) && has(props.writeAccess ?? `${module}:edit`);
  const canDelete = Boolean(props.editor) && has(props.writeAccess ?? `${module}:delete`);
  const canDeleteSelected = Boolean(props.batchDelete) && has(`${module}:batchDelete`);
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
                  onClick={() => resourceList.confirmRemove(item)}
                />
              )}
            </Space>
          ),
        },
      ]
    : [];

  const controls: ListControls = { query, setFilter };

  return (
    <Card className={`${props.kind}-list ${props.className ?? ''}`} variant="borderless">
      <ListHeader title={props.title}>
        <Input.Search
          {...resourceList.searchProps}
          className={`${props.kind}-search`}
          placeholder={props.searchPlaceholder}
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
        <ResetButton onClick={resourceList.reset} />
        {props.toolbar?.({ ...controls, selected, clearSelection })}
        {canDeleteSelected && selected.length > 0 && (
          <Button
            danger
            className={`${props.kind}-batch-delete`}
            icon={<DeleteOutlined />}
            onClick={resourceList.confirmRemoveSelected}
          >
            {t('crud.list.deleteSelected', { count: selected.length })}
          </Button>
        )}
        {has(`${module}:export`) && (
          <Button
            icon={<DownloadOutlined />}
            loading={resourceList.exporting}
            onClick={() => void resourceList.runExport(props.exportName)}
          >
            {t('crud.list.export')}
          </Button>
        )}
        {props.editor && has(props.writeAccess ?? `${module}:create`) && (
          <Button
            type="primary"
            className={`${props.kind}-new`}
            icon={<PlusOutlined />}
            onClick={() => setEditing({ id: null })}
          >
            {t('crud.list.add')}
          </Button>
        )}
      </ListHeader>
      <ListTable<Item>
        rowKey="id"
        size="middle"
        {...(props.tree ? { expandable: expansion } : {})}
        {...props.tableProps}
        columns={[...columns, ...actions]}
        dataSource={items}
        loading={own ? own.loading : resourceList.list.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={resourceList.onTableChange}
        rowSelection={props.selectable || canDeleteSelected ? resourceList.rowSelection : undefined}
        locale={{ emptyText: query.keyword ? t('crud.list.noMatch') : t('crud.list.empty') }}
        pagination={own || props.tree ? false : resourceList.pagination}
      />
      {editing && props.editor?.({ id: editing.id, item: editing.item, onClose: () => setEditing(null) })}
    </Card>
  );
}
