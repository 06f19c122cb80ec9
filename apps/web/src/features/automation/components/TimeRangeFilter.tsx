import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ListControls } from '../../../platform/crud/ListPage';
import { DatePicker } from '../../../platform/forms/DatePicker';

/** The list's `from`/`to` filter as a range of moments. */
export function TimeRangeFilter({ query, setFilter }: ListControls) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      placeholder={[t('automation.log.from'), t('automation.log.to')]}
      value={
        query.from || query.to
          ? [query.from ? dayjs(query.from as string) : null, query.to ? dayjs(query.to as string) : null]
          : null
      }
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
        setFilter('from', range?.[0]?.toISOString());
        setFilter('to', range?.[1]?.toISOString());
      }}
    />
  );
}
