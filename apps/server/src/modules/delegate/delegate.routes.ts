import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  delegateHistoryPageSchema,
  delegateHistoryQuerySchema,
  delegatePickOptionSchema,
  delegatePickQuerySchema,
  delegateSchema,
  delegateSetEnabledSchema,
  envelopeSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { delegateResource } from './delegate.resource.js';
import {
  delegateHistory,
  delegateProjectOptions,
  delegateUserOptions,
  setDelegateEnabled,
} from './delegate.service.js';

export function registerDelegateRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, delegateResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Delegate'];

  r.post(
    '/api/Delegate/SetEnabled',
    {
      config: { access: 'delegate:set' },
      schema: { tags, body: delegateSetEnabledSchema, response: { 200: envelopeSchema(delegateSchema) } },
    },
    async (request) => ok(present(await setDelegateEnabled(db, requireActor(request), request.body))),
  );

  r.post(
    '/api/Delegate/History',
    {
      config: { access: 'delegate:history' },
      // An empty body is the first page of everything the caller may see.
      preValidation: async (request: FastifyRequest) => {
        request.body ??= {};
      },
      schema: { tags, body: delegateHistoryQuerySchema, response: { 200: envelopeSchema(delegateHistoryPageSchema) } },
    },
    async (request) => ok(await delegateHistory(db, requireActor(request), request.body)),
  );

  const options = { 200: envelopeSchema(z.array(delegatePickOptionSchema)) };
  r.post(
    '/api/Delegate/Users',
    { config: { access: 'delegate:view' }, schema: { tags, body: delegatePickQuerySchema, response: options } },
    async (request) => ok(await delegateUserOptions(db, request.body.keyword, request.body.ids)),
  );

  r.get(
    '/api/Delegate/Projects',
    { config: { access: 'delegate:view' }, schema: { tags, response: options } },
    async (request) => ok(await delegateProjectOptions(db, requireActor(request))),
  );
}
