import { z } from 'zod';
import { idSchema } from '../platform/paging.js';

// The desk that updates itself (contract section 20, "Live"): presence on a ticket page and what the stream carries.

/** How long a Presence call keeps its user on a ticket; the page repeats it every `presenceRepeatSeconds`. */
export const presenceTtlSeconds = 60;
export const presenceRepeatSeconds = 30;

/** `POST Ticket/Presence`: the caller has the ticket open (and is typing a reply when `editing`); `open: false` leaves. */
export const ticketPresenceSchema = z
  .object({ id: idSchema, editing: z.boolean().default(false), open: z.boolean().default(true) })
  .strict();
export type TicketPresenceInput = z.infer<typeof ticketPresenceSchema>;

export const ticketPresenceUserSchema = z.object({ id: z.number().int(), name: z.string(), editing: z.boolean() });
export type TicketPresenceUser = z.infer<typeof ticketPresenceUserSchema>;

/** SSE `ticket.presence`, and the answer of `Ticket/Presence`: everyone who has the ticket open now. */
export const ticketPresenceEventSchema = z.object({
  ticketId: z.number().int(),
  users: z.array(ticketPresenceUserSchema),
});
export type TicketPresenceEvent = z.infer<typeof ticketPresenceEventSchema>;

/** SSE `ticket.changed`: a ticket the reader may see was added or changed (committed). */
export type TicketChangedEvent = { id: number; rowVersion: number };
