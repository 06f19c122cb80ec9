import { and, inArray } from 'drizzle-orm';
import type { EmailEvent, TemplateLanguage } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { appUser } from '../user/index.js';
import type { TemplateValues } from './email-render.service.js';
import {
  mailSetupOf,
  recipientOf,
  renderAndQueue,
  takesTicketMail,
  ticketMailFacts,
  ticketValueSelection,
  userColumns,
  type TemplateRow,
  type TicketMailFactsInput,
} from './email-notify.service.js';
import { ticketValuesFrom } from './email-template.service.js';

/**
 * Mails a ticket event's template to each of `userIds` who takes ticket mail, in their language, with the ticket's
 * values and `more` (worded by the template's language and the user's zone). The ticket module chose the users:
 * they may see the ticket (service-level warnings, mentions, watchers).
 */
export async function mailTicketUsers(
  tx: Tx,
  mail: { event: EmailEvent; ticketId: number; userIds: readonly number[]; actorId: number | null; commentId?: number },
  more: (language: TemplateLanguage, user: { timeZone: string | null }) => TemplateValues,
): Promise<void> {
  if (mail.userIds.length === 0) return;
  const [raw] = await ticketMailFacts(tx, {
    ticketId: mail.ticketId,
    assigneeId: null,
    customer: false,
    event: mail.event,
  } satisfies TicketMailFactsInput);
  if (!raw) return;
  const setup = mailSetupOf(raw as { basic: Record<string, unknown> | null; templates: TemplateRow[] });
  const found = ticketValuesFrom(ticketValueSelection.rowOf(raw));
  const users = await tx
    .select({ ...userColumns, timeZone: appUser.timeZone })
    .from(appUser)
    .where(and(inArray(appUser.id, [...mail.userIds]), takesTicketMail))
    .orderBy(appUser.id);
  for (const user of users) {
    const recipient = recipientOf(user);
    if (!recipient) continue;
    await renderAndQueue(
      tx,
      {
        event: mail.event,
        recipient,
        values: (language) => ({ ticket: found.values, link: found.values.link, ...more(language, user) }),
        actorId: mail.actorId,
        ticketId: mail.ticketId,
        ...(mail.commentId !== undefined ? { commentId: mail.commentId } : {}),
      },
      setup,
    );
  }
}
