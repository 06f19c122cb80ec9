import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages, msg, zodErrorMap } from '@casedesk/shared';
import type { Database } from './db/database.js';
import { openReadReplica, useReadReplica } from './platform/read-replica.js';
import { authenticateApiToken, isPersonalToken } from './modules/apiToken/index.js';
import { postgresRateLimitStore, rateLimitKeyOf } from './platform/rate-limit.js';
import { activeUserActors, actorLoader } from './modules/auth/index.js';
import { readSettings } from './modules/setting/index.js';
import { modules } from './modules/index.js';
import { registerAccessControl, type RouteRecord } from './platform/access.js';
import { createAccessTokens } from './platform/access-token.js';
import { createAuthTokenChecker } from './platform/auth-token.js';
import type { Config } from './platform/config.js';
import { registerErrorHandler, sendError } from './platform/error-handler.js';
import { fileStoreKind, openFileStore, useFileStore } from './platform/file-store.js';
import { AppError } from './platform/errors.js';
import { registerJsonBodyParser } from './platform/json-body.js';
import {
  createRequestLogWriter,
  createSqlLogWriter,
  describeError,
  registerRequestContext,
  registerRequestLog,
  watchLogSettings,
  writeSystemLog,
  type LogSettingsWatch,
  type RequestLogWriter,
  type SqlLogWriter,
} from './platform/logs.js';
import { loadServerKeys } from './platform/secrets.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { setUserActors } from './platform/actor.js';
import { setDomainEventHandlers } from './platform/events.js';
import { setWorkflowBusinessTypes } from './platform/workflow-types.js';
import { setPersonalDataHolders } from './platform/personal-data.js';
import { setRecordReferences } from './platform/references.js';
import { setUserDirectory } from './platform/user-directory.js';
import { setDirectoryPasswordCheck } from './platform/directory-password.js';
import { setDictionaryItemsReader } from './platform/dictionary-words.js';
import type { JobHandler } from './platform/jobs/job-handler.js';
import { createJobRegistry } from './platform/jobs/registry.js';
import { createScheduler, type Scheduler } from './platform/jobs/scheduler.js';
import type { BackgroundWork } from './platform/module.js';
import { createLiveHub, type LiveHub } from './platform/live.js';

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Flip to true once migrations ran; /readyz answers 503 before. */
  isReady?: () => boolean;
  /** Job handlers beyond the manifests' (tests register their own here, never in the product). */
  jobHandlers?: JobHandler[];
};

export type App = {
  app: FastifyInstance;
  routes: RouteRecord[];
  /** The batched request log; `flush()` writes what is buffered now (tests, shutdown). */
  requestLog: RequestLogWriter;
  /** Not ticking until `start()` (main.ts, unless SCHEDULER=false); tests drive `tick(now)` themselves. */
  scheduler: Scheduler;
  /** The slow SQL log, batched the same way. */
  sqlLog: SqlLogWriter;
  /** The log settings the hot paths read; `refresh()` picks up a saved change at once (tests). */
  logSettings: LogSettingsWatch;
  /** The live pushes of this instance (open streams' subscriptions). */
  live: LiveHub;
};

/** Secrets, tokens and passwords never reach the logs. */
export const logRedactions = [
  'req.headers.authorization',
  'req.headers["auth-token"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Requests are logged by path only: query strings can carry reset or SSO codes. */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
}

