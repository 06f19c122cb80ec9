import { useQuery } from '@tanstack/react-query';
import type { CustomField, CustomFieldDefinition, CustomFieldEntity } from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';

export const customFieldApi = resourceApi<CustomField, CustomField>('CustomField');

/**
 * A record kind's custom field definitions (archived ones too), for every signed-in user: the condition editors
 * of workflows, the registry and service levels offer them as `custom.<key>`.
 */
export function useCustomFieldDefinitions(appliesTo: CustomFieldEntity) {
  return useQuery({
    queryKey: resourceKeys('CustomField').of('definitions', appliesTo),
    queryFn: () => http.get<CustomFieldDefinition[]>(`/api/CustomField/Definitions/${appliesTo}`),
    staleTime: 60_000,
  });
}
