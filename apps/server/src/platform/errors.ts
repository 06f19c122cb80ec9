import {
  errorShapes,
  isValidationMessage,
  issueMessage,
  messageRefOf,
  messages,
  msg,
  type ErrorCode,
  type FieldError,
  type IssueLike,
  type Message,
  type MessageRef,
} from '@casedesk/shared';
import { colon, fieldLabel, translate, translateText, type Language } from './translator.js';

/** A text that arrives without its key (zod's or Fastify's words), said so where it is handed to a refusal. */
export type UnkeyedText = { unkeyed: string };
export const unkeyed = (text: string): UnkeyedText => ({ unkeyed: text });

/** A message's key, and its values when it has any. */
export const refOf = (message: Message): MessageRef => ({
  key: message.key,
  ...(message.values && Object.keys(message.values).length > 0 ? { values: message.values } : {}),
});

/** The one error type services throw; the error handler turns it into the contract's envelope. */
export class AppError extends Error {
  /** The message's key and values, for clients that translate (contract section 2). */
  readonly messageRef: MessageRef | undefined;
  /** The zod issues of a refused input (`invalidInput`): the answer words them in the caller's language. */
  issues?: FieldIssue[];

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
    this.messageRef = 'unkeyed' in message ? messageRefOf(message.unkeyed) : refOf(message);
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

/** A value zod refused, at `field` (`lines.0.quantity`); `label` names the field for the label when not `field`. */
export type FieldIssue = { field: string; label?: string; issue: IssueLike };

/**
 * Refused input in a language (contract section 18): each issue as a sentence naming its field's label, keyed
 * (`validation.required` with `{ field }`, or the schema's own catalog text); the first one is the refusal's text.
 */
export function wordIssues(
  issues: readonly FieldIssue[],
  language: Language,
): { message: Message; errors: FieldError[] } {
  const worded = issues.map(({ field, label, issue }) => {
    const labelText = fieldLabel(language, label ?? field);
    const message = issueMessage(issue, labelText);
    const text = language === 'en' ? message.text : (translate(language, message) ?? message.text);
    return { field, labelText, message: { ...message, text } };
  });
  const errors = worded.map(({ field, message }) => fieldError(field, message));
  const first = worded[0];
  if (!first) return { message: msg(messages, 'valueOutOfRange'), errors };
  // A validation message names its field; a schema's own text (not one of the spec's) is told which field it is about.
  const named =
    isValidationMessage(first.message) || first.message.key.startsWith('common.') || !first.field
      ? first.message.text
      : `${first.labelText}${colon(language)}${first.message.text}`;
  return { message: { ...first.message, text: named }, errors };
}

/** A refusal of input zod found wrong, worded in English here and in the caller's language when answered. */
export function invalidInput(issues: readonly FieldIssue[]): AppError {
  const { message, errors } = wordIssues(issues, 'en');
  const error = new AppError('BAD_REQUEST', message, errors);
  error.issues = [...issues];
  return error;
}

/**
 * One refusal of a batch in the reader's words, for an answer that carries a result per item (bulk ticket edit,
 * batch approve): a keyed text translated by its key, refused input worded from its issues.
 */
export function refusalWords(error: AppError, language: Language): { message: string; messageKey?: string } {
  if (error.issues) {
    const { message } = wordIssues(error.issues, language);
    return { message: message.text, messageKey: message.key };
  }
  return {
    message: translateText(language, error.message, error.messageRef),
    ...(error.messageRef ? { messageKey: error.messageRef.key } : {}),
  };
}
