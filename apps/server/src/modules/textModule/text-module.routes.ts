import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, textModuleRenderResultSchema, textModuleRenderSchema } from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { textModuleResource } from './text-module.resource.js';
import { renderTextModule } from './text-module.service.js';

export function registerTextModuleRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, textModuleResource);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/TextModule/Render',
    {
      config: { access: 'textModule:view' },
      schema: {
        tags: ['TextModule'],
        body: textModuleRenderSchema,
        response: { 200: envelopeSchema(textModuleRenderResultSchema) },
      },
    },
    async (request) => ok(await renderTextModule(db, requireActor(request), request.body)),
  );
}
