import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Page,
  SlaCalendar,
  SlaPolicy,
  SlaPolicyPreview,
  SlaPolicyPreviewInput,
  SlaReport,
  SlaReportQuery,
  TicketFormOptions,
} from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { downloadExport } from '../../platform/http/file-transfer';

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

/** The service-level report over the tickets the caller sees, with the grouping it was asked for (refreshes when a ticket is saved). */
export function useSlaReport(query: SlaReportQuery | null) {
  return useQuery({
    queryKey: resourceKeys('Ticket').of('slaReport', query),
    queryFn: () =>
      http
        .post<SlaReport>('/api/Ticket/SlaReport', query)
        .then((report) => ({ ...report, groupBy: query?.groupBy ?? 'project' })),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The report as a spreadsheet in the reader's language. */
export const exportSlaReport = (query: SlaReportQuery) =>
  downloadExport('/api/Ticket/SlaReport/Export', query, 'SlaReport.xlsx', { useServerName: true });

/** The projects the caller may file tickets under (the ticket form's options, the same cache entry). */
export function useTicketProjects() {
  return useQuery({
    queryKey: resourceKeys('Ticket').of('options'),
    queryFn: () => http.get<TicketFormOptions>('/api/Ticket/FormOptions'),
    staleTime: 60_000,
    select: (options) => options.projects,
  });
}
