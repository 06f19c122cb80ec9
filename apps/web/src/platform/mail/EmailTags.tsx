import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailDirection, EmailStatus } from '@casedesk/shared';
import { translateServerMessage } from '../server-messages';

const statusColors: Record<EmailStatus, string> = {
  Draft: 'default',
  Sending: 'processing',
  Sent: 'success',
  Failed: 'error',
  Received: 'blue',
  Ignored: 'warning',
  Unreadable: 'magenta',
};

/** An e-mail's status; a failed, waiting or unreadable one names its reason in a tooltip. */
export function EmailStatusTag({ status, error }: { status: EmailStatus; error?: string | null }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={statusColors[status]} className={`email-status email-status-${status}`}>
      {t(`mail.status.${status}`)}
    </Tag>
  );
  // The reason in the user's language where it is a catalog text (no mail account, interrupted, suppressed).
  return error ? <Tooltip title={translateServerMessage(error)}>{tag}</Tooltip> : tag;
}

export function DirectionTag({ direction }: { direction: EmailDirection }) {
  const { t } = useTranslation();
  return (
    <Tag color={direction === 'In' ? 'cyan' : 'purple'} className={`email-direction-${direction}`}>
      {t(`mail.direction.${direction}`)}
    </Tag>
  );
}
