import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenItem, OpenItemDetail, OpenItemPage, TicketFormOptions, UploadedFile } from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';
import { rawCall } from '../http/file-transfer';
import { useDictionaryItems } from '../labels/dictionary-labels';

/** Open items (the open item pages and the ticket page's panel share them, so they live in the platform). */
export const openItemApi = resourceApi<OpenItem, OpenItemDetail>('OpenItem');
const keys = resourceKeys('OpenItem');

/** The items of one ticket in their order (the panel), with the LOE total. */
export function useTicketOpenItems(ticketId: number, enabled = true) {
  return useQuery({
    queryKey: keys.list('Query', { ticketId, pageSize: 500 }),
    queryFn: () => http.post<OpenItemPage>('/api/OpenItem/Query', { ticketId, page: 1, pageSize: 500 }),
    enabled,
  });
}

/** Drag to reorder: every item of the ticket in its new order. */
export function useReorderOpenItems() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ticketId: number; ids: number[] }) =>
      http.post<OpenItem[]>('/api/OpenItem/Reorder', body, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Spec section 7: attachments straight onto an item (`openItem:editFile`). */
export async function uploadOpenItemFiles(openItemId: number, files: File[]): Promise<UploadedFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { data } = await rawCall(`/api/CmOpenItemDetailAttachment/UploadV2?openItemId=${openItemId}`, {
    method: 'POST',
    body: form,
  });
  return data as UploadedFile[];
}

/** One file off an item (`openItem:deleteFile`). */
export function useRemoveOpenItemFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { openItemId: number; fileId: number }) =>
      http.post<OpenItem>('/api/CmOpenItemDetailAttachment/Delete', body, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The task categories (dictionary `taskCategory`): `options` for a drop-down, `label` for an item's stored value. */
export const useTaskCategories = () => useDictionaryItems('taskCategory');

/**
 * Projects and users to choose from (the ticket form's options: what the user may pick on a ticket), so that a
 * staff member without `user:view` or `project:view` can still name a point of contact or a project.
 */
export function useOpenItemChoices() {
  const query = useQuery({
    queryKey: resourceKeys('Ticket').of('formOptions'),
    queryFn: () => http.get<TicketFormOptions>('/api/Ticket/FormOptions'),
    staleTime: 5 * 60_000,
  });
  return {
    projects: (query.data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` })),
    users: (query.data?.users ?? []).map((u) => ({ value: u.id, label: u.name || u.loginName })),
  };
}
