import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Flex, Input, Select, Space, Table, Tabs, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  workflowTaskBoxes,
  workflowTypes,
  type WorkflowTask,
  type WorkflowTaskBox,
  type WorkflowType,
} from '@casedesk/shared';
import { InstanceStatusTag } from '../../../../platform/approval/InstanceStatusTag';
import { useTaskBox, useTaskCounts, type TaskBoxQuery } from '../../api';
import { DueDate, formatDateTime, HolderName, TaskStatusTag } from '../../components/workflow-texts';

const firstPage = { page: 1, pageSize: 20 };

/** My approvals: to do, done, initiated and CC'd, each with its count; a row opens the instance page. */
export default function MyApprovalsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<TaskBoxQuery>({ box: 'todo', ...firstPage });
  const [typed, setTyped] = useState('');
  const counts = useTaskCounts();
  const box = useTaskBox(query);
  const open = (task: WorkflowTask) => void navigate(`/workflow/instance/info/${task.instanceId}`);
  // Initiated and CC rows stand for the instance, so they show its state; to do and done show the task's.
  const instanceRows = query.box === 'initiated' || query.box === 'cc';

  const columns: ColumnsType<WorkflowTask> = [
    {
      key: 'title',
      title: t('workflow.task.columns.title'),
      width: 300,
      ellipsis: true,
      render: (_, task) => (
        <Link to={`/workflow/instance/info/${task.instanceId}`} onClick={(e) => e.stopPropagation()}>
          {task.title}
        </Link>
      ),
    },
    {
      key: 'type',
      title: t('workflow.task.columns.type'),
      render: (_, task) => t(`workflow.type.${task.businessType}`),
    },
    { key: 'node', dataIndex: 'nodeName', title: t('workflow.task.columns.node') },
    { key: 'initiator', dataIndex: 'initiatorName', title: t('workflow.task.columns.initiator') },
    {
      key: 'holder',
      title: t('workflow.task.columns.holder'),
      render: (_, task) => <HolderName holder={task.assigneeName} onBehalfOf={task.onBehalfOfName} />,
    },
    {
      key: 'status',
      title: t('workflow.task.columns.status'),
      render: (_, task) =>
        instanceRows ? <InstanceStatusTag status={task.instanceStatus} /> : <TaskStatusTag status={task.status} />,
    },
    {
      key: 'due',
      title: t('workflow.task.columns.due'),
      render: (_, task) => <DueDate dueAt={task.dueAt} pending={task.status === 'Pending'} />,
    },
    {
      key: 'createdAt',
      title: t('workflow.task.columns.createdAt'),
      render: (_, task) => formatDateTime(task.createdAt),
    },
    // A task still to do has no completion date.
    ...(query.box === 'todo'
      ? []
      : [
          {
            key: 'completedAt',
            title: t('workflow.task.columns.completedAt'),
            render: (_: unknown, task: WorkflowTask) => formatDateTime(task.completedAt),
          },
        ]),
  ];

  const tabLabel = (name: WorkflowTaskBox) => {
    const count = counts.data?.[name] ?? 0;
    return (
      <span className={`task-tab task-tab-${name}`} data-count={count}>
        {t(`workflow.task.box.${name}`)}{' '}
        <Badge count={count} showZero overflowCount={999} color={name === 'todo' ? undefined : '#8c8c8c'} />
      </span>
    );
  };

  return (
    <Card className="task-box-page" variant="borderless">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('workflow.task.title')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            className="task-search"
            placeholder={t('workflow.task.search')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword: keyword.trim() || undefined }))}
            style={{ width: 240 }}
          />
          <Select<WorkflowType>
            allowClear
            className="task-type-filter"
            placeholder={t('workflow.task.allTypes')}
            value={query.businessType ?? null}
            onChange={(businessType) => setQuery((q) => ({ ...q, page: 1, businessType: businessType ?? undefined }))}
            options={workflowTypes.map((type) => ({ value: type, label: t(`workflow.type.${type}`) }))}
            style={{ width: 150 }}
          />
          <Tooltip title={t('workflow.task.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('workflow.task.refresh')}
              onClick={() => {
                void counts.refetch();
                void box.refetch();
              }}
            />
          </Tooltip>
        </Space>
      </Flex>
      <Tabs
        className="task-boxes"
        activeKey={query.box}
        onChange={(key) => setQuery((q) => ({ ...q, ...firstPage, box: key as WorkflowTaskBox }))}
        items={workflowTaskBoxes.map((name) => ({ key: name, label: tabLabel(name) }))}
      />
      <Table<WorkflowTask>
        rowKey="id"
        size="middle"
        className={`task-table task-table-${query.box}`}
        columns={columns}
        dataSource={box.data?.items ?? []}
        loading={box.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(task) => ({ onClick: () => open(task), style: { cursor: 'pointer' } })}
        locale={{ emptyText: t(`workflow.task.empty.${query.box}`) }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: box.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('crud.list.total', { count: total }),
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
        }}
      />
    </Card>
  );
}
