import { useTranslation } from 'react-i18next';
import type { Position } from '@casedesk/shared';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { useInvalidate } from '../../../../../platform/crud/resource-api';
import { StatusTag } from '../../../../../platform/crud/StatusTag';
import { positionApi } from '../../../api';
import { PositionFormModal } from '../../../components/PositionFormModal';
import '../../../components/organization.css';

/** Positions: list, search, export, create/edit, delete. */
export default function PositionListPage() {
  const { t } = useTranslation();
  const reload = useInvalidate('Position');
  return (
    <ListPage<Position>
      api={positionApi}
      kind="org"
      module="position"
      title={t('organization.position.title')}
      searchPlaceholder={t('organization.common.keyword')}
      exportName="Positions.xlsx"
      nameOf={(position) => position.name}
      statusField="status"
      columns={[
        { title: t('organization.common.name'), dataIndex: 'name', sorter: true, width: 220 },
        { title: t('organization.common.code'), dataIndex: 'code', sorter: true, width: 160 },
        { title: t('organization.common.description'), dataIndex: 'description', ellipsis: true },
        { title: t('organization.common.sort'), dataIndex: 'sort', sorter: true, width: 90 },
        {
          title: t('organization.common.status.label'),
          dataIndex: 'status',
          sorter: true,
          width: 110,
          render: (v: string) => <StatusTag active={v === 'Active'} />,
        },
      ]}
      editor={({ item, onClose }) => (
        <PositionFormModal open position={item} onClose={onClose} onStale={() => void reload()} />
      )}
    />
  );
}
