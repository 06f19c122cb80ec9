import { z } from 'zod';
import { slaHolders, slaStates } from '../ticket/ticket.values.js';

const instant = z.string().nullable();

/**
 * A ticket's service-level clock (contract section 19), read-only in every Ticket answer; null when no policy
 * applies. `resolutionDueAt` is the ticket's `dueDate`. While `paused` the due instants stand still: they move
 * on by the paused working time when the clock runs again. `heldBy` says whom the ticket waits on: an approver
 * while an approval runs, the customer in a pause status, else the agent (the desk).
 */
export const ticketSlaSchema = z
  .object({
    policyId: z.number().int().nullable(),
    policyName: z.string().nullable(),
    /** Extension: set on the demo's policies, whose names the web shows in the reader's language. */
    policySeedCode: z.string().nullable(),
    firstResponseDueAt: instant,
    firstResponseAt: instant,
    /** Extension: when the next public update is due (a policy with a next-update target, once answered). */
    nextUpdateDueAt: instant,
    resolutionDueAt: instant,
    resolvedAt: instant,
    paused: z.boolean(),
    pausedSince: instant,
    heldBy: z.enum(slaHolders),
    state: z.enum(slaStates),
  })
  .nullable();
export type TicketSla = z.infer<typeof ticketSlaSchema>;

/** One span in which a ticket waited on someone other than the desk (the clock's history on the ticket page). */
export const ticketSlaHoldSchema = z.object({
  heldBy: z.enum(slaHolders),
  /** Whether the clock stood still (the policy pauses for this), or ran on while the ticket waited. */
  paused: z.boolean(),
  /** The status it waited in (customer), or null (an approval). */
  status: z.string().nullable(),
  startedAt: z.string(),
  endedAt: instant,
  /** Working minutes of the span on the policy's calendar (null while it lasts). */
  workingMinutes: z.number().int().nullable(),
});
export type TicketSlaHold = z.infer<typeof ticketSlaHoldSchema>;
