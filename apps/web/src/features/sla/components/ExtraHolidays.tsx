import { Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../platform/forms/DatePicker';
import { formatDate } from '../../../platform/format';

type Props = { value?: string[]; onChange?: (value: string[]) => void };

/** The calendar's own closed days (`YYYY-MM-DD`, in order): picked one at a time, each removable. */
export function ExtraHolidays({ value = [], onChange }: Props) {
  const { t } = useTranslation();
  const add = (date: Dayjs | null) => {
    const day = date?.format('YYYY-MM-DD');
    if (day && !value.includes(day)) onChange?.([...value, day].sort());
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DatePicker
        value={null}
        onChange={add}
        placeholder={t('sla.calendar.addHoliday')}
        aria-label={t('sla.calendar.addHoliday')}
      />
      <div>
        {value.length === 0 && <Typography.Text type="secondary">{t('sla.calendar.noExtraHolidays')}</Typography.Text>}
        {value.map((day) => (
          <Tag key={day} closable onClose={() => onChange?.(value.filter((other) => other !== day))}>
            {formatDate(day)}
          </Tag>
        ))}
      </div>
    </Space>
  );
}
