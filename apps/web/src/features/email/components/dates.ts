import dayjs from 'dayjs';

/** A date and time in the user's locale, or a dash. */
export const formatDateTime = (value: string | null | undefined) => (value ? dayjs(value).format('L LT') : '—');
