import { and, inArray } from 'drizzle-orm';
import type { EmailEvent } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import type { DomainEventHandler, SlaEvent } from '../../platform/events.js';
import { formatMoment } from '../../platform/zoned-time.js';
import { appUser } from '../user/index.js';
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
 * A service-level warning or breach: each recipient the ticket module named who takes ticket mail gets the event's
 * template in their language, the due instant in its format and in their zone (else the desk's).
 */
async function mailSla(tx: Tx, event: SlaEvent): Promise<void> {
  if (event.recipientIds.length === 0) return;
  const mailEvent: EmailEvent = event.type === 'sla.warning' ? 'slaWarning' : 'slaBreached';
  const [raw] = await ticketMailFacts(tx, {
    ticketId: event.ticketId,
    assigneeId: null,
    customer: false,
    event: mailEvent,
  } satisfies TicketMailFactsInput);
  if (!raw) return;
  const setup = mailSetupOf(raw as { basic: Record<string, unknown> | null; templates: TemplateRow[] });
  const found = ticketValuesFrom(ticketValueSelection.rowOf(raw));
  const users = await tx
    .select({ ...userColumns, timeZone: appUser.timeZone })
    .from(appUser)
    .where(and(inArray(appUser.id, event.recipientIds), takesTicketMail))
    .orderBy(appUser.id);
  for (const user of users) {
    const recipient = recipientOf(user);
    if (!recipient) continue;
    await renderAndQueue(
      tx,
      {
        event: mailEvent,
        recipient,
        values: (language) => ({
          ticket: found.values,
          link: found.values.link,
          sla: { target: event.target, dueAt: formatMoment(event.dueAt, language, user.timeZone, event.timeZone) },
        }),
        actorId: null,
        ticketId: event.ticketId,
      },
      setup,
    );
  }
}

/** The e-mail module's handler of service-level events (beside `notifyByEmail`). */
export const notifySlaByEmail: DomainEventHandler = async (tx, event) => {
  if (event.type === 'sla.warning' || event.type === 'sla.breached') await mailSla(tx, event);
};
