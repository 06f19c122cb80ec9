import i18n from 'i18next';
import { ticketMessages } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';

const keyByText = new Map<string, string>([
  [ticketMessages.submitted, 'submitted'],
  [ticketMessages.submitFailed, 'submitFailed'],
  [ticketMessages.noAssignee, 'noAssignee'],
  [ticketMessages.commentSaved, 'commentSaved'],
  [ticketMessages.endBeforeStart, 'endBeforeStart'],
  [ticketMessages.cancelledIsFinal, 'cancelledIsFinal'],
]);

/** The server's fixed ticket texts in the user's language; other texts as the shared translator has them. */
export function translateTicketMessage(text: string): string {
  const key = keyByText.get(text);
  return key ? i18n.t(`ticket.messages.${key}`) : translateServerMessage(text);
}

export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
