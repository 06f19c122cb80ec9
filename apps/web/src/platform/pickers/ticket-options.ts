import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TagCount, TicketFormOptions } from '@casedesk/shared';
import { resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';

// The ticket's choices that screens beyond the ticket's own use (a macro's or trigger's "set" step, tag pickers).

/** The ticket form's options (statuses aside: the caller's projects, categories, companies and users). */
export const ticketFormOptionsQuery = queryOptions({
  queryKey: resourceKeys('Ticket').of('options'),
  queryFn: () => http.get<TicketFormOptions>('/api/Ticket/FormOptions'),
  staleTime: 60_000,
});

export function useTicketFormOptions() {
  return useQuery(ticketFormOptionsQuery);
}

/** Under the ticket's keys: a ticket saved with new tags refreshes the counts. */
export const ticketTagsKey = (keyword: string) => resourceKeys('Ticket').of('tags', keyword);

/** Tag suggestions with the number of the caller's visible tickets carrying each (`POST /api/Tag/Query`). */
export function useTagSuggestions(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ticketTagsKey(keyword),
    queryFn: ({ signal }) => http.post<TagCount[]>('/api/Tag/Query', { keyword }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
