import { useMutation } from '@tanstack/react-query';
import type { MailAccount, MailAccountTestResult } from '@casedesk/shared';
import { resourceApi } from '../../../platform/crud/resource-api';
import { http } from '../../../platform/http/client';

export type MailAccountRecord = MailAccount & { id: number };

/** Mail accounts of Settings → E-mail (`/api/MailAccount/...`; one record is `Get/{id}`, the password never in it). */
export const mailAccountApi = resourceApi<MailAccountRecord>('MailAccount', { detailCall: 'Get' });

/** `POST Test/{id}`: both connections tried; each says in words what failed. */
export function useTestMailAccount() {
  return useMutation({
    mutationFn: (id: number) => http.post<MailAccountTestResult>(`/api/MailAccount/Test/${id}`, {}, { quiet: true }),
  });
}
