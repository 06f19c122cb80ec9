import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptsReadBack,
  envelopeSchema,
  idListSchema,
  idParamSchema,
  pageOf,
  ticketBatchAssignSchema,
  ticketBatchResultSchema,
  ticketBatchStatusSchema,
  ticketCommentCreateSchema,
  ticketCommentQuerySchema,
  ticketCommentSchema,
  ticketCreateSchema,
  ticketDashboardSchema,
  ticketDetailSchema,
  ticketFormOptionsSchema,
  ticketListItemSchema,
  ticketMessages,
  ticketPageSchema,
  ticketQuerySchema,
  ticketSchema,
  ticketTimelineEntrySchema,
  ticketUpdateSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { sendXlsx, type ExportColumn } from '../../platform/export.js';
import { registerFileOwner, removeStoredFiles } from '../file/index.js';
import { addComment, getComment, listComments } from './ticket-comment.service.js';
import { batchChange, deleteTickets, updateTicket } from './ticket-change.service.js';
import { createTicket } from './ticket-create.service.js';
import { dashboard } from './ticket-dashboard.service.js';
import { formOptions } from './ticket-form-options.service.js';
import { ticketRowsInOrder } from './ticket.queries.js';
import { exportFilter, fileOwner, getTicket, queryTickets, ticketDetail, ticketVisible } from './ticket.service.js';
import { timeline } from './ticket-timeline.service.js';

const exportColumns: ExportColumn[] = [
  { header: 'Case number', field: 'caseNumber', width: 18 },
  { header: 'Subject', field: 'subject', width: 40 },
  { header: 'Status', field: 'status', width: 12 },
  { header: 'Priority', field: 'priority', width: 10 },
  { header: 'Category', field: 'categoryName', width: 24 },
  { header: 'Project', field: 'projectName', width: 24 },
  { header: 'Company', field: 'companyName', width: 24 },
  { header: 'Assigned to', field: 'assignToName' },
  { header: 'Delegate', field: 'delegateToName' },
  { header: 'Customer', field: 'customer' },
  { header: 'Customer e-mail', field: 'customerEmail', width: 28 },
  { header: 'Ticket from', field: 'ticketFrom', width: 12 },
  { header: 'Open date', field: 'openDate' },
  { header: 'Close date', field: 'closeDate' },
  { header: 'Due date', field: 'dueDate' },
  { header: 'Private', field: 'privateTicket', width: 8 },
];

export function registerTicketRoutes(app: FastifyInstance, db: Db, dataDir: string) {
  registerFileOwner(fileOwner, ticketVisible);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Ticket'];
  const base = '/api/Ticket';
  const recordResponse = { 200: envelopeSchema(ticketSchema) };
  const pageResponse = { 200: envelopeSchema(ticketPageSchema) };
  const cleanUp = (paths: string[]) => void removeStoredFiles(dataDir, paths);

  r.get(
    `${base}/Get`,
    { config: { access: 'ticket:view' }, schema: { tags, querystring: ticketQuerySchema, response: pageResponse } },
    async (request) => ok(await queryTickets(db, requireActor(request), request.query)),
  );
  r.post(
    `${base}/Query`,
    { config: { access: 'ticket:view' }, schema: { tags, body: ticketQuerySchema, response: pageResponse } },
    async (request) => ok(await queryTickets(db, requireActor(request), request.body ?? ticketQuerySchema.parse({}))),
  );
  r.get(
    `${base}/Get/:key`,
    { config: { access: 'ticket:view' }, schema: { tags, params: idParamSchema, response: recordResponse } },
    async (request) => ok(present(await getTicket(db, requireActor(request), request.params.key))),
  );
  r.get(
    `${base}/Detail/:key`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(ticketDetailSchema) } },
    },
    async (request) => ok(await ticketDetail(db, requireActor(request), request.params.key)),
  );
  r.get(
    `${base}/Timeline/:key`,
    {
      config: { access: 'ticket:view' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(z.array(ticketTimelineEntrySchema)) } },
    },
    async (request) => ok(await timeline(db, requireActor(request), request.params.key)),
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
    async (request) => ok(await dashboard(db, requireActor(request))),
  );
  r.post(
    `${base}/Add`,
    { config: { access: 'ticket:create' }, schema: { tags, body: ticketCreateSchema, response: recordResponse } },
    async (request) =>
      ok(present(await createTicket(db, requireActor(request), request.body)), ticketMessages.submitted),
  );
  r.post(
    `${base}/Update`,
    {
      config: { access: 'ticket:edit' },
      // What Get, Detail and the list gave may come back: their read-only fields are accepted and ignored.
      schema: {
        tags,
        body: acceptsReadBack(ticketUpdateSchema, ticketSchema, ticketDetailSchema, ticketListItemSchema),
        response: recordResponse,
      },
    },
    async (request) => {
      const result = await updateTicket(db, requireActor(request), request.body);
      cleanUp(result.removedFiles);
      return ok(present(result.value));
    },
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
  const deletedResponse = { 200: envelopeSchema(z.object({ deleted: z.number().int() })) };
  r.post(
    `${base}/Delete`,
    { config: { access: 'ticket:batchDelete' }, schema: { tags, body: idListSchema, response: deletedResponse } },
    async (request) => {
      const result = await deleteTickets(db, requireActor(request), request.body);
      cleanUp(result.removedFiles);
      return ok({ deleted: result.value });
    },
  );
  r.post(
    `${base}/Delete/:key`,
    { config: { access: 'ticket:delete' }, schema: { tags, params: idParamSchema, response: deletedResponse } },
    async (request) => {
      const result = await deleteTickets(db, requireActor(request), [request.params.key]);
      cleanUp(result.removedFiles);
      return ok({ deleted: result.value });
    },
  );
  r.post(
    `${base}/Export`,
    { config: { access: 'ticket:export' }, schema: { tags, body: ticketQuerySchema } },
    async (request, reply) => {
      const built = exportFilter(requireActor(request), request.body ?? ticketQuerySchema.parse({}));
      return sendXlsx(reply, 'Ticket.xlsx', 'Tickets', exportColumns, ticketRowsInOrder(db, built));
    },
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
        response: { 200: envelopeSchema(ticketCommentSchema) },
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
