import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxSlaMinutes } from '@casedesk/shared';

/** A target typed as hours and minutes, held as minutes (what the policy stores); empty is null. */
export function MinutesInput({
  value,
  onChange,
  id,
  allowEmpty = false,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  allowEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const hours = value === null || value === undefined ? null : Math.floor(value / 60);
  const minutes = value === null || value === undefined ? null : value % 60;
  const set = (h: number | null, m: number | null) =>
    onChange?.(allowEmpty && h === null && m === null ? null : (h ?? 0) * 60 + (m ?? 0));
  return (
    <Space.Compact className="sla-minutes">
      <InputNumber<number>
        id={id}
        min={0}
        max={Math.floor(maxSlaMinutes / 60)}
        precision={0}
        value={hours}
        onChange={(h) => set(h, minutes)}
        suffix={t('sla.policy.hours')}
        style={{ width: 120 }}
        aria-label={t('sla.policy.hours')}
      />
      <InputNumber<number>
        min={0}
        max={59}
        precision={0}
        value={minutes}
        onChange={(m) => set(hours, m)}
        suffix={t('sla.policy.minutes')}
        style={{ width: 110 }}
        aria-label={t('sla.policy.minutes')}
      />
    </Space.Compact>
  );
}

/** "4 h 30 min", "30 min", "8 h" in the reader's words. */
export function useMinutesText() {
  const { t } = useTranslation();
  return (total: number | null | undefined) => {
    if (total === null || total === undefined) return '—';
    const hours = Math.floor(total / 60);
    const minutes = total % 60;
    if (hours === 0) return t('sla.policy.minutesOnly', { minutes });
    if (minutes === 0) return t('sla.policy.hoursOnly', { hours });
    return t('sla.policy.hoursMinutes', { hours, minutes });
  };
}
