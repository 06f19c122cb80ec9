import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import {
  messageRefOf,
  msg,
  logMessages,
  valueLabelKey,
  type LabelledValue,
  type Message,
  type LogMessageName,
  type SystemLogSource,
  type LogValue,
} from '@casedesk/shared';
import { preparedStatement, type Db, type Queryable } from './db.js';
import { AppError } from './errors.js';
import { loginLog, sqlLog, systemLog } from './platform.table.js';
import { textAt, translate, translateText, type Language } from './translator.js';

type SqlLogRow = typeof sqlLog.$inferInsert;

/** Log rows buffered and written in batches, off the request path; a failed batch is reported, never thrown. */
function createBatchedWriter<Row>(
  write: (batch: Row[]) => Promise<unknown>,
  table: string,
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
      .then(() => write(batch))
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error, lost: batch.length, table }, 'log batch not written'));
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

/** One request as the request log buffers it until its batch is written (`logTime`: epoch milliseconds). */
export type RequestLogEntry = {
  requestId: string;
  method: string;
  area: string | null;
  controller: string | null;
  action: string | null;
  url: string;
  accessUrl: string | null;
  ip: string;
  userId: number | null;
  loginName: string | null;
  status: number;
  durationMs: number;
  logTime: number;
};

/**
 * A whole batch as one statement with one array per column: Drizzle's multi-row insert builds the SQL text
 * and a parameter for each of 13 columns x 200 rows on every batch (CPU on the event loop the requests
 * need), where this one text is built once and, on PostgreSQL, planned once per connection.
 */
const insertRequestLogBatch = preparedStatement<never>(
  'request_log_insert_batch',
  () => sql`insert into request_log
      (request_id, method, area, controller, action, url, access_url, ip, user_id, login_name, status, duration_ms, log_time)
    select request_id, method, area, controller, action, url, access_url, ip, user_id, login_name, status, duration_ms,
      to_timestamp(log_time_ms / 1000.0)
    from unnest(${sql.placeholder('requestIds')}::text[], ${sql.placeholder('methods')}::text[],
      ${sql.placeholder('areas')}::text[], ${sql.placeholder('controllers')}::text[], ${sql.placeholder('actions')}::text[],
      ${sql.placeholder('urls')}::text[], ${sql.placeholder('accessUrls')}::text[], ${sql.placeholder('ips')}::text[],
      ${sql.placeholder('userIds')}::int[], ${sql.placeholder('loginNames')}::text[], ${sql.placeholder('statuses')}::int[],
      ${sql.placeholder('durations')}::int[], ${sql.placeholder('logTimes')}::float8[])
      as r(request_id, method, area, controller, action, url, access_url, ip, user_id, login_name, status, duration_ms,
        log_time_ms)`,
);

export function writeRequestLogBatch(q: Queryable, batch: RequestLogEntry[]) {
  return insertRequestLogBatch(q, {
    requestIds: batch.map((r) => r.requestId),
    methods: batch.map((r) => r.method),
    areas: batch.map((r) => r.area),
    controllers: batch.map((r) => r.controller),
    actions: batch.map((r) => r.action),
    urls: batch.map((r) => r.url),
    accessUrls: batch.map((r) => r.accessUrl),
    ips: batch.map((r) => r.ip),
    userIds: batch.map((r) => r.userId),
    loginNames: batch.map((r) => r.loginName),
    statuses: batch.map((r) => r.status),
    durations: batch.map((r) => r.durationMs),
    logTimes: batch.map((r) => r.logTime),
  });
}

/** Request log entries are buffered and written in batches, off the request path. */
export const createRequestLogWriter = (db: Db, log: FastifyBaseLogger) =>
  createBatchedWriter<RequestLogEntry>((batch) => writeRequestLogBatch(db, batch), 'request_log', log);
export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;

/** `/api/Dept/Get/:key` -> controller Dept, action Get; the area is the permission module. */
export function describeRoute(url: string, access: string | undefined) {
  const [, , controller = null, action = null] = url.split('/');
  const area = access && access.includes(':') ? access.split(':')[0]! : null;
  return { area, controller, action };
}

