import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, Queryable } from './db.js';
import { loginLog, requestLog, systemLog } from './platform.table.js';

type RequestLogRow = typeof requestLog.$inferInsert;

/** Request log entries are buffered and written in batches, off the request path. */
export function createRequestLogWriter(db: Db, log: FastifyBaseLogger, options = { batchSize: 200, intervalMs: 1000 }) {
  let buffer: RequestLogRow[] = [];
  let writing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing
      .then(() => db.insert(requestLog).values(batch))
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error, lost: batch.length }, 'request log batch not written'));
    return writing;
  }

  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();

  return {
    add(row: RequestLogRow) {
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
export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;

/** `/api/Dept/Get/:key` -> controller Dept, action Get; the area is the permission module. */
export function describeRoute(url: string, access: string | undefined) {
  const [, , controller = null, action = null] = url.split('/');
  const area = access && access.includes(':') ? access.split(':')[0]! : null;
  return { area, controller, action };
}

/** Header text as the log can store it: the path only, bounded, without NUL (PostgreSQL text refuses it). */
const loggable = (value: string) => value.split('?')[0]!.replaceAll('\u0000', '').slice(0, 2000);

export function registerRequestLog(app: FastifyInstance, writer: RequestLogWriter) {
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || !url.toLowerCase().startsWith('/api/')) return;
    const accessUrl = request.headers['accessurl'];
    writer.add({
      requestId: request.id,
      method: request.method,
      ...describeRoute(url, request.routeOptions.config.access),
      // The path only: query strings may carry secrets (reset or SSO codes).
      url: loggable(request.url),
      accessUrl: typeof accessUrl === 'string' ? loggable(accessUrl) : null,
      ip: request.ip,
      userId: request.actor?.userId ?? null,
      loginName: request.actor?.loginName ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
    });
  });
}

export async function writeLoginLog(q: Queryable, row: typeof loginLog.$inferInsert): Promise<void> {
  await q.insert(loginLog).values({ ...row, userAgent: row.userAgent?.slice(0, 500) ?? null });
}

export async function writeSystemLog(q: Queryable, row: typeof systemLog.$inferInsert): Promise<void> {
  await q.insert(systemLog).values({ ...row, message: row.message.slice(0, 4000) });
}

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
