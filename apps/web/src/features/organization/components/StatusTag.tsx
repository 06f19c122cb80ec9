import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Active / Inactive (or enabled / disabled) as a coloured tag. */
export function StatusTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={active ? 'green' : 'default'}>
      {active ? t('organization.common.status.Active') : t('organization.common.status.Inactive')}
    </Tag>
  );
}
