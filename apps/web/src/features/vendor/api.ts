import { useQuery } from '@tanstack/react-query';
import type { DictionaryDetail, Vendor } from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { useSeededName } from '../../platform/labels/labels';

export type VendorRow = Vendor & { id: number };
export const vendorApi = resourceApi<VendorRow>('Vendor');

/** A dictionary's enabled items as Select options (the dictionary screen's save refreshes every Dictionary key). */
export function useDictionaryOptions(code: string) {
  const seeded = useSeededName();
  const query = useQuery({
    queryKey: resourceKeys('Dictionary').of('items', code.toLowerCase()),
    queryFn: () => http.get<DictionaryDetail['items']>(`/api/Dictionary/Items/${encodeURIComponent(code)}`),
    staleTime: 30 * 60_000,
  });
  return (query.data ?? []).map((item) => ({
    value: item.value,
    label: seeded('dictionaryItem', `${code}.${item.key}`, item.name),
  }));
}
