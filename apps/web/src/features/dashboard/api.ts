import { useQuery } from '@tanstack/react-query';
import type { OpenItemPage, Page, TicketDashboard, TicketQuery, WorkflowTask } from '@casedesk/shared';
import { resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';

// Under the tickets' keys: a ticket saved anywhere refreshes the dashboard.
export const dashboardKeys = { ticket: resourceKeys('Ticket').of('dashboard') };

/** Every figure of the landing page in one round trip. */
export const ticketDashboardQuery = {
  queryKey: dashboardKeys.ticket,
  queryFn: () => http.get<TicketDashboard>('/api/Ticket/Dashboard'),
  staleTime: 30_000,
};

export function useTicketDashboard(enabled: boolean) {
  return useQuery({ ...ticketDashboardQuery, enabled });
}

/** The ticket list with its filter in the URL (names of `ticketQuerySchema`). */
export function ticketListLink(filter: Partial<Record<keyof TicketQuery, string | number>>): string {
  const params = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)] as [string, string]));
  return `/ticket/list?${params.toString()}`;
}

/** My open items: I am the point of contact and they are neither Complete nor Cancelled (the first few). */
export function useMyOpenItems(userId: number | undefined, enabled: boolean) {
  const body = { pointOfContact: userId, status: ['Open', 'InProgress'], page: 1, pageSize: 6 };
  return useQuery({
    // Under the open items' keys: a save of one refreshes the card.
    queryKey: resourceKeys('OpenItem').list('Query', body),
    enabled: enabled && userId !== undefined,
    queryFn: () => http.post<OpenItemPage>('/api/OpenItem/Query', body),
    staleTime: 30_000,
  });
}

/** My to-do approval tasks of invoices (the workflow's boxes, filtered by the record type). */
export function useInvoiceTasks(enabled: boolean) {
  const body = { box: 'todo', businessType: 'Invoice', page: 1, pageSize: 6 };
  return useQuery({
    queryKey: resourceKeys('WorkflowTask').list('Query', body),
    enabled,
    queryFn: () => http.post<Page<WorkflowTask>>('/api/WorkflowTask/Query', body),
    staleTime: 30_000,
  });
}
