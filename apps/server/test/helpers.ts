import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { TokenData } from '@casedesk/shared';
import { buildApp, type App, type AppOptions } from '../src/app.js';
import type { Database, Db } from '../src/db/database.js';
import { permission, role, rolePermission } from '../src/modules/role/role.table.js';
import { fullNameOf } from '../src/modules/user/user.service.js';
import { appUser, userProject, userRole } from '../src/modules/user/user.table.js';
import { userGroup, userGroupMember } from '../src/modules/userGroup/user-group.table.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { hashPassword } from '../src/platform/passwords.js';
import { loadServerKeys } from '../src/platform/secrets.js';
import { openPostgres } from '../src/db/database.js';
import { copyPgTemplate, openTestDatabase } from './database.js';

export const testPassword = 'Test@12345';

export type Response = {
  status: number;
  body: { resultCode: number; resultMsg: string; data: unknown };
  headers: Record<string, unknown>;
  raw: string;
};

const ownDataDirs = new Map<string, string>();

/**
 * The files of this test file's apps go to a temporary folder of its own, never the shared ./data that test
 * files running side by side (and a developer's `npm start`) would write into together. Kept by test file, not
 * once per module: a worker runs many files with these helpers loaded once (isolate: false), and two files' copies
 * of the template database number their stored files alike.
 */
function testDataDir(): string {
  const testFile = expect.getState().testPath ?? '';
  let dir = ownDataDirs.get(testFile);
  if (!dir) {
    dir = mkdtempSync(join(inject('testDataRoot') || tmpdir(), 'file-'));
    ownDataDirs.set(testFile, dir);
  }
  return dir;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '0' }),
    demoData: false,
    dataDir: testDataDir(),
    ...overrides,
  };
}

/** Builds `Auth-Token` headers the way the web client does (contract section 3). */
export function authTokenFactory(publicKeyPem: string) {
  return (options: { nonce?: string; seconds?: number } = {}) => {
    const nonce = options.nonce ?? randomBytes(16).toString('hex');
    const seconds = options.seconds ?? Math.floor(Date.now() / 1000);
    return publicEncrypt(
      { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(`${nonce}:${seconds}`),
    ).toString('base64');
  };
}

export type CallOptions = {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** false: send no Auth-Token header; a string: send exactly this one. */
  authToken?: false | string;
  payload?: string;
  /** The caller's address as the server sees it (default 127.0.0.1). */
  remoteAddress?: string;
};

export type Caller = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  options?: CallOptions,
) => Promise<Response>;

export type TestContext = {
  app: FastifyInstance;
  built: App;
  database: Database;
  db: Db;
  config: Config;
  newAuthToken: ReturnType<typeof authTokenFactory>;
  call: Caller;
};

/** `app.inject` with the headers the web client sends, answering the parsed envelope. */
export function createCaller(app: FastifyInstance, newAuthToken: ReturnType<typeof authTokenFactory>): Caller {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.authToken !== false) headers['auth-token'] = options.authToken ?? newAuthToken();
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request: InjectOptions = { method, url, headers, query: options.query };
    if (options.remoteAddress) request.remoteAddress = options.remoteAddress;
    if (options.payload !== undefined) request.payload = options.payload;
    else if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    const response = await app.inject(request);
    let body: Response['body'];
    try {
      body = JSON.parse(response.body) as Response['body'];
    } catch {
      body = { resultCode: -1, resultMsg: 'not JSON', data: null };
    }
    return { status: response.statusCode, body, headers: response.headers, raw: response.body };
  };
}

/** What a test may add to the app: its own job handlers (never the product's code). */
export type TestAppOptions = Pick<AppOptions, 'jobHandlers'>;

/** Builds the app on `database` into `ctx`, ready to take calls. */
export async function startTestApp(
  ctx: TestContext,
  database: Database,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
) {
  ctx.database = database;
  ctx.db = database.db;
  ctx.config = testConfig(overrides);
  // Quiet, but an answer the server could not give (a 500) prints its error, so that a failing run shows its cause.
  ctx.built = await buildApp({ config: ctx.config, database, logger: { level: 'error' }, ...options });
  ctx.app = ctx.built.app;
  await ctx.app.ready();
  const keys = await loadServerKeys(ctx.db);
  ctx.newAuthToken = authTokenFactory(keys.authTokenPublicKey);
  ctx.call = createCaller(ctx.app, ctx.newAuthToken);
}

/** A fresh database copy and app for one test file, closed after it. */
export function useTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => startTestApp(ctx, await openTestDatabase(), overrides, options));
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

/**
 * Two app instances on one database, as two server processes are (for what crosses by LISTEN/NOTIFY): on
 * PostgreSQL two pools on a copy of its own; on PGlite, one process, both apps on the file's embedded database
 * (which share its listeners). `b` also listens on a port, for a real stream.
 */
export function useTwoApps(
  ctx: TestContext,
  overrides: Partial<Config> = {},
): { a: TestContext; b: TestContext; baseUrlB: () => string } {
  const a = {} as TestContext;
  const b = {} as TestContext;
  let cleanup: () => Promise<void> = async () => undefined;
  let baseUrlB = '';
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      const copy = await copyPgTemplate();
      await startTestApp(a, await openPostgres(copy.url, 4), overrides);
      await startTestApp(b, await openPostgres(copy.url, 4), overrides);
      cleanup = async () => {
        await a.database.close();
        await b.database.close();
        await copy.drop();
      };
    } else {
      await startTestApp(a, ctx.database, overrides);
      await startTestApp(b, ctx.database, overrides);
    }
    baseUrlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a.app?.close();
    await b.app?.close();
    await cleanup();
  });
  return { a, b, baseUrlB: () => baseUrlB };
}

