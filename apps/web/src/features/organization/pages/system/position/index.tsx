import { useState } from 'react';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ActiveStatus, Position } from '@casedesk/shared';
import { feedback } from '../../../../../platform/feedback';
import { usePermissions } from '../../../../../platform/permission';
import { useAction, usePage } from '../../../api';
import { showFailure } from '../../../components/failure';
import { ListToolbar, StatusFilter } from '../../../components/ListToolbar';
import { useListState } from '../../../components/list-state';
import { PositionFormModal } from '../../../components/PositionFormModal';
import { RowActions, type RowAction } from '../../../components/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import '../../../components/organization.css';

type Filters = { status?: ActiveStatus };

/** Positions: list, search, export, create/edit, delete. */
export default function PositionListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const list = useListState<Filters>({});
  const { data, isFetching, refetch } = usePage<Position>('Position', list.query);
  const [editing, setEditing] = useState<{ position?: Position } | null>(null);
  const remove = useAction<number>('Position', (id) => `/api/Position/Delete/${id}`, false);

  const actionsOf = (position: Position): RowAction[] => {
    const all: (RowAction | false)[] = [
      has('position:edit') && {
        key: 'edit',
        label: t('organization.common.edit'),
        onClick: () => setEditing({ position }),
      },
      has('position:delete') && {
        key: 'delete',
        label: t('organization.common.delete'),
        danger: true,
        confirm: t('organization.common.confirmDelete', { name: position.name }),
        onClick: () =>
          remove.mutate(position.id, {
            onSuccess: () => feedback.success(t('server.operationSuccessful')),
            onError: (e) => showFailure(e),
          }),
      },
    ];
    return all.filter((a): a is RowAction => a !== false);
  };

  const columns: ColumnsType<Position> = [
    { title: t('organization.common.name'), dataIndex: 'name', sorter: true, width: 220 },
    { title: t('organization.common.code'), dataIndex: 'code', sorter: true, width: 160 },
    { title: t('organization.common.description'), dataIndex: 'description', ellipsis: true },
    { title: t('organization.common.sort'), dataIndex: 'sort', sorter: true, width: 90 },
    {
      title: t('organization.common.status.label'),
      dataIndex: 'status',
      sorter: true,
      width: 110,
      render: (v: ActiveStatus) => <StatusTag active={v === 'Active'} />,
    },
    {
      title: t('organization.common.actions'),
      key: 'actions',
      width: 150,
      render: (_v, position) => <RowActions actions={actionsOf(position)} />,
    },
  ];

  return (
    <div className="org-page">
      <ListToolbar
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        onReset={list.reset}
        onRefresh={() => void refetch()}
        exportCall={{
          path: '/api/Position/Export',
          body: list.query,
          fileName: 'Positions.xlsx',
          permission: 'position:export',
        }}
        filters={<StatusFilter value={list.filters.status} onChange={(v) => list.setFilter('status', v)} />}
        create={{ permission: 'position:create', onClick: () => setEditing({}) }}
      />
      <Table<Position>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items}
        loading={isFetching}
        pagination={list.pagination(data?.total)}
        onChange={list.onTableChange}
      />
      <PositionFormModal
        open={editing !== null}
        position={editing?.position}
        onClose={() => setEditing(null)}
        onStale={() => void refetch()}
      />
    </div>
  );
}
