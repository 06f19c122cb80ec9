import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, slaPolicyPreviewAnswerSchema, slaPolicyPreviewSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { slaPolicyResource } from './sla-policy.resource.js';
import { previewSlaPolicy } from './sla-policy.service.js';

export function registerSlaPolicyRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, slaPolicyResource);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/SlaPolicy/Preview',
    {
      config: { access: 'slaPolicy:view' },
      schema: {
        tags: ['SlaPolicy'],
        body: slaPolicyPreviewSchema,
        response: { 200: envelopeSchema(slaPolicyPreviewAnswerSchema) },
      },
    },
    async (request) => ok(await previewSlaPolicy(db, request.body)),
  );
}
