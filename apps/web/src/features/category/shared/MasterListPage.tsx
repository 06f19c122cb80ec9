import { useState, type ReactNode } from 'react';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../platform/permission';
import { ApiError } from '../../../platform/http/client';
import { useConfirmDelete, useServerText } from './failure';
import type { ListQuery, resourceApi } from '../../../platform/crud/resource-api';
import { useStatusOptions } from './StatusTag';

type Api<Item extends { id: number }> = ReturnType<typeof resourceApi<Item, unknown>>;

type Props<Item extends { id: number }> = {
  api: Api<Item>;
  /** Permission module: buttons need `<module>:create`, `:edit`, `:delete`, `:export`. */
  module: 'category' | 'project' | 'company';
  title: string;
  searchPlaceholder: string;
  columns: ColumnsType<Item>;
  /** The status filter's field in the query schema. */
  statusField: string;
  nameOf: (item: Item) => string;
  exportName: string;
  /** The create/edit drawer; `id` null creates. */
  editor: (props: { id: number | null; open: boolean; onClose: () => void }) => ReactNode;
};

const firstPage = { page: 1, pageSize: 20 };

/** The list screen shared by categories, projects and companies: search, status, paging, export, edit, delete. */
export function MasterListPage<Item extends { id: number }>(props: Props<Item>) {
  const { api, module, columns, statusField } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = usePermissions();
  const statusOptions = useStatusOptions();
  const confirmDelete = useConfirmDelete();
  const serverText = useServerText();
  const [query, setQuery] = useState<ListQuery>(firstPage);
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = api.useList(query);
  const remove = api.useRemove();

  const canEdit = has(`${module}:edit`);
  const canDelete = has(`${module}:delete`);
  const actions: ColumnsType<Item> =
    canEdit || canDelete
      ? [
          {
            key: 'actions',
            title: t('masterData.actions'),
            fixed: 'right',
            width: 110,
            render: (_, item) => (
              <Space size={4}>
                {canEdit && (
                  <Tooltip title={t('masterData.edit')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('masterData.edit')}
                      className="row-edit"
                      onClick={() => setEditing({ id: item.id })}
                    />
                  </Tooltip>
                )}
                {canDelete && (
                  <Tooltip title={t('masterData.delete')}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('masterData.delete')}
                      className="row-delete"
                      onClick={() => confirmDelete(props.nameOf(item), () => remove.mutateAsync(item.id))}
                    />
                  </Tooltip>
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
      if (error instanceof ApiError) void message.error(serverText(error.message));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="master-list" variant="borderless">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            className="master-search"
            placeholder={props.searchPlaceholder}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword: keyword.trim() || undefined }))}
            style={{ width: 260 }}
          />
          <Select
            allowClear
            className="master-status"
            placeholder={t('masterData.allStatuses')}
            value={(query[statusField] as string | undefined) ?? null}
            options={statusOptions}
            onChange={(status: string | null) =>
              setQuery((q) => ({ ...q, page: 1, [statusField]: status ?? undefined }))
            }
            style={{ width: 150 }}
          />
          <Tooltip title={t('masterData.reset')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('masterData.reset')}
              onClick={() => {
                setTyped('');
                setQuery(firstPage);
              }}
            />
          </Tooltip>
          {has(`${module}:export`) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
              {t('masterData.export')}
            </Button>
          )}
          {has(`${module}:create`) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
              {t('masterData.add')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<Item>
        rowKey="id"
        size="middle"
        columns={[...columns, ...actions]}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        locale={{ emptyText: query.keyword ? t('masterData.noMatch') : t('masterData.empty') }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('masterData.total', { count: total }),
        }}
      />
      {editing && props.editor({ id: editing.id, open: true, onClose: () => setEditing(null) })}
    </Card>
  );
}
