import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  pageOf,
  slaReportQuerySchema,
  slaReportSchema,
  tagCountSchema,
  tagQuerySchema,
  ticketBatchAssignSchema,
  ticketBatchResultSchema,
  ticketBatchStatusSchema,
  ticketBatchUpdateSchema,
  mentionCandidateSchema,
  mentionCandidatesQuerySchema,
  ticketCommentAddedSchema,
  ticketCommentCreateSchema,
  ticketCommentQuerySchema,
  ticketCommentSchema,
  ticketDashboardSchema,
  ticketFormOptionsSchema,
  ticketMessages,
  ticketOutcomeSchema,
  ticketPresenceEventSchema,
  ticketPresenceSchema,
  ticketScreenSchema,
  ticketTimelineEntrySchema,
  ticketWatchersSchema,
  ticketWatchSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { sendXlsx } from '../../platform/export.js';
import { callerLanguage, textAt } from '../../platform/translator.js';
import { registerResource } from '../../platform/resource.js';
import { registerFileOwner } from '../file/index.js';
import { addComment, getComment, listComments } from './ticket-comment.service.js';
import { batchUpdate } from './ticket-batch.service.js';
import { batchChange } from './ticket-change.service.js';
import { dashboard } from './ticket-dashboard.service.js';
import { slaReport, slaReportExportColumns, slaReportExportRows } from './ticket-sla-report.service.js';
import { formOptions } from './ticket-form-options.service.js';
import { markPresence } from './ticket-presence.service.js';
import { queryTags } from './ticket-tag.service.js';
import { mentionCandidates, watchTicket } from './ticket-watch.service.js';
import { createTicketResource } from './ticket.resource.js';
import { fileOwner, ticketVisible } from './ticket.service.js';
import { ticketScreen, timeline } from './ticket-timeline.service.js';
import { heavyReader } from '../../platform/read-replica.js';

