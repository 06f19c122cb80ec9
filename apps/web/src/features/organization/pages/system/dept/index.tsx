import { useState } from 'react';
import { PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dept } from '@casedesk/shared';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { useInvalidate } from '../../../../../platform/crud/resource-api';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';
import { StatusTag } from '../../../../../platform/crud/StatusTag';
import { usePermissions } from '../../../../../platform/permission';
import { deptApi } from '../../../api';
import { DeptFormModal } from '../../../components/DeptFormModal';
import '../../../components/organization.css';
import { formatDateTime } from '../../../../../platform/format';

/** Departments: a tree (parent), leader, status; create (also under a department), edit, delete, export. */
export default function DeptListPage() {
  const { t } = useTranslation();
  const canCreate = usePermissions().has('dept:create');
  const [childOf, setChildOf] = useState<Dept | null>(null);
  const reload = useInvalidate('Dept');

  return (
    <>
      <ListPage<Dept>
        api={deptApi}
        kind="org"
        module="dept"
        tree
        title={t('organization.dept.title')}
        searchPlaceholder={t('organization.common.keyword')}
        exportName="Departments.xlsx"
        nameOf={(dept) => dept.name}
        statusField="status"
        rowActions={(dept) =>
          canCreate ? (
            <RowIconButton
              label={t('organization.dept.addChild')}
              icon={<PlusSquareOutlined />}
              onClick={() => setChildOf(dept)}
            />
          ) : null
        }
        columns={[
          { title: t('organization.common.name'), dataIndex: 'name', width: 260 },
          { title: t('organization.common.code'), dataIndex: 'code', width: 140 },
          {
            title: t('organization.dept.leader'),
            dataIndex: 'leaderName',
            render: (name: string | null) => name ?? '—',
          },
          { title: t('organization.common.sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('organization.common.status.label'),
            dataIndex: 'status',
            width: 100,
            render: (v: string) => <StatusTag active={v === 'Active'} />,
          },
          {
            title: t('organization.common.modifiedAt'),
            dataIndex: 'modifiedAt',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
        ]}
        editor={({ item, onClose }) => (
          <DeptFormModal open dept={item} onClose={onClose} onStale={() => void reload()} />
        )}
      />
      {childOf && (
        <DeptFormModal open parentId={childOf.id} onClose={() => setChildOf(null)} onStale={() => void reload()} />
      )}
    </>
  );
}
