import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  FileExcelOutlined,
  MergeCellsOutlined,
  PlusOutlined,
  PrinterOutlined,
  ReloadOutlined,
  ThunderboltOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settableTicketStatuses, type TicketStatus } from '@casedesk/shared';
import { usePermissions } from '../../../../platform/permission';
import { ColumnChooser } from '../../components/ColumnChooser';

type Props = {
  selectedCount: number;
  onClearSelection: () => void;
  onBatchStatus: (status: TicketStatus) => void;
  onBatchAssign: () => void;
  /** Edit selected / Apply macro: on the selection, or on all the filter finds (the drawer asks). */
  onBulkEdit: () => void;
  onApplyMacro: () => void;
  /** Merge the selected tickets into one of them (or into one found by a search). */
  onMerge: () => void;
  onBatchDelete: () => void;
  exporting: boolean;
  onExport: () => void;
  columns: { key: string; title: string }[];
  hidden: string[];
  onHiddenChange: (hidden: string[]) => void;
  onReload: () => void;
};

/** Above the list: create, batch actions on the selection, export, print, columns and reload. */
export function TicketToolbar(props: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const none = props.selectedCount === 0;
  return (
    <div className="ticket-toolbar ticket-no-print">
      <Space wrap>
        {permissions.has('ticket:create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/ticket/create')}>
            {t('ticket.list.create')}
          </Button>
        )}
        {permissions.has('ticket:edit') && (
          <Dropdown
            trigger={['click']}
            disabled={none}
            menu={{
              items: settableTicketStatuses.map((s) => ({ key: s, label: t(`ticket.status.${s}`) })),
              onClick: ({ key }) => props.onBatchStatus(key as TicketStatus),
            }}
          >
            <Button disabled={none}>
              {t('ticket.list.batchStatus')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
        {permissions.has('ticket:edit') && (
          <Button icon={<UserSwitchOutlined />} disabled={none} onClick={props.onBatchAssign}>
            {t('ticket.list.batchAssign')}
          </Button>
        )}
        {permissions.has('ticket:edit') && (
          <Button icon={<EditOutlined />} onClick={props.onBulkEdit}>
            {t('ticket.bulk.edit')}
          </Button>
        )}
        {permissions.has('ticket:edit') && permissions.has('macro:view') && (
          <Button icon={<ThunderboltOutlined />} onClick={props.onApplyMacro}>
            {t('ticket.bulk.applyMacro')}
          </Button>
        )}
        {permissions.has('ticket:edit') && (
          <Button
            icon={<MergeCellsOutlined />}
            disabled={none}
            onClick={props.onMerge}
            className="ticket-merge-selected"
          >
            {t('ticket.merge.merge')}
          </Button>
        )}
        {permissions.has('ticket:batchDelete') && (
          <Button danger icon={<DeleteOutlined />} disabled={none} onClick={props.onBatchDelete}>
            {t('ticket.list.batchDelete')}
          </Button>
        )}
        {!none && (
          <Typography.Text type="secondary">
            {t('ticket.list.selected', { count: props.selectedCount })}{' '}
            <a onClick={props.onClearSelection}>{t('ticket.list.clearSelection')}</a>
          </Typography.Text>
        )}
      </Space>
      <Space wrap>
        {permissions.has('ticket:export') && (
          <Button icon={<FileExcelOutlined />} loading={props.exporting} onClick={props.onExport}>
            {t('ticket.list.export')}
          </Button>
        )}
        {permissions.has('ticket:print') && (
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('ticket.list.print')}
          </Button>
        )}
        <ColumnChooser columns={props.columns} hidden={props.hidden} onChange={props.onHiddenChange} />
        <Tooltip title={t('ticket.list.reload')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ticket.list.reload')} onClick={props.onReload} />
        </Tooltip>
      </Space>
    </div>
  );
}
