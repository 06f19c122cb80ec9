import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '@casedesk/shared';

const colors: Record<InvoiceStatus, string> = {
  Indexing: 'purple',
  Draft: 'default',
  PendingApproval: 'processing',
  Approved: 'success',
  Rejected: 'error',
  Paid: 'cyan',
  Cancelled: 'default',
};

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} className={`invoice-status invoice-status-${status}`}>
      {t(`invoice.status.${status}`)}
    </Tag>
  );
}
