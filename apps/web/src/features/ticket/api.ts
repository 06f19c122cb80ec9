import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailListItem,
  EmailOutboxState,
  Page,
  ScheduledTicket,
  ScheduledTicketListItem,
  ScheduledTicketMade,
  ScheduledTicketRunResult,
  Ticket,
  TicketCommentAdded,
  TicketCommentCreate,
  TicketWatch,
  TicketWatchers,
  TicketBatchUpdate,
  TicketCreate,
  TicketDetail,
  TicketMerge,
  TicketMergeResult,
  TicketOutcome,
  TicketPage,
  TicketPresenceEvent,
  TicketPresenceInput,
  TicketPriority,
  TicketReply,
  TicketQuery,
  TicketScreen,
  TicketSplit,
  TicketSplitResult,
  TicketStatus,
  TicketTimelineEntry,
  TicketUpdate,
  TicketView,
  TicketViewCount,
} from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { downloadExport } from '../../platform/http/file-transfer';
import { ticketTagsKey } from '../../platform/pickers/ticket-options';

export { ticketFormOptionsQuery, useTagSuggestions, useTicketFormOptions } from '../../platform/pickers/ticket-options';

/** The list's filter as the page keeps it (and writes into the address): the Query body without paging. */
export type TicketFilter = Omit<TicketQuery, 'page' | 'pageSize'>;
export type TicketListRequest = TicketFilter & { page: number; pageSize: number };

export const ticketKeys = {
  all: resourceKeys('Ticket').all,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (query: TicketListRequest) => [...ticketKeys.lists(), query] as const,
  detail: (id: number) => [...ticketKeys.all, 'detail', id] as const,
  record: (id: number) => [...ticketKeys.all, 'record', id] as const,
  timeline: (id: number) => [...ticketKeys.all, 'timeline', id] as const,
  screen: (id: number) => [...ticketKeys.all, 'screen', id] as const,
  options: () => [...ticketKeys.all, 'options'] as const,
  picker: (keyword: string, page: number) => [...ticketKeys.all, 'picker', keyword, page] as const,
  tags: ticketTagsKey,
};

/** One page of the ticket list: the list screen and its prefetch (pages/list/prefetch.ts) ask the same way. */
export const ticketListQuery = (query: TicketListRequest) =>
  queryOptions({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) => http.post<TicketPage>('/api/Ticket/Query', query, { signal }),
  });

export function useTicketList(query: TicketListRequest, enabled = true) {
  return useQuery({ ...ticketListQuery(query), placeholderData: keepPreviousData, enabled });
}

/** The ticket dialog list (parent ticket): a small keyword search. */
export function useTicketPicker(keyword: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.picker(keyword, page),
    queryFn: ({ signal }) =>
      http.post<TicketPage>('/api/Ticket/Query', { page, pageSize: 10, ...(keyword ? { keyword } : {}) }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A change of the ticket's tags alone, from its page: answers the record (its new rowVersion and tags). */
export function useSaveTags() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: { id: number; rowVersion: number; tags: string[] }) =>
      http.post<Ticket>('/api/Ticket/Update', body, { quiet: true }),
    onSuccess: () => void invalidate(),
  });
}

export function useTicketDetail(id: number) {
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: () => http.get<TicketDetail>(`/api/Ticket/Detail/${id}`, undefined, { quiet: true }),
    enabled: id > 0,
    retry: false,
  });
}

/**
 * The ticket page's record in one request (`Screen/{id}`: Detail with the timeline). The timeline it carries
 * fills `useTicketTimeline`'s cache, so the page opens with one round trip and a new comment reloads only it.
 */
export function useTicketScreen(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ticketKeys.screen(id),
    queryFn: async (): Promise<TicketDetail> => {
      const { timeline, ...detail } = await http.get<TicketScreen>(`/api/Ticket/Screen/${id}`, undefined, {
        quiet: true,
      });
      client.setQueryData(ticketKeys.timeline(id), timeline);
      return detail;
    },
    enabled: id > 0,
    retry: false,
  });
}

/**
 * The timeline on its own. With `seeded` (the screen's request brought it), it waits for that and does not
 * fetch again until invalidated (a comment) or refetched; the screen's own refetches bring it anew.
 */
