import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountEmailUpdateSchema,
  accountLanguageSchema,
  accountLanguageUpdateSchema,
  accountProfileSchema,
  accountProfileUpdateSchema,
  envelopeSchema,
  messages,
  verifyPasswordSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { sendPersonalData } from '../user/index.js';
import * as account from './account.service.js';

const tags = ['Account'];
const config = { access: 'authenticated' as const };
const profileResponse = { 200: envelopeSchema(accountProfileSchema) };
const meta = (request: FastifyRequest): account.ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** My Account: every signed-in user may read and change their own record, nobody else's. */
export function registerAccountRoutes(app: FastifyInstance, db: Db, loginRateLimitMax: number, dataDir: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Routes that check the current password are rate limited per address like sign-in.
  const passwordCheck = {
    ...config,
    rateLimit: loginRateLimitMax > 0 ? { max: loginRateLimitMax, timeWindow: '1 minute' } : false,
  };

  // One's own personal data (contract 24), the zip an administrator gets through User/PersonalData.
  r.get('/api/Account/PersonalData', { config, schema: { tags } }, async (request, reply) =>
    sendPersonalData(reply, db, requireActor(request), requireActor(request).userId, dataDir),
  );

  r.get('/api/Account/Profile', { config, schema: { tags, response: profileResponse } }, async (request) =>
    ok(await account.profile(db, requireActor(request))),
  );

  r.post(
    '/api/Account/UpdateProfile',
    { config, schema: { tags, body: accountProfileUpdateSchema, response: profileResponse } },
    async (request) =>
      ok(await account.updateProfile(db, requireActor(request), request.body), messages.operationSuccessful),
  );

  r.post(
    '/api/Account/UpdateEmail',
    { config: passwordCheck, schema: { tags, body: accountEmailUpdateSchema, response: profileResponse } },
    async (request) =>
      ok(
        await account.updateEmail(db, requireActor(request), request.body, meta(request)),
        messages.operationSuccessful,
      ),
  );

  r.post(
    '/api/Account/UpdateLanguage',
    {
      config,
      schema: {
        tags,
        body: accountLanguageUpdateSchema,
        response: { 200: envelopeSchema(z.object({ language: accountLanguageSchema })) },
      },
    },
    async (request) => ok(await account.updateLanguage(db, requireActor(request), request.body)),
  );

  r.post(
    '/api/Account/VerifyPassword',
    {
      config: passwordCheck,
      schema: { tags, body: verifyPasswordSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await account.verifyPassword(db, requireActor(request), request.body, meta(request));
      return ok(null);
    },
  );
}
