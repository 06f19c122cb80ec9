import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailOutboxStateSchema,
  emailSchema,
  emailSendSchema,
  envelopeSchema,
  ticketReplySchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { registerFileOwner } from '../file/index.js';
import { replyToTicket } from './email-reply.service.js';
import { createEmailResource } from './email.resource.js';
import { outboxState } from './mail-account.service.js';
import { emailFileOwner, emailVisible, resendFailed, sendDraft } from './email.service.js';

export function registerEmailRoutes(app: FastifyInstance, db: Db, dataDir: string) {
  registerFileOwner(emailFileOwner, emailVisible);
  // Get, Get/:key, Detail/:key, Query, Add, Update, Delete, Delete/:key and Export.
  registerResource(app, db, createEmailResource(dataDir));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Email'];
  const base = '/api/Email';
  const one = { 200: envelopeSchema(emailSchema) };

  r.post(
    `${base}/Send`,
    { config: { access: 'email:send' }, schema: { tags, body: emailSendSchema, response: one } },
    async (request) => ok(present(await sendDraft(db, requireActor(request), request.body.id))),
  );
  r.post(
    `${base}/Resend`,
    { config: { access: 'email:send' }, schema: { tags, body: emailSendSchema, response: one } },
    async (request) => ok(present(await resendFailed(db, requireActor(request), request.body.id))),
  );
  // The ticket's mail panel says so when no mail can go out (the demo has no account until one is set up).
  r.get(
    `${base}/Outbox`,
    { config: { access: 'email:view' }, schema: { tags, response: { 200: envelopeSchema(emailOutboxStateSchema) } } },
    async () => ok(await outboxState(db)),
  );
  r.post(
    `${base}/Reply`,
    { config: { access: 'email:send' }, schema: { tags, body: ticketReplySchema, response: one } },
    async (request) => ok(present(await replyToTicket(db, requireActor(request), request.body))),
  );
}
