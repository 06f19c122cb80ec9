import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets, worked out once. @fastify/helmet builds helmet's middleware again on every request
 * (parsing the CSP directives each time) for headers that, with our options, depend on nothing in the request.
 */
export function securityHeadersOf(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Sets them on every answer, from the first hook on (errors and not-found included), as helmet did. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
