import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge status={status === 'Active' ? 'success' : 'default'} text={t(`masterData.status.${status}`)} />;
}

export function useStatusOptions() {
  const { t } = useTranslation();
  return (['Active', 'Inactive'] as const).map((value) => ({ value, label: t(`masterData.status.${value}`) }));
}
