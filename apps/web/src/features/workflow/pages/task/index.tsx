import { useState, type MouseEvent } from 'react';
import { Badge, Button, Card, Checkbox, Grid, Input, List, Select, Space, Table, Tabs, Typography } from 'antd';
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
import { ListHeader, ResetButton } from '../../../../platform/crud/ListHeader';
import { useResourceList } from '../../../../platform/crud/use-resource-list';
import { useTaskBox, useTaskCounts, type TaskBoxQuery } from '../../api';
import { DueDate, HolderName, TaskStatusTag } from '../../components/workflow-texts';
import { formatDateTime } from '../../../../platform/format';
import { useSeededNodes } from '../../components/seeded-flow';
import { BatchDecideModal } from '../../components/BatchDecideModal';

const firstPage = { page: 1, pageSize: 20 };
const taskBox = { useList: useTaskBox };
/** What a batch can decide: an approver's or a reviewer's task (a resubmit is the initiator's form). */
const decidable = (task: WorkflowTask) => task.kind === 'approve' || task.kind === 'review';

/** My approvals: to do, done, initiated and CC'd, each with its count; a row opens the instance page. */
export default function MyApprovalsPage() {
  const { t } = useTranslation();
  const seeded = useSeededNodes();
  const navigate = useNavigate();
  const box = useResourceList<WorkflowTask, TaskBoxQuery>(taskBox, { start: { box: 'todo', ...firstPage } });
  const { query, setQuery } = box;
  const counts = useTaskCounts();
  const open = (task: WorkflowTask) => void navigate(`/workflow/instance/info/${task.instanceId}`);
  // Initiated and CC rows stand for the instance, so they show its state; to do and done show the task's.
  const instanceRows = query.box === 'initiated' || query.box === 'cc';
  // Below 768 px the rows are cards: eight columns do not fit a phone.
  const phone = Grid.useBreakpoint().md === false;
  const todo = query.box === 'todo';
  const [batch, setBatch] = useState<'approve' | 'reject' | null>(null);
  const chosen = box.selected.filter(decidable);

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
    {
      key: 'node',
      title: t('workflow.task.columns.node'),
      render: (_, task) => seeded.nodeName(task.nodeId, task.nodeName),
    },
    { key: 'initiator', dataIndex: 'initiatorName', title: t('workflow.task.columns.initiator') },
    {
      key: 'holder',
      title: t('workflow.task.columns.holder'),
      render: (_, task) => <HolderName holder={task.assigneeName} onBehalfOf={task.onBehalfOfName} />,
    },
    {
      key: 'status',
      title: t('workflow.task.columns.status'),
      render: (_, task) => statusOf(task),
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
        {/* Red only for work waiting on the reader; an empty box or a finished one in grey. */}
        <Badge
          count={count}
          showZero
          overflowCount={999}
          color={name === 'todo' && count > 0 ? undefined : '#8c8c8c'}
        />
      </span>
    );
  };

  const statusOf = (task: WorkflowTask) =>
    instanceRows ? <InstanceStatusTag status={task.instanceStatus} /> : <TaskStatusTag status={task.status} />;
  const toggle = (task: WorkflowTask, on: boolean) =>
    box.setSelected((selected) => (on ? [...selected, task] : selected.filter((s) => s.id !== task.id)));

  return (
    <Card className="task-box-page" variant="borderless">
      <ListHeader title={t('workflow.task.title')} gap={8}>
        <Input.Search
          {...box.searchProps}
          className="task-search"
          placeholder={t('workflow.task.search')}
          style={{ width: phone ? '100%' : 240 }}
        />
        <Select<WorkflowType>
          allowClear
          className="task-type-filter"
          placeholder={t('workflow.task.allTypes')}
          value={query.businessType ?? null}
          onChange={(businessType) => box.setFilter('businessType', businessType)}
          options={workflowTypes.map((type) => ({ value: type, label: t(`workflow.type.${type}`) }))}
          style={{ width: 150 }}
        />
        <ResetButton
          label={t('workflow.task.refresh')}
          onClick={() => {
            void counts.refetch();
            void box.list.refetch();
          }}
        />
      </ListHeader>
      <Tabs
        className="task-boxes"
        activeKey={query.box}
        onChange={(key) => {
          box.clearSelection();
          setQuery((q) => ({ ...q, ...firstPage, box: key as WorkflowTaskBox }));
        }}
        items={workflowTaskBoxes.map((name) => ({ key: name, label: tabLabel(name) }))}
      />
      {todo && (
        <Space wrap className="task-batch-bar" style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            className="batch-approve"
            disabled={chosen.length === 0}
            onClick={() => setBatch('approve')}
          >
            {t('workflow.task.batch.approve', { count: chosen.length })}
          </Button>
          <Button danger className="batch-reject" disabled={chosen.length === 0} onClick={() => setBatch('reject')}>
            {t('workflow.task.batch.reject', { count: chosen.length })}
          </Button>
        </Space>
      )}
      {phone ? (
        <List<WorkflowTask>
          className={`task-cards task-cards-${query.box}`}
          dataSource={box.items}
          loading={box.list.isFetching}
          locale={{ emptyText: t(`workflow.task.empty.${query.box}`) }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: box.total,
            onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
            size: 'small',
          }}
          renderItem={(task) => (
            <Card size="small" className="task-card" style={{ marginBottom: 8 }} onClick={() => open(task)}>
              <Space align="start" style={{ width: '100%' }}>
                {todo && (
                  <Checkbox
                    aria-label={task.title}
                    disabled={!decidable(task)}
                    checked={box.selected.some((s) => s.id === task.id)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={(e) => toggle(task, e.target.checked)}
                  />
                )}
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong className="task-card-title" style={{ overflowWrap: 'anywhere' }}>
                    {task.title}
                  </Typography.Text>
                  <div className="task-card-meta">
                    {statusOf(task)} {seeded.nodeName(task.nodeId, task.nodeName)}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`workflow.type.${task.businessType}`)} · {task.initiatorName ?? '—'} ·{' '}
                    {formatDateTime(todo ? task.createdAt : (task.completedAt ?? task.createdAt))}
                  </Typography.Text>
                  {todo && task.dueAt && (
                    <div>
                      <DueDate dueAt={task.dueAt} pending />
                    </div>
                  )}
                </div>
              </Space>
            </Card>
          )}
        />
      ) : (
        <Table<WorkflowTask>
          rowKey="id"
          size="middle"
          className={`task-table task-table-${query.box}`}
          columns={columns}
          dataSource={box.items}
          loading={box.list.isFetching}
          scroll={{ x: 'max-content' }}
          onRow={(task) => ({ onClick: () => open(task), style: { cursor: 'pointer' } })}
          locale={{ emptyText: t(`workflow.task.empty.${query.box}`) }}
          pagination={box.pagination}
          onChange={box.onTableChange}
          {...(todo
            ? {
                rowSelection: {
                  ...box.rowSelection,
                  getCheckboxProps: (task: WorkflowTask) => ({ disabled: !decidable(task) }),
                  onCell: () => ({ onClick: (e: MouseEvent) => e.stopPropagation() }),
                },
              }
            : {})}
        />
      )}
      {batch && (
        <BatchDecideModal
          action={batch}
          tasks={chosen}
          onClose={(decided) => {
            setBatch(null);
            if (decided) box.clearSelection();
          }}
        />
      )}
    </Card>
  );
}
