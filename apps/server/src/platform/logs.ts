import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableName } from 'drizzle-orm';
import type { Db, Queryable } from './db.js';
import { loginLog, requestLog, sqlLog, systemLog } from './platform.table.js';

type RequestLogRow = typeof requestLog.$inferInsert;
type SqlLogRow = typeof sqlLog.$inferInsert;

/** Log rows buffered and written in batches, off the request path; a failed batch is reported, never thrown. */
function createBatchedWriter<Row extends object>(
  db: Db,
  table: typeof requestLog | typeof sqlLog,
  log: FastifyBaseLogger,
  options = { batchSize: 200, intervalMs: 1000 },
) {
  let buffer: Row[] = [];
  let writing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing
      .then(() => db.insert(table).values(batch as never))
      .then(() => undefined)
      .catch((error: unknown) =>
        log.warn({ err: error, lost: batch.length, table: getTableName(table) }, 'log batch not written'),
      );
    return writing;
  }

  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();

  return {
    add(row: Row) {
      buffer.push(row);
      if (buffer.length >= options.batchSize) void flush();
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Request log entries are buffered and written in batches, off the request path. */
export const createRequestLogWriter = (db: Db, log: FastifyBaseLogger) =>
  createBatchedWriter<RequestLogRow>(db, requestLog, log);
export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;

/** `/api/Dept/Get/:key` -> controller Dept, action Get; the area is the permission module. */
export function describeRoute(url: string, access: string | undefined) {
  const [, , controller = null, action = null] = url.split('/');
  const area = access && access.includes(':') ? access.split(':')[0]! : null;
  return { area, controller, action };
}

/** Header text as the log can store it: the path only, bounded, without NUL (PostgreSQL text refuses it). */
const loggable = (value: string) => value.split('?')[0]!.replaceAll('\u0000', '').slice(0, 2000);

export function registerRequestLog(app: FastifyInstance, writer: RequestLogWriter, settings: LogSettingsWatch) {
  app.addHook('onResponse', async (request, reply) => {
    if (!settings.current.requestLog) return;
    const url = request.routeOptions.url;
    if (!url || !url.toLowerCase().startsWith('/api/')) return;
    const accessUrl = request.headers['accessurl'];
    writer.add({
      requestId: request.id,
      method: request.method,
      ...describeRoute(url, request.routeOptions.config.access),
      // The path only: query strings may carry secrets (reset or SSO codes).
      url: redactSecrets(loggable(request.url)),
      accessUrl: typeof accessUrl === 'string' ? loggable(accessUrl) : null,
      ip: request.ip,
      userId: request.actor?.userId ?? null,
      loginName: request.actor?.loginName ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      // When it happened, not when its batch was written.
      logTime: new Date(),
    });
  });
}

export async function writeLoginLog(q: Queryable, row: typeof loginLog.$inferInsert): Promise<void> {
  await q.insert(loginLog).values({ ...row, userAgent: row.userAgent?.slice(0, 500) ?? null });
}

export async function writeSystemLog(q: Queryable, row: typeof systemLog.$inferInsert): Promise<void> {
  await q.insert(systemLog).values({ ...row, message: redactSecrets(row.message.slice(0, 4000)) });
}

// Bearer tokens, JWTs (access, refresh, Auth-Token values), personal API tokens, and `password=...`-like pairs.
const secretPatterns: [RegExp, string][] = [
  [/\bBearer\s+[\w.~+/-]+=*/gi, 'Bearer [redacted]'],
  [/\beyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[redacted]'],
  [/\bcdk_[\w-]+/g, 'cdk_[redacted]'],
  [
    /\b((?:password|passwd|pwd|secret|token|auth-token|authorization)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    '$1[redacted]',
  ],
];

/** Text a client or an error may send into a log, without the secrets it might carry. */
export function redactSecrets(text: string): string {
  let result = text;
  for (const [pattern, replacement] of secretPatterns) result = result.replace(pattern, replacement);
  return result;
}

// ---- the request each statement belongs to, and what the log settings say now ----

/** The request being served, for the SQL log's request id (entered by the app's onRequest hook). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => requestContext.run({ requestId: request.id }, done));
}

export type LogSwitches = { requestLog: boolean; slowSqlMs: number };

/**
 * The log settings as the hot paths read them: synchronously, from a copy refreshed in the background
 * (the app injects how to read them; the platform reads no module table).
 */
export function watchLogSettings(read: () => Promise<LogSwitches>, log: FastifyBaseLogger, intervalMs = 2000) {
  const watch = {
    current: { requestLog: true, slowSqlMs: 200 } as LogSwitches,
    async refresh() {
      try {
        watch.current = await read();
      } catch (error) {
        log.warn({ err: error }, 'log settings not read');
      }
    },
    stop() {
      clearInterval(timer);
    },
  };
  const timer = setInterval(() => void watch.refresh(), intervalMs);
  timer.unref();
  return watch;
}
export type LogSettingsWatch = ReturnType<typeof watchLogSettings>;

// ---- the slow SQL log ----

/** What the database reports of each statement it ran (see `Database.observeStatements`). */
export type StatementObserver = (statement: string, durationMs: number, rows: number | null) => void;

/**
 * Statements at least `slowSqlMs` slow go to `sql_log` with the request they ran for, batched like the request
 * log. The text only: parameters (passwords, tokens, personal data) are never kept.
 */
export function createSqlLogWriter(db: Db, log: FastifyBaseLogger, settings: LogSettingsWatch) {
  const writer = createBatchedWriter<SqlLogRow>(db, sqlLog, log);
  const observe: StatementObserver = (statement, durationMs, rows) => {
    const threshold = settings.current.slowSqlMs;
    if (threshold <= 0 || durationMs < threshold) return;
    // Its own writes are left out: a slow insert into sql_log must not log itself forever.
    if (statement.includes('"sql_log"')) return;
    writer.add({
      statement: statement.slice(0, 4000),
      durationMs: Math.round(durationMs),
      rows,
      requestId: requestContext.getStore()?.requestId ?? null,
    });
  };
  return { ...writer, observe };
}
export type SqlLogWriter = ReturnType<typeof createSqlLogWriter>;

/** The message and, for wrapped database errors, the cause's message too. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) {
    try {
      return typeof error === 'object' && error !== null ? JSON.stringify(error) : String(error);
    } catch {
      return 'A value that is not an Error was thrown.';
    }
  }
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
