import { useState } from 'react';
import { CloseCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { Card, Input, InputNumber, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { instanceStatuses, workflowTypes, type WorkflowInstance } from '@casedesk/shared';
import { InstanceStatusTag } from '../../../../platform/approval/InstanceStatusTag';
import { ListHeader, ResetButton } from '../../../../platform/crud/ListHeader';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { useResourceList } from '../../../../platform/crud/use-resource-list';
import { usePermissions } from '../../../../platform/permission';
import { UserSelect } from '../../../../platform/pickers/UserSelect';
import { useInstanceInfo, useInstanceList, type InstanceListQuery } from '../../api';
import { ActionModal } from '../../components/ActionModal';
import { useSeededNodes } from '../../components/seeded-flow';
import { formatDateTime } from '../../../../platform/format';

const firstPage: InstanceListQuery = { page: 1, pageSize: 20 };
const instances = { useList: useInstanceList };

/** The admin's cancel or reassign on a row: the instance's Info first (its pending tasks), then the action's modal. */
function AdminAction(props: { instanceId: number; action: 'cancel' | 'reassign'; onClose: () => void }) {
  const info = useInstanceInfo(props.instanceId);
  if (!info.data) return null;
  return <ActionModal admin request={{ action: props.action, task: null }} info={info.data} onClose={props.onClose} />;
}

/** Every approval (`workflow:view`): filters, and for `workflow:edit` cancel or reassign a stuck task with a reason. */
export default function InstanceListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const seeded = useSeededNodes();
  const list = useResourceList<WorkflowInstance, InstanceListQuery>(instances, { start: firstPage });
  const { query, setFilter } = list;
  const [code, setCode] = useState('');
  const [acting, setActing] = useState<{ instanceId: number; action: 'cancel' | 'reassign' } | null>(null);
  const canEdit = has('workflow:edit');

  const columns: ColumnsType<WorkflowInstance> = [
    { key: 'id', dataIndex: 'id', title: t('workflow.instance.fields.id'), width: 70 },
    {
      key: 'title',
      title: t('workflow.instance.fields.title'),
      render: (_, item) => <Link to={`/workflow/instance/info/${item.id}`}>{item.title}</Link>,
    },
    {
      key: 'type',
      title: t('workflow.instance.fields.type'),
      render: (_, item) => t(`workflow.type.${item.businessType}`),
    },
    {
      key: 'workflow',
      title: t('workflow.instance.fields.workflow'),
      render: (_, item) =>
        t('workflow.instance.versionOf', {
          name: seeded.workflowName(item.workflowCode, item.workflowName),
          version: item.version,
        }),
    },
    {
      key: 'status',
      title: t('workflow.instance.fields.status'),
      render: (_, item) => <InstanceStatusTag status={item.status} />,
    },
    {
      key: 'current',
      title: t('workflow.instance.fields.current'),
      render: (_, item) =>
        item.currentNodeNames.map((name, i) => seeded.nodeName(item.currentNodes[i], name)).join(', ') || '—',
    },
    { key: 'initiator', dataIndex: 'initiatorName', title: t('workflow.instance.fields.initiator') },
    {
      key: 'startedAt',
      title: t('workflow.instance.fields.startedAt'),
      render: (_, item) => formatDateTime(item.startedAt),
    },
    {
      key: 'finishedAt',
      title: t('workflow.instance.fields.finishedAt'),
      render: (_, item) => formatDateTime(item.finishedAt),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('crud.list.actions'),
            fixed: 'right' as const,
            width: 100,
            render: (_: unknown, item: WorkflowInstance) =>
              item.status === 'Running' && (
                <Space size={4}>
                  <RowIconButton
                    label={t('workflow.instance.reassign')}
                    icon={<SwapOutlined />}
                    className="row-reassign"
                    onClick={() => setActing({ instanceId: item.id, action: 'reassign' })}
                  />
                  <RowIconButton
                    label={t('workflow.instance.cancel')}
                    icon={<CloseCircleOutlined />}
                    className="row-cancel"
                    danger
                    onClick={() => setActing({ instanceId: item.id, action: 'cancel' })}
                  />
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <Card className="instance-list" variant="borderless">
      <ListHeader title={t('workflow.instance.title')}>
        <Input.Search
          {...list.searchProps}
          className="instance-search"
          placeholder={t('workflow.instance.search')}
          style={{ width: 220 }}
        />
        <Select
          allowClear
          className="instance-status-filter"
          placeholder={t('workflow.instance.allStatuses')}
          value={query.status ?? null}
          onChange={(status) => setFilter('status', status)}
          options={instanceStatuses.map((s) => ({ value: s, label: t(`approval.instanceStatus.${s}`) }))}
          style={{ width: 130 }}
        />
        <Select
          allowClear
          className="instance-type-filter"
          placeholder={t('workflow.task.allTypes')}
          value={query.businessType ?? null}
          onChange={(type) => setFilter('businessType', type)}
          options={workflowTypes.map((type) => ({ value: type, label: t(`workflow.type.${type}`) }))}
          style={{ width: 130 }}
        />
        <Input
          allowClear
          className="instance-code-filter"
          placeholder={t('workflow.instance.code')}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (!e.target.value) setFilter('workflowCode', undefined);
          }}
          onPressEnter={() => setFilter('workflowCode', code.trim() || undefined)}
          style={{ width: 140 }}
        />
        <div style={{ width: 180 }} className="instance-initiator-filter">
          <UserSelect
            value={query.initiatorId ?? null}
            onChange={(id) => setFilter('initiatorId', id)}
            placeholder={t('workflow.instance.initiator')}
          />
        </div>
        <InputNumber
          min={1}
          max={100000}
          className="instance-stuck-filter"
          placeholder={t('workflow.instance.stuckHours')}
          value={query.stuckHours ?? null}
          onChange={(hours) => setFilter('stuckHours', hours ?? undefined)}
          style={{ width: 150 }}
        />
        <ResetButton
          onClick={() => {
            setCode('');
            list.reset();
          }}
        />
      </ListHeader>
      <Table<WorkflowInstance>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.items}
        loading={list.list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('crud.list.empty') }}
        pagination={list.pagination}
        onChange={list.onTableChange}
      />
      {acting && <AdminAction {...acting} onClose={() => setActing(null)} />}
    </Card>
  );
}
