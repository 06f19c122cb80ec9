import { inArray } from 'drizzle-orm';
import type { TicketChangedEvent, TicketPresenceEvent } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import type { LiveHub, LiveMessage } from '../../platform/live.js';
import { canSee } from './ticket.policy.js';
import { leaveAllPresence, presenceOn, ticketPresenceChannel } from './ticket-presence.service.js';
import { ticket } from './ticket.table.js';

/** The ticket table's trigger (migration 0033) NOTIFYs "id:rowVersion" here on every committed insert or change. */
export const ticketChangedChannel = 'ticket_changed';

export type TicketLiveSend = {
  (event: 'ticket.changed', data: TicketChangedEvent): void;
  (event: 'ticket.presence', data: TicketPresenceEvent): void;
};

/** What deciding who hears a change has cost on this process so far (the bench reads it). */
export type TicketLiveStats = { changes: number; batches: number; queries: number; decideMs: number; sent: number };

/** Where the feed reports: a failed push, and at debug what deciding each batch of changes cost (bench:live reads it). */
export type TicketLiveLog = {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
};

export type TicketLiveFeed = {
  /** Adds an open stream of `actor`; the answer removes it (and the user leaves the tickets they had open). */
  join(actor: Actor, send: TicketLiveSend): Promise<() => void>;
  stats(): TicketLiveStats;
};

type Reader = { actor: Actor; send: TicketLiveSend };

const visibilityColumns = {
  id: ticket.id,
  rowVersion: ticket.rowVersion,
  projectId: ticket.projectId,
  privateTicket: ticket.privateTicket,
  createdBy: ticket.createdBy,
  assignTo: ticket.assignTo,
  delegateTo: ticket.delegateTo,
  grantAccess: ticket.grantAccess,
};

/**
 * Live rows and presence for the streams open on this process. One LISTEN per channel per process (the hub);
 * changes that arrive together are decided together: ONE query reads the changed tickets' visibility columns,
 * then the shared visibility rule (`canSee`, the same as the list's SQL scope) runs in memory for each open
 * stream's actor. So the cost per change is one query per process whatever the number of streams.
 */
export function createTicketLiveFeed(db: Db, live: LiveHub, log: TicketLiveLog): TicketLiveFeed {
  const onError = (error: unknown) => log.warn({ err: error }, 'ticket live push failed');
  const readers = new Set<Reader>();
  const stats: TicketLiveStats = { changes: 0, batches: 0, queries: 0, decideMs: 0, sent: 0 };
  let listening: Promise<unknown> | undefined;
  const changed = new Map<number, number>(); // id → newest rowVersion announced, waiting for the next batch
  const presence = new Set<number>();
  let scheduled = false;
  let pendingChanges = 0;

  const mayRead = (actor: Actor) => hasPermission(actor, 'ticket:view');

  async function decideChanges(ids: number[], versions: Map<number, number>, changes: number) {
    const started = performance.now();
    const rows = await db.select(visibilityColumns).from(ticket).where(inArray(ticket.id, ids));
    stats.queries++;
    const queried = performance.now();
    const sentBefore = stats.sent;
    for (const row of rows) {
      const data = { id: row.id, rowVersion: Math.max(versions.get(row.id) ?? 0, row.rowVersion) };
      for (const reader of readers)
        if (mayRead(reader.actor) && canSee(reader.actor, row)) {
          reader.send('ticket.changed', data);
          stats.sent++;
        }
    }
    const decided = performance.now();
    stats.decideMs += decided - started;
    log.debug(
      {
        changes,
        tickets: ids.length,
        readers: readers.size,
        sent: stats.sent - sentBefore,
        queries: 1,
        queryMs: queried - started,
        checkMs: decided - queried,
      },
      'ticket live batch',
    );
  }

  async function decidePresence(ids: number[]) {
    const [rows, users] = await Promise.all([
      db.select(visibilityColumns).from(ticket).where(inArray(ticket.id, ids)),
      presenceOn(db, ids),
    ]);
    stats.queries += 2;
    for (const row of rows) {
      const onIt = users.get(row.id) ?? [];
      const data = { ticketId: row.id, users: onIt };
      // Only to readers who have the ticket open: one who left is no longer on the list, and needs it no more.
      for (const reader of readers)
        if (onIt.some((u) => u.id === reader.actor.userId) && mayRead(reader.actor) && canSee(reader.actor, row))
          reader.send('ticket.presence', data);
    }
  }

  function flush() {
    scheduled = false;
    const versions = new Map(changed);
    changed.clear();
    const presenceIds = [...presence];
    presence.clear();
    if (versions.size > 0) {
      stats.batches++;
      void decideChanges([...versions.keys()], versions, pendingChanges).catch(onError);
    }
    pendingChanges = 0;
    if (presenceIds.length > 0) void decidePresence(presenceIds).catch(onError);
  }
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  const onChanged = (message: LiveMessage) => {
    if (message.kind !== 'message') return;
    const [id, rowVersion] = message.text.split(':').map(Number);
    if (!id) return;
    stats.changes++;
    pendingChanges++;
    changed.set(id, Math.max(changed.get(id) ?? 0, rowVersion ?? 0));
    schedule();
  };
  const onPresence = (message: LiveMessage) => {
    if (message.kind !== 'message') return;
    const id = Number(message.text);
    if (!id) return;
    presence.add(id);
    schedule();
  };

  return {
    async join(actor, send) {
      listening ??= Promise.all([
        live.subscribeAll(ticketChangedChannel, onChanged),
        live.subscribeAll(ticketPresenceChannel, onPresence),
      ]).catch((error: unknown) => {
        listening = undefined; // the next stream tries again
        throw error;
      });
      await listening;
      const reader: Reader = { actor, send };
      readers.add(reader);
      return () => {
        if (!readers.delete(reader)) return;
        void leaveAllPresence(db, actor.userId).catch(onError);
      };
    },
    stats: () => ({ ...stats }),
  };
}
