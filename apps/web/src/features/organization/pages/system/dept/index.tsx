import { useMemo, useState } from 'react';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ActiveStatus, Dept } from '@casedesk/shared';
import { feedback } from '../../../../../platform/feedback';
import { usePermissions } from '../../../../../platform/permission';
import { useAction, usePage, useUserName } from '../../../api';
import { DeptFormModal } from '../../../components/DeptFormModal';
import { showFailure } from '../../../components/failure';
import { ListToolbar, StatusFilter } from '../../../components/ListToolbar';
import { useListState } from '../../../components/list-state';
import { displayName } from '../../../components/names';
import { RowActions, type RowAction } from '../../../components/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { buildTree, useExpandAll, type TreeOf } from '../../../components/tree';
import '../../../components/organization.css';

type Filters = { status?: ActiveStatus };

function LeaderName({ id }: { id: number | null }) {
  const { data } = useUserName(id);
  if (id === null) return <>—</>;
  return <>{data ? displayName(data) : `#${id}`}</>;
}

/** Departments: a tree (parent), leader, status; create (also under a department), edit, delete, export. */
export default function DeptListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const list = useListState<Filters>({}, 500);
  const { data, isFetching, refetch } = usePage<Dept>('Dept', list.query);
  const tree = useMemo(() => buildTree(data?.items ?? []), [data]);
  const [editing, setEditing] = useState<{ dept?: Dept; parentId?: number } | null>(null);
  const remove = useAction<number>('Dept', (id) => `/api/Dept/Delete/${id}`, false);

  const actionsOf = (dept: Dept): RowAction[] => {
    const all: (RowAction | false)[] = [
      has('dept:create') && {
        key: 'addChild',
        label: t('organization.dept.addChild'),
        onClick: () => setEditing({ parentId: dept.id }),
      },
      has('dept:edit') && { key: 'edit', label: t('organization.common.edit'), onClick: () => setEditing({ dept }) },
      has('dept:delete') && {
        key: 'delete',
        label: t('organization.common.delete'),
        danger: true,
        confirm: t('organization.common.confirmDelete', { name: dept.name }),
        onClick: () =>
          remove.mutate(dept.id, {
            onSuccess: () => feedback.success(t('server.operationSuccessful')),
            onError: (e) => showFailure(e),
          }),
      },
    ];
    return all.filter((a): a is RowAction => a !== false);
  };

  const expansion = useExpandAll(tree);

  const columns: ColumnsType<TreeOf<Dept>> = [
    { title: t('organization.common.name'), dataIndex: 'name', width: 260 },
    { title: t('organization.common.code'), dataIndex: 'code', width: 140 },
    {
      title: t('organization.dept.leader'),
      dataIndex: 'leaderId',
      render: (id: number | null) => <LeaderName id={id} />,
    },
    { title: t('organization.common.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('organization.common.status.label'),
      dataIndex: 'status',
      width: 100,
      render: (v: ActiveStatus) => <StatusTag active={v === 'Active'} />,
    },
    {
      title: t('organization.common.modifiedAt'),
      dataIndex: 'modifiedAt',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('organization.common.actions'),
      key: 'actions',
      width: 200,
      render: (_v, dept) => <RowActions actions={actionsOf(dept)} inline={3} />,
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
          path: '/api/Dept/Export',
          body: list.query,
          fileName: 'Departments.xlsx',
          permission: 'dept:export',
        }}
        filters={<StatusFilter value={list.filters.status} onChange={(v) => list.setFilter('status', v)} />}
        create={{ permission: 'dept:create', onClick: () => setEditing({}) }}
      />
      <Table<TreeOf<Dept>>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tree}
        loading={isFetching}
        pagination={false}
        expandable={expansion}
        scroll={{ x: 1000 }}
      />
      <DeptFormModal
        open={editing !== null}
        dept={editing?.dept}
        parentId={editing?.parentId}
        onClose={() => setEditing(null)}
        onStale={() => void refetch()}
      />
    </div>
  );
}
