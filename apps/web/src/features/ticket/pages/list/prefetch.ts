import type { QueryClient } from '@tanstack/react-query';
import { hasAuth } from '../../../../platform/permission';
import { ticketFormOptionsQuery, ticketListQuery } from '../../api';
import { parseListState } from '../../components/list-filter';

/**
 * The list's page as the address asks for it, and the filters' options, asked for while the screen's code loads
 * (app/router/views.ts); the page reads the same queries.
 */
export function prefetch(client: QueryClient): void {
  if (!hasAuth('ticket:view')) return;
  const { filter, page, pageSize, savedView } = parseListState(window.location.search);
  // A saved view's filter is the view's: the page reads the view first.
  if (!savedView) void client.prefetchQuery(ticketListQuery({ ...filter, page, pageSize }));
  void client.prefetchQuery(ticketFormOptionsQuery);
}
