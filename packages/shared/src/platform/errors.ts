import type { MessageValues } from './message-keys.js';

/** Every error the API can answer with; the server maps each to the contract's envelope (section 2). */
export const errorCodes = [
  'BAD_REQUEST',
  'INVALID_AUTH_TOKEN',
  'UNAUTHORIZED',
  'SESSION_ENDED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export type ErrorShape = { httpStatus: number; resultCode: number };

export const errorShapes: Record<ErrorCode, ErrorShape> = {
  BAD_REQUEST: { httpStatus: 400, resultCode: 400 },
  INVALID_AUTH_TOKEN: { httpStatus: 400, resultCode: 400 },
  UNAUTHORIZED: { httpStatus: 401, resultCode: 401 },
  SESSION_ENDED: { httpStatus: 401, resultCode: 4005 },
  FORBIDDEN: { httpStatus: 403, resultCode: 403 },
  NOT_FOUND: { httpStatus: 404, resultCode: 404 },
  CONFLICT: { httpStatus: 409, resultCode: 409 },
  PAYLOAD_TOO_LARGE: { httpStatus: 413, resultCode: 413 },
  TOO_MANY_REQUESTS: { httpStatus: 429, resultCode: 429 },
  SERVICE_UNAVAILABLE: { httpStatus: 503, resultCode: 503 },
  INTERNAL: { httpStatus: 500, resultCode: 500 },
};

/**
 * A field's problem. A service gives the key and values of its text where it knows them (`fieldError(field, msg(...))`
 * on the server); they reach the client only when it asks for keys (contract section 2).
 */
export type FieldError = { field: string; message: string; messageKey?: string; messageValues?: MessageValues };
