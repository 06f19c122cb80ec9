import { useState } from 'react';
import { Collapse, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditLog } from '@casedesk/shared';
import { formatDateTime } from '../format';
import { useValueLabel } from '../labels/labels';
import { usePermissions } from '../permission';
import { auditActionColor, auditLogApi } from './audit-api';
import { AuditChanges, type AuditValueKinds } from './AuditChanges';

/** One audit entry as a line: when, who, what happened. */
export function AuditEntryTitle({ entry }: { entry: AuditLog }) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  return (
    <Space size={8} wrap>
      <Typography.Text>{formatDateTime(entry.at, { seconds: true })}</Typography.Text>
      <Typography.Text strong>{entry.userName ?? t('audit.system')}</Typography.Text>
      <Tag color={auditActionColor[entry.action]}>{valueLabel('auditAction', entry.action)}</Tag>
    </Space>
  );
}

type HistoryProps = {
  entity: string;
  entityId?: number;
  /** The record type's fields that hold a fixed value (a role's `dataScope`), shown by their words. */
  valueKinds?: AuditValueKinds;
};

/**
 * One record's changes, newest first, ten at a time (`AuditLog/Query` by entity and id): a History tab or section
 * on a record's screen. `entityId` left out shows every record of the type (the settings' groups).
 */
export function HistoryTab({ entity, entityId, valueKinds }: HistoryProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = auditLogApi.useList({ page, pageSize: 10, entity, ...(entityId ? { entityId } : {}) });
  return (
    <List<AuditLog>
      className="history-tab"
      size="small"
      loading={list.isLoading}
      dataSource={list.data?.items ?? []}
      locale={{ emptyText: t('audit.empty') }}
      pagination={
        (list.data?.total ?? 0) > 10
          ? { current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, size: 'small' }
          : false
      }
      renderItem={(entry) => (
        <List.Item className="history-entry" key={entry.id}>
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <AuditEntryTitle entry={entry} />
            {entry.changes.length > 0 && (
              <AuditChanges changes={entry.changes} userNames={entry.userNames} valueKinds={valueKinds} />
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}

/**
 * A record editor's History, folded until opened (nothing is read before), for those with `audit:view` only.
 * The smallest way to give an existing drawer or dialog a History: `<HistorySection entity="Role" entityId={id} />`.
 */
export function HistorySection({ entity, entityId, valueKinds }: HistoryProps & { entityId: number | undefined }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  if (!entityId || !has('audit:view')) return null;
  return (
    <Collapse
      className="history-section"
      size="small"
      destroyOnHidden
      style={{ marginTop: 8 }}
      items={[
        {
          key: 'history',
          label: t('audit.history'),
          children: <HistoryTab entity={entity} entityId={entityId} valueKinds={valueKinds} />,
        },
      ]}
    />
  );
}
