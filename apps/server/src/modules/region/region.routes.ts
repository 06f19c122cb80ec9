import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, regionChildrenQuerySchema, regionNodeSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { regionChildren } from './region.service.js';
import { regionResource } from './region.resource.js';

export function registerRegionRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, regionResource);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Region/Children',
    {
      config: { access: 'region:view' },
      schema: {
        tags: ['Region'],
        querystring: regionChildrenQuerySchema,
        response: { 200: envelopeSchema(z.array(regionNodeSchema)) },
      },
    },
    async (request) => ok(await regionChildren(db, request.query.parentCode || undefined)),
  );
}
