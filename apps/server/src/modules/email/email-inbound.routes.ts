import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailMoveSchema,
  emailReprocessSchema,
  emailSplitSchema,
  emailThreadResultSchema,
  envelopeSchema,
  idParamSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerFileOwner } from '../file/index.js';
import { mayReadEmailFiles, moveEmail, rawMessage, reprocess, splitEmail } from './email-inbound.service.js';
import { emailFileOwner } from './email-thread.service.js';

/** Incoming mail: the raw message, reprocess, move and split (contract 13). */
export function registerEmailInboundRoutes(app: FastifyInstance, db: Db, config: Config) {
  registerFileOwner(emailFileOwner, mayReadEmailFiles(db));

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Email'];
  const base = '/api/Email';
  const result = { 200: envelopeSchema(emailThreadResultSchema) };

  r.get(
    `${base}/Raw/:key`,
    { config: { access: 'email:view' }, schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      const raw = await rawMessage(db, config, requireActor(request), request.params.key);
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="${raw.name}"`)
        .header('content-length', String(raw.data.length))
        .send(raw.data);
    },
  );
  r.post(
    `${base}/Reprocess`,
    { config: { access: 'email:edit' }, schema: { tags, body: emailReprocessSchema, response: result } },
    async (request) => ok(await reprocess(db, config, requireActor(request), request.body.id)),
  );
  r.post(
    `${base}/Move`,
    { config: { access: 'email:edit' }, schema: { tags, body: emailMoveSchema, response: result } },
    async (request) => ok(await moveEmail(db, requireActor(request), request.body)),
  );
  r.post(
    `${base}/Split`,
    { config: { access: 'email:edit' }, schema: { tags, body: emailSplitSchema, response: result } },
    async (request) => ok(await splitEmail(db, requireActor(request), request.body)),
  );
}
