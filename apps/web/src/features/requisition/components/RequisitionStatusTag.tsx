import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequisitionStatus } from '@casedesk/shared';

const colors: Record<RequisitionStatus, string> = {
  Draft: 'default',
  PendingApproval: 'processing',
  Approved: 'success',
  Rejected: 'error',
  Cancelled: 'warning',
};

export function RequisitionStatusTag({ status }: { status: RequisitionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} className="requisition-status">
      {t(`requisition.status.${status}`)}
    </Tag>
  );
}
