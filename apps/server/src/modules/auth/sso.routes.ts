import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  ssoExchangeSchema,
  ssoMessageSchema,
  ssoTestResultSchema,
  ssoTestSchema,
  tokenDataSchema,
} from '@casedesk/shared';
import { ok } from '../../platform/envelope.js';
import { describeError, logMessage, writeSystemLog } from '../../platform/logs.js';
import type { AuthContext, ClientMeta } from './auth.service.js';
import * as sso from './sso.service.js';

const tags = ['Token'];
const redirectOnly = { 302: z.null() };

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Single sign-on (docs/contract-sso.md). SSOLogin, SSOCallback and SSOLogout are browser navigations: no Auth-Token. */
export function registerSsoRoutes(
  app: FastifyInstance,
  ctx: AuthContext,
  meta: (request: FastifyRequest) => ClientMeta,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urls = sso.ssoUrls(ctx.config);
  const secure = urls.base.startsWith('https:') ? '; Secure' : '';
  // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
  const cookie = (value: string, maxAge: number) =>
    `${sso.ssoCookieName}=${value}; Path=/api/token; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;

  /** A refusal sends the browser to the sign-in page, which shows its reason in the user's language. */
  const refuse = async (reply: FastifyReply, request: FastifyRequest, error: unknown) => {
    const refusal =
      error instanceof sso.SsoRefusal ? error : new sso.SsoRefusal('failed', `unexpected: ${describeError(error)}`);
    if (!(error instanceof sso.SsoRefusal))
      await writeSystemLog(ctx.db, {
        level: 'error',
        source: 'sso',
        says: logMessage('ssoFailed', { error: describeError(error).slice(0, 2000) }),
        requestId: request.id,
      });
    await sso.logRefusal(ctx, refusal, meta(request));
    return reply.redirect(`${urls.postLogoutRedirectUri}?ssoError=${refusal.reason}`, 302);
  };

  r.get(
    '/api/token/GetSSOLoginMessage',
    { config: { access: 'public' }, schema: { tags, response: { 200: envelopeSchema(ssoMessageSchema) } } },
    async () => ok(await sso.ssoLoginMessage(ctx)),
  );

  r.get(
    '/api/token/SSOLogin',
    { config: { access: 'public', authToken: false }, schema: { tags, response: redirectOnly } },
    async (request, reply) => {
      try {
        const started = await sso.startSsoLogin(ctx);
        reply.header('set-cookie', cookie(started.browserKey, 600));
        return reply.redirect(started.location, 302);
      } catch (error) {
        return refuse(reply, request, error);
      }
    },
  );

  r.get(
    '/api/token/SSOCallback',
    { config: { access: 'public', authToken: false }, schema: { tags, response: redirectOnly } },
    async (request, reply) => {
      try {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        const { code } = await sso.finishSsoLogin(ctx, query, cookieOf(request, sso.ssoCookieName));
        return reply.redirect(`${urls.postLogoutRedirectUri}?sso=${encodeURIComponent(code)}`, 302);
      } catch (error) {
        return refuse(reply, request, error);
      }
    },
  );

  r.post(
    '/api/token/SSOExchange',
    {
      config: { access: 'public' },
      schema: { tags, body: ssoExchangeSchema, response: { 200: envelopeSchema(tokenDataSchema) } },
    },
    async (request, reply) => {
      const tokens = await sso.exchangeSsoCode(
        ctx,
        request.body.code,
        cookieOf(request, sso.ssoCookieName),
        meta(request),
      );
      reply.header('set-cookie', cookie('', 0));
      return ok(tokens);
    },
  );

  // For a browser whose session has already ended here: ends the provider's session when it can.
  r.get(
    '/api/token/SSOLogout',
    { config: { access: 'public', authToken: false }, schema: { tags, response: redirectOnly } },
    async (_request, reply) => reply.redirect((await sso.endSessionUrl(ctx, null)) ?? urls.postLogoutRedirectUri, 302),
  );

  r.post(
    '/api/Settings/TestSSO',
    {
      config: { access: 'settings:save' },
      schema: { tags: ['Settings'], body: ssoTestSchema, response: { 200: envelopeSchema(ssoTestResultSchema) } },
    },
    async (request) => ok(await sso.testIssuer(request.body.issuerUrl)),
  );
}
