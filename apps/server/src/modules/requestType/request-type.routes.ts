import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogItemSchema,
  catalogQuerySchema,
  catalogSubmitResultSchema,
  catalogSubmitSchema,
  envelopeSchema,
} from '@casedesk/shared';
import { z } from 'zod';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { catalogOf, submitRequest } from './request-catalog.service.js';
import { requestTypeResource } from './request-type.resource.js';

/** Request types (administrators), and the catalog requesters pick from, submit and follow (contract 21). */
export function registerRequestTypeRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, requestTypeResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Catalog'];
  r.get(
    '/api/Catalog',
    {
      config: { access: 'ticket:create' },
      schema: { tags, querystring: catalogQuerySchema, response: { 200: envelopeSchema(z.array(catalogItemSchema)) } },
    },
    async (request) => ok(await catalogOf(db, requireActor(request), request.query)),
  );
  r.post(
    '/api/Catalog/Submit',
    {
      config: { access: 'ticket:create' },
      schema: { tags, body: catalogSubmitSchema, response: { 200: envelopeSchema(catalogSubmitResultSchema) } },
    },
    async (request) => ok(present(await submitRequest(db, requireActor(request), request.body))),
  );
}
