import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  forgotPasswordSchema,
  loginAnswerSchema,
  loginSchema,
  messages,
  msg,
  myInfoSchema,
  refreshTokenSchema,
  resetInitPasswordSchema,
  logoutResultSchema,
  resetPasswordSchema,
  tokenCheckSchema,
  tokenDataSchema,
  vueLogQuerySchema,
  type Login,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { AppError } from '../../platform/errors.js';
import { writeSystemLog } from '../../platform/logs.js';
import * as auth from './auth.service.js';
import { registerSecondFactorRoutes } from './second-factor.routes.js';
import { registerSsoRoutes } from './sso.routes.js';

const tags = ['Token'];
const nullData = { 200: envelopeSchema(z.null()) };
const meta = (request: FastifyRequest): auth.ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function registerAuthRoutes(app: FastifyInstance, ctx: auth.AuthContext, publicKeyPem: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginLimit = ctx.config.loginRateLimitMax;
  // Per user name on top of the per-IP limit, so that one account cannot be hammered from many addresses.
  // Checked by hand: a second limiter declared as a hook would be skipped once the per-IP one has run.
  const perUserName =
    loginLimit > 0
      ? app.createRateLimit({
          max: loginLimit,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `login:${(request.body as Partial<Login> | undefined)?.userName?.toLowerCase() ?? ''}`,
        })
      : undefined;
  const limitPerUserName = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await perUserName?.(request);
    if (limit && !limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS', msg(messages, 'tooManyRequests'));
    }
  };
  const perIp = loginLimit > 0 ? { max: loginLimit, timeWindow: '1 minute' } : false;

  r.get(
    '/api/token/PublicKey',
    { config: { access: 'public', authToken: false }, schema: { tags, response: { 200: envelopeSchema(z.string()) } } },
    async () => ok(publicKeyPem),
  );

  r.post(
    '/api/token/Login',
    {
      config: { access: 'public', rateLimit: perIp },
      preHandler: limitPerUserName,
      schema: { tags, body: loginSchema, response: { 200: envelopeSchema(loginAnswerSchema) } },
    },
    async (request) => ok(await auth.login(ctx, request.body, meta(request))),
  );

  r.post(
    '/api/token/RefreshToken',
    {
      config: { access: 'public' },
      schema: { tags, body: refreshTokenSchema, response: { 200: envelopeSchema(tokenDataSchema) } },
    },
    async (request) => ok(await auth.refresh(ctx, request.body)),
  );

  r.post(
    '/api/token/Logout',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: envelopeSchema(logoutResultSchema) } } },
    async (request) => ok(await auth.logout(ctx, requireActor(request), meta(request))),
  );

  r.get(
    '/api/token/GetMyInfo',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: envelopeSchema(myInfoSchema) } } },
    async (request) => ok(await auth.myInfo(ctx, requireActor(request))),
  );

  r.post(
    '/api/token/HasNeedtToChangePwd',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: envelopeSchema(z.boolean()) } } },
    async (request) => ok(requireActor(request).needToChangePwd),
  );

  r.post(
    '/api/token/ResetInitPassword',
    {
      config: { access: 'authenticated', rateLimit: perIp },
      schema: { tags, body: resetInitPasswordSchema, response: nullData },
    },
    async (request) => {
      await auth.resetInitPassword(ctx, requireActor(request), request.body, meta(request));
      return ok(null, messages.operationSuccessful);
    },
  );

  r.post(
    '/api/token/ForgotPassword',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: { tags, body: forgotPasswordSchema, response: nullData },
    },
    async (request) => {
      await auth.forgotPassword(ctx, request.body);
      return ok(null, messages.operationSuccessful);
    },
  );

  r.post(
    '/api/token/ResetPassword',
    { config: { access: 'public', rateLimit: perIp }, schema: { tags, body: resetPasswordSchema, response: nullData } },
    async (request) => {
      await auth.resetPassword(ctx, request.body);
      return ok(null, messages.operationSuccessful);
    },
  );

  r.get(
    '/api/token/TokenCheck',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: envelopeSchema(tokenCheckSchema) } } },
    async (request) => ok({ valid: true as const, exp: requireActor(request).tokenExp }),
  );

  registerSsoRoutes(app, ctx, meta);
  registerSecondFactorRoutes(app, ctx, meta, perIp);

  r.get(
    '/api/atest/VueLog',
    { config: { access: 'public' }, schema: { tags: ['Log'], querystring: vueLogQuerySchema, response: nullData } },
    async (request) => {
      await writeSystemLog(ctx.db, {
        level: 'warn',
        source: 'client',
        message: request.query.message || '(empty)',
        requestId: request.id,
        detail: { ip: request.ip },
      });
      return ok(null);
    },
  );
}
