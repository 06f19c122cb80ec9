import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionCodes, messages, type PermissionCode, type RouteAccess } from '@casedesk/shared';
import { buildApp } from '../src/app.js';
import { permission, role, rolePermission } from '../src/modules/role/role.table.js';
import { userRole } from '../src/modules/user/user.table.js';
import type { RouteRecord } from '../src/platform/access.js';
import { createRole, createUser, signIn, testConfig, useTestApp, type Response } from './helpers.js';

/**
 * Every route that answers without a signed-in user. Reviewed: adding a public route fails this test
 * until it is listed here, on purpose.
 */
const reviewedPublicRoutes = [
  'GET /version.json',
  'GET /healthz',
  'GET /readyz',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/token/PublicKey',
  'POST /api/token/Login',
  'POST /api/token/RefreshToken',
  'POST /api/token/ForgotPassword',
  'POST /api/token/ResetPassword',
  'GET /api/token/GetSSOLoginMessage',
  'GET /api/token/SSOLogin',
  'GET /api/token/SSOLogout',
  // Single sign-on: the provider sends the browser back here; the sign-in page trades its one-time code.
  'GET /api/token/SSOCallback',
  'POST /api/token/SSOExchange',
  // The second step of a sign-in (contract 24): the challenge Login answered after the right password is the credential.
  'POST /api/token/LoginSecondFactor',
  'POST /api/token/PasskeyOptions',
  'POST /api/token/PasskeyLogin',
  'POST /api/token/TotpSetup',
  'POST /api/token/TotpEnable',
  'GET /api/atest/VueLog',
  // The sign-in page's product title, language and SSO button (docs/contract-admin.md).
  'GET /api/Settings/Public',
  // An approval-task mail's Approve/Reject link (contract 22): the signed link is the credential; GET only reads.
  'GET /approve/:token',
  'POST /approve/:token',
];

/** /api routes callable without the Auth-Token header (contract section 3, plus browser navigations). */
const reviewedAuthTokenExempt = [
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/token/PublicKey',
  // The browser navigates to these itself, so no header can be added.
  'GET /api/token/SSOLogin',
  'GET /api/token/SSOLogout',
  'GET /api/token/SSOCallback',
  // EventSource sends no headers; the access token comes in the StreamTicket cookie (a read-only GET).
  'GET /api/Notification/Stream',
];

