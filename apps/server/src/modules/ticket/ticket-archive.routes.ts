import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ticketArchiveSchema } from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { findArchivedTicket } from './ticket-archive.service.js';
import { heavyReader } from '../../platform/read-replica.js';

const caseNumberParamSchema = z.object({ caseNumber: z.string().trim().min(1).max(40) });

/** `GET /api/Ticket/Archive/{caseNumber}`: an archived ticket, read-only, for users who could see it. */
export function registerTicketArchiveRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Ticket/Archive/:caseNumber',
    {
      config: { access: 'ticket:view' },
      schema: {
        tags: ['Ticket'],
        params: caseNumberParamSchema,
        response: { 200: envelopeSchema(ticketArchiveSchema) },
      },
    },
    async (request) =>
      ok(await findArchivedTicket(await heavyReader(db), requireActor(request), request.params.caseNumber)),
  );
}
