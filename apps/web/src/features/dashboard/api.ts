import { useQuery } from '@tanstack/react-query';
import type { TicketDashboard } from '@casedesk/shared';
import { http } from '../../platform/http/client';

export const dashboardKeys = { ticket: ['Ticket', 'dashboard'] as const };

/** Every figure of the landing page in one round trip. */
export function useTicketDashboard() {
  return useQuery({
    queryKey: dashboardKeys.ticket,
    queryFn: () => http.get<TicketDashboard>('/api/Ticket/Dashboard'),
    staleTime: 30_000,
  });
}

/** The ticket list with its filter in the URL (names of `ticketQuerySchema`). */
export function ticketListLink(filter: Record<string, string | number>): string {
  const params = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)]));
  return `/ticket/list?${params.toString()}`;
}
