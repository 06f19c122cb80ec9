import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamSchema, mailAccountTestResultSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { mailAccountResource } from './mail-account.resource.js';
import { testMailAccount } from './mail-account.service.js';

/** `/api/MailAccount/...`: Settings → E-mail, the generic calls (under the settings permissions) and Test. */
export function registerMailAccountRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, mailAccountResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['MailAccount'];
  const base = '/api/MailAccount';

  r.post(
    `${base}/Test/:key`,
    {
      config: { access: 'settings:edit' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(mailAccountTestResultSchema) } },
    },
    async (request) => ok(await testMailAccount(db, request.params.key)),
  );
}
