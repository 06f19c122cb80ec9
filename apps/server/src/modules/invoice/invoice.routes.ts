import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamSchema, invoiceSchema } from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { registerKindCustomFieldsRoute } from '../customField/index.js';
import { invoiceResource } from './invoice.resource.js';
import { cancelInvoice, payInvoice } from './invoice.service.js';

export function registerInvoiceRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, invoiceResource);
  registerKindCustomFieldsRoute(app, db, 'Invoice', 'invoice:view');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invoice'];
  const response = { 200: envelopeSchema(invoiceSchema) };

  r.post(
    '/api/Invoice/Cancel/:key',
    { config: { access: 'invoice:edit' }, schema: { tags, params: idParamSchema, response } },
    async (request) => ok(present(await cancelInvoice(db, requireActor(request), request.params.key))),
  );

  r.post(
    '/api/Invoice/Pay/:key',
    { config: { access: 'invoice:pay' }, schema: { tags, params: idParamSchema, response } },
    async (request) => ok(present(await payInvoice(db, requireActor(request), request.params.key))),
  );
}
