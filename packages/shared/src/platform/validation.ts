import { defineMessages, messageRefOf, msg, type Message, type MessageValues } from './message-keys.js';

/**
 * What a refused value reads like (contract section 18): a sentence naming the field by its label, never the
 * validation library's own words. Free of zod at run time (the sign-in page loads it; zod-config.ts installs the
 * map there without zod's core).
 */
export const validationMessages = defineMessages('validation', {
  required: '{field} is required.',
  tooShort: '{field} must be at least {min} characters long.',
  tooLong: '{field} must be at most {max} characters long.',
  atLeastOne: 'Add at least one entry to {field}.',
  tooFew: 'Add at least {min} entries to {field}.',
  tooMany: '{field} can have at most {max} entries.',
  tooSmall: '{field} must be at least {min}.',
  notAbove: '{field} must be greater than {min}.',
  tooBig: '{field} must be at most {max}.',
  notBelow: '{field} must be less than {max}.',
  multipleOf: '{field} must be a multiple of {step}.',
  notANumber: '{field} must be a number.',
  notAWholeNumber: '{field} must be a whole number.',
  notText: '{field} must be text.',
  notYesOrNo: '{field} must be yes or no (true or false).',
  notAList: '{field} must be a list.',
  wrongShape: '{field} does not have the right form.',
  notOneOf: '{field} must be one of: {options}.',
  invalidEmail: '{field} must be an e-mail address.',
  invalidDate: '{field} must be a date (YYYY-MM-DD).',
  invalidDateTime: '{field} must be a date and time (YYYY-MM-DDThh:mm:ssZ).',
  invalidTime: '{field} must be a time (hh:mm).',
  invalidUrl: '{field} must be a web address (https://...).',
  invalidFormat: '{field} is not in the right format.',
  invalid: '{field} is not valid.',
  unknownField: 'The request has a field that is not accepted here.',
  // Labels, not sentences: a field that has none of its own, and the request body as a whole.
  thisField: 'This field',
  requestBody: 'The request',
} as const);

export type ValidationName = Exclude<keyof typeof validationMessages, 'thisField' | 'requestBody'>;

/**
 * A zod issue, as zod hands it to an error map (with `input`), as a parse result gives it, or as
 * fastify-type-provider-zod passes it on (`keyword` and `params` for `code` and the rest). Only what is read here.
 */
export type IssueLike = {
  code?: string;
  keyword?: string;
  message?: string;
  input?: unknown;
  expected?: string;
  received?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint | string;
  maximum?: number | bigint | string;
  inclusive?: boolean;
  divisor?: number | bigint;
  values?: readonly unknown[];
  keys?: readonly PropertyKey[];
  errors?: readonly (readonly IssueLike[])[];
  params?: Record<string, unknown>;
};

/** The English text of a validation message for a field without a label of its own. */
const genericText = (name: ValidationName, values: MessageValues = {}) =>
  msg(validationMessages, name, { ...values, field: validationMessages.thisField }).text;
/** What the error map writes for a value that is missing: the one case the issue itself no longer tells. */
const missingText = genericText('required');

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const bound = (value: unknown) => (typeof value === 'bigint' ? Number(value) : (value as number | string));
const maxOptions = 12;

function optionsOf(values: readonly unknown[]): string {
  const shown = values.slice(0, maxOptions).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return values.length > maxOptions ? `${shown.join(', ')}, ...` : shown.join(', ');
}

/** The issue with fastify-type-provider-zod's renaming undone (`keyword` is the code, the rest is under `params`). */
function plain(issue: IssueLike): IssueLike {
  if (issue.code || !issue.keyword) return issue;
  return { ...(issue.params as IssueLike | undefined), code: issue.keyword, message: issue.message };
}

