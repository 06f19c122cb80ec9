import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogItem,
  CatalogProgress,
  CatalogSubmit,
  CustomField,
  Page,
  RequestType,
  Ticket,
  TicketFormOptions,
  Workflow,
} from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { usePermissions } from '../../platform/permission';

export const requestTypeApi = resourceApi<RequestType, RequestType>('RequestType', { detailCall: 'Get' });

const catalogKeys = resourceKeys('Catalog');

/** `GET Catalog`: every request type the caller may use. */
export function useCatalog() {
  return useQuery({
    queryKey: catalogKeys.list('Catalog', {}),
    queryFn: () => http.get<CatalogItem[]>('/api/Catalog'),
  });
}

/** `POST Catalog/Submit`: the ticket made (a refusal is shown on the form, so quietly). */
export function useSubmitCatalog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogSubmit) => http.post<Ticket>('/api/Catalog/Submit', body, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys('Ticket').all }),
  });
}

/** `POST Catalog/Progress`: one request as its requester follows it. */
export function useCatalogProgress(ticketId: number) {
  return useQuery({
    queryKey: catalogKeys.of('progress', ticketId),
    queryFn: () => http.post<CatalogProgress>('/api/Catalog/Progress', { ticketId }, { quiet: true }),
    enabled: ticketId > 0,
    retry: false,
  });
}

/** The active custom fields of tickets: what a request type's form may ask for. */
export function useTicketCustomFields() {
  const query = { page: 1, pageSize: 500, appliesTo: 'Ticket', status: 'Active' };
  return useQuery({
    queryKey: resourceKeys('CustomField').list('Query', query),
    queryFn: () => http.post<Page<CustomField>>('/api/CustomField/Query', query).then((page) => page.items),
  });
}

/**
 * The people a user field offers, as the ticket form offers them (`Ticket/FormOptions`, same key and call, so the
 * two share one cache); only asked for when a form has a user field.
 */
export function useFieldUsers(needed: boolean) {
  const { has } = usePermissions();
  const { data } = useQuery({
    queryKey: resourceKeys('Ticket').of('options'),
    queryFn: () => http.get<TicketFormOptions>('/api/Ticket/FormOptions'),
    staleTime: 60_000,
    enabled: needed && has('ticket:view'),
  });
  return (data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }));
}

/** Published workflows of tickets: the approvals a request type may start (the workflow registry's list and key). */
export function usePublishedTicketWorkflows() {
  const query = { type: 'Ticket', status: 'Published', pageSize: 500 };
  return useQuery({
    queryKey: resourceKeys('Workflow').list('Query', query),
    queryFn: () => http.post<Page<Workflow>>('/api/Workflow/Query', { page: 1, ...query }).then((page) => page.items),
  });
}