/** Header text as the log can store it: the path only, bounded, without NUL (PostgreSQL text refuses it). */
const loggable = (value: string) => value.split('?')[0]!.replaceAll('\u0000', '').slice(0, 2000);

type RouteConfig = { url?: string; access?: string };

export function registerRequestLog(app: FastifyInstance, writer: RequestLogWriter, settings: LogSettingsWatch) {
  // Area, controller and action depend on the route alone: worked out once per route, keyed by its config object.
  const routes = new WeakMap<object, ReturnType<typeof describeRoute> | null>();
  const routeOf = (config: RouteConfig | undefined) => {
    if (!config) return null;
    let route = routes.get(config);
    if (route === undefined) {
      const url = config.url;
      route = url && url.toLowerCase().startsWith('/api/') ? describeRoute(url, config.access) : null;
      routes.set(config, route);
    }
    return route;
  };
  app.addHook('onResponse', (request, reply, done) => {
    if (settings.current.requestLog) {
      const route = routeOf(request.routeOptions.config as RouteConfig | undefined);
      if (route) {
        const accessUrl = request.headers['accessurl'];
        writer.add({
          requestId: request.id,
          method: request.method,
          area: route.area,
          controller: route.controller,
          action: route.action,
          // The path only: query strings may carry secrets (reset or SSO codes).
          url: redactSecrets(loggable(request.url)),
          accessUrl: typeof accessUrl === 'string' ? loggable(accessUrl) : null,
          ip: request.ip,
          userId: request.actor?.userId ?? null,
          loginName: request.actor?.loginName ?? null,
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime),
          // When it happened, not when its batch was written.
          logTime: Date.now(),
        });
      }
    }
    done();
  });
}

/** A logged message by key: its English text, and the values (keyed ones too) that word it for a reader. */
export type LogMessage = { key: string; values: Record<string, LogValue>; text: string };

/** `logMessages.<name>` with its values; a value that is a keyed text is written in English into the text. */
export function logMessage(name: LogMessageName, values: Record<string, LogValue> = {}): LogMessage {
  const plain = Object.fromEntries(Object.entries(values).map(([n, v]) => [n, wordedValue('en', v)]));
  const { key, text } = msg(logMessages, name, plain);
  return { key, values, text };
}

/** Why something failed, as a log value: a refusal by its key (worded for the reader), else the error's own words. */
export function reasonOf(error: unknown): LogValue {
  if (error instanceof AppError && error.messageRef) return { ...error.messageRef, text: error.message };
  return describeError(error);
}

/**
 * What a row says: `says` is what the server has to say (`logMessage`); `message` a catalog text (worded by the
 * key it has) or a text that comes without a key (an exception's words, what a browser reported), kept as written.
 */
type Said = { says: LogMessage; message?: never } | { message: string | null; says?: never };
type WithoutMessage<T> = Omit<T, 'message' | 'messageKey' | 'messageValues'>;

const messageColumns = ({ says, message }: Said, max: number) => ({
  message: says ? redactSecrets(says.text.slice(0, max)) : message && redactSecrets(message.slice(0, max)),
  messageKey: says?.key ?? null,
  messageValues: says ? redactedValues(says.values) : null,
});

const redactedValues = (values: Record<string, LogValue>) =>
  Object.fromEntries(
    Object.entries(values).map(([n, v]) => [n, typeof v === 'string' ? redactSecrets(v.slice(0, 2000)) : v]),
  );

export async function writeLoginLog(
  q: Queryable,
  { says, message, ...row }: WithoutMessage<typeof loginLog.$inferInsert> & Said,
): Promise<void> {
  await q.insert(loginLog).values({
    ...row,
    ...messageColumns(says ? { says } : { message }, 2000),
    userAgent: row.userAgent?.slice(0, 500) ?? null,
  });
}

