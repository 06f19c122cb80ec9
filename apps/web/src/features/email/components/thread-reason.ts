import type { TFunction } from 'i18next';
import type { ThreadReason } from '@casedesk/shared';

/** Why an incoming mail went where it went, in words: the reason, then the server's detail (which header, which ticket). */
export function threadReasonText(t: TFunction, reason: ThreadReason | null, detail: string | null): string | null {
  if (!reason) return null;
  const text = t(`email.threadReason.${reason}`);
  return detail ? `${text} (${detail})` : text;
}
