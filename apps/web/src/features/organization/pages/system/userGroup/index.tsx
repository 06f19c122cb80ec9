import { useMemo, useState } from 'react';
import { StarFilled } from '@ant-design/icons';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActiveStatus, UserGroupNode } from '@casedesk/shared';
import { feedback } from '../../../../../platform/feedback';
import { http } from '../../../../../platform/http/client';
import { usePermissions } from '../../../../../platform/permission';
import { orgKeys, useAction, useGroupTree } from '../../../api';
import { showFailure } from '../../../components/failure';
import { ListToolbar, StatusFilter } from '../../../components/ListToolbar';
import { useListState } from '../../../components/list-state';
import { RowActions, type RowAction } from '../../../components/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { useExpandAll } from '../../../components/tree';
import { UserGroupFormModal } from '../../../components/UserGroupFormModal';
import '../../../components/organization.css';

type Filters = { status?: ActiveStatus };
type Row = Omit<UserGroupNode, 'children'> & { children?: Row[] };

/** Keeps the groups that match (and their ancestors, so the tree still reads); leaves without children lose the expander. */
function filterTree(nodes: UserGroupNode[], keep: (node: UserGroupNode) => boolean): Row[] {
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, keep);
    if (!keep(node) && children.length === 0) return [];
    return [{ ...node, children: children.length > 0 ? children : undefined }];
  });
}

/** User groups: a tree with members and status; exactly one default group (making another default clears it). */
export default function UserGroupListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const client = useQueryClient();
  const list = useListState<Filters>({});
  const { data = [], isFetching, refetch } = useGroupTree();
  const [editing, setEditing] = useState<{ id?: number; parentId?: number } | null>(null);
  const remove = useAction<number>('UserGroup', (id) => `/api/UserGroup/Delete/${id}`, false);
  const makeDefault = useMutation({
    mutationFn: (id: number) => http.post<unknown>(`/api/UserGroup/SetDefault/${id}`, {}, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: orgKeys.all('UserGroup') }),
  });

  const rows = useMemo(() => {
    const keyword = list.keyword.trim().toLowerCase();
    const status = list.filters.status;
    return filterTree(
      data,
      (node) =>
        (!keyword ||
          node.name.toLowerCase().includes(keyword) ||
          (node.description ?? '').toLowerCase().includes(keyword)) &&
        (!status || node.status === status),
    );
  }, [data, list.keyword, list.filters.status]);

  const done = {
    onSuccess: () => feedback.success(t('server.operationSuccessful')),
    onError: (e: unknown) => showFailure(e),
  };

  const actionsOf = (group: Row): RowAction[] => {
    const all: (RowAction | false)[] = [
      has('userGroup:edit') && {
        key: 'edit',
        label: t('organization.common.edit'),
        onClick: () => setEditing({ id: group.id }),
      },
      has('userGroup:create') && {
        key: 'addChild',
        label: t('organization.group.addChild'),
        onClick: () => setEditing({ parentId: group.id }),
      },
      has('userGroup:edit') &&
        !group.isDefault &&
        group.status === 'Active' && {
          key: 'default',
          label: t('organization.group.makeDefault'),
          confirm: t('organization.group.confirmDefault', { name: group.name }),
          onClick: () => makeDefault.mutate(group.id, done),
        },
      has('userGroup:delete') &&
        !group.isDefault && {
          key: 'delete',
          label: t('organization.common.delete'),
          danger: true,
          confirm: t('organization.common.confirmDelete', { name: group.name }),
          onClick: () => remove.mutate(group.id, done),
        },
    ];
    return all.filter((a): a is RowAction => a !== false);
  };

  const expansion = useExpandAll(rows);

  const columns: ColumnsType<Row> = [
    {
      title: t('organization.common.name'),
      dataIndex: 'name',
      width: 260,
      render: (name: string, group) => (
        <>
          {name}{' '}
          {group.isDefault && (
            <Tag color="gold" icon={<StarFilled />} style={{ marginInlineStart: 6 }}>
              {t('organization.group.default')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('organization.common.description'), dataIndex: 'description', ellipsis: true },
    { title: t('organization.group.memberCount'), dataIndex: 'memberCount', width: 100 },
    { title: t('organization.common.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('organization.common.status.label'),
      dataIndex: 'status',
      width: 100,
      render: (v: ActiveStatus) => <StatusTag active={v === 'Active'} />,
    },
    {
      title: t('organization.common.actions'),
      key: 'actions',
      width: 220,
      render: (_v, group) => <RowActions actions={actionsOf(group)} inline={2} />,
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
          path: '/api/UserGroup/Export',
          body: { keyword: list.query.keyword, status: list.query.status },
          fileName: 'UserGroups.xlsx',
          permission: 'userGroup:export',
        }}
        filters={<StatusFilter value={list.filters.status} onChange={(v) => list.setFilter('status', v)} />}
        create={{ permission: 'userGroup:create', onClick: () => setEditing({}) }}
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        pagination={false}
        expandable={expansion}
        scroll={{ x: 1000 }}
      />
      <UserGroupFormModal
        open={editing !== null}
        groupId={editing?.id}
        parentId={editing?.parentId}
        tree={data}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
