import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { presenceTtlSeconds, type TicketPresenceEvent, type TicketPresenceInput } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { ticketPresence } from './ticket.table.js';
import { ticketVisible } from './ticket.service.js';

/** Each process LISTENs here; the payload is the ticket's id (the feed reads who is on it). */
export const ticketPresenceChannel = 'ticket_presence';

const announce = (tx: Tx, ticketId: number) =>
  tx.execute(sql`select pg_notify(${ticketPresenceChannel}, ${String(ticketId)})`);

/**
 * `POST Ticket/Presence`: the caller has the ticket open (typing a reply when `editing`), or leaves it
 * (`open: false`). Only a ticket the caller may see: any other answers 404, as it does everywhere.
 */
export async function markPresence(db: Db, actor: Actor, input: TicketPresenceInput): Promise<TicketPresenceEvent> {
  if (!(await ticketVisible(db, actor, input.id))) throw notFound();
  await db.transaction(async (tx) => {
    const mine = and(eq(ticketPresence.ticketId, input.id), eq(ticketPresence.userId, actor.userId));
    if (input.open)
      await tx
        .insert(ticketPresence)
        .values({ ticketId: input.id, userId: actor.userId, editing: input.editing })
        .onConflictDoUpdate({
          target: [ticketPresence.ticketId, ticketPresence.userId],
          set: { editing: input.editing, seenAt: sql`now()` },
        });
    else await tx.delete(ticketPresence).where(mine);
    await announce(tx, input.id);
  });
  return { ticketId: input.id, users: (await presenceOn(db, [input.id])).get(input.id) ?? [] };
}

/** The user's stream closed: they leave every ticket they had open (the page says so again if it is still open). */
export async function leaveAllPresence(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const left = await tx
      .delete(ticketPresence)
      .where(eq(ticketPresence.userId, userId))
      .returning({ ticketId: ticketPresence.ticketId });
    for (const { ticketId } of left) await announce(tx, ticketId);
  });
}

/** Who is on each of the tickets now (seen within the time-to-live), by name. */
export async function presenceOn(
  q: Queryable,
  ticketIds: number[],
): Promise<Map<number, TicketPresenceEvent['users']>> {
  const rows = await q
    .select({
      ticketId: ticketPresence.ticketId,
      id: ticketPresence.userId,
      name: userDisplayNameSql,
      editing: ticketPresence.editing,
    })
    .from(ticketPresence)
    .innerJoin(appUser, eq(appUser.id, ticketPresence.userId))
    .where(
      and(
        inArray(ticketPresence.ticketId, ticketIds),
        gt(ticketPresence.seenAt, sql`now() - make_interval(secs => ${presenceTtlSeconds})`),
      ),
    )
    .orderBy(asc(ticketPresence.ticketId), asc(userDisplayNameSql));
  const byTicket = new Map<number, TicketPresenceEvent['users']>();
  for (const { ticketId, ...user } of rows) byTicket.set(ticketId, [...(byTicket.get(ticketId) ?? []), user]);
  return byTicket;
}
