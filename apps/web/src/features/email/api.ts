import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Email, EmailListItem, EmailTemplate } from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { rawCall, saveBlob, serverFileName } from '../../platform/http/file-transfer';

/** An e-mail as `Get/{id}` answers it; `files` (names and sizes of the attachments) when the server adds them. */
export type EmailRecord = Email & {
  id: number;
  ticketCaseNumber?: string | null;
  files?: { fileId: number; name: string; size: number }[];
};
export type EmailTemplateRecord = EmailTemplate & { id: number };

// One record is `Get/{id}` (contract §13 route names).
export const emailApi = resourceApi<EmailListItem, EmailRecord>('Email', { detailCall: 'Get' });
export const emailTemplateApi = resourceApi<EmailTemplateRecord>('EmailTemplate', { detailCall: 'Get' });

const emailKeys = resourceKeys('Email');

/** `Send`, `Resend`, `Split`, `Reprocess`: one e-mail id in the body. */
export const useEmailCall = (call: 'Send' | 'Resend' | 'Split' | 'Reprocess') =>
  emailApi.useCall<{ id: number }>(() => call);

/** Moves a wrongly threaded incoming mail to another ticket. */
export const useMoveEmail = () => emailApi.useCall<{ id: number; ticketId: number }>(() => 'Move');

/** Saves a draft (`Add`/`Update`), optionally queueing it at once (`send: true` on Add, `Send` after an Update). */
export function useSaveEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, send }: { id: number | null; body: Record<string, unknown>; send: boolean }) => {
      if (id === null) return http.post<EmailRecord>('/api/Email/Add', { ...body, send }, { quiet: true });
      const saved = await http.post<EmailRecord>('/api/Email/Update', { ...body, id }, { quiet: true });
      if (send) await http.post<unknown>('/api/Email/Send', { id }, { quiet: true });
      return saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: emailKeys.all }),
  });
}

/** `GET /api/Email/Raw/{id}`: the message as received (`.eml`). */
export async function downloadRaw(id: number): Promise<void> {
  const { response } = await rawCall(`/api/Email/Raw/${id}`, { method: 'GET' });
  saveBlob(await response.blob(), serverFileName(response) ?? `email-${id}.eml`);
}

/** A variable of the picker; `description` per language when the server gives it so, `events` those that fill it. */
export type TemplateVariable = {
  name: string;
  description?: string | Record<string, string>;
  example?: string;
  events?: string[];
};

/** The variables a template may use (`{{ticket.caseNumber}}` ...); they change only with a deployment. */
export function useTemplateVariables() {
  return useQuery({
    queryKey: resourceKeys('EmailTemplate').of('variables'),
    queryFn: async () => {
      const answer = await http.get<unknown>('/api/EmailTemplate/Variables');
      return normaliseVariables(answer);
    },
    staleTime: 10 * 60_000,
  });
}

/** The server answers a list of names or of `{ name, description }` objects, flat or grouped: one shape here. */
export function normaliseVariables(answer: unknown): TemplateVariable[] {
  const list = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object'
      ? Object.values(answer as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : []))
      : [];
  return list.flatMap((item): TemplateVariable[] => {
    if (typeof item === 'string') return [{ name: item }];
    if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const name = record.name ?? record.key ?? record.path;
      if (typeof name !== 'string') return [];
      const description =
        typeof record.description === 'string' ||
        (record.description !== null && typeof record.description === 'object')
          ? (record.description as TemplateVariable['description'])
          : undefined;
      const example = typeof record.example === 'string' ? record.example : undefined;
      const events = Array.isArray(record.events) ? record.events.filter((e) => typeof e === 'string') : undefined;
      return [
        {
          name: name.replace(/^\{\{\s*|\s*\}\}$/g, ''),
          description,
          example,
          ...(events ? { events } : {}),
        },
      ];
    }
    return [];
  });
}

export type PreviewBody = { id?: number; subject?: string; body?: string; ticketId?: number };

/** `POST Preview`: the template rendered (against a ticket when one is given). */
export const previewTemplate = (body: PreviewBody) =>
  http.post<{ subject: string; body: string }>('/api/EmailTemplate/Preview', body, { quiet: true });
