import type { QueryClient } from '@tanstack/react-query';
import { hasAuth } from '../../../../platform/permission';
import { ticketDashboardQuery } from '../../api';

/** The landing page's figures, asked for while its code loads (app/router/views.ts); the page reads the same query. */
export function prefetch(client: QueryClient): void {
  if (hasAuth('ticket:view')) void client.prefetchQuery(ticketDashboardQuery);
}
