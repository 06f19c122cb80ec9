import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '../forms/DatePicker';

/**
 * A list's `from`/`to` filter as a range of moments (the logs, the audit trail, the trigger log): the query holds
 * ISO instants, the picker shows them in the user's time with hours and minutes.
 */
export function TimeRangeFilter({
  query,
  setFilter,
  placeholder,
  className,
}: {
  query: Readonly<Record<string, unknown>>;
  setFilter: (field: 'from' | 'to', value: string | undefined) => void;
  placeholder: [string, string];
  className?: string;
}) {
  const at = (value: unknown) => (typeof value === 'string' && value ? dayjs(value) : null);
  return (
    <DatePicker.RangePicker
      className={className}
      showTime={{ format: 'HH:mm' }}
      placeholder={placeholder}
      value={query.from || query.to ? [at(query.from), at(query.to)] : null}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
        setFilter('from', range?.[0]?.toISOString());
        setFilter('to', range?.[1]?.toISOString());
      }}
    />
  );
}
