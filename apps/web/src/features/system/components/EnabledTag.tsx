import { Badge, Select } from 'antd';
import { useTranslation } from 'react-i18next';

export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={enabled ? 'success' : 'default'}
      text={enabled ? t('system.common.enabled') : t('system.common.disabled')}
    />
  );
}

/** All / enabled / disabled, as a list filter. */
export function EnabledFilter({ value, onChange }: { value: unknown; onChange: (value: boolean | null) => void }) {
  const { t } = useTranslation();
  return (
    <Select<'on' | 'off' | null>
      allowClear
      className="system-enabled-filter"
      placeholder={t('system.common.allStates')}
      value={value === true ? 'on' : value === false ? 'off' : null}
      onChange={(v) => onChange(v ? v === 'on' : null)}
      options={[
        { value: 'on', label: t('system.common.enabled') },
        { value: 'off', label: t('system.common.disabled') },
      ]}
      style={{ width: 140 }}
    />
  );
}
