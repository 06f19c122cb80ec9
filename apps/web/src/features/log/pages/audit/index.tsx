import { useMemo, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, InputNumber, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditEntities, type AuditLog, type AuditLogQuery } from '@casedesk/shared';
import { auditActionColor, auditLogApi } from '../../../../platform/audit/audit-api';
import { AuditChanges, type AuditValueKinds } from '../../../../platform/audit/AuditChanges';
import { ListHeader, ResetButton } from '../../../../platform/crud/ListHeader';
import { ListTable } from '../../../../platform/crud/ListTable';
import { useResourceList } from '../../../../platform/crud/use-resource-list';
import { TimeRangeFilter } from '../../../../platform/crud/TimeRangeFilter';
import { useValueLabel } from '../../../../platform/labels/labels';
import { usePermissions } from '../../../../platform/permission';
import { UserSelect } from '../../../../platform/pickers/UserSelect';
import { logTime } from '../../components/LogList';

/** Every record type's fields that hold a fixed value: this screen shows them all (their words load with it). */
const valueKinds: Record<string, AuditValueKinds> = {
  Ticket: { status: 'ticketStatus', priority: 'ticketPriority' },
  Invoice: { status: 'invoiceStatus' },
  Requisition: { status: 'requisitionStatus' },
  OpenItem: { status: 'openItemStatus' },
  Role: { dataScope: 'dataScope' },
};

type Query = Pick<AuditLogQuery, 'entity' | 'entityId' | 'userId' | 'from' | 'to'> & { page: number; pageSize: number };

/** System → Audit log (contract 24): who changed what and when, field by field; by record, user and time; export. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const { has } = usePermissions();
  const list = useResourceList<AuditLog, Query>(auditLogApi, { start: { page: 1, pageSize: 20 } });
  const { query, setFilter } = list;
  const [typedId, setTypedId] = useState<number | null>(null);
  const entityOptions = useMemo(
    () =>
      auditEntities
        .map((value) => ({ value, label: valueLabel('auditEntity', value) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [valueLabel],
  );
  const text = (key: string) => t(`logs.audit.${key}`);

  return (
    <Card className="audit-log-list" variant="borderless">
      <ListHeader title={text('title')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="audit-entity-filter"
          placeholder={text('allEntities')}
          value={query.entity ?? null}
          onChange={(value: string | null) => setFilter('entity', value)}
          options={entityOptions}
          style={{ width: 180 }}
        />
        <InputNumber<number>
          className="audit-record-filter"
          min={1}
          precision={0}
          placeholder={text('recordId')}
          value={typedId}
          onChange={setTypedId}
          onPressEnter={() => setFilter('entityId', typedId ?? undefined)}
          onBlur={() => setFilter('entityId', typedId ?? undefined)}
          style={{ width: 130 }}
        />
        <div className="audit-user-filter" style={{ width: 200 }}>
          <UserSelect
            value={query.userId ?? null}
            onChange={(value) => setFilter('userId', value ?? undefined)}
            placeholder={text('user')}
          />
        </div>
        <TimeRangeFilter
          className="audit-time-range"
          query={query}
          setFilter={setFilter}
          placeholder={[t('logs.common.from'), t('logs.common.to')]}
        />
        <ResetButton
          onClick={() => {
            setTypedId(null);
            list.reset();
          }}
        />
        {has('audit:export') && (
          <Button
            icon={<DownloadOutlined />}
            loading={list.exporting}
            onClick={() => void list.runExport('audit-log.xlsx')}
          >
            {t('crud.list.export')}
          </Button>
        )}
      </ListHeader>
      <ListTable<AuditLog>
        rowKey="id"
        size="middle"
        className="audit-log-table"
        dataSource={list.items}
        loading={list.list.isFetching}
        pagination={list.pagination}
        onChange={list.onTableChange}
        locale={{ emptyText: t('crud.list.empty') }}
        expandable={{
          rowExpandable: (row) => row.changes.length > 0,
          expandedRowRender: (row) => (
            <AuditChanges changes={row.changes} userNames={row.userNames} valueKinds={valueKinds[row.entity]} />
          ),
        }}
        columns={[
          { key: 'at', dataIndex: 'at', title: t('fields.auditAt'), width: 200, render: logTime },
          {
            key: 'user',
            title: t('fields.auditUser'),
            render: (_, row) => row.userName ?? <Typography.Text type="secondary">{t('audit.system')}</Typography.Text>,
          },
          {
            key: 'entity',
            title: t('fields.auditEntity'),
            render: (_, row) => valueLabel('auditEntity', row.entity),
          },
          { key: 'entityId', dataIndex: 'entityId', title: t('fields.auditEntityId'), width: 110 },
          {
            key: 'action',
            title: t('fields.auditAction'),
            width: 100,
            render: (_, row) => <Tag color={auditActionColor[row.action]}>{valueLabel('auditAction', row.action)}</Tag>,
          },
          {
            key: 'changes',
            title: t('fields.auditChanges'),
            render: (_, row) =>
              row.changes.length === 0 ? (
                '—'
              ) : (
                <Typography.Text ellipsis style={{ maxWidth: 360 }} className="audit-changed-fields">
                  {row.changes
                    .map((c) => t(`fields.${c.field}`, { defaultValue: c.field }))
                    .join(t('audit.listSeparator'))}
                </Typography.Text>
              ),
          },
        ]}
      />
    </Card>
  );
}
