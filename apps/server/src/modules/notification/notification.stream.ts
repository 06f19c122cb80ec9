import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import type { LiveHub, LiveMessage } from '../../platform/live.js';
import type { TicketLiveFeed } from '../ticket/index.js';
import { findOwnNotification, notificationChannel, unreadCount } from './notification.service.js';

/** A comment line this often keeps proxies and the browser from timing the stream out. */
export const heartbeatMs = 25_000;
/** How long the browser waits before it reconnects (the SSE `retry:` field). */
const retryMs = 5_000;
const maxStreamMs = 60 * 60_000;

export type NotificationStreams = {
  open(request: FastifyRequest, reply: FastifyReply, actor: Actor): Promise<void>;
  /** Ends every open stream (shutdown: the server does not wait for them to end by themselves). */
  closeAll(): void;
};

/**
 * `GET /api/Notification/Stream`: Server-Sent Events for the caller — `unread` (the count) at once and after
 * every change, `notification` (the new row) when one is written for them on any instance. The stream ends
 * when the access token expires, so a signed-out or disabled user's stream does not outlive the token: the
 * client reconnects with a fresh one (and its Auth-Token header is checked again then).
 */
export function createNotificationStreams(db: Db, live: LiveHub, tickets: TicketLiveFeed): NotificationStreams {
  const open = new Set<() => void>();

  return {
    closeAll() {
      for (const end of [...open]) end();
    },
    async open(request, reply, actor) {
      const userId = actor.userId;
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx: pass each event on at once rather than buffering the response.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: ${retryMs}\n\n`);

      let ended = false;
      // Pushes are serialised so that a count never overtakes the row it counts.
      let queue = Promise.resolve();
      const send = (event: string, data: unknown) => {
        if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const sendUnread = async () => send('unread', { unread: await unreadCount(db, userId) });
      const onMessage = (message: LiveMessage) => {
        queue = queue
          .then(async () => {
            if (ended) return;
            if (message.kind === 'message' && message.text.startsWith('new:')) {
              const row = await findOwnNotification(db, userId, Number(message.text.slice(4)));
              if (row) send('notification', row);
            }
            await sendUnread();
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'notification push failed'));
      };

      const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
      heartbeat.unref();
      const untilExpiry = actor.tokenExp > 0 ? actor.tokenExp * 1000 - Date.now() : maxStreamMs;
      const expiry = setTimeout(() => end(), Math.max(1000, Math.min(untilExpiry, maxStreamMs)));
      expiry.unref();
      let unsubscribe: () => void = () => undefined;
      let leaveTickets: () => void = () => undefined;
      const end = () => {
        if (ended) return;
        ended = true;
        open.delete(end);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        leaveTickets();
        res.end();
      };
      open.add(end);
      res.on('close', end);
      res.on('error', end);

      try {
        unsubscribe = await live.subscribe(notificationChannel, userId, onMessage);
        leaveTickets = await tickets.join(actor, send);
        if (ended) {
          unsubscribe(); // the client left while we subscribed
          leaveTickets();
        }
        // The count after the subscription is in place: nothing committed from here on is missed.
        onMessage({ kind: 'resync' });
      } catch (error) {
        request.log.warn({ err: error }, 'notification stream could not listen');
        end();
      }
    },
  };
}
