import { DatePicker as AntDatePicker, type DatePickerProps, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * Date pickers write a date as every list shows it (format.ts): the month by name in English, 年月日 in Chinese,
 * a 12-hour clock in English and a 24-hour one in Chinese (Ant Design writes ISO "2026-12-01" in every language).
 * A date typed the ISO way is taken too. Every screen's picker is this one; a picker given its own `format` keeps it.
 */
const displayFormats = {
  en: { date: 'MMM D, YYYY', minutes: 'MMM D, YYYY h:mm A', seconds: 'MMM D, YYYY h:mm:ss A' },
  zh: { date: 'YYYY年M月D日', minutes: 'YYYY年M月D日 HH:mm', seconds: 'YYYY年M月D日 HH:mm:ss' },
} as const;
const typedFormats = { date: ['YYYY-MM-DD'], minutes: ['YYYY-MM-DD HH:mm'], seconds: ['YYYY-MM-DD HH:mm:ss'] };

type Precision = keyof typeof typedFormats;
type ShowTime = boolean | { format?: string } | undefined;

const precisionOf = (showTime: ShowTime): Precision =>
  !showTime ? 'date' : typeof showTime === 'object' && showTime.format?.includes('s') ? 'seconds' : 'minutes';

const timeFormats = {
  en: { minutes: 'h:mm A', seconds: 'h:mm:ss A' },
  zh: { minutes: 'HH:mm', seconds: 'HH:mm:ss' },
} as const;

/** The formats a picker shows (the first) and reads, and its clock's, in the current language. */
export function usePickerFormat(showTime?: ShowTime): { format: string[]; showTime: ShowTime } {
  const { i18n } = useTranslation();
  const precision = precisionOf(showTime);
  const family = i18n.language.startsWith('zh') ? 'zh' : 'en';
  return {
    format: [displayFormats[family][precision], ...typedFormats[precision]],
    showTime:
      precision === 'date'
        ? showTime
        : { ...(typeof showTime === 'object' ? showTime : {}), format: timeFormats[family][precision] },
  };
}

type RangeProps = GetProps<typeof AntDatePicker.RangePicker>;

function RangePicker(props: RangeProps) {
  const shown = usePickerFormat(props.showTime as ShowTime);
  return (
    <AntDatePicker.RangePicker format={shown.format} {...props} showTime={shown.showTime as RangeProps['showTime']} />
  );
}

export function DatePicker(props: DatePickerProps<Dayjs, false>) {
  const shown = usePickerFormat(props.showTime as ShowTime);
  return (
    <AntDatePicker
      format={shown.format}
      {...props}
      showTime={shown.showTime as DatePickerProps<Dayjs, false>['showTime']}
    />
  );
}
DatePicker.RangePicker = RangePicker;
