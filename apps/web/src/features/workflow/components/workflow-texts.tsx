import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '@casedesk/shared';
import { formatDateTime } from '../../../platform/format';

const taskColors: Record<TaskStatus, string> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'error',
  Returned: 'volcano',
  Transferred: 'purple',
  Cancelled: 'default',
  Skipped: 'default',
};

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={taskColors[status]} className={`task-status task-status-${status}`}>
      {t(`workflow.taskStatus.${status}`)}
    </Tag>
  );
}

/** Who holds a task: "Ann on behalf of Bob" when a delegate holds Bob's task, else just the holder. */
export function HolderName({ holder, onBehalfOf }: { holder: string | null; onBehalfOf: string | null }) {
  const { t } = useTranslation();
  if (!onBehalfOf) return <>{holder ?? '—'}</>;
  return (
    <span className="task-on-behalf">
      {t('workflow.task.onBehalfOf', { delegate: holder ?? '—', owner: onBehalfOf })}
    </span>
  );
}

/** A due date, red once it has passed while the task still waits. */
export function DueDate({ dueAt, pending }: { dueAt: string | null; pending: boolean }) {
  if (!dueAt) return <>—</>;
  const overdue = pending && dayjs(dueAt).isBefore(dayjs());
  return (
    <Typography.Text type={overdue ? 'danger' : undefined} className={overdue ? 'task-overdue' : undefined}>
      {formatDateTime(dueAt)}
    </Typography.Text>
  );
}