export function useTicketTimeline(id: number, seeded?: { isSuccess: boolean }) {
  return useQuery({
    queryKey: ticketKeys.timeline(id),
    queryFn: () => http.get<TicketTimelineEntry[]>(`/api/Ticket/Timeline/${id}`),
    enabled: id > 0 && (seeded?.isSuccess ?? true),
    ...(seeded ? { staleTime: Infinity } : {}),
  });
}

function useInvalidateTickets() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ticketKeys.all });
}

export function useCreateTicket() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: TicketCreate) => http.post<Ticket>('/api/Ticket/Add', body, { quiet: true }),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateTicket() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: TicketUpdate) => http.post<Ticket>('/api/Ticket/Update', body, { quiet: true }),
    onSuccess: () => void invalidate(),
  });
}

export function useBatchStatus() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: { ids: number[]; status: TicketStatus }) =>
      http.post<{ updated: number }>('/api/Ticket/BatchStatus', body),
    onSuccess: () => void invalidate(),
  });
}

export function useBatchAssign() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: { ids: number[]; assignTo: number }) =>
      http.post<{ updated: number }>('/api/Ticket/BatchAssign', body),
    onSuccess: () => void invalidate(),
  });
}

/** Bulk edit: an outcome per ticket (each its own transaction); the list refreshes whatever the outcomes. */
export function useBatchUpdate() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: TicketBatchUpdate) => http.post<TicketOutcome[]>('/api/Ticket/BatchUpdate', body),
    onSettled: () => void invalidate(),
  });
}

export function useDeleteTickets() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? http.post<unknown>(`/api/Ticket/Delete/${ids[0]}`, {})
        : http.post<unknown>('/api/Ticket/Delete', ids),
    onSuccess: () => void invalidate(),
  });
}

export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCommentCreate) => http.post<TicketCommentAdded>('/api/TicketComment/Add', body),
    onSuccess: (_comment, body) => {
      void client.invalidateQueries({ queryKey: ticketKeys.timeline(body.ticketId) });
      // A mention makes its colleague a watcher: the page's watchers come with the screen.
      if (body.comment.includes('@')) void client.invalidateQueries({ queryKey: ticketKeys.screen(body.ticketId) });
    },
  });
}

/** Watch or unwatch a ticket; the answer (its watchers) goes straight into the page's record. */
export function useWatchTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketWatch) => http.post<TicketWatchers>('/api/Ticket/Watch', body),
    onSuccess: (answer, body) =>
      client.setQueryData<TicketDetail>(ticketKeys.screen(body.id), (page) => (page ? { ...page, ...answer } : page)),
  });
}

/** A status change from the info page: a partial update carrying only `status` and `rowVersion`. */
export function useChangeStatus() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: { id: number; rowVersion: number; status: TicketStatus }) =>
      http.post<Ticket>('/api/Ticket/Update', body, { quiet: true }),
    onSuccess: () => void invalidate(),
  });
}

// Files are a platform service; the ticket screens' callers import them from here too.
export { downloadFile, uploadFiles } from '../../platform/upload/files';

/** `POST /api/Ticket/Export`: the `.xlsx` of exactly the current filter. */
export function exportTickets(filter: TicketFilter): Promise<void> {
  return downloadExport('/api/Ticket/Export', filter, 'tickets.xlsx', { useServerName: true });
}

export const statusColors: Record<TicketStatus, string> = {
  New: 'blue',
  Assigned: 'geekblue',
  InProgress: 'processing',
  Pending: 'warning',
  Resolved: 'success',
  Closed: 'default',
  Cancelled: 'error',
  Merged: 'purple',
};

export const priorityColors: Record<TicketPriority, string> = {
  Low: 'default',
  Medium: 'cyan',
  High: 'orange',
  Urgent: 'red',
};

/** Scheduled tickets (`/ticket/scheduled`): the generic calls, plus the tickets one made and Run now. */
export const scheduledTicketApi = resourceApi<ScheduledTicketListItem, ScheduledTicket>('ScheduledTicket');

