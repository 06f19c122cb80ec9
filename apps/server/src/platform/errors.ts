import {
  errorShapes,
  messageRefOf,
  messages,
  msg,
  type ErrorCode,
  type FieldError,
  type Message,
  type MessageRef,
} from '@casedesk/shared';

/** A text that arrives without its key (zod's or Fastify's words), said so where it is handed to a refusal. */
export type UnkeyedText = { unkeyed: string };
export const unkeyed = (text: string): UnkeyedText => ({ unkeyed: text });

/** The one error type services throw; the error handler turns it into the contract's envelope. */
export class AppError extends Error {
  /** The message's key and values, for clients that translate (contract section 2). */
  readonly messageRef: MessageRef | undefined;

  /**
   * `message` is a catalog text made where the refusal is thrown (`msg(catalog, name, values)`). `unkeyed(text)` is
   * only for a text that arrives without its key (a zod message, Fastify's own words): its key, if any, is looked
   * up in the catalogs. `refusals-keyed.test.ts` fails on a literal sentence handed to a refusal.
   */
  constructor(
    readonly code: ErrorCode,
    message: Message | UnkeyedText,
    readonly errors?: FieldError[],
  ) {
    super('unkeyed' in message ? message.unkeyed : message.text);
    this.name = 'AppError';
    this.messageRef =
      'unkeyed' in message
        ? messageRefOf(message.unkeyed)
        : {
            key: message.key,
            ...(message.values && Object.keys(message.values).length > 0 ? { values: message.values } : {}),
          };
  }

  /** This refusal with `prefix: ` before its text (which record of a batch it is about); its key and values stay. */
  prefixed(prefix: string): Message | UnkeyedText {
    const text = `${prefix}: ${this.message}`;
    return this.messageRef ? { ...this.messageRef, text } : unkeyed(text);
  }

  get httpStatus(): number {
    return errorShapes[this.code].httpStatus;
  }

  get resultCode(): number {
    return errorShapes[this.code].resultCode;
  }
}

export const badRequest = (message: Message | UnkeyedText, errors?: FieldError[]) =>
  new AppError('BAD_REQUEST', message, errors);
export const notFound = () => new AppError('NOT_FOUND', msg(messages, 'notFound'));
export const forbidden = () => new AppError('FORBIDDEN', msg(messages, 'forbidden'));
export const conflict = (message: Message) => new AppError('CONFLICT', message);
export const unauthorized = () => new AppError('UNAUTHORIZED', msg(messages, 'unauthorized'));
export const sessionEnded = (message: Message) => new AppError('SESSION_ENDED', message);

/** A field's problem with the key and values of its text. */
export const fieldError = (field: string, message: Message): FieldError => ({
  field,
  message: message.text,
  messageKey: message.key,
  ...(message.values && Object.keys(message.values).length > 0 ? { messageValues: message.values } : {}),
});

/** A refusal of one field: the envelope and the field error give the same text. */
export const fieldRefusal = (field: string, message: Message) => badRequest(message, [fieldError(field, message)]);

/** A refusal of one field whose envelope text names the field first (`projectId: Unknown project`). */
export const namedFieldRefusal = (field: string, message: Message) =>
  badRequest({ ...message, text: `${field}: ${message.text}` }, [fieldError(field, message)]);