export function registerTicketRoutes(app: FastifyInstance, db: Db, dataDir: string) {
  registerFileOwner(fileOwner, ticketVisible);
  // Get, Get/:key, Detail/:key, Query, Add, Update, Delete, Delete/:key and Export.
  registerResource(app, db, createTicketResource(dataDir));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Ticket'];
  const base = '/api/Ticket';

  r.get(
    `${base}/Timeline/:key`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(z.array(ticketTimelineEntrySchema)) } },
    },
    async (request) => ok(await timeline(db, requireActor(request), request.params.key)),
  );
  r.get(
    `${base}/Screen/:key`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(ticketScreenSchema) } },
    },
    async (request) => ok(await ticketScreen(db, requireActor(request), request.params.key)),
  );
  r.get(
    `${base}/FormOptions`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, response: { 200: envelopeSchema(ticketFormOptionsSchema) } },
    },
    async (request) => ok(await formOptions(db, requireActor(request))),
  );
  r.get(
    `${base}/Dashboard`,
    { config: { access: 'ticket:view' }, schema: { tags, response: { 200: envelopeSchema(ticketDashboardSchema) } } },
    async (request) => ok(await dashboard(await heavyReader(db), requireActor(request))),
  );
  r.post(
    `${base}/BatchStatus`,
    {
      config: { access: 'ticket:edit' },
      schema: { tags, body: ticketBatchStatusSchema, response: { 200: envelopeSchema(ticketBatchResultSchema) } },
    },
    async (request) => {
      const { ids, status } = request.body;
      return ok({ updated: await batchChange(db, requireActor(request), ids, { status }) });
    },
  );
  r.post(
    `${base}/BatchAssign`,
    {
      config: { access: 'ticket:edit' },
      schema: { tags, body: ticketBatchAssignSchema, response: { 200: envelopeSchema(ticketBatchResultSchema) } },
    },
    async (request) => {
      const { ids, assignTo } = request.body;
      return ok({ updated: await batchChange(db, requireActor(request), ids, { assignTo }) });
    },
  );

  // Bulk edit (contract section 20): each ticket its own transaction; an outcome per ticket in the order asked.
  r.post(
    `${base}/BatchUpdate`,
    {
      config: { access: 'ticket:edit' },
      schema: {
        tags,
        body: ticketBatchUpdateSchema,
        response: { 200: envelopeSchema(z.array(ticketOutcomeSchema)) },
      },
    },
    async (request) => ok(await batchUpdate(db, requireActor(request), request.body, callerLanguage(request))),
  );

  // Presence (contract section 20): the page says so every 30 s; the answer is who has the ticket open now.
  r.post(
    `${base}/Presence`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, body: ticketPresenceSchema, response: { 200: envelopeSchema(ticketPresenceEventSchema) } },
    },
    async (request) => ok(await markPresence(db, requireActor(request), request.body)),
  );

  // The service-level report (contract section 19) over the tickets the caller sees, and as a spreadsheet.
  r.post(
    `${base}/SlaReport`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, body: slaReportQuerySchema, response: { 200: envelopeSchema(slaReportSchema) } },
    },
    async (request) => ok(await slaReport(await heavyReader(db), requireActor(request), request.body)),
  );
  r.post(
    `${base}/SlaReport/Export`,
    { config: { access: 'ticket:export' }, schema: { tags, body: slaReportQuerySchema } },
    async (request, reply) => {
      const report = await slaReport(await heavyReader(db), requireActor(request), request.body);
      const language = callerLanguage(request);
      const rows = slaReportExportRows(
        report,
        textAt(language, 'fields.slaReportTotal') ?? 'Total',
        textAt(language, 'fields.slaReportNoCategory') ?? 'No category',
      );
      return sendXlsx(reply, language, 'SlaReport.xlsx', 'SlaReport', slaReportExportColumns, rows);
    },
  );

  // Tags (contract section 20): autocomplete with counts over the tickets the caller sees.
  r.post(
    '/api/Tag/Query',
    {
      config: { access: 'ticket:view' },
      schema: { tags: ['Tag'], body: tagQuerySchema, response: { 200: envelopeSchema(z.array(tagCountSchema)) } },
    },
    async (request) => ok(await queryTags(db, requireActor(request), request.body)),
  );

  // Watchers and mentions (contract section 20): the caller's own watch, and whom `@` offers on a ticket.
  r.post(
    `${base}/Watch`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, body: ticketWatchSchema, response: { 200: envelopeSchema(ticketWatchersSchema) } },
    },
    async (request) => ok(await watchTicket(db, requireActor(request), request.body)),
  );
  r.post(
    `${base}/MentionCandidates`,
    {
      config: { access: 'ticket:edit' },
      schema: {
        tags,
        body: mentionCandidatesQuerySchema,
        response: { 200: envelopeSchema(z.array(mentionCandidateSchema)) },
      },
    },
    async (request) => ok(await mentionCandidates(db, requireActor(request), request.body)),
  );

  // Comments (contract section 7): `TicketComment/Add { ticketId, comment, public }`.
  const commentBase = '/api/TicketComment';
  const commentTags = ['TicketComment'];
  const commentPage = { 200: envelopeSchema(pageOf(ticketCommentSchema)) };
  r.post(
    `${commentBase}/Add`,
    {
      config: { access: 'ticket:edit' },
      schema: {
        tags: commentTags,
        body: ticketCommentCreateSchema,
        response: { 200: envelopeSchema(ticketCommentAddedSchema) },
      },
    },
    async (request) =>
      ok(present(await addComment(db, requireActor(request), request.body)), ticketMessages.commentSaved),
  );
  r.get(
    `${commentBase}/Get`,
    {
      config: { access: 'ticket:view' },
      schema: { tags: commentTags, querystring: ticketCommentQuerySchema, response: commentPage },
    },
    async (request) => ok(await listComments(db, requireActor(request), request.query)),
  );
  r.post(
    `${commentBase}/Query`,
    {
      config: { access: 'ticket:view' },
      schema: { tags: commentTags, body: ticketCommentQuerySchema, response: commentPage },
    },
    async (request) => ok(await listComments(db, requireActor(request), request.body)),
  );
  r.get(
    `${commentBase}/Get/:key`,
    {
      config: { access: 'ticket:view' },
      schema: { tags: commentTags, params: idParamSchema, response: { 200: envelopeSchema(ticketCommentSchema) } },
    },
    async (request) => ok(await getComment(db, requireActor(request), request.params.key)),
  );
}
