import { useQuery } from '@tanstack/react-query';
import type { DictionaryDetail } from '@casedesk/shared';
import { resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { useSeededName } from '../../platform/labels/labels';

export type DictionaryItem = DictionaryDetail['items'][number];

/** The key every `useDictionary` query starts with; saving a dictionary invalidates every `Dictionary` key, and so these. */
export const dictionaryItemsKey = (code: string) => resourceKeys('Dictionary').of('items', code.toLowerCase());

/**
 * The enabled items of a dictionary, for drop-downs anywhere in the app: read once and kept (dictionaries
 * change rarely); the dictionary screen's save invalidates them. `options` are ready for an antd Select.
 */
export function useDictionary(code: string) {
  const seeded = useSeededName();
  const query = useQuery({
    queryKey: dictionaryItemsKey(code),
    queryFn: () => http.get<DictionaryItem[]>(`/api/Dictionary/Items/${encodeURIComponent(code)}`),
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
    enabled: code.length > 0,
  });
  const items = query.data ?? [];
  return {
    ...query,
    items,
    options: items.map((item) => ({
      value: item.value,
      label: seeded('dictionaryItem', `${code}.${item.key}`, item.name),
    })),
  };
}
