import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InstanceStatus } from '@casedesk/shared';

const colors: Record<InstanceStatus, string> = {
  Running: 'processing',
  Approved: 'success',
  Rejected: 'error',
  Cancelled: 'default',
};

/** An approval's state (Running / Approved / Rejected / Cancelled), wherever a record shows it. */
export function InstanceStatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} className={`instance-status instance-status-${status}`}>
      {t(`approval.instanceStatus.${status}`)}
    </Tag>
  );
}
