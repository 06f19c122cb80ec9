import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IndexFinish, IndexQueueItem, IndexQueueQuery, IndexingDetail, Page } from '@casedesk/shared';
import { resourceKeys } from '../../../../platform/crud/resource-api';
import { http } from '../../../../platform/http/client';
import { rawCall } from '../../../../platform/http/file-transfer';

/** Indexing is a view of invoices: one key scheme, so a finish refreshes every invoice list too. */
const keys = resourceKeys('Invoice');
export const indexKeys = {
  queue: (query: IndexQueueQuery) => keys.of('index', 'queue', query),
  detail: (id: number) => keys.of('index', 'detail', id),
  all: keys.all,
};

export function useIndexQueue(query: IndexQueueQuery) {
  return useQuery({
    queryKey: indexKeys.queue(query),
    queryFn: () => http.post<Page<IndexQueueItem>>('/api/Invoice/IndexQueue', query),
    placeholderData: keepPreviousData,
    // Others claim and finish documents: keep the queue fresh while it is open.
    refetchInterval: 30_000,
  });
}

export function useIndexDetail(id: number | null) {
  return useQuery({
    queryKey: indexKeys.detail(id ?? 0),
    queryFn: () => http.get<IndexingDetail>(`/api/Invoice/IndexDetail/${id}`),
    enabled: id !== null,
  });
}

/** Every change of the queue refreshes everything cached about invoices. */
function useIndexCall<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: indexKeys.all }),
  });
}

/** `POST /api/Invoice/IndexUpload` with the files chosen or dropped (field `files`). */
export const useIndexUpload = () =>
  useIndexCall(async (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    const { data } = await rawCall('/api/Invoice/IndexUpload', { method: 'POST', body: form });
    return data as IndexQueueItem[];
  });
export const useIndexClaim = () =>
  useIndexCall((id: number) => http.post<IndexingDetail>('/api/Invoice/IndexClaim', { id }));
export const useIndexRelease = () =>
  useIndexCall((id: number) => http.post<IndexQueueItem>('/api/Invoice/IndexRelease', { id }));
export const useIndexDelete = () =>
  useIndexCall((id: number) => http.post<{ id: number }>('/api/Invoice/IndexDelete', { id }));
export const useIndexFinish = () =>
  useIndexCall((input: IndexFinish) => http.post<{ id: number }>('/api/Invoice/IndexFinish', input));
