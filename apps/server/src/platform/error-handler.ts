import {
  errorShapes,
  messageRefOf,
  messages,
  type ErrorCode,
  type FieldError,
  type MessageRef,
  msg,
} from '@casedesk/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { foreignKeyError, foreignKeyViolationOf, pgErrorOf } from './db-errors.js';
import { AppError, unkeyed } from './errors.js';

/** A validation issue as fastify-type-provider-zod hands it over (zod's issue under `params`). */
const specTexts: ReadonlySet<string> = new Set(Object.values(messages));

type Issue = { instancePath?: string; keyword?: string; message: string; params?: { keys?: unknown } };

function fieldErrorsOf(issues: readonly Issue[], context: string | undefined): FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const keys = issue.params?.keys;
    // One entry per unknown key, named, rather than one nameless entry for the whole object.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0)
      return keys.map((key) => ({ field: path ? `${path}.${String(key)}` : String(key), message: 'Unknown field' }));
    const field = path || (context === 'body' ? '' : (context ?? ''));
    return [{ field, message: issue.message }];
  });
}

/** Fastify's own errors, by code, as one of ours. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_INVALID_URL':
    case 'FST_ERR_BAD_URL':
      // Fastify's own text for the others: it names what is wrong with the body or the URL and has no key.
      return new AppError(
        'BAD_REQUEST',
        error.code === 'FST_ERR_BAD_URL' ? msg(messages, 'malformedUrl') : unkeyed(error.message),
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', msg(messages, 'bodyTooLarge'));
    default:
      break;
  }
  if (error.statusCode === 429) return new AppError('TOO_MANY_REQUESTS', msg(messages, 'tooManyRequests'));
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', msg(messages, 'bodyTooLarge'));
  if (error.statusCode === 503) return new AppError('SERVICE_UNAVAILABLE', msg(messages, 'serviceUnavailable'));
  // Fastify's own words, passed through: they have no key.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', unkeyed(error.message));
  return undefined;
}

/** Database connection failures answer 503 so clients retry instead of reporting a bug. */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET'].includes(code))
  )
    return true;
  if (
    error instanceof Error &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable/i.test(
      error.message,
    )
  )
    return true;
  // Drizzle wraps the driver's error in `cause`; a refused connection to several addresses is an AggregateError.
  return (
    isDatabaseUnavailable(cause, depth + 1) ||
    (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
  );
}

/**
 * A last line behind the schemas: a value the database refuses (class 22: out of range, bad text
 * representation, ...) is the caller's input, and a unique key it trips is a conflict; neither is a 500.
 * The database's own words stay in the server log.
 */
function fromDatabaseError(error: unknown): AppError | undefined {
  const code = pgErrorOf(error)?.code;
  if (!code) return undefined;
  if (code.startsWith('22')) return new AppError('BAD_REQUEST', msg(messages, 'valueOutOfRange'));
  if (code === '23505') return new AppError('CONFLICT', msg(messages, 'duplicateKey'));
  // A foreign key: 409 naming what is in the way of a delete, 400 naming the field that points at nothing.
  const violation = foreignKeyViolationOf(error);
  if (violation) return foreignKeyError(violation);
  return undefined;
}

/** `messageKey` and `messageValues` of a text, for the clients that asked for them (contract section 2). */
const keyFields = (ref: MessageRef | undefined) =>
  ref ? { messageKey: ref.key, ...(ref.values ? { messageValues: ref.values } : {}) } : {};

/** Clients that translate the server's texts send `Message-Keys: 1` and get each text's key beside it. */
const wantsKeys = (reply: FastifyReply) => reply.request.headers['message-keys'] === '1';

export function sendError(reply: FastifyReply, error: AppError, requestId: string): FastifyReply {
  const code: ErrorCode = error.code;
  const shape = errorShapes[code];
  const withKeys = wantsKeys(reply);
  let data: { errors?: FieldError[]; requestId?: string } | null;
  switch (code) {
    case 'BAD_REQUEST':
      // A field error's own key, else the key of a catalog text that came without one (a zod message).
      data = error.errors
        ? {
            errors: error.errors.map(({ field, message, messageKey, messageValues }) =>
              withKeys
                ? {
                    field,
                    message,
                    ...keyFields(messageKey ? { key: messageKey, values: messageValues } : messageRefOf(message)),
                  }
                : { field, message },
            ),
          }
        : null;
      break;
    case 'INTERNAL':
    case 'SERVICE_UNAVAILABLE':
      data = { requestId };
      break;
    case 'INVALID_AUTH_TOKEN':
    case 'UNAUTHORIZED':
    case 'SESSION_ENDED':
    case 'FORBIDDEN':
    case 'NOT_FOUND':
    case 'CONFLICT':
    case 'PAYLOAD_TOO_LARGE':
    case 'TOO_MANY_REQUESTS':
      data = null;
      break;
    default: {
      const unreachable: never = code;
      throw new Error(`Unhandled error code ${String(unreachable)}`);
    }
  }
  return reply
    .code(shape.httpStatus)
    .type('application/json; charset=utf-8')
    .send({
      resultCode: shape.resultCode,
      resultMsg: error.message,
      data,
      ...(withKeys ? keyFields(error.messageRef) : {}),
    });
}

export function registerErrorHandler(
  app: FastifyInstance,
  onUnexpected: (error: unknown, request: FastifyRequest) => void,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error, request.id);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsOf(error.validation as unknown as Issue[], error.validationContext);
      const first = errors[0];
      // The spec's own texts are shown as they are; other messages name their field.
      const text = first
        ? specTexts.has(first.message) || !first.field
          ? first.message
          : `${first.field}: ${first.message}`
        : 'Invalid input';
      // zod's text arrives without a key: the AppError looks it up in the catalogs (a shared schema's message).
      return sendError(reply, new AppError('BAD_REQUEST', unkeyed(text), errors), request.id);
    }
    const known = fromFastifyError(error);
    if (known) return sendError(reply, known, request.id);
    const refused = fromDatabaseError(error);
    if (refused) {
      request.log.warn({ err: error }, 'input refused by the database');
      return sendError(reply, refused, request.id);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, new AppError('SERVICE_UNAVAILABLE', msg(messages, 'serviceUnavailable')), request.id);
    }
    // Whatever was thrown (even a value that cannot be printed), the answer is the envelope.
    try {
      request.log.error({ err: error }, 'unexpected error');
      onUnexpected(error, request);
    } catch {
      request.log.error('unexpected error that could not be described');
    }
    return sendError(
      reply,
      new AppError('INTERNAL', msg(messages, 'internalOfRequest', { requestId: request.id })),
      request.id,
    );
  });
}
