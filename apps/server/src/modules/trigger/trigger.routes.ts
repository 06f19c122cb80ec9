import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, triggerDryRunResultSchema, triggerDryRunSchema } from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { callerLanguage } from '../../platform/translator.js';
import { dryRunTrigger } from './trigger-dry-run.service.js';
import { triggerResource, triggerRunResource } from './trigger.resource.js';

export function registerTriggerRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, triggerResource);
  registerResource(app, db, triggerRunResource);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Trigger/DryRun',
    {
      config: { access: 'trigger:view' },
      schema: {
        tags: ['Trigger'],
        body: triggerDryRunSchema,
        response: { 200: envelopeSchema(triggerDryRunResultSchema) },
      },
    },
    async (request) => ok(await dryRunTrigger(db, requireActor(request), request.body, callerLanguage(request))),
  );
}
