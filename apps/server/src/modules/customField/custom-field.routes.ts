import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customFieldDefinitionSchema, customFieldEntities, envelopeSchema } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { customFieldResource } from './custom-field.resource.js';
import { customFieldDefinitions } from './custom-field.service.js';

export function registerCustomFieldRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, customFieldResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The definitions of a record kind (labels, types, options; archived ones too) for every signed-in user: the
  // editors of workflow conditions, the registry and service levels offer them, as the record forms do.
  r.get(
    '/api/CustomField/Definitions/:appliesTo',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['CustomField'],
        params: z.object({ appliesTo: z.enum(customFieldEntities) }),
        response: { 200: envelopeSchema(z.array(customFieldDefinitionSchema)) },
      },
    },
    async (request) => ok(await customFieldDefinitions(db, request.params.appliesTo)),
  );
}
