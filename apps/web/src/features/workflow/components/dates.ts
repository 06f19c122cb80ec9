import dayjs from 'dayjs';

/** A moment in the user's locale (the page's dayjs locale follows the language). */
export const formatDateTime = (value: string | null | undefined) => (value ? dayjs(value).format('L LT') : '—');
