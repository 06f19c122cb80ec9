import { useMemo, useState } from 'react';
import { PlusSquareOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserGroupNode } from '@casedesk/shared';
import { useActionFeedback } from '../../../../../platform/crud/failure';
import { ListPage } from '../../../../../platform/crud/ListPage';
import type { ListQuery } from '../../../../../platform/crud/resource-api';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';
import { StatusTag } from '../../../../../platform/crud/StatusTag';
import { usePermissions } from '../../../../../platform/permission';
import { useGroupTree } from '../../../../../platform/pickers/lookups';
import { userGroupApi, type GroupRow } from '../../../api';
import { UserGroupFormModal } from '../../../components/UserGroupFormModal';
import '../../../components/organization.css';

/** Keeps the groups that match (and their ancestors, so the tree still reads); leaves without children lose the expander. */
function filterTree(nodes: UserGroupNode[], keep: (node: UserGroupNode) => boolean): GroupRow[] {
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
  const tree = useGroupTree();
  const [query, setQuery] = useState<ListQuery>({ page: 1, pageSize: 500 });
  const [childOf, setChildOf] = useState<GroupRow | null>(null);
  const feedback = useActionFeedback();
  const makeDefault = userGroupApi.useCall<number>((id) => `SetDefault/${id}`, false);

  const rows = useMemo(() => {
    const keyword = query.keyword?.trim().toLowerCase();
    const status = query.status;
    return filterTree(
      tree.data ?? [],
      (node) =>
        (!keyword ||
          node.name.toLowerCase().includes(keyword) ||
          (node.description ?? '').toLowerCase().includes(keyword)) &&
        (!status || node.status === status),
    );
  }, [tree.data, query.keyword, query.status]);

  return (
    <>
      <ListPage<GroupRow>
        api={userGroupApi}
        kind="org"
        module="userGroup"
        tree
        rows={{ items: rows, loading: tree.isFetching }}
        onQueryChange={setQuery}
        title={t('organization.group.title')}
        searchPlaceholder={t('organization.common.keyword')}
        exportName="UserGroups.xlsx"
        nameOf={(group) => group.name}
        statusField="status"
        rowAllows={(group, action) => action === 'edit' || !group.isDefault}
        rowActions={(group) => (
          <>
            {has('userGroup:create') && (
              <RowIconButton
                label={t('organization.group.addChild')}
                icon={<PlusSquareOutlined />}
                onClick={() => setChildOf(group)}
              />
            )}
            {has('userGroup:edit') && !group.isDefault && group.status === 'Active' && (
              <RowIconButton
                label={t('organization.group.makeDefault')}
                icon={<StarOutlined />}
                confirm={t('organization.group.confirmDefault', { name: group.name })}
                onClick={() => makeDefault.mutate(group.id, feedback())}
              />
            )}
          </>
        )}
        actionsWidth={150}
        columns={[
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
            render: (v: string) => <StatusTag active={v === 'Active'} />,
          },
        ]}
        editor={({ id, onClose }) => (
          <UserGroupFormModal open groupId={id ?? undefined} tree={tree.data ?? []} onClose={onClose} />
        )}
      />
      {childOf && (
        <UserGroupFormModal open parentId={childOf.id} tree={tree.data ?? []} onClose={() => setChildOf(null)} />
      )}
    </>
  );
}