const key = (route: RouteRecord) => `${route.method} ${route.url}`;
/** HEAD routes are Fastify's automatic twins of GET routes; they are judged with their GET. */
const withoutHead = (routes: RouteRecord[]) => routes.filter((r) => r.method !== 'HEAD');
/** A concrete URL for a route pattern: path parameters become 1. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const isPermissionCode = (access: RouteAccess | undefined): access is PermissionCode =>
  access !== undefined && access !== 'public' && access !== 'authenticated';

describe('route table', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let routes: RouteRecord[];
  beforeAll(() => {
    routes = ctx.built.routes;
  });

  /** Calls a route the way a plausible client would; the walk only cares about the access line. */
  async function callRoute(route: RouteRecord, token: string | undefined): Promise<Response> {
    const url = concrete(route.url);
    if (route.method === 'HEAD') {
      const response = await ctx.app.inject({
        method: 'HEAD',
        url,
        headers: { 'auth-token': ctx.newAuthToken(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      // A HEAD answer has no body; the status says enough.
      return { status: response.statusCode, body: { resultCode: -1, resultMsg: '', data: null }, headers: {}, raw: '' };
    }
    return ctx.call(route.method as Method, url, {
      token,
      body: route.method === 'GET' ? undefined : {},
    });
  }

  it('has routes, and every one declares its access', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => r.access === undefined).map(key)).toEqual([]);
  });

  it('has exactly the reviewed public routes', () => {
    const publicRoutes = withoutHead(routes.filter((r) => r.access === 'public')).map(key);
    expect([...publicRoutes].sort()).toEqual([...reviewedPublicRoutes].sort());
  });

  it('uses only permission codes that exist (and so can be granted)', () => {
    const unknown = routes.filter((r) => isPermissionCode(r.access) && !allPermissionCodes.includes(r.access));
    expect(unknown.map((r) => `${key(r)} -> ${r.access}`)).toEqual([]);
  });

  it('answers 401 Unauthorized on every non-public route without a bearer token, or with a bad one', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      for (const token of [undefined, 'not-a-token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl']) {
        const response = await callRoute(route, token);
        const okBody =
          route.method === 'HEAD' ||
          (response.body.resultCode === 401 && response.body.resultMsg === messages.unauthorized);
        if (response.status !== 401 || !okBody)
          failures.push(`${key(route)} token=${token}: ${response.status} ${response.raw}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 Invalid Auth-Token header on every /api route except the reviewed exemptions', async () => {
    const admin = await createUser(ctx, { roles: ['admin'] });
    const { token } = await signIn(ctx, admin);
    const apiRoutes = withoutHead(routes).filter((r) => r.url.toLowerCase().startsWith('/api/'));
    const failures: string[] = [];
    const exempt: string[] = [];
    for (const route of apiRoutes) {
      const response = await ctx.call(route.method as Method, concrete(route.url), {
        token,
        authToken: false,
        body: route.method === 'GET' ? undefined : {},
      });
      const refused = response.status === 400 && response.body.resultMsg === messages.invalidAuthToken;
      if (!refused) exempt.push(key(route));
      if (refused && response.body.resultCode !== 400) failures.push(`${key(route)}: ${response.raw}`);
    }
    expect(failures).toEqual([]);
    expect(exempt.sort()).toEqual([...reviewedAuthTokenExempt].sort());
  });

  describe('permission walk, generated from the table', () => {
    let probeToken: string;
    let probeRoleId: number;
    const grant = async (codes: string[]) => {
      await ctx.db.delete(rolePermission).where(eq(rolePermission.roleId, probeRoleId));
      if (codes.length === 0) return;
      const ids = await ctx.db.select({ id: permission.id }).from(permission).where(inArray(permission.code, codes));
      expect(ids).toHaveLength(codes.length);
      await ctx.db.insert(rolePermission).values(ids.map((p) => ({ roleId: probeRoleId, permissionId: p.id })));
    };

    beforeAll(async () => {
      // One signed-in user whose single role is rewritten per code: permissions are read on every request.
      const user = await createUser(ctx);
      probeRoleId = await createRole(ctx, []);
      await ctx.db.insert(userRole).values({ userId: user.id, roleId: probeRoleId });
      probeToken = (await signIn(ctx, user)).token;
    });

    const codesInTable = () => [...new Set(routes.map((r) => r.access).filter(isPermissionCode))].sort();

    it('covers at least the Dept, Position and Dictionary codes', () => {
      for (const module of ['dept', 'position', 'dictionary'])
        for (const action of ['view', 'create', 'edit', 'delete', 'batchDelete', 'export'])
          expect(codesInTable()).toContain(`${module}:${action}`);
    });

    it('refuses with 403 whoever holds every permission except the route’s own', async () => {
      const failures: string[] = [];
      for (const code of codesInTable()) {
        await grant(allPermissionCodes.filter((c) => c !== code));
        for (const route of routes.filter((r) => r.access === code)) {
          const response = await callRoute(route, probeToken);
          const body = response.body;
          const bodyOk = route.method === 'HEAD' || (body.resultCode === 403 && body.resultMsg === messages.forbidden);
          if (response.status !== 403 || !bodyOk)
            failures.push(`${key(route)} without ${code}: ${response.status} ${response.raw}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('lets through whoever holds exactly the route’s permission (no 401, 403 or 500)', async () => {
      const failures: string[] = [];
      for (const code of codesInTable()) {
        await grant([code]);
        for (const route of routes.filter((r) => r.access === code)) {
          const response = await callRoute(route, probeToken);
          if ([401, 403, 500].includes(response.status))
            failures.push(`${key(route)} with ${code}: ${response.status} ${response.raw}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('refuses every permission route to a signed-in user with no permissions', async () => {
      await grant([]);
      const failures: string[] = [];
      for (const route of routes.filter((r) => isPermissionCode(r.access))) {
        const response = await callRoute(route, probeToken);
        if (response.status !== 403) failures.push(`${key(route)}: ${response.status}`);
      }
      expect(failures).toEqual([]);
    });

    it('answers every seeded role exactly as its permissions say, on every permission route', async () => {
      const seeded = await ctx.db
        .select({ id: role.id, code: role.code, permission: permission.code })
        .from(role)
        .leftJoin(rolePermission, eq(rolePermission.roleId, role.id))
        .leftJoin(permission, eq(permission.id, rolePermission.permissionId));
      const granted = new Map<string, Set<string>>();
      for (const row of seeded) {
        if (!granted.has(row.code)) granted.set(row.code, new Set());
        if (row.permission) granted.get(row.code)!.add(row.permission);
      }
      expect([...granted.keys()]).toEqual(expect.arrayContaining(['admin', 'common']));
      const failures: string[] = [];
      for (const [roleCode, codes] of granted) {
        const user = await createUser(ctx, { roles: [roleCode] });
        const { token } = await signIn(ctx, user);
        for (const route of routes.filter((r) => isPermissionCode(r.access))) {
          const allowed = codes.has(route.access as string);
          const response = await callRoute(route, token);
          const ok = allowed ? ![401, 403, 500].includes(response.status) : response.status === 403;
          if (!ok)
            failures.push(
              `${roleCode} ${allowed ? 'holds' : 'lacks'} ${route.access}: ${key(route)} answered ${response.status}`,
            );
        }
      }
      expect(failures).toEqual([]);
    });

    it('lets any signed-in user call the "authenticated" routes', async () => {
      await grant([]);
      const failures: string[] = [];
      // Logout ends the session, so it goes last.
      const authenticated = routes
        .filter((r) => r.access === 'authenticated')
        .sort((a, b) => Number(a.url.endsWith('/Logout')) - Number(b.url.endsWith('/Logout')));
      for (const route of authenticated) {
        const response = await callRoute(route, probeToken);
        if ([401, 403, 500].includes(response.status))
          failures.push(`${key(route)}: ${response.status} ${response.raw}`);
      }
      expect(failures).toEqual([]);
    });
  });
});

describe('OpenAPI document and reference', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });

  type OpenApi = {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown };

  it('is OpenAPI 3.1, served without any token, and lists the Dept calls from the zod schemas', async () => {
    const response = await ctx.call('GET', '/api/openapi.json', { authToken: false });
    expect(response.status).toBe(200);
    const doc = JSON.parse(response.raw) as OpenApi;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/Dept/Get']?.get).toBeDefined();
    expect(doc.paths['/api/Dept/Get/{key}']?.get).toBeDefined();
    expect(doc.paths['/api/Dept/Detail/{key}']?.get).toBeDefined();
    for (const action of ['Query', 'Add', 'Update', 'Delete', 'Delete/{key}', 'Export'])
      expect(doc.paths[`/api/Dept/${action}`]?.post, action).toBeDefined();
    const add = doc.paths['/api/Dept/Add']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(add?.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'code', 'parentId', 'sort', 'status']),
    );
    expect(add?.required).toEqual(expect.arrayContaining(['name', 'code']));
    expect(add?.additionalProperties).toBe(false);
    // Internal routes stay out of the document.
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('serves the browsable reference at /api/docs/', async () => {
    const response = await ctx.call('GET', '/api/docs/', { authToken: false });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(response.raw).toContain('swagger-ui');
  });
});

describe('security headers', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let webDir: string;
  let webApp: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'casedesk-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log(1);');
    webApp = (await buildApp({ config: testConfig({ webDist: webDir }), database: ctx.database, logger: false })).app;
    await webApp.ready();
  });
  afterAll(async () => {
    await webApp?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], what).toBe('no-referrer');
    expect(headers['strict-transport-security'], what).toMatch(/max-age=\d+/);
    expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
    expect(headers['x-powered-by'], what).toBeUndefined();
  };

  it('are on API answers, successful or not', async () => {
    const admin = await createUser(ctx, { roles: ['admin'] });
    const { token } = await signIn(ctx, admin);
    expectSecurityHeaders((await ctx.call('POST', '/api/Dept/Query', { token, body: {} })).headers, 'Query');
    expectSecurityHeaders((await ctx.call('POST', '/api/Dept/Query', { body: {} })).headers, '401');
    expectSecurityHeaders((await ctx.call('GET', '/api/No/Such')).headers, '404');
    expectSecurityHeaders((await ctx.call('GET', '/api/token/PublicKey', { authToken: false })).headers, 'public');
  });

  it('are on answers sent before routing (a URL the router cannot read)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/Dept/Get/%' });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ resultCode: 400, resultMsg: 'Malformed URL', data: null });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('are on pages and static files of the web app', async () => {
    const page = await webApp.inject({ method: 'GET', url: '/ticket/list' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(page.headers, 'page');
    const asset = await webApp.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expectSecurityHeaders(asset.headers, 'asset');
    // An unknown API path is an API 404, never the web app's index.html.
    const api = await webApp.inject({ method: 'GET', url: '/api/Nothing/Here' });
    expect(api.statusCode).toBe(404);
    expect(JSON.parse(api.body)).toEqual({ resultCode: 404, resultMsg: messages.notFound, data: null });
  });
});
