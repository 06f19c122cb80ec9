import { messages, msg, type RouteAccess } from '@casedesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokens } from './access-token.js';
import type { Actor, ActorLoader } from './actor.js';
import type { AuthTokenChecker } from './auth-token.js';
import { AppError, forbidden, unauthorized } from './errors.js';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route requires; every route declares it (a test walks the route table). */
    access?: RouteAccess;
    /** False for the few public /api routes the contract exempts from the Auth-Token header. */
    authToken?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export type PersonalTokenAuthenticator = {
  isPersonal(bearer: string): boolean;
  authenticate(bearer: string): Promise<Actor | undefined>;
};

export type RouteRecord = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The route's body schema, if it declares one (the route-table walks of the tests read it). */
  body?: unknown;
};

/** Routes that third-party plugins register without our config: public by nature (docs, static files). */
const pluginPublicPrefixes = ['/api/docs'];

const invalidAuthToken = () => new AppError('INVALID_AUTH_TOKEN', msg(messages, 'invalidAuthToken'));

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function hasPermission(actor: Actor, code: string): boolean {
  return actor.permissions.has(code);
}

/**
 * One place for who may call what: the Auth-Token header, the bearer token, the session and user
 * state, and the route's declared permission. Runs before the body is read, so a caller without
 * the permission gets 403 whatever it sends.
 */
export function registerAccessControl(
  app: FastifyInstance,
  deps: {
    /** Loads the caller of a session (supplied by the auth module). */
    actors: ActorLoader;
    authTokens: AuthTokenChecker;
    accessTokens: AccessTokens;
    routes: RouteRecord[];
    /** Personal API tokens (`Bearer cdk_…`): the owner as actor, or undefined for a token that is not valid. */
    personalTokens?: PersonalTokenAuthenticator;
  },
) {
  app.decorateRequest('actor', null);

  async function check(request: FastifyRequest): Promise<void> {
    const url = request.routeOptions.url;
    if (url === undefined) return; // no route: the not-found handler answers
    const { access, authToken } = request.routeOptions.config;
    if (!access) throw forbidden(); // fail closed on a route that forgot to declare

    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    let actor: Actor;
    // A valid personal API token stands in for the Auth-Token header (contract section 3): integrations
    // cannot build one. An invalid one is refused before anything else, so it exempts nobody; public
    // routes ignore it and keep their usual checks.
    if (bearer && access !== 'public' && deps.personalTokens?.isPersonal(bearer)) {
      const owner = await deps.personalTokens.authenticate(bearer);
      if (!owner) throw unauthorized();
      actor = owner;
    } else {
      const isApi = url.toLowerCase().startsWith('/api/');
      const needsAuthToken = isApi && authToken !== false;
      let nonce: string | undefined;
      if (needsAuthToken) {
        const header = request.headers['auth-token'];
        nonce = deps.authTokens.nonceOf(typeof header === 'string' ? header : undefined);
        if (!nonce) throw invalidAuthToken();
      }
      const claims = access !== 'public' && bearer ? await deps.accessTokens.verify(bearer) : undefined;
      if (!claims) {
        // Nothing to load: the nonce alone, so that a replay is still answered as one and a fresh header is spent.
        if (nonce && !(await deps.authTokens.claim(nonce))) throw invalidAuthToken();
        if (access === 'public') return;
        throw unauthorized();
      }
      const loaded = nonce
        ? await deps.actors.claimNonceAndLoad(nonce, claims.userId, claims.sessionId, claims.exp)
        : await deps.actors.load(claims.userId, claims.sessionId, claims.exp);
      if (loaded === 'replayed') throw invalidAuthToken();
      actor = loaded;
    }
    request.actor = actor;
    if (access === 'authenticated') return;
    if (actor.needToChangePwd) throw new AppError('FORBIDDEN', msg(messages, 'passwordChangeRequired'));
    if (!actor.permissions.has(access)) throw forbidden();
  }

  app.addHook('onRoute', (route) => {
    route.config ??= {};
    const config = route.config as { access?: RouteAccess; authToken?: boolean; file?: unknown };
    const isStaticFile = typeof config.file === 'string'; // set by @fastify/static on each file route
    if (!config.access && (isStaticFile || pluginPublicPrefixes.some((p) => route.url.toLowerCase().startsWith(p)))) {
      config.access = 'public';
      config.authToken = false;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const body = (route.schema as { body?: unknown } | undefined)?.body;
    for (const method of methods) deps.routes.push({ method, url: route.url, access: config.access, body });

    // A route-level hook, added after the rate limiter's (registered earlier): a flood is counted and
    // cut off before any RSA decryption or database work is spent on it.
    const hooks =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // A GET's HEAD twin may share its hook list; the check must still run once.
    if (!hooks.includes(check)) route.onRequest = [...hooks, check];
  });
}
