import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './db.js';

/**
 * Live pushes to the signed-in users' open streams, across server instances. A writer calls `publishToUser`
 * inside its transaction: `pg_notify` is delivered at commit (never for a rollback), to every process that
 * LISTENs on the channel, this one included. Each process keeps one LISTEN per channel (a dedicated
 * connection on PostgreSQL, PGlite's own listeners on the embedded database) and hands each message to its
 * own subscribers of that user.
 */

/** How the app LISTENs (db/database.ts supplies it; the platform does not open connections). */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  onConnected?: () => void,
) => Promise<() => Promise<void>>;

/** What a subscriber hears: a message for its user, or `resync` after the listening connection came back. */
export type LiveMessage = { kind: 'message'; text: string } | { kind: 'resync' };

export type LiveHub = {
  /** Resolves once messages committed from now on reach `onMessage`; the answer unsubscribes. */
  subscribe(channel: string, userId: number, onMessage: (message: LiveMessage) => void): Promise<() => void>;
  /**
   * Every payload of a channel whose writers notify for no one user in particular (the ticket trigger's
   * `ticket_changed`): the subscriber decides who hears it. `resync` as for `subscribe`.
   */
  subscribeAll(channel: string, onMessage: (message: LiveMessage) => void): Promise<() => void>;
  /** How many users' subscriptions are open (tests, shutdown); `subscribeAll`'s, one per channel per process, are not counted. */
  size(): number;
  close(): Promise<void>;
};

/** Queues `text` for `userId`'s subscribers on `channel`, sent when the caller's transaction commits. */
export async function publishToUser(tx: Tx, channel: string, userId: number, text: string): Promise<void> {
  await tx.execute(sql`select ${publishSql(channel, sql`${userId}`, sql`${text}`)}`);
}

/** `publishToUser` as an expression, for a statement that pushes what it writes (no round trip of its own). */
export const publishSql = (channel: string, userId: SQL, text: SQL): SQL =>
  sql`pg_notify(${channel}, ${userId}::text || ':' || ${text})`;

export function createLiveHub(listen: Listen, onError: (error: unknown) => void = () => undefined): LiveHub {
  type Subscriber = (message: LiveMessage) => void;
  type Channel = {
    users: Map<number, Set<Subscriber>>;
    everyone: Set<Subscriber>;
    listening: Promise<() => Promise<void>>;
    connectedOnce: boolean;
  };
  const channels = new Map<string, Channel>();
  let count = 0;
  let closed = false;

  const tell = (subscriber: Subscriber, message: LiveMessage) => {
    try {
      subscriber(message);
    } catch (error) {
      onError(error); // one broken stream never stops the others
    }
  };

  function channelOf(name: string): Channel {
    const channel = channels.get(name);
    if (channel) return channel;
    const created: Channel = {
      users: new Map(),
      everyone: new Set(),
      listening: Promise.resolve(async () => undefined),
      connectedOnce: false,
    };
    created.listening = listen(
      name,
      (payload) => {
        for (const subscriber of created.everyone) tell(subscriber, { kind: 'message', text: payload });
        if (created.users.size === 0) return;
        const colon = payload.indexOf(':');
        const userId = Number(payload.slice(0, colon));
        const text = payload.slice(colon + 1);
        for (const subscriber of created.users.get(userId) ?? []) tell(subscriber, { kind: 'message', text });
      },
      () => {
        // After a lost connection, NOTIFYs sent meanwhile are gone: every subscriber re-reads its state.
        if (created.connectedOnce)
          for (const subscriber of [...created.everyone, ...[...created.users.values()].flatMap((set) => [...set])])
            tell(subscriber, { kind: 'resync' });
        created.connectedOnce = true;
      },
    );
    created.listening.catch(() => channels.delete(name)); // the next subscriber tries again
    channels.set(name, created);
    return created;
  }

  return {
    async subscribe(name, userId, onMessage) {
      if (closed) throw new Error('The live hub is closed.');
      const channel = channelOf(name);
      await channel.listening;
      let set = channel.users.get(userId);
      if (!set) {
        set = new Set();
        channel.users.set(userId, set);
      }
      const subscriber: Subscriber = (message) => onMessage(message);
      set.add(subscriber);
      count++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        count--;
        set.delete(subscriber);
        if (set.size === 0 && channel.users.get(userId) === set) channel.users.delete(userId);
      };
    },
    async subscribeAll(name, onMessage) {
      if (closed) throw new Error('The live hub is closed.');
      const channel = channelOf(name);
      await channel.listening;
      const subscriber: Subscriber = (message) => onMessage(message);
      channel.everyone.add(subscriber);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        channel.everyone.delete(subscriber);
      };
    },
    size: () => count,
    async close() {
      closed = true;
      const stops = [...channels.values()].map((channel) => channel.listening.then((stop) => stop()).catch(onError));
      channels.clear();
      await Promise.all(stops);
    },
  };
}
