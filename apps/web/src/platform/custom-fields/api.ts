import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomFieldDefinition, CustomFieldEntity } from '@casedesk/shared';
import { http } from '../http/client';

/** The record kinds beside tickets (whose form options carry theirs). */
export type CustomFieldKind = Exclude<CustomFieldEntity, 'Ticket'>;

export const kindCustomFieldsQuery = (kind: CustomFieldKind) =>
  queryOptions({
    queryKey: ['customField', 'of', kind],
    queryFn: () => http.get<CustomFieldDefinition[]>(`/api/${kind}/CustomFields`),
    staleTime: 60_000,
  });

/** A record kind's definitions (archived ones too, for reading their values), for its form, page and list. */
export function useKindCustomFields(kind: CustomFieldKind) {
  return useQuery(kindCustomFieldsQuery(kind));
}
