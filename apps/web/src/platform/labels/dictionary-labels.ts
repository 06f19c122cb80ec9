import { useQuery } from '@tanstack/react-query';
import type { DictionaryDetail } from '@casedesk/shared';
import { seededNameKey } from '@casedesk/shared/value-labels';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';

/** A dictionary item as `Dictionary/Items/<code>` gives it: the stored `value`, its `key` and its (seeded or typed) name. */
export type DictionaryItemRow = DictionaryDetail['items'][number];
type NamedItem = Pick<DictionaryItemRow, 'key' | 'value' | 'name'>;

/** The key every dictionary's items query starts with; saving a dictionary invalidates every `Dictionary` key, and so these. */
const dictionaryItemsKey = (code: string) => resourceKeys('Dictionary').of('items', code.toLowerCase());

/**
 * An item's name in the reader's language: the dictionary model keeps one name per item (no per-language label), so
 * a seeded item still named as seeded reads `seed.dictionaryItem.<code>.<key>`, any other as its admin wrote it.
 */
export function dictionaryItemName(code: string, item: NamedItem, t: (key: string) => string): string {
  const key = seededNameKey('dictionaryItem', `${code}.${item.key}`, item.name);
  return key ? t(key) : item.name;
}

/**
 * What a record's field holding a dictionary value shows: the item's name in the reader's language; a value no
 * enabled item holds (an item disabled or deleted since) as stored; '—' for none.
 */
export function dictionaryValueLabel(
  code: string,
  items: readonly NamedItem[],
  value: string | null | undefined,
  t: (key: string) => string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const item = items.find((i) => i.value === value);
  return item ? dictionaryItemName(code, item, t) : value;
}

/**
 * A dictionary's enabled items for a drop-down (`options`) and for showing a stored value (`label`), read once and
 * kept (dictionaries change rarely). Every signed-in user may read them.
 */
export function useDictionaryItems(code: string) {
  const { t } = useTranslation();
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
    options: items.map((item) => ({ value: item.value, label: dictionaryItemName(code, item, t) })),
    label: (value: string | null | undefined) => dictionaryValueLabel(code, items, value, t),
  };
}
