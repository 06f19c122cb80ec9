import { useQuery } from '@tanstack/react-query';
import type { CustomFieldDefinition, CustomFieldEntity } from '@casedesk/shared';
import { resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';

/**
 * A record kind's custom field definitions (archived ones too), for every signed-in user: the condition editors
 * of workflows, the registry and service levels offer them as `custom.<key>`, the approval page words them.
 */
export function useCustomFieldDefinitions(appliesTo: CustomFieldEntity) {
  return useQuery({
    queryKey: resourceKeys('CustomField').of('definitions', appliesTo),
    queryFn: () => http.get<CustomFieldDefinition[]>(`/api/CustomField/Definitions/${appliesTo}`),
    staleTime: 60_000,
  });
}
