import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
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
import * as notifications from './notification.service.js';
import { createNotificationStreams } from './notification.stream.js';

const tags = ['Notification'];
// Every signed-in user has notifications; each call reads or marks only the caller's own rows.
const config = { access: 'authenticated' as const };
const unreadResponse = { 200: envelopeSchema(notificationUnreadSchema) };

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

  const streams = createNotificationStreams(db, live);
  // Before the server waits for open connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => streams.closeAll());
  r.get(
    '/api/Notification/Stream',
    {
      config,
      schema: {
        tags,
        description:
          'Server-Sent Events: `unread` ({ unread }) at once and after each change, `notification` (the new row).',
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // A client that cannot read a stream (a plain JSON call) is told so rather than left hanging.
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ''))
        throw badRequest(notificationMessages.streamAccept);
      await streams.open(request, reply, actor);
    },
  );
}