/** `source` is one of the shared `systemLogSources`, so every source a row can carry has a label in each language. */
export async function writeSystemLog(
  q: Queryable,
  { says, message, ...row }: WithoutMessage<typeof systemLog.$inferInsert> & { source: SystemLogSource } & Said,
): Promise<void> {
  const columns = messageColumns(says ? { says } : { message }, 4000);
  await q.insert(systemLog).values({ ...row, ...columns, message: columns.message ?? '' });
}

/** A value of a logged message in a language: a keyed one by its key, a catalog text by the key it has. */
function wordedValue(language: Language, value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return translateText(language, value, messageRefOf(value));
  if (value && typeof value === 'object' && 'key' in value && typeof value.key === 'string') {
    const ref = value as Message;
    return translate(language, ref) ?? ref.text ?? ref.key;
  }
  if (value && typeof value === 'object' && 'labelOf' in value) {
    const { labelOf, value: fixed } = value as LabelledValue;
    const key = valueLabelKey(labelOf, fixed);
    return (key && textAt(language, key)) ?? String(fixed);
  }
  return String(value ?? '');
}

/**
 * A log row's message in a language: by its key and values, or, written without a key, the catalog text it is
 * (a sign-in log reason), else as written.
 */
export function wordedLogMessage<M extends string | null>(
  language: Language,
  row: { message: M; messageKey: string | null; messageValues: unknown },
): M | string {
  if (!row.messageKey) return row.message === null ? row.message : String(wordedValue(language, row.message));
  const given = row.messageValues && typeof row.messageValues === 'object' ? row.messageValues : {};
  const values = Object.fromEntries(Object.entries(given).map(([n, v]) => [n, wordedValue(language, v)]));
  return translate(language, { key: row.messageKey, values }) ?? row.message ?? '';
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

/** Every secret pattern above needs one of these; most texts (request paths) have none and skip the four replaces. */
const mayHoldSecret = /bearer|eyJ|cdk_|[:=]/i;

/** Text a client or an error may send into a log, without the secrets it might carry. */
export function redactSecrets(text: string): string {
  if (!mayHoldSecret.test(text)) return text;
  let result = text;
  for (const [pattern, replacement] of secretPatterns) result = result.replace(pattern, replacement);
  return result;
}

// ---- the request each statement belongs to, and what the log settings say now ----

/**
 * The request being served, for the SQL log's request id (entered by the app's onRequest hook). Only while slow
 * statements are logged: in Node 20 an AsyncLocalStorage in use makes every promise of the process dearer.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request the caller runs for, if the SQL log is tracking requests. */
export const currentRequestId = (): string | null => requestContext.getStore()?.requestId ?? null;

export function registerRequestContext(app: FastifyInstance, settings: LogSettingsWatch) {
  let tracking = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (settings.current.slowSqlMs > 0) {
      tracking = true;
      requestContext.run({ requestId: request.id }, done);
    } else {
      // Switched off: drop the storage's async hooks until it is switched on again.
      if (tracking) requestContext.disable();
      tracking = false;
      done();
    }
  });
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

/**
 * What the database reports of each statement it ran (see `Database.observeStatements`), with the request it
 * ran for (`currentRequestId()` where the statement was sent or, on PostgreSQL, where its client was checked out).
 */
export type StatementObserver = (
  statement: string,
  durationMs: number,
  rows: number | null,
  requestId: string | null,
) => void;

/**
 * Statements at least `slowSqlMs` slow go to `sql_log` with the request they ran for, batched like the request
 * log. The text only: parameters (passwords, tokens, personal data) are never kept.
 */
export function createSqlLogWriter(db: Db, log: FastifyBaseLogger, settings: LogSettingsWatch) {
  const writer = createBatchedWriter<SqlLogRow>((batch) => db.insert(sqlLog).values(batch), 'sql_log', log);
  const observe: StatementObserver = (statement, durationMs, rows, requestId) => {
    const threshold = settings.current.slowSqlMs;
    if (threshold <= 0 || durationMs < threshold) return;
    // Its own writes are left out: a slow insert into sql_log must not log itself forever.
    if (statement.includes('"sql_log"')) return;
    writer.add({
      statement: statement.slice(0, 4000),
      durationMs: Math.round(durationMs),
      rows,
      requestId,
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
