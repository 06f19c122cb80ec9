import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TicketView } from '@casedesk/shared';
import { usePermissions } from '../../../../platform/permission';
import {
  ticketViewApi,
  ticketViewCountsKey,
  useRefreshTicketViews,
  useTicketView,
  useTicketViewCounts,
  useTicketViews,
} from '../../api';
import { clean, hiddenForColumns, type ListState } from '../../components/list-filter';
import type { CurrentList } from '../../components/TicketViewEditor';
import type { OpenView } from './TicketViewsPanel';

/** A saved view as the list's filter: its Ticket/Query body and its sort. */
export const filterOfView = (view: TicketView) =>
  clean({ ...view.query, orderBy: view.sort.length > 0 ? view.sort : undefined });

type Options = {
  state: ListState;
  setState: (next: ListState) => void;
  /** The columns the chooser offers, and the setter of the hidden ones. */
  chooseable: string[];
  hidden: string[];
  setHidden: (hidden: string[]) => void;
};

/**
 * The list's views: the built-in and saved ones with their counts, which one is open, opening one (also by its
 * address, `?view=12`), and what "Save as view" saves.
 */
export function useSavedViews({ state, setState, chooseable, hidden, setHidden }: Options) {
  const mayKeepViews = usePermissions().has('ticketView:view');
  const views = useTicketViews(mayKeepViews);
  const counts = useTicketViewCounts();
  const refresh = useRefreshTicketViews();
  const remove = ticketViewApi.useRemove();
  // A view named by the address is read first; until then the list waits (its filter is the view's).
  const [addressed, setAddressed] = useState(state.savedView);
  const fromAddress = useTicketView(addressed);
  const [missing, setMissing] = useState(false);

  const openSaved = (view: TicketView, page = 1) => {
    setState({ filter: filterOfView(view), page, pageSize: state.pageSize, savedView: view.id });
    if (view.columns.length > 0) setHidden(hiddenForColumns(view.columns, chooseable));
  };

  useEffect(() => {
    if (addressed === undefined) return;
    if (fromAddress.data) {
      openSaved(fromAddress.data, state.page);
      setAddressed(undefined);
    } else if (fromAddress.isError) {
      // Gone, or not shared with this reader: say so and show all tickets.
      setMissing(true);
      setState({ filter: {}, page: 1, pageSize: state.pageSize });
      setAddressed(undefined);
    }
    // Runs when the addressed view arrives; openSaved reads the state of that moment.
  }, [addressed, fromAddress.data, fromAddress.isError]);

  const { orderBy, ...query } = state.filter;
  const otherFilters = Object.keys(query).filter((key) => key !== 'view');
  const open: OpenView = state.savedView
    ? { saved: state.savedView }
    : otherFilters.length === 0
      ? { builtin: query.view ?? 'all' }
      : null;
  const current: CurrentList = {
    query,
    sort: (orderBy ?? []) as CurrentList['sort'],
    columns: chooseable.filter((key) => !hidden.includes(key)),
  };

  return {
    mayKeepViews,
    views: views.data ?? [],
    counts: counts.data,
    open,
    current,
    /** The list waits while a view named by the address is read. */
    waiting: addressed !== undefined,
    missing,
    dismissMissing: () => setMissing(false),
    openSaved,
    openBuiltin: (view: string) =>
      setState({
        filter: view === 'all' ? {} : clean({ view: view as ListState['filter']['view'] }),
        page: 1,
        pageSize: state.pageSize,
      }),
    /** After a save: the views again, and the saved view opened (its filter may have changed). */
    saved: (view: TicketView) => {
      void refresh();
      openSaved(view);
    },
    remove: async (view: TicketView) => {
      await remove.mutateAsync(view.id);
      void refresh();
      if (state.savedView === view.id) setState({ filter: {}, page: 1, pageSize: state.pageSize });
    },
  };
}

/**
 * Tickets changed (a save, a bulk edit, the reload button): the list refetched the same request, so the views are
 * counted again. A new page or filter is not a change and does not recount.
 */
export function useRecountOnRefetch(listKey: string, fetchedAt: number) {
  const client = useQueryClient();
  const last = useRef({ listKey, fetchedAt });
  useEffect(() => {
    const before = last.current;
    last.current = { listKey, fetchedAt };
    if (before.listKey === listKey && before.fetchedAt !== 0 && before.fetchedAt !== fetchedAt)
      void client.invalidateQueries({ queryKey: ticketViewCountsKey });
  }, [client, listKey, fetchedAt]);
}
