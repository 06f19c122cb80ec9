import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, useTestApp, type Response } from './helpers.js';
import { hostileRequest, type Operation, type OpenApiDocument, operationsOf } from './hostile-input.js';

/**
 * Hostile input, generated from the OpenAPI document: every documented route gets malformed bodies,
 * wrong types, missing and unknown fields, huge strings and arrays, SQL and HTML payloads, odd Unicode,
 * out-of-range paging and bad ids. Never a 500, always the envelope, a 4xx carries a message, and a
 * refused write leaves the business tables exactly as they were. Fixed seed, bounded cases;
 * `npm run bench:fuzz -w bench` runs it longer (FUZZ_RUNS, FUZZ_SEED).
 */
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 8);
const seed = Number(process.env.FUZZ_SEED ?? 20261122);

/** Routes whose refusals write on purpose: a wrong password counts towards lockout, wherever it is typed. */
const writesWhenRefused = new Set([
  'POST /api/token/Login',
  'POST /api/token/ForgotPassword',
  'POST /api/Account/UpdateEmail',
  'POST /api/Account/VerifyPassword',
  'POST /api/Account/ChangePassword',
  'POST /api/token/ResetInitPassword',
]);
const skipped = new Set(['POST /api/token/Logout', 'GET /api/token/SSOLogin', 'GET /api/token/SSOLogout']);
/** Tables that change on every request or sign-in, whatever its answer. */
const logTables = new Set([
  'auth_nonce',
  'request_log',
  'login_log',
  'system_log',
  'audit_log',
  'user_session',
  'refresh_token',
  // Outgoing mail rows (lock warnings, reset links) are written by sign-in and ForgotPassword too.
  'email',
  'password_reset',
  // Statements slower than Settings → Logs' slow-statement line are logged whatever the answer, and on a busy
  // machine any statement can be that slow.
  'sql_log',
]);

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let token: string;
let adminId: number;
let operations: Operation[];
let businessTables: string[];

type Rows = { rows: Record<string, unknown>[] };

/** One hash of every business table's full content: equal before and after means nothing was written. */
async function fingerprint(): Promise<string> {
  const parts = businessTables.map(
    (table) =>
      `select '${table}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x`,
  );
  const result = (await ctx.db.execute(sql.raw(parts.join(' union all ')))) as unknown as Rows;
  return result.rows.map((row) => `${String(row.t)}=${String(row.h)}`).join(';');
}

/** Single sign-on steps a browser follows: they answer by sending it on (to the provider or to the sign-in page). */
const browserRedirects = new Set(['GET /api/token/SSOLogin', 'GET /api/token/SSOLogout', 'GET /api/token/SSOCallback']);

/** What every answer must look like, whatever was sent. */
function judge(operation: Operation, response: Response & { contentType: string }): string | undefined {
  if (response.status >= 500) return `answered ${response.status}: ${response.raw.slice(0, 300)}`;
  // Files a download answers with: exports, the embedded database's backup, a person's data (a zip).
  const download = ['spreadsheetml', 'application/gzip', 'application/zip'].some((type) =>
    response.contentType.includes(type),
  );
  if (response.status === 200 && download) return undefined;
  if ((response.status === 302 || response.status === 303) && browserRedirects.has(operation.key)) return undefined;
  if (!response.contentType.includes('application/json')) return `not JSON (${response.contentType})`;
  const body = response.body;
  if (typeof body.resultCode !== 'number' || typeof body.resultMsg !== 'string' || !('data' in body))
    return `not the envelope: ${response.raw.slice(0, 300)}`;
  if (response.status >= 400 && body.resultMsg.trim() === '') return `a ${response.status} without a message`;
  if (response.status >= 300 && response.status < 400) return `a redirect from ${operation.key}`;
  return undefined;
}

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  adminId = admin.id;
  token = (await signIn(ctx, admin)).token;
  const document = (await ctx.call('GET', '/api/openapi.json', { authToken: false }))
    .body as unknown as OpenApiDocument;
  operations = operationsOf(document).filter((operation) => !skipped.has(operation.key));
  const tables = (await ctx.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as Rows;
  businessTables = tables.rows
    .map((row) => String(row.tablename))
    .filter((name) => !logTables.has(name) && !name.startsWith('__'));
});

describe('hostile input from the OpenAPI document', () => {
  it('covers the documented routes', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.map((o) => o.key)).toContain('POST /api/Ticket/Add');
  });

  it('never answers 500, always the envelope, and a refused write changes nothing', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let knownState: string | undefined;
    for (const operation of operations) {
      const reported = failures.length;
      const run = await fc.check(
        fc.asyncProperty(hostileRequest(operation), async (request) => {
          const isWrite = operation.method !== 'GET' && !/\/(Query|Export|Get)\b/i.test(operation.path);
          // The state after a refused write is the state before the next one: read again only after an accepted one.
          const before = isWrite ? (knownState ??= await fingerprint()) : '';
          const response = await ctx.app.inject({
            method: operation.method,
            url: request.url,
            headers: {
              'auth-token': ctx.newAuthToken(),
              authorization: `Bearer ${token}`,
              ...(request.payload !== undefined ? { 'content-type': request.contentType } : {}),
            },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          let body: Response['body'];
          try {
            body = JSON.parse(response.body) as Response['body'];
          } catch {
            body = { resultCode: -1, resultMsg: '', data: null };
          }
          const problem = judge(operation, {
            status: response.statusCode,
            body,
            raw: response.body,
            headers: response.headers,
            contentType: String(response.headers['content-type'] ?? ''),
          });
          if (isWrite && (response.statusCode < 400 || writesWhenRefused.has(operation.key))) knownState = undefined;
          if (!problem && isWrite && response.statusCode >= 400 && !writesWhenRefused.has(operation.key)) {
            const after = await fingerprint();
            knownState = after;
            if (after !== before) {
              const changed = after.split(';').filter((part) => !before.includes(part));
              failures.push(
                `${operation.key} ${request.description}: refused (${response.statusCode}) but wrote ${changed.join(', ')}`,
              );
              return false;
            }
          }
          if (writesWhenRefused.has(operation.key))
            // The fuzzing user's wrong passwords would lock it out of the rest of the walk.
            await ctx.db.execute(sql`update app_user set error_count = 0, locked_at = null where id = ${adminId}`);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (problem) failures.push(`${operation.key} ${request.description}: ${problem}`);
          return problem === undefined;
        }),
        { seed, numRuns: runsPerRoute, endOnFailure: true },
      );
      // A case that threw rather than answering wrongly is a failure too; one per route is enough to report.
      if (run.failed && failures.length === reported)
        failures.push(
          `${operation.key} ${run.counterexample?.[0].description ?? ''}: threw ${String(run.errorInstance)}`,
        );
    }
    console.info(
      `hostile input: ${operations.length} routes × ${runsPerRoute} cases, answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    // Every generated case reached the server and was judged.
    expect([...statuses.values()].reduce((sum, n) => sum + n, 0)).toBe(operations.length * runsPerRoute);
    // A session lost midway would make every later case a trivial 401.
    expect(statuses.get(401) ?? 0).toBeLessThan(operations.length);
  }, 900_000);
});
