import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ticketViewCountSchema, ticketViewCountsBodySchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { ticketViewResource } from './ticket-view.resource.js';
import { countTicketViews } from './ticket-view.service.js';

export function registerTicketViewRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, ticketViewResource);
  // The built-in views are every ticket reader's; the saved ones are added for those with `ticketView:view`.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/TicketView/Counts',
    {
      config: { access: 'ticket:view' },
      schema: {
        tags: ['TicketView'],
        body: ticketViewCountsBodySchema,
        response: { 200: envelopeSchema(z.array(ticketViewCountSchema)) },
      },
    },
    async (request) => ok(await countTicketViews(db, requireActor(request))),
  );
}
