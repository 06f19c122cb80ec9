import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, industryNodeSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { industryTree } from './industry.service.js';
import { industryResource } from './industry.resource.js';

export function registerIndustryRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, industryResource);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Industry/Tree',
    {
      config: { access: 'industry:view' },
      schema: { tags: ['Industry'], response: { 200: envelopeSchema(z.array(industryNodeSchema)) } },
    },
    async () => ok(await industryTree(db)),
  );
}
