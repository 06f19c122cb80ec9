import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  messages,
  passkeyIdSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeyRowSchema,
  recoveryCodesSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
  webauthnOptionsSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { readSettings } from '../setting/index.js';
import {
  passkeyRegister,
  passkeyRegistrationOptions,
  passkeyRemove,
  passkeyRename,
  totpDisable,
  totpEnable,
  totpSetup,
  twoFactorStatus,
} from '../auth/index.js';

const tags = ['Account'];
const config = { access: 'authenticated' as const };
const nullData = { 200: envelopeSchema(z.null()) };
const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** My account → Two factors (contract section 24): the caller's own authenticator app and passkeys. */
export function registerTwoFactorRoutes(app: FastifyInstance, db: Db, appConfig: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const counted = {
    ...config,
    rateLimit: appConfig.loginRateLimitMax > 0 ? { max: appConfig.loginRateLimitMax, timeWindow: '1 minute' } : false,
  };

  r.get(
    '/api/Account/TwoFactor',
    { config, schema: { tags, response: { 200: envelopeSchema(twoFactorStatusSchema) } } },
    async (request) => ok(await twoFactorStatus(db, requireActor(request).userId)),
  );

  r.post(
    '/api/Account/Totp/Setup',
    { config, schema: { tags, response: { 200: envelopeSchema(totpSetupSchema) } } },
    async (request) => {
      const actor = requireActor(request);
      const issuer = (await readSettings(db)).basic.productTitle;
      return ok(await totpSetup(db, { id: actor.userId, loginName: actor.loginName }, issuer));
    },
  );

  r.post(
    '/api/Account/Totp/Enable',
    {
      config: counted,
      schema: { tags, body: totpEnableSchema, response: { 200: envelopeSchema(recoveryCodesSchema) } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok({ recoveryCodes: await totpEnable(db, actor.userId, request.body.code, actor.userId) });
    },
  );

  r.post(
    '/api/Account/Totp/Disable',
    { config: counted, schema: { tags, body: totpDisableSchema, response: nullData } },
    async (request) => {
      await totpDisable(db, requireActor(request), request.body, meta(request));
      return ok(null, messages.operationSuccessful);
    },
  );

  r.post(
    '/api/Account/Passkey/Options',
    { config, schema: { tags, response: { 200: envelopeSchema(webauthnOptionsSchema) } } },
    async (request) => ok(await passkeyRegistrationOptions(db, appConfig, requireActor(request))),
  );

  r.post(
    '/api/Account/Passkey/Register',
    { config, schema: { tags, body: passkeyRegisterSchema, response: { 200: envelopeSchema(passkeyRowSchema) } } },
    async (request) => ok(await passkeyRegister(db, appConfig, requireActor(request), request.body)),
  );

  r.post(
    '/api/Account/Passkey/Rename',
    { config, schema: { tags, body: passkeyRenameSchema, response: { 200: envelopeSchema(passkeyRowSchema) } } },
    async (request) => ok(await passkeyRename(db, requireActor(request), request.body)),
  );

  r.post(
    '/api/Account/Passkey/Remove',
    { config, schema: { tags, body: passkeyIdSchema, response: nullData } },
    async (request) => {
      await passkeyRemove(db, requireActor(request), request.body.id);
      return ok(null, messages.operationSuccessful);
    },
  );
}
