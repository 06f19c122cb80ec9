import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  msg,
  notificationMarkReadSchema,
  notificationMessages,
  notificationQuerySchema,
  notificationSchema,
  notificationUnreadSchema,
  pageOf,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { badRequest } from '../../platform/errors.js';
import type { LiveHub } from '../../platform/live.js';
import { createTicketLiveFeed } from '../ticket/index.js';
import * as notifications from './notification.service.js';
import { createNotificationStreams } from './notification.stream.js';

const tags = ['Notification'];
// Every signed-in user has notifications; each call reads or marks only the caller's own rows.
const config = { access: 'authenticated' as const };
const unreadResponse = { 200: envelopeSchema(notificationUnreadSchema) };
const streamPath = '/api/Notification/Stream';
const streamCookie = 'casedesk_stream';

const bearerOf = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function registerNotificationRoutes(app: FastifyInstance, db: Db, live: LiveHub) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/Notification/Query',
    {
      config,
      schema: { tags, body: notificationQuerySchema, response: { 200: envelopeSchema(pageOf(notificationSchema)) } },
    },
    async (request) => ok(await notifications.queryNotifications(db, requireActor(request), request.body)),
  );

  r.get('/api/Notification/Unread', { config, schema: { tags, response: unreadResponse } }, async (request) =>
    ok({ unread: await notifications.unreadCount(db, requireActor(request).userId) }),
  );

  r.post(
    '/api/Notification/MarkRead',
    { config, schema: { tags, body: notificationMarkReadSchema, response: unreadResponse } },
    async (request) => ok(await notifications.markRead(db, requireActor(request), request.body)),
  );

  r.post(
    '/api/Notification/StreamTicket',
    {
      config,
      schema: {
        tags,
        description:
          'Sets the cookie that lets an EventSource open `Stream` (EventSource cannot send headers): the caller’s ' +
          'access token, HttpOnly, SameSite=Strict, for the Stream path only, until the token expires.',
        response: { 200: envelopeSchema(z.object({ expiresAt: z.string() })) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const bearer = bearerOf(request.headers.authorization);
      if (!bearer || actor.apiTokenId !== undefined) throw badRequest(msg(notificationMessages, 'streamTicketSession'));
      const seconds = Math.max(0, actor.tokenExp - Math.floor(Date.now() / 1000));
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${streamCookie}=${bearer}; Path=${streamPath}; Max-Age=${seconds}; HttpOnly; SameSite=Strict${secure}`,
      );
      return ok({ expiresAt: new Date(actor.tokenExp * 1000).toISOString() });
    },
  );

  const ticketFeed = createTicketLiveFeed(db, live, app.log);
  const streams = createNotificationStreams(db, live, ticketFeed);
  // Before the server waits for open connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => streams.closeAll());
  r.get(
    streamPath,
    {
      // EventSource sends no headers: the access token comes from the StreamTicket cookie (read below, before
      // the access check), and the Auth-Token header cannot come at all (a reviewed exemption: a read-only GET).
      config: { ...config, authToken: false },
      onRequest: async (request) => {
        if (request.headers.authorization) return;
        const token = cookieOf(request.headers.cookie, streamCookie);
        if (token) request.headers.authorization = `Bearer ${token}`;
      },
      schema: {
        tags,
        description:
          'Server-Sent Events: `unread` ({ unread }) at once and after each change, `notification` (the new row), ' +
          '`ticket.changed` ({ id, rowVersion }) for each ticket the reader may see that was added or changed, ' +
          '`ticket.presence` ({ ticketId, users }) for a ticket the reader has open (`Ticket/Presence`).',
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // A client that cannot read a stream (a plain JSON call) is told so rather than left hanging.
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ''))
        throw badRequest(msg(notificationMessages, 'streamAccept'));
      await streams.open(request, reply, actor);
    },
  );
}
