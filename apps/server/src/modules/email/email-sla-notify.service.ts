import type { EmailEvent } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import type { DomainEventHandler, SlaEvent } from '../../platform/events.js';
import { formatMoment } from '../../platform/zoned-time.js';
import { mailTicketUsers } from './email-user-notify.service.js';

/**
 * A service-level warning or breach: each recipient the ticket module named who takes ticket mail gets the event's
 * template in their language, the due instant in its format and in their zone (else the desk's).
 */
async function mailSla(tx: Tx, event: SlaEvent): Promise<void> {
  const mailEvent: EmailEvent = event.type === 'sla.warning' ? 'slaWarning' : 'slaBreached';
  await mailTicketUsers(
    tx,
    { event: mailEvent, ticketId: event.ticketId, userIds: event.recipientIds, actorId: null },
    (language, user) => ({
      sla: { target: event.target, dueAt: formatMoment(event.dueAt, language, user.timeZone, event.timeZone) },
    }),
  );
}

/** The e-mail module's handler of service-level events (beside `notifyByEmail`). */
export const notifySlaByEmail: DomainEventHandler = async (tx, event) => {
  if (event.type === 'sla.warning' || event.type === 'sla.breached') await mailSla(tx, event);
};
