import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<string, string> = {
  Queued: 'default',
  Running: 'processing',
  Succeeded: 'success',
  Failed: 'error',
  Cancelled: 'warning',
};

export function RunStatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return <>—</>;
  return (
    <Tag color={colors[status] ?? 'default'} className="import-run-status">
      {t(`import.runStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
}
