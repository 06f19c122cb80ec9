import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TicketListItem, TicketPage } from '@casedesk/shared';
import { http } from '../../../platform/http/client';
import { useLiveEvent } from '../../../platform/http/live-events';
import { ticketKeys, type TicketListRequest } from '../api';

/**
 * The page as shown, each row replaced by its fresh copy in place (the order stays, a row that no longer matches
 * stays until the list is reloaded); `newIds`: announced tickets the fresh page has and the shown one lacks.
 */
export function mergeLivePage(
  shown: readonly TicketListItem[],
  fresh: readonly TicketListItem[],
  announced: ReadonlySet<number>,
): { rows: TicketListItem[]; newIds: number[] } {
  const freshById = new Map(fresh.map((row) => [row.id, row]));
  const shownIds = new Set(shown.map((row) => row.id));
  return {
    rows: shown.map((row) => freshById.get(row.id) ?? row),
    newIds: fresh.filter((row) => announced.has(row.id) && !shownIds.has(row.id)).map((row) => row.id),
  };
}

/** Whether an announced change concerns the page: a shown row at an older version, or a ticket not shown. */
export const concernsPage = (shown: readonly TicketListItem[], change: { id: number; rowVersion: number }) => {
  const row = shown.find((r) => r.id === change.id);
  return !row || row.rowVersion < change.rowVersion;
};

/** Live changes are gathered this long, then the page is read once. */
const gatherMs = 1000;

/**
 * Keeps the ticket list still while it follows `ticket.changed`: changed rows are refreshed in place by one quiet
 * read of the same page, and new tickets that match are counted for the "N new tickets" bar instead of pushing
 * rows down. `showNew` reloads the list with them.
 */
export function useLiveTicketRows(request: TicketListRequest, shown: TicketPage | undefined) {
  const client = useQueryClient();
  const [newIds, setNewIds] = useState<number[]>([]);
  const announced = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const key = ticketKeys.list(request);
  const requestText = JSON.stringify(request);

  useEffect(() => {
    setNewIds([]);
    announced.current.clear();
  }, [requestText]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const readAgain = () => {
    timer.current = undefined;
    const asked = new Set(announced.current);
    announced.current.clear();
    void http
      .post<TicketPage>('/api/Ticket/Query', request, { quiet: true })
      .then((fresh) => {
        const current = client.getQueryData<TicketPage>(key);
        if (!current) return;
        const merged = mergeLivePage(current.items, fresh.items, asked);
        client.setQueryData<TicketPage>(key, { ...current, items: merged.rows });
        if (merged.newIds.length > 0) setNewIds((ids) => [...new Set([...ids, ...merged.newIds])]);
      })
      .catch(() => undefined); // the next change, or a reload, tries again
  };
  const schedule = () => {
    timer.current ??= setTimeout(readAgain, gatherMs);
  };

  useLiveEvent('ticket.changed', (change) => {
    if (!shown || !concernsPage(shown.items, change)) return;
    announced.current.add(change.id);
    schedule();
  });
  useLiveEvent('open', () => shown && schedule());

  return {
    newCount: newIds.length,
    showNew: () => {
      setNewIds([]);
      void client.invalidateQueries({ queryKey: key });
    },
  };
}