export function useScheduledTicketsMade(id: number, page: number, pageSize = 10) {
  return useQuery({
    queryKey: scheduledTicketApi.keys.of('made', id, page, pageSize),
    queryFn: () => http.post<Page<ScheduledTicketMade>>('/api/ScheduledTicket/Tickets', { id, page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** Makes the template's ticket now; the new ticket shows in every ticket view and in the template's row. */
export function useRunScheduledNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.post<ScheduledTicketRunResult>(`/api/ScheduledTicket/RunNow/${id}`, {}, { quiet: true }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: scheduledTicketApi.keys.all }),
        client.invalidateQueries({ queryKey: ticketKeys.all }),
      ]),
  });
}

/** Reply to the customer by e-mail: the server makes the public comment and the mail in one transaction. */
export function useReplyByEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketReply) => http.post<unknown>('/api/Email/Reply', body, { quiet: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ticketKeys.all }),
        client.invalidateQueries({ queryKey: resourceKeys('Email').all }),
      ]),
  });
}

/** The ticket's e-mails, both directions (`POST /api/Email/Query { ticketId }`). */
/** `GET /api/Email/Outbox`: whether mail can go out at all (an active mail account exists). */
export function useEmailOutbox(enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys('MailAccount').of('outbox'),
    queryFn: () => http.get<EmailOutboxState>('/api/Email/Outbox', undefined, { quiet: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function useTicketEmails(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys('Email').list('Query', { ticketId }),
    queryFn: () =>
      http.post<Page<EmailListItem>>('/api/Email/Query', { page: 1, pageSize: 50, ticketId }, { quiet: true }),
    enabled,
  });
}

/** Saved ticket views (contract section 20): the generic calls; a view is read with `Get`. */
export const ticketViewApi = resourceApi<TicketView>('TicketView', { detailCall: 'Get' });

/** The most views the sidebar lists, as the server counts them (`ticketViewsListed`). */
const viewsListed = 100;

/** The caller's saved views by name: their own and the shared ones meant for them. */
export function useTicketViews(enabled: boolean) {
  return useQuery({
    queryKey: ticketViewApi.keys.of('sidebar'),
    queryFn: () => http.post<Page<TicketView>>('/api/TicketView/Query', { page: 1, pageSize: viewsListed }),
    select: (page) => page.items,
    enabled,
  });
}

/** One saved view opened by its address; a view the caller may not see answers 404, shown as a worded note. */
export function useTicketView(id: number | undefined) {
  return useQuery({
    queryKey: ticketViewApi.keys.detail(id ?? 0),
    queryFn: () => http.get<TicketView>(`/api/TicketView/Get/${id}`, undefined, { quiet: true }),
    enabled: id !== undefined,
    retry: false,
  });
}

/**
 * The count of each view (built-in and saved) over the tickets the caller sees. The key starts with
 * `['TicketView', 'Counts']`: live ticket updates invalidate it; it is also asked again when the window regains focus.
 */
export const ticketViewCountsKey = ['TicketView', 'Counts'] as const;
export function useTicketViewCounts() {
  return useQuery({
    queryKey: ticketViewCountsKey,
    queryFn: ({ signal }) => http.post<TicketViewCount[]>('/api/TicketView/Counts', {}, { signal }),
    select: (counts) => new Map(counts.map((c) => [String(c.id), c.count])),
    refetchOnWindowFocus: true,
  });
}

/** After a view was saved or deleted, or tickets changed: the views and their counts again. */
export function useRefreshTicketViews() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ticketViewApi.keys.all }),
      client.invalidateQueries({ queryKey: ticketViewCountsKey }),
    ]);
}

/** `Ticket/Presence` (contract section 20): the page says it has the ticket open; the answer is who else has. */
export const sendTicketPresence = (body: TicketPresenceInput) =>
  http.post<TicketPresenceEvent>('/api/Ticket/Presence', body, { quiet: true });

/** Merge, unmerge and split (contract section 20): every view of tickets refreshes after one. */
export function useMergeTickets() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: TicketMerge) => http.post<TicketMergeResult>('/api/Ticket/Merge', body),
    onSuccess: () => void invalidate(),
  });
}

export function useUnmergeTicket() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (id: number) => http.post<TicketMergeResult>('/api/Ticket/Unmerge', { id }),
    onSuccess: () => void invalidate(),
  });
}

export function useSplitTicket() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: TicketSplit) => http.post<TicketSplitResult>('/api/Ticket/Split', body),
    onSuccess: () => void invalidate(),
  });
}
