import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, webMenuSchema } from '@casedesk/shared';
import type { Db } from '../../db/database.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { webMenus } from './menu.service.js';

export function registerMenuRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Menu/WebMenus',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['Menu'], response: { 200: envelopeSchema(z.array(webMenuSchema)) } },
    },
    async (request) => ok(await webMenus(db, requireActor(request))),
  );
}
