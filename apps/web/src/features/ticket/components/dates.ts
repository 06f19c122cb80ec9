import dayjs, { type Dayjs } from 'dayjs';

/** A date and time in the user's locale (dayjs follows the interface language). */
export const formatDateTime = (value: string | Dayjs | null | undefined) => (value ? dayjs(value).format('L LT') : '—');

export const formatDate = (value: string | Dayjs | null | undefined) => (value ? dayjs(value).format('L') : '—');
