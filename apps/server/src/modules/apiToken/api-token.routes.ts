import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenSchema,
  apiTokenWithOwnerSchema,
  envelopeSchema,
  idParamSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { allApiTokens, createApiToken, myApiTokens, revokeApiToken } from './api-token.service.js';

/** Personal API tokens (Settings → Token): every signed-in user manages their own. */
export function registerApiTokenRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ApiToken'];

  r.post(
    '/api/ApiToken/Create',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: apiTokenCreateSchema, response: { 200: envelopeSchema(apiTokenCreatedSchema) } },
    },
    async (request) => ok(await createApiToken(db, requireActor(request), request.body)),
  );

  r.get(
    '/api/ApiToken/Mine',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: envelopeSchema(z.array(apiTokenSchema)) } },
    },
    async (request) => ok(await myApiTokens(db, requireActor(request))),
  );

  r.get(
    '/api/ApiToken/All',
    {
      config: { access: 'settings:view' },
      schema: { tags, response: { 200: envelopeSchema(z.array(apiTokenWithOwnerSchema)) } },
    },
    async () => ok(await allApiTokens(db)),
  );

  r.post(
    '/api/ApiToken/Revoke/:key',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(apiTokenSchema) } },
    },
    async (request) => ok(await revokeApiToken(db, requireActor(request), request.params.key)),
  );
}
