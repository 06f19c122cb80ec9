import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  ticketMergeResultSchema,
  ticketMergeSchema,
  ticketSplitResultSchema,
  ticketSplitSchema,
  ticketUnmergeSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { callerLanguage } from '../../platform/translator.js';
import { mergeTickets, unmergeTicket } from './ticket-merge.service.js';
import { splitTicket } from './ticket-split.service.js';

/** Merge, unmerge and split (contract section 20): each one transaction under the tickets' normal rules. */
export function registerTicketMergeRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Ticket'];
  r.post(
    '/api/Ticket/Merge',
    {
      config: { access: 'ticket:edit' },
      schema: { tags, body: ticketMergeSchema, response: { 200: envelopeSchema(ticketMergeResultSchema) } },
    },
    async (request) => ok(await mergeTickets(db, requireActor(request), request.body)),
  );
  r.post(
    '/api/Ticket/Unmerge',
    {
      config: { access: 'ticket:edit' },
      schema: { tags, body: ticketUnmergeSchema, response: { 200: envelopeSchema(ticketMergeResultSchema) } },
    },
    async (request) => ok(await unmergeTicket(db, requireActor(request), request.body.id)),
  );
  r.post(
    '/api/Ticket/Split',
    {
      config: { access: 'ticket:edit' },
      schema: { tags, body: ticketSplitSchema, response: { 200: envelopeSchema(ticketSplitResultSchema) } },
    },
    async (request) => ok(await splitTicket(db, requireActor(request), request.body, callerLanguage(request))),
  );
}
