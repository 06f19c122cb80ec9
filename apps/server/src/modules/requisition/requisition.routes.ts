import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamSchema, requisitionSchema } from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { registerKindCustomFieldsRoute } from '../customField/index.js';
import { cancelRequisition, requisitionResource } from './requisition.resource.js';
import { projectChoices } from './requisition.service.js';

const projectChoiceSchema = z.object({ id: z.number().int(), projectCode: z.string(), projectName: z.string() });

export function registerRequisitionRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, requisitionResource);
  registerKindCustomFieldsRoute(app, db, 'Requisition', 'requisition:view');
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Requisition/Cancel/:key',
    {
      config: { access: 'requisition:edit' },
      schema: { tags: ['Requisition'], params: idParamSchema, response: { 200: envelopeSchema(requisitionSchema) } },
    },
    async (request) => ok(present(await cancelRequisition(db, requireActor(request), request.params.key))),
  );
  // The project picker of the requisition form: staff see no project list, only the projects they work in.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Requisition/Projects',
    {
      config: { access: 'requisition:create' },
      schema: { tags: ['Requisition'], response: { 200: envelopeSchema(z.array(projectChoiceSchema)) } },
    },
    async (request) => ok(await projectChoices(db, requireActor(request))),
  );
}
