import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, SlaCalendar, SlaPolicy, SlaPolicyPreview, SlaPolicyPreviewInput } from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';

export const slaCalendarApi = resourceApi<SlaCalendar>('SlaCalendar');
export const slaPolicyApi = resourceApi<SlaPolicy>('SlaPolicy');

/** The calendars a policy may count in: the active ones (a stored inactive one is kept on offer by the editor). */
export function useActiveCalendars() {
  return useQuery({
    queryKey: resourceKeys('SlaCalendar').of('active'),
    queryFn: () => http.post<Page<SlaCalendar>>('/api/SlaCalendar/Query', { page: 1, pageSize: 500, status: 'Active' }),
    staleTime: 60_000,
  });
}

/** When a ticket would be due under the editor's draft (refreshes when a policy or calendar is saved). */
export function useSlaPreview(input: SlaPolicyPreviewInput | null) {
  return useQuery({
    queryKey: resourceKeys('SlaPolicy').of('preview', input),
    queryFn: () => http.post<SlaPolicyPreview>('/api/SlaPolicy/Preview', input, { quiet: true }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
