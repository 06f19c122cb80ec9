import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  loginSecondFactorSchema,
  messages,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  resetSecondFactorSchema,
  signInTotpEnabledSchema,
  signInTotpEnableSchema,
  signInTotpSetupSchema,
  tokenDataSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import type { AuthContext, ClientMeta } from './auth.service.js';
import { resetSecondFactor } from './second-factor.service.js';
import * as secondStep from './second-step.service.js';

const tags = ['Token'];

/** The second step of a sign-in (contract section 24), the compulsory setup, and an administrator's reset. */
export function registerSecondFactorRoutes(
  app: FastifyInstance,
  ctx: AuthContext,
  meta: (request: FastifyRequest) => ClientMeta,
  rateLimit: { max: number; timeWindow: string } | false,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const, rateLimit };

  r.post(
    '/api/token/LoginSecondFactor',
    { config, schema: { tags, body: loginSecondFactorSchema, response: { 200: envelopeSchema(tokenDataSchema) } } },
    async (request) => ok(await secondStep.loginSecondFactor(ctx, request.body, meta(request))),
  );

  r.post(
    '/api/token/PasskeyOptions',
    { config, schema: { tags, body: passkeyOptionsSchema, response: { 200: envelopeSchema(webauthnOptionsSchema) } } },
    async (request) => ok(await secondStep.passkeyOptions(ctx, request.body.challenge)),
  );

  r.post(
    '/api/token/PasskeyLogin',
    { config, schema: { tags, body: passkeyLoginSchema, response: { 200: envelopeSchema(tokenDataSchema) } } },
    async (request) => ok(await secondStep.passkeyLogin(ctx, request.body, meta(request))),
  );

  r.post(
    '/api/token/TotpSetup',
    { config, schema: { tags, body: signInTotpSetupSchema, response: { 200: envelopeSchema(totpSetupSchema) } } },
    async (request) => ok(await secondStep.signInTotpSetup(ctx, request.body.challenge)),
  );

  r.post(
    '/api/token/TotpEnable',
    {
      config,
      schema: { tags, body: signInTotpEnableSchema, response: { 200: envelopeSchema(signInTotpEnabledSchema) } },
    },
    async (request) => ok(await secondStep.signInTotpEnable(ctx, request.body, meta(request))),
  );

  r.post(
    '/api/User/ResetSecondFactor',
    {
      config: { access: 'user:edit' },
      schema: { tags: ['User'], body: resetSecondFactorSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await resetSecondFactor(ctx.db, requireActor(request), request.body.id);
      return ok(null, messages.operationSuccessful);
    },
  );
}