const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Ant Design writes the theme's tokens (CSS variables for the static antd.css) into <style> elements.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  // Invoice documents (PDF) are shown in a frame from a blob: URL the web makes of the downloaded bytes.
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** What an answer sent before any hook ran (a URL the router cannot read) still carries. */
const frameworkErrorHeaders = (requestId: string) => ({
  'x-request-id': requestId,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
});

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const db = database.db;
  const keys = await loadServerKeys(db);
  const routes: RouteRecord[] = [];

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: logRedactions, serializers: { req: serializeRequest } },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // A request that reaches a closing process (a worker being replaced hands over its last connections) is
    // still answered: the database closes only after the server has.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // A URL the router cannot decode, or a path parameter over maxParamLength: the envelope, not Fastify's body.
    // No hook runs for these, so the headers helmet would add are set here.
    frameworkErrors: (error, request, reply) => {
      const message = msg(messages, error.code === 'FST_ERR_BAD_URL' ? 'malformedUrl' : 'urlTooLong');
      void sendError(
        reply.headers(frameworkErrorHeaders(request.id)),
        new AppError('BAD_REQUEST', message),
        request.id,
      );
    },
  });
  // zod's own words never reach a client (contract section 18): the refusal names the field by its label.
  z.config({ customError: zodErrorMap });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerJsonBodyParser(app);
  registerErrorHandler(app, (error, request) => {
    void writeSystemLog(db, {
      level: 'error',
      source: 'server',
      message: describeError(error),
      requestId: request.id,
      userId: request.actor?.userId ?? null,
      detail: {
        url: request.url.split('?')[0],
        method: request.method,
        stack: error instanceof Error ? error.stack?.slice(0, 4000) : undefined,
      },
    }).catch(() => undefined);
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspDirectives },
    crossOriginEmbedderPolicy: false,
  });
  const accessTokens = createAccessTokens(keys.jwtSecret, config.accessTokenMinutes);
  await app.register(fastifyRateLimit, {
    global: config.rateLimitMax > 0,
    max: config.rateLimitMax > 0 ? config.rateLimitMax : 1_000_000,
    timeWindow: '1 minute',
    // Per signed-in user (an address only for calls without one), counted in the database when several processes
    // may serve the same user (contract 25); the embedded database is one process, which counts in memory.
    keyGenerator: rateLimitKeyOf(accessTokens, isPersonalToken),
    ...(database.kind === 'pg' ? { store: postgresRateLimitStore(db) } : {}),
    // A counter the database cannot answer lets the request through rather than failing it.
    skipOnError: true,
    // `RateLimit-Limit`, `-Remaining`, `-Reset` (the IETF draft's names) and `Retry-After` on a 429.
    enableDraftSpec: true,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', msg(messages, 'tooManyRequests')),
  });
  // Before any route is added, so that every route is recorded and guarded.
  const authTokens = createAuthTokenChecker(db, keys.authTokenPrivateKey, config.authTokenWindowSeconds);
  const personalTokens = {
    isPersonal: isPersonalToken,
    authenticate: (bearer: string) => authenticateApiToken(db, bearer),
  };
  registerAccessControl(app, { actors: actorLoader(db), authTokens, accessTokens, routes, personalTokens });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Casedesk API',
        version: config.version,
        description: 'The Casedesk HTTP API. Every JSON response is the envelope { resultCode, resultMsg, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const logSettings = watchLogSettings(async () => {
    const { log } = await readSettings(db);
    return { requestLog: log.requestLog, slowSqlMs: log.slowSqlMs };
  }, app.log);
  await logSettings.refresh();
  registerRequestContext(app, logSettings);
  const requestLog = createRequestLogWriter(db, app.log);
  registerRequestLog(app, requestLog, logSettings);
  const sqlLog = createSqlLogWriter(db, app.log, logSettings);
  database.observeStatements(sqlLog.observe);

  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicRoute = { access: 'public' as const, authToken: false };
  r.get('/api/openapi.json', { config: publicRoute, schema: { hide: true } }, async () => app.swagger());
  r.get(
    '/version.json',
    { config: publicRoute, schema: { hide: true, querystring: z.object({ t: z.string().optional() }).passthrough() } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { version: config.version };
    },
  );
  r.get('/healthz', { config: publicRoute, schema: { hide: true } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' };
    } catch {
      return sendError(reply, new AppError('SERVICE_UNAVAILABLE', msg(messages, 'serviceUnavailable')), request.id);
    }
  });
  r.get('/readyz', { config: publicRoute, schema: { hide: true } }, async (request, reply) => {
    try {
      if (options.isReady && !options.isReady()) throw new Error('not migrated yet');
      await database.ping();
      return { status: 'ready' };
    } catch {
      return sendError(reply, new AppError('SERVICE_UNAVAILABLE', msg(messages, 'serviceUnavailable')), request.id);
    }
  });

  const registry = createJobRegistry([
    ...modules.flatMap((module) => module.jobs?.handlers ?? []),
    ...(options.jobHandlers ?? []),
  ]);
  const jobScheduler = createScheduler({
    db,
    config,
    log: app.log,
    registry,
    timeZone: async () => (await readSettings(db)).basic.timeZone,
  });
  // The modules' background work starts and stops with the scheduler (built once the modules registered).
  const background: BackgroundWork[] = [];
  const scheduler: Scheduler = {
    ...jobScheduler,
    start() {
      jobScheduler.start();
      for (const work of background) work.start();
    },
    async stop(graceMs) {
      await Promise.all(background.map((work) => work.stop()));
      await jobScheduler.stop(graceMs);
    },
  };
  const jobs = { registry, scheduler };
  setDomainEventHandlers(modules.flatMap((module) => module.events ?? []));
  setUserActors(activeUserActors);
  setWorkflowBusinessTypes(modules.flatMap((module) => module.workflowTypes ?? []));
  setRecordReferences(modules.flatMap((module) => module.references ?? []));
  setPersonalDataHolders(modules.flatMap((module) => (module.personalData ? [module.personalData] : [])));
  setUserDirectory(modules.find((module) => module.userDirectory)?.userDirectory);
  setDictionaryItemsReader(modules.find((module) => module.dictionaryItems)?.dictionaryItems);
  setDirectoryPasswordCheck(modules.find((module) => module.directoryPassword)?.directoryPassword);
  if (config.databaseReadUrl && database.kind === 'pg') {
    const replica = openReadReplica(db, config.databaseReadUrl, {
      onUnavailable: (reason) => app.log.warn({ err: reason }, 'read replica unavailable: heavy reads on the primary'),
    });
    useReadReplica(db, replica);
    app.addHook('onClose', async () => {
      useReadReplica(db, null);
      await replica.close();
    });
  }
  const fileStore = await openFileStore(db, config.dataDir, fileStoreKind(config, database.kind), config.s3);
  useFileStore(config.dataDir, fileStore);
  app.addHook('onClose', async () => fileStore.close?.());
  const live = createLiveHub(database.listen, (error) => app.log.warn({ err: error }, 'live push failed'));
  const moduleContext = { db, config, accessTokens, authTokenPublicKey: keys.authTokenPublicKey, routes, jobs, live };
  for (const module of modules) await module.register?.(app, moduleContext);
  for (const module of modules) if (module.background) background.push(module.background(app, moduleContext));

  registerWebApp(app, config);

  const purgeTimer = setInterval(
    () => void authTokens.purge().catch((error: unknown) => app.log.warn({ err: error }, 'nonce purge failed')),
    60_000,
  );
  purgeTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await scheduler.stop();
    await live.close();
    database.observeStatements(null);
    logSettings.stop();
    await requestLog.stop();
    await sqlLog.stop();
  });

  return { app, routes, requestLog, sqlLog, logSettings, scheduler, live };
}

/** The built web app, with every unknown non-API GET answered by index.html (client-side routes). */
function registerWebApp(app: FastifyInstance, config: Config) {
  const root = resolve(config.webDist ?? new URL('../../web/dist', import.meta.url).pathname);
  const hasWeb = existsSync(resolve(root, 'index.html'));
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz twins of every text file; the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; index.html must always be fresh for the version check.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.toLowerCase();
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.\w+$/.test(path);
    if (hasWeb && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendError(reply, new AppError('NOT_FOUND', msg(messages, 'notFound')), request.id);
  });
}
