import { useQuery } from '@tanstack/react-query';
import type { DictionaryDetail } from '@casedesk/shared';
import { dictionaryItemNameIn } from '@casedesk/shared/value-labels';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';

/** A dictionary item as `Dictionary/Items/<code>` gives it: the stored `value`, its `key` and its names. */
export type DictionaryItemRow = DictionaryDetail['items'][number];
type NamedItem = Pick<DictionaryItemRow, 'key' | 'value' | 'name'> &
  Partial<Pick<DictionaryItemRow, 'nameZhCn' | 'nameZhTw'>>;

/** The key every dictionary's items query starts with; saving a dictionary invalidates every `Dictionary` key, and so these. */
const dictionaryItemsKey = (code: string) => resourceKeys('Dictionary').of('items', code.toLowerCase());

/**
 * What a record's field holding a dictionary value shows: the item's name in the reader's language (the rule the
 * server's exports share, `dictionaryItemNameIn`: its name in that language, else a seeded item's words while it
 * keeps its seeded name, else `name`); a value no enabled item holds (disabled or deleted since) as stored; '—' for none.
 */
export function dictionaryValueLabel(
  code: string,
  items: readonly NamedItem[],
  value: string | null | undefined,
  language: string,
  t: (key: string) => string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const item = items.find((i) => i.value === value);
  return item ? dictionaryItemNameIn(language, code, item, t) : value;
}

/**
 * A dictionary's enabled items for a drop-down (`options`) and for showing a stored value (`label`), read once and
 * kept (dictionaries change rarely). Every signed-in user may read them.
 */
export function useDictionaryItems(code: string) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const query = useQuery({
    queryKey: dictionaryItemsKey(code),
    queryFn: () => http.get<DictionaryItemRow[]>(`/api/Dictionary/Items/${encodeURIComponent(code)}`),
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
    enabled: code.length > 0,
  });
  const items = query.data ?? [];
  return {
    ...query,
    items,
    options: items.map((item) => ({ value: item.value, label: dictionaryItemNameIn(language, code, item, t) })),
    label: (value: string | null | undefined) => dictionaryValueLabel(code, items, value, language, t),
  };
}
