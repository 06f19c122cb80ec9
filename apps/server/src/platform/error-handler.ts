import {
  errorShapes,
  messageRefOf,
  messages,
  type ErrorCode,
  type FieldError,
  type IssueLike,
  type MessageRef,
  msg,
} from '@casedesk/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { foreignKeyError, foreignKeyViolationOf, pgErrorOf } from './db-errors.js';
import { AppError, invalidInput, refOf, unkeyed, wordIssues, type FieldIssue } from './errors.js';
import { callerLanguage, translateText } from './translator.js';

/** A validation issue as fastify-type-provider-zod hands it over (zod's issue under `params`). */
type Issue = IssueLike & { instancePath?: string; params?: { keys?: unknown } };

/** The issues of a refused request, each at its field (one per unknown key, named, rather than one for the object). */
function fieldIssuesOf(issues: readonly Issue[], context: string | undefined): FieldIssue[] {
  return issues.flatMap((issue) => {
    const path = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const keys = issue.params?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0)
      return keys.map((key) => ({ field: path ? `${path}.${String(key)}` : String(key), issue }));
    const field = path || (context === 'body' ? '' : (context ?? ''));
    // A record's key in the URL (`Get/{key}`) is its id.
    return [{ field, ...(context === 'params' && field === 'key' ? { label: 'id' } : {}), issue }];
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
      // Fastify's own text for the others, in English: it names what is wrong with the body or the URL. Another
      // language gets the catalog's sentence of the key.
      return new AppError(
        'BAD_REQUEST',
        error.code === 'FST_ERR_BAD_URL'
          ? msg(messages, 'malformedUrl')
          : { ...msg(messages, 'unreadableRequest'), text: error.message },
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

/**
 * The refusal in the caller's language (contract section 18): refused input worded afresh from its issues, a keyed
 * text translated by its key; English as thrown for an English caller (its fixed values worded), and for a text no
 * catalog holds.
 */
function wordedFor(
  request: FastifyRequest | undefined,
  error: AppError,
): { text: string; ref: MessageRef | undefined; errors?: FieldError[] } {
  const language = callerLanguage(request);
  // English as thrown, but a fixed value it names (a status) by its label.
  if (language === 'en')
    return {
      text: translateText(language, error.message, error.messageRef),
      ref: error.messageRef,
      errors: error.errors,
    };
  if (error.issues) {
    // Worded afresh: the values name the fields in this language too.
    const { message, errors } = wordIssues(error.issues, language);
    return { text: message.text, ref: refOf(message), errors };
  }
  return {
    text: translateText(language, error.message, error.messageRef),
    ref: error.messageRef,
    errors: error.errors?.map((entry) => {
      const ref = entry.messageKey
        ? { key: entry.messageKey, values: entry.messageValues }
        : messageRefOf(entry.message);
      return { ...entry, message: translateText(language, entry.message, ref) };
    }),
  };
}

export function sendError(reply: FastifyReply, error: AppError, requestId: string): FastifyReply {
  const code: ErrorCode = error.code;
  const shape = errorShapes[code];
  const withKeys = wantsKeys(reply);
  const worded = wordedFor(reply.request, error);
  let data: { errors?: FieldError[]; requestId?: string } | null;
  switch (code) {
    case 'BAD_REQUEST':
      // A field error's own key, else the key of a catalog text that came without one (a zod message).
      data = worded.errors
        ? {
            errors: worded.errors.map(({ field, message, messageKey, messageValues }) =>
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
      resultMsg: worded.text,
      data,
      ...(withKeys ? keyFields(worded.ref) : {}),
    });
}

export function registerErrorHandler(
  app: FastifyInstance,
  onUnexpected: (error: unknown, request: FastifyRequest) => void,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error, request.id);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = fieldIssuesOf(error.validation as unknown as Issue[], error.validationContext);
      return sendError(reply, invalidInput(issues), request.id);
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
