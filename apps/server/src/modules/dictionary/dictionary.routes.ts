import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, dictionaryItemSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { ok } from '../../platform/envelope.js';
import { enabledItemsByCode } from './dictionary.service.js';
import { dictionaryResource } from './dictionary.resource.js';

export function registerDictionaryRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, dictionaryResource);
  // Drop-downs across the app read a dictionary by code; every signed-in user may, and sees only enabled items.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Dictionary/Items/:code',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Dictionary'],
        params: z.object({ code: z.string().trim().min(1).max(50) }),
        response: { 200: envelopeSchema(z.array(dictionaryItemSchema)) },
      },
    },
    async (request) => ok(await enabledItemsByCode(db, request.params.code)),
  );
}
