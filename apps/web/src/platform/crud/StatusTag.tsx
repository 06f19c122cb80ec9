import { Badge, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Active / Inactive (or enabled / disabled) as a coloured dot with its word. */
export function StatusTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge status={active ? 'success' : 'default'} text={t(active ? 'crud.status.Active' : 'crud.status.Inactive')} />
  );
}

export function useStatusOptions() {
  const { t } = useTranslation();
  return (['Active', 'Inactive'] as const).map((value) => ({ value, label: t(`crud.status.${value}`) }));
}

/** The Active/Inactive filter of a list (`values` when the field is not a status, e.g. `enabled`). */
export function StatusFilter({
  value,
  onChange,
  className,
  values = { Active: 'Active', Inactive: 'Inactive' },
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  className?: string;
  values?: { Active: string; Inactive: string };
}) {
  const { t } = useTranslation();
  return (
    <Select<string>
      allowClear
      className={className}
      placeholder={t('crud.status.all')}
      value={value ?? null}
      options={(['Active', 'Inactive'] as const).map((status) => ({
        value: values[status],
        label: t(`crud.status.${status}`),
      }))}
      onChange={(next) => onChange(next ?? undefined)}
      style={{ width: 150 }}
    />
  );
}
