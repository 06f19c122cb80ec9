import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idParamSchema,
  scheduledTicketMadePageSchema,
  scheduledTicketRunResultSchema,
  scheduledTicketTicketsQuerySchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { runNow } from './scheduled-ticket-run.service.js';
import { scheduledTicketResource } from './scheduled-ticket.resource.js';
import { ticketsMade } from './scheduled-ticket.service.js';

export function registerScheduledTicketRoutes(app: FastifyInstance, db: Db) {
  // Get, Get/:key, Detail/:key, Query, Add, Update, Delete, Delete/:key and Export.
  registerResource(app, db, scheduledTicketResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ScheduledTicket'];
  const base = '/api/ScheduledTicket';

  r.post(
    `${base}/Tickets`,
    {
      config: { access: 'scheduledTicket:view' },
      schema: {
        tags,
        body: scheduledTicketTicketsQuerySchema,
        response: { 200: envelopeSchema(scheduledTicketMadePageSchema) },
      },
    },
    async (request) => ok(await ticketsMade(db, requireActor(request), request.body)),
  );
  r.post(
    `${base}/RunNow/:key`,
    {
      config: { access: 'scheduledTicket:edit' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(scheduledTicketRunResultSchema) } },
    },
    async (request) => {
      // Only a template the caller sees (404 otherwise); the ticket is made as its owner.
      const template = await scheduledTicketResource.get(db, requireActor(request), request.params.key);
      return ok(await runNow(db, template.id));
    },
  );
}
