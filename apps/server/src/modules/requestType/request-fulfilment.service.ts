import { and, eq } from 'drizzle-orm';
import type { FulfilmentMoment } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import type { DomainEvent } from '../../platform/events.js';
import { addSystemOpenItemIn } from '../openItem/index.js';
import { ticket } from '../ticket/index.js';
import { requestFulfilment } from './request-fulfilment.table.js';
import { requestType } from './request-type.table.js';

/**
 * Makes the fulfilment items of a request's ticket whose moment has come, as open items of the ticket, inside the
 * caller's transaction. Each item is claimed first (`request_fulfilment`'s key): an item already made — a re-run,
 * a second approval event — is skipped, so it is made once.
 */
export async function makeFulfilment(
  tx: Tx,
  ticketId: number,
  moment: FulfilmentMoment,
  actorId: number | null,
): Promise<void> {
  const [row] = await tx
    .select({ fulfilment: requestType.fulfilment, createdBy: ticket.createdBy })
    .from(ticket)
    .innerJoin(requestType, eq(requestType.id, ticket.requestTypeId))
    .where(eq(ticket.id, ticketId));
  if (!row) return;
  for (const [itemIndex, item] of row.fulfilment.entries()) {
    if (item.when !== moment) continue;
    const [claimed] = await tx
      .insert(requestFulfilment)
      .values({ ticketId, itemIndex })
      .onConflictDoNothing()
      .returning({ ticketId: requestFulfilment.ticketId });
    if (!claimed) continue;
    const openItemId = await addSystemOpenItemIn(
      tx,
      {
        ticketId,
        description: item.title,
        pointOfContact: item.assigneeId ?? null,
        groupId: item.groupId ?? null,
      },
      actorId ?? row.createdBy,
    );
    await tx
      .update(requestFulfilment)
      .set({ openItemId })
      .where(and(eq(requestFulfilment.ticketId, ticketId), eq(requestFulfilment.itemIndex, itemIndex)));
  }
}

/** A ticket's approval ended approved: its request's "approved" items are made (never on a rejection). */
export async function onRequestEvent(tx: Tx, event: DomainEvent): Promise<void> {
  if (event.type !== 'workflow.finished' || event.status !== 'Approved' || event.businessType !== 'Ticket') return;
  await makeFulfilment(tx, event.businessId, 'approved', event.actorId);
}
