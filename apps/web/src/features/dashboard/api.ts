import { useQuery } from '@tanstack/react-query';
import type { TicketDashboard, TicketQuery } from '@casedesk/shared';
import { resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';

// Under the tickets' keys: a ticket saved anywhere refreshes the dashboard.
export const dashboardKeys = { ticket: resourceKeys('Ticket').of('dashboard') };

/** Every figure of the landing page in one round trip. */
export function useTicketDashboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.ticket,
    enabled,
    queryFn: () => http.get<TicketDashboard>('/api/Ticket/Dashboard'),
    staleTime: 30_000,
  });
}

/** The ticket list with its filter in the URL (names of `ticketQuerySchema`). */
export function ticketListLink(filter: Partial<Record<keyof TicketQuery, string | number>>): string {
  const params = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)] as [string, string]));
  return `/ticket/list?${params.toString()}`;
}
