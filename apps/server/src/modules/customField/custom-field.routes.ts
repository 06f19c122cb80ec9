import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customFieldDefinitionSchema,
  envelopeSchema,
  type CustomFieldEntity,
  type PermissionCode,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { customFieldResource } from './custom-field.resource.js';
import { customFieldDefinitions } from './custom-field.service.js';

export function registerCustomFieldRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, customFieldResource);
}

/**
 * `GET /api/<Kind>/CustomFields`: a record kind's definitions (archived ones too: their values still read) for
 * its forms, pages and lists, to whoever may view that kind (the definitions' own calls are an administrator's).
 */
export function registerKindCustomFieldsRoute(
  app: FastifyInstance,
  db: Db,
  entity: Exclude<CustomFieldEntity, 'Ticket'>,
  access: PermissionCode,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/api/${entity}/CustomFields`,
    {
      config: { access },
      schema: { tags: [entity], response: { 200: envelopeSchema(z.array(customFieldDefinitionSchema)) } },
    },
    async () => ok(await customFieldDefinitions(db, entity)),
  );
}
