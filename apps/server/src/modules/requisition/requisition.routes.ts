import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamSchema, requisitionSchema } from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { cancelRequisition, requisitionResource } from './requisition.resource.js';

export function registerRequisitionRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, requisitionResource);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Requisition/Cancel/:key',
    {
      config: { access: 'requisition:edit' },
      schema: { tags: ['Requisition'], params: idParamSchema, response: { 200: envelopeSchema(requisitionSchema) } },
    },
    async (request) => ok(present(await cancelRequisition(db, requireActor(request), request.params.key))),
  );
}
