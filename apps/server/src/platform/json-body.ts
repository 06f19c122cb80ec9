import { messages, msg } from '@casedesk/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** PostgreSQL text cannot hold U+0000; refuse it at the door instead of failing in the database. */
function rejectNul(key: string, value: unknown): unknown {
  if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')))
    throw new AppError('BAD_REQUEST', msg(messages, 'nulCharacter'));
  if (key === '__proto__') return undefined;
  return value;
}

export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  // Read as bytes: decoding as a string would quietly turn invalid UTF-8 into U+FFFD and store that.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new AppError('BAD_REQUEST', msg(messages, 'bodyNotUtf8')), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, rejectNul));
    } catch (error) {
      if (error instanceof AppError) return done(error, undefined);
      done(new AppError('BAD_REQUEST', msg(messages, 'malformedJson')), undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    // A repeated query parameter arrives as an array of strings.
    if (query) for (const [key, value] of Object.entries(query)) [value].flat().forEach((v) => rejectNul(key, v));
    const params = request.params as Record<string, unknown> | undefined;
    if (params) for (const value of Object.values(params)) rejectNul('', value);
  });
}
