import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  msg,
  pageOf,
  webApiMessages,
  webApiOnOffSchema,
  webApiQuerySchema,
  webApiSchema,
  type QueryBase,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor, type RouteRecord } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { AppError } from '../../platform/errors.js';
import { sendXlsx } from '../../platform/export.js';
import { callerLanguage } from '../../platform/translator.js';
import { routeKey } from './web-api.policy.js';
import {
  disabledRouteKeys,
  getWebApi,
  queryWebApis,
  setWebApisEnabled,
  syncWebApis,
  webApisForExport,
} from './web-api.service.js';
import { webApiResource } from './web-api.resource.js';

/** How often an instance rereads the disabled set that another instance may have changed. */
const refreshMs = 5_000;

const emptyBodyIsNoFilter = async (request: FastifyRequest) => {
  request.body ??= {};
};

/**
 * The Web API registry: filled from `routes` when the app is ready (so it is never stale), and a gate
 * that refuses a disabled API with 403. The instance that changes a flag applies it at once; others
 * within `refreshMs`.
 */
export function registerWebApiRoutes(app: FastifyInstance, db: Db, routes: RouteRecord[]) {
  let disabled = new Set<string>();
  // A reread that started earlier (the timer's) must not overwrite a later one (after a change).
  let generation = 0;
  const reload = async () => {
    const mine = ++generation;
    const next = await disabledRouteKeys(db);
    if (mine === generation) disabled = next;
  };

  app.addHook('onReady', async () => {
    await syncWebApis(db, routes);
    await reload();
  });
  const timer = setInterval(
    () => void reload().catch((error: unknown) => app.log.warn({ err: error }, 'web API flags not reread')),
    refreshMs,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // Runs after access control: whoever may not call the route hears 401/403 from there first.
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || disabled.size === 0) return;
    if (disabled.has(routeKey(request.method, url))) throw new AppError('FORBIDDEN', msg(webApiMessages, 'disabled'));
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['WebApi'];
  const pageResponse = { 200: envelopeSchema(pageOf(webApiSchema)) };
  const recordResponse = { 200: envelopeSchema(webApiSchema) };
  const page = (data: Awaited<ReturnType<typeof queryWebApis>>) => ({
    items: data.items.map((row) => present(row)),
    total: data.total,
  });

  r.get(
    '/api/WebApi/Get',
    { config: { access: 'webApi:view' }, schema: { tags, querystring: webApiQuerySchema, response: pageResponse } },
    async (request) => ok(page(await queryWebApis(db, requireActor(request), request.query))),
  );
  r.get(
    '/api/WebApi/Get/:key',
    { config: { access: 'webApi:view' }, schema: { tags, params: idParamSchema, response: recordResponse } },
    async (request) => ok(present(await getWebApi(db, request.params.key))),
  );
  r.get(
    '/api/WebApi/Detail/:key',
    { config: { access: 'webApi:view' }, schema: { tags, params: idParamSchema, response: recordResponse } },
    async (request) => ok(present(await getWebApi(db, request.params.key))),
  );
  r.post(
    '/api/WebApi/Query',
    {
      config: { access: 'webApi:view' },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags, body: webApiQuerySchema, response: pageResponse },
    },
    async (request) => ok(page(await queryWebApis(db, requireActor(request), request.body))),
  );
  r.post(
    '/api/WebApi/Export',
    {
      config: { access: 'webApi:export' },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags, body: webApiQuerySchema },
    },
    async (request, reply) => {
      const rows = webApisForExport(db, requireActor(request), request.body as QueryBase);
      return sendXlsx(reply, callerLanguage(request), 'WebApi.xlsx', 'WebApi', webApiResource.def.exportColumns, rows);
    },
  );
  r.post(
    '/api/WebApi/OnOff',
    {
      config: { access: 'webApi:onOff' },
      schema: {
        tags,
        body: webApiOnOffSchema,
        response: { 200: envelopeSchema(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const count = await setWebApisEnabled(db, requireActor(request), request.body);
      await reload();
      return ok({ count });
    },
  );
}