let passwordHashCache: Promise<string> | undefined;
let userCounter = 0;

/** `name`: the name shown for them (their full name, else the login name), as the app shows it. */
export type TestUser = { id: number; loginName: string; password: string; name: string };

/** A user with the given roles (codes) and, optionally, a role made just for them with these permissions. */
export async function createUser(
  ctx: Pick<TestContext, 'db'>,
  options: {
    roles?: string[];
    permissions?: string[];
    projects?: number[];
    password?: string;
    values?: Partial<typeof appUser.$inferInsert>;
  } = {},
): Promise<TestUser> {
  const password = options.password ?? testPassword;
  const passwordHash = options.password
    ? await hashPassword(password)
    : await (passwordHashCache ??= hashPassword(testPassword));
  const loginName = `user${++userCounter}_${randomBytes(3).toString('hex')}`;
  const names = { realName: 'Test', lastName: `User ${userCounter}`, ...options.values };
  const composed = fullNameOf({ fullName: null, realName: names.realName, lastName: names.lastName ?? null });
  const [user] = await ctx.db
    .insert(appUser)
    .values({
      loginName,
      passwordHash,
      realName: names.realName,
      lastName: names.lastName,
      email: `${loginName}@example.test`,
      // Composed as a save through the user service composes it; a test may still give its own (null: none).
      fullName: composed,
      ...options.values,
    })
    .returning({ id: appUser.id, fullName: appUser.fullName });
  if (!user) throw new Error('user not created');
  const roleIds: number[] = [];
  if (options.roles?.length) {
    const rows = await ctx.db.select({ id: role.id }).from(role).where(inArray(role.code, options.roles));
    roleIds.push(...rows.map((r) => r.id));
  }
  if (options.permissions) roleIds.push(await createRole(ctx, options.permissions));
  if (roleIds.length) await ctx.db.insert(userRole).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
  if (options.projects?.length)
    await ctx.db.insert(userProject).values(options.projects.map((projectId) => ({ userId: user.id, projectId })));
  return { id: user.id, loginName, password, name: user.fullName ?? loginName };
}

export async function createRole(ctx: Pick<TestContext, 'db'>, codes: string[]): Promise<number> {
  const code = `role_${randomBytes(4).toString('hex')}`;
  const [row] = await ctx.db.insert(role).values({ code, name: code }).returning({ id: role.id });
  if (!row) throw new Error('role not created');
  if (codes.length) {
    const perms = await ctx.db.select({ id: permission.id }).from(permission).where(inArray(permission.code, codes));
    if (perms.length !== codes.length) throw new Error(`unknown permission in ${codes.join(', ')}`);
    await ctx.db.insert(rolePermission).values(perms.map((p) => ({ roleId: row.id, permissionId: p.id })));
  }
  return row.id;
}

/** An active user group with these members. */
export async function createGroup(ctx: Pick<TestContext, 'db'>, memberIds: number[] = []): Promise<number> {
  const [row] = await ctx.db
    .insert(userGroup)
    .values({ name: `g${randomBytes(3).toString('hex')}` })
    .returning({ id: userGroup.id });
  if (!row) throw new Error('group not created');
  if (memberIds.length)
    await ctx.db.insert(userGroupMember).values(memberIds.map((userId) => ({ groupId: row.id, userId })));
  return row.id;
}

export async function signIn(ctx: TestContext, user: { loginName: string; password: string }): Promise<TokenData> {
  const response = await ctx.call('POST', '/api/token/Login', {
    body: { userName: user.loginName, password: user.password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.raw}`);
  return response.body.data as TokenData;
}

/** A signed-in user with exactly these permissions. */
export async function signedInWith(
  ctx: TestContext,
  permissions: string[],
  options: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(ctx, { ...options, permissions });
  const tokens = await signIn(ctx, user);
  return { user, token: tokens.token, tokens };
}

export async function userRow(ctx: TestContext, id: number) {
  const [row] = await ctx.db.select().from(appUser).where(eq(appUser.id, id));
  return row!;
}

/** Settings → Basic's time zone set to `timeZone` (by an administrator's `token`) while `work` runs, then as it was. */
export async function inTimeZone<T>(ctx: TestContext, token: string, timeZone: string, work: () => Promise<T>) {
  /** Saves the zone and answers the one it replaced. */
  const save = async (zone: string) => {
    const current = (await ctx.call('GET', '/api/Settings/Get', { token })).body.data as {
      basic: { value: Record<string, unknown> & { timeZone: string }; rowVersion: number };
    };
    const saved = await ctx.call('POST', '/api/Settings/Save', {
      token,
      body: { group: 'basic', value: { ...current.basic.value, timeZone: zone }, rowVersion: current.basic.rowVersion },
    });
    if (saved.status !== 200) throw new Error(`saving the time zone failed: ${saved.raw}`);
    return current.basic.value.timeZone;
  };
  const before = await save(timeZone);
  try {
    return await work();
  } finally {
    await save(before);
  }
}