/** Which validation message an issue is, and its values (`field` aside). `missing` when the value was not given. */
function classify(issue: IssueLike, missing: boolean): { name: ValidationName; values?: MessageValues } {
  switch (issue.code) {
    case 'invalid_type': {
      if (missing) return { name: 'required' };
      if (issue.received === 'NaN') return { name: 'notANumber' };
      switch (issue.expected) {
        case 'number':
        case 'bigint':
        case 'nan':
          return { name: 'notANumber' };
        case 'int':
          return { name: 'notAWholeNumber' };
        case 'string':
          return { name: 'notText' };
        case 'boolean':
          return { name: 'notYesOrNo' };
        case 'array':
        case 'set':
        case 'tuple':
          return { name: 'notAList' };
        case 'date':
          return { name: 'invalidDate' };
        default:
          return { name: 'wrongShape' };
      }
    }
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string')
        return Number(min) <= 1 ? { name: 'required' } : { name: 'tooShort', values: { min } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(min) <= 1 ? { name: 'atLeastOne' } : { name: 'tooFew', values: { min } };
      return issue.inclusive === false ? { name: 'notAbove', values: { min } } : { name: 'tooSmall', values: { min } };
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string') return { name: 'tooLong', values: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { name: 'tooMany', values: { max } };
      return issue.inclusive === false ? { name: 'notBelow', values: { max } } : { name: 'tooBig', values: { max } };
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return { name: 'invalidEmail' };
        case 'date':
          return { name: 'invalidDate' };
        case 'datetime':
          return { name: 'invalidDateTime' };
        case 'time':
          return { name: 'invalidTime' };
        case 'url':
          return { name: 'invalidUrl' };
        default:
          return { name: 'invalidFormat' };
      }
    case 'not_multiple_of':
      return { name: 'multipleOf', values: { step: bound(issue.divisor) } };
    case 'invalid_value':
      return issue.values && issue.values.length > 0
        ? { name: 'notOneOf', values: { options: optionsOf(issue.values) } }
        : { name: 'invalid' };
    case 'unrecognized_keys':
      return { name: 'unknownField' };
    case 'invalid_union': {
      if (missing) return { name: 'required' };
      // The first alternative's own complaint about the value itself (a nested field's would name another field).
      const first = issue.errors?.[0]?.[0];
      return first && !(first as { path?: unknown[] }).path?.length ? classify(first, false) : { name: 'invalid' };
    }
    default:
      return { name: 'invalid' };
  }
}

/**
 * zod's error map (installed on the server and in the web app): every issue zod makes gets our English sentence for
 * a field without a label ("This field is required."), so that no library phrasing is left anywhere. The places
 * that know the field's label make the real message with `issueMessage`.
 */
export function zodErrorMap(issue: IssueLike): string {
  const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_union') && isBlank(issue.input);
  const { name, values } = classify(issue, missing);
  return genericText(name, values);
}

/**
 * An issue's message naming its field by `label`: a schema's own catalog text keeps its key (a refinement's
 * `passwordRule`, `decimal.notANumber`); zod's checks, and the bare `Required` of the common catalog, become the
 * `validation` message for the label.
 */
export function issueMessage(raw: IssueLike, label: string): Message {
  const issue = plain(raw);
  const own = issue.message ? messageRefOf(issue.message) : undefined;
  if (own && own.key !== 'common.required' && !own.key.startsWith('validation.'))
    return { ...own, text: issue.message! };
  const missing =
    own?.key === 'common.required' ||
    ((issue.code === 'invalid_type' || issue.code === 'invalid_union') &&
      (issue.message === missingText || ('input' in issue && isBlank(issue.input))));
  const { name, values } = own?.key === 'common.required' ? { name: 'required' as const } : classify(issue, missing);
  // An unknown key has no label to name: the entry's `field` says which it is.
  return name === 'unknownField'
    ? msg(validationMessages, name)
    : msg(validationMessages, name, { ...values, field: label });
}

/** Whether a message is one of the validation messages (it names its field itself). */
export const isValidationMessage = (message: { key: string }) => message.key.startsWith('validation.');
