import { z } from 'zod';
import { defineMessages, keyed, type Message, msg } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';

// Custom fields (contract section 21): typed fields an administrator adds to a record kind, per category.

export const customFieldTypes = [
  'text',
  'textarea',
  'number',
  'decimal',
  'date',
  'datetime',
  'select',
  'multiselect',
  'user',
  'checkbox',
] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];
/** The record kinds a field may belong to; only tickets carry them so far. */
export const customFieldEntities = ['Ticket', 'Invoice', 'Requisition'] as const;
export type CustomFieldEntity = (typeof customFieldEntities)[number];

const withOptions: readonly CustomFieldType[] = ['select', 'multiselect'];
/** Types whose `min`/`max` bound the value (numbers; dates as ISO text) or, for text, its length. */
const bounded: readonly CustomFieldType[] = ['text', 'textarea', 'number', 'decimal'];
const withPattern: readonly CustomFieldType[] = ['text'];
export const customFieldHasOptions = (type: CustomFieldType) => withOptions.includes(type);
export const customFieldHasBounds = (type: CustomFieldType) => bounded.includes(type);
export const customFieldHasPattern = (type: CustomFieldType) => withPattern.includes(type);

export const customFieldMessages = defineMessages('customField', {
  keyForm: 'A key starts with a small letter and has only small letters, digits and underscores.',
  keyTaken: 'Another field already has this key.',
  optionsNeeded: 'A select field needs at least one option.',
  optionTwice: 'Two options have the same value.',
  noOptions: 'Only select fields have options.',
  noBounds: 'Only text and number fields have a minimum and maximum.',
  noPattern: 'Only text fields have a pattern.',
  badPattern: 'The pattern is not a valid regular expression.',
  minAboveMax: 'The minimum is above the maximum.',
  inUse: keyed(
    'customField.inUse',
    ['count'],
    (count: number) =>
      `This field holds values on ${count} record(s) and cannot be deleted; set it inactive to archive it.`,
  ),
  // A value refused: `{field}` is the field's label in the caller's language.
  required: keyed('customField.required', ['field'], (field: string) => `${field} is required.`),
  wrongType: keyed('customField.wrongType', ['field'], (field: string) => `${field} has a value of the wrong kind.`),
  unknownOption: keyed(
    'customField.unknownOption',
    ['field', 'value'],
    (field: string, value: string) => `${field}: "${value}" is not one of its options.`,
  ),
  tooSmall: keyed(
    'customField.tooSmall',
    ['field', 'min'],
    (field: string, min: string) => `${field} must be at least ${min}.`,
  ),
  tooLarge: keyed(
    'customField.tooLarge',
    ['field', 'max'],
    (field: string, max: string) => `${field} must be at most ${max}.`,
  ),
  tooShort: keyed(
    'customField.tooShort',
    ['field', 'min'],
    (field: string, min: string) => `${field} must have at least ${min} characters.`,
  ),
  tooLong: keyed(
    'customField.tooLong',
    ['field', 'max'],
    (field: string, max: string) => `${field} must have at most ${max} characters.`,
  ),
  patternMismatch: keyed(
    'customField.patternMismatch',
    ['field'],
    (field: string) => `${field} is not in the right form.`,
  ),
  notForCategory: keyed(
    'customField.notForCategory',
    ['field'],
    (field: string) => `${field} does not apply to this category.`,
  ),
  unknownField: keyed('customField.unknownField', ['field'], (field: string) => `There is no field "${field}".`),
  userUnknown: keyed('customField.userUnknown', ['field'], (field: string) => `${field}: unknown or inactive user.`),
} as const);

export const customFieldLanguages = ['en', 'zh-cn', 'zh-tw'] as const;
export type CustomFieldLanguage = (typeof customFieldLanguages)[number];
const labelText = z.string().trim().min(1, messages.required).max(100);
export const customFieldLabelSchema = z.object({ en: labelText, 'zh-cn': labelText, 'zh-tw': labelText }).strict();
export type CustomFieldLabel = z.infer<typeof customFieldLabelSchema>;

export const customFieldKeyPattern = /^[a-z][a-z0-9_]*$/;
export const customFieldKeySchema = z.string().trim().max(50).regex(customFieldKeyPattern, customFieldMessages.keyForm);

export const customFieldOptionSchema = z
  .object({ value: z.string().trim().min(1, messages.required).max(50), label: customFieldLabelSchema })
  .strict();
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldValidationSchema = z
  .object({
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    pattern: z.string().max(200).optional(),
  })
  .strict();
export type CustomFieldValidation = z.infer<typeof customFieldValidationSchema>;

const definitionFields = {
  label: customFieldLabelSchema,
  options: z.array(customFieldOptionSchema).max(200).default([]),
  required: z.boolean().default(false),
  validation: customFieldValidationSchema.default({}),
  /** The categories the field applies to; none: every category (and tickets without one). */
  categoryIds: z.array(idSchema).max(500).default([]),
  sort: z.number().int().min(0).max(100_000).default(0),
  /** `Inactive` archives it: no longer asked for, its values still shown. */
  status: activeStatusSchema.default('Active'),
};

type DefinitionShape = {
  type?: CustomFieldType;
  options?: CustomFieldOption[];
  validation?: CustomFieldValidation;
};
/** The rules between a definition's parts (its type decides which of options, bounds and pattern it may have). */
function checkDefinition(def: DefinitionShape, ctx: z.RefinementCtx) {
  const type = def.type;
  const options = def.options ?? [];
  const { min, max, pattern } = def.validation ?? {};
  if (type && customFieldHasOptions(type) && options.length === 0)
    ctx.addIssue({ code: 'custom', path: ['options'], message: customFieldMessages.optionsNeeded });
  if (type && !customFieldHasOptions(type) && options.length > 0)
    ctx.addIssue({ code: 'custom', path: ['options'], message: customFieldMessages.noOptions });
  if (new Set(options.map((o) => o.value)).size !== options.length)
    ctx.addIssue({ code: 'custom', path: ['options'], message: customFieldMessages.optionTwice });
  if (type && !customFieldHasBounds(type) && (min !== undefined || max !== undefined))
    ctx.addIssue({ code: 'custom', path: ['validation'], message: customFieldMessages.noBounds });
  if (min !== undefined && max !== undefined && min > max)
    ctx.addIssue({ code: 'custom', path: ['validation'], message: customFieldMessages.minAboveMax });
  if (pattern !== undefined && type && !customFieldHasPattern(type))
    ctx.addIssue({ code: 'custom', path: ['validation'], message: customFieldMessages.noPattern });
  if (pattern !== undefined && !isRegExp(pattern))
    ctx.addIssue({ code: 'custom', path: ['validation'], message: customFieldMessages.badPattern });
}

function isRegExp(pattern: string) {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

export const customFieldCreateSchema = z
  .object({
    key: customFieldKeySchema,
    appliesTo: z.enum(customFieldEntities).default('Ticket'),
    type: z.enum(customFieldTypes),
    ...definitionFields,
  })
  .strict()
  .superRefine(checkDefinition);
export type CustomFieldCreate = z.infer<typeof customFieldCreateSchema>;

/** Key, record kind and type are fixed once made (values are stored by them); labels, options and rules change. */
export const customFieldUpdateSchema = z
  .object({
    label: definitionFields.label.optional(),
    options: z.array(customFieldOptionSchema).max(200).optional(),
    required: z.boolean().optional(),
    validation: customFieldValidationSchema.optional(),
    categoryIds: z.array(idSchema).max(500).optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
    status: activeStatusSchema.optional(),
  })
  .extend(updateKeySchema.shape)
  .strict()
  .superRefine(checkDefinition);
export type CustomFieldUpdate = z.infer<typeof customFieldUpdateSchema>;

export const customFieldSchema = z
  .object({
    key: z.string(),
    appliesTo: z.enum(customFieldEntities),
    type: z.enum(customFieldTypes),
    label: customFieldLabelSchema,
    options: z.array(customFieldOptionSchema),
    required: z.boolean(),
    validation: customFieldValidationSchema,
    categoryIds: z.array(z.number().int()),
    sort: z.number().int(),
    status: activeStatusSchema,
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  })
  .extend(auditFieldsSchema.shape);
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldQuerySchema = queryBaseSchema
  .extend({ appliesTo: z.enum(customFieldEntities).optional(), status: activeStatusSchema.optional() })
  .strict();
export type CustomFieldQuery = z.infer<typeof customFieldQuerySchema>;

/** What a record carries: `{ key: value }`; null or absent: no value. */
export type CustomFieldValue = string | number | boolean | string[] | null;
export const customValuesSchema = z
  .record(
    z.string().max(50),
    z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(50)).max(200), z.null()]),
  )
  .refine((values) => Object.keys(values).length <= 200);
export type CustomValues = Record<string, CustomFieldValue>;

/** `Ticket/Query`'s `custom` filter: a value (select, multiselect, checkbox, user, text), or a range. */
export const customFilterSchema = z.record(
  z.string().max(50),
  z.union([
    z.string().max(200),
    z.number(),
    z.boolean(),
    z
      .object({
        min: z.union([z.number(), z.string().max(40)]).optional(),
        max: z.union([z.number(), z.string().max(40)]).optional(),
      })
      .strict(),
  ]),
);
export type CustomFilter = z.infer<typeof customFilterSchema>;

/** The definition as the value check needs it (the web's form options carry the same). */
export type CustomFieldDefinition = Pick<
  CustomField,
  'id' | 'key' | 'type' | 'label' | 'options' | 'required' | 'validation' | 'categoryIds' | 'status'
>;
export const customFieldDefinitionSchema = customFieldSchema.pick({
  id: true,
  key: true,
  type: true,
  label: true,
  options: true,
  required: true,
  validation: true,
  categoryIds: true,
  status: true,
});

export const appliesToCategory = (
  def: Pick<CustomFieldDefinition, 'categoryIds'>,
  categoryId: number | null | undefined,
) => def.categoryIds.length === 0 || (categoryId != null && def.categoryIds.includes(categoryId));

/** A custom field's refusal: the key, and the message that names the field by its label. */
export type CustomValueProblem = { key: string; message: Message };

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const decimalText = /^-?\d{1,15}(\.\d{1,4})?$/;

/**
 * Checks values against the definitions for a record of `categoryId` (one rule for the server and the web form):
 * `values` are those sent; `stored` (an update) the record's values so far, so that a required field already
 * filled need not be sent again. Inactive fields and fields of other categories take no new values; their
 * stored values stay readable. Labels are in `language`. Returns the values to store (normalized) and problems.
 */
export function checkCustomValues(
  definitions: readonly CustomFieldDefinition[],
  values: Record<string, unknown>,
  options: {
    categoryId: number | null | undefined;
    language: CustomFieldLanguage;
    stored?: CustomValues;
    /** A record made without a person at a form (an incoming mail): values are checked, none is asked for. */
    skipRequired?: boolean;
  },
): { values: CustomValues; problems: CustomValueProblem[] } {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const problems: CustomValueProblem[] = [];
  const out: CustomValues = {};
  const refuse = (
    key: string,
    name: Parameters<typeof msg<typeof customFieldMessages>>[1],
    more: Record<string, string> = {},
  ) => {
    const def = byKey.get(key);
    problems.push({
      key,
      message: msg(customFieldMessages, name, { field: def ? def.label[options.language] : key, ...more }),
    });
  };
  for (const [key, raw] of Object.entries(values)) {
    const def = byKey.get(key);
    if (!def) {
      refuse(key, 'unknownField');
      continue;
    }
    const changed = JSON.stringify(raw ?? null) !== JSON.stringify(options.stored?.[key] ?? null);
    // An unchanged value of an archived field, or one left from another category, is kept as it is.
    if (!changed && options.stored) continue;
    if (def.status !== 'Active' || !appliesToCategory(def, options.categoryId)) {
      if (isEmpty(raw)) out[key] = null;
      else refuse(key, 'notForCategory');
      continue;
    }
    if (isEmpty(raw)) {
      out[key] = null;
      continue;
    }
    const value = normalizeValue(def, raw);
    if (value === undefined) {
      refuse(key, 'wrongType');
      continue;
    }
    const problem = valueProblem(def, value);
    if (problem) refuse(key, problem.name, problem.values);
    else out[key] = value;
  }
  for (const def of definitions) {
    if (options.skipRequired || def.status !== 'Active' || !def.required || !appliesToCategory(def, options.categoryId))
      continue;
    const value = def.key in out ? out[def.key] : def.key in values ? values[def.key] : options.stored?.[def.key];
    if (isEmpty(value) && !problems.some((p) => p.key === def.key)) refuse(def.key, 'required');
  }
  return { values: out, problems };
}

/** The value in its stored form, or undefined when it is of the wrong kind. */
function normalizeValue(def: CustomFieldDefinition, raw: unknown): CustomFieldValue | undefined {
  switch (def.type) {
    case 'text':
    case 'textarea':
    case 'select':
      return typeof raw === 'string' ? raw.trim() : undefined;
    case 'number':
      return typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : undefined;
    case 'decimal': {
      const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
      return typeof text === 'string' && decimalText.test(text.trim()) ? text.trim() : undefined;
    }
    case 'date':
      return typeof raw === 'string' && isoDate.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined;
    case 'datetime':
      return typeof raw === 'string' && !isoDate.test(raw) && !Number.isNaN(Date.parse(raw))
        ? new Date(raw).toISOString()
        : undefined;
    case 'multiselect':
      return Array.isArray(raw) && raw.every((v) => typeof v === 'string') ? [...new Set(raw as string[])] : undefined;
    case 'user':
      return typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
    case 'checkbox':
      return typeof raw === 'boolean' ? raw : undefined;
  }
}

type Problem = {
  name: 'unknownOption' | 'tooSmall' | 'tooLarge' | 'tooShort' | 'tooLong' | 'patternMismatch';
  values?: Record<string, string>;
};
function valueProblem(def: CustomFieldDefinition, value: CustomFieldValue): Problem | undefined {
  const { min, max, pattern } = def.validation;
  const known = new Set(def.options.map((o) => o.value));
  if (def.type === 'select' || def.type === 'multiselect') {
    const unknown = (Array.isArray(value) ? value : [String(value)]).find((v) => !known.has(v));
    return unknown === undefined ? undefined : { name: 'unknownOption', values: { value: unknown } };
  }
  if (def.type === 'text' || def.type === 'textarea') {
    const length = String(value).length;
    if (min !== undefined && length < min) return { name: 'tooShort', values: { min: String(min) } };
    if (max !== undefined && length > max) return { name: 'tooLong', values: { max: String(max) } };
    if (pattern && !new RegExp(`^(?:${pattern})$`, 'u').test(String(value))) return { name: 'patternMismatch' };
  }
  if (def.type === 'number' || def.type === 'decimal') {
    const n = Number(value);
    if (min !== undefined && n < min) return { name: 'tooSmall', values: { min: String(min) } };
    if (max !== undefined && n > max) return { name: 'tooLarge', values: { max: String(max) } };
  }
  return undefined;
}

/** A stored value as a reader sees it: options by their labels, a user by name (`userName`), yes/no words. */
export function customValueText(
  def: Pick<CustomFieldDefinition, 'type' | 'options'>,
  value: CustomFieldValue | undefined,
  language: CustomFieldLanguage,
  words: { yes: string; no: string; userName?: (id: number) => string | undefined },
): string {
  if (value === null || value === undefined) return '';
  // A value of an option deleted since still reads: its stored value stands in for its label.
  const optionLabel = (v: string) => def.options.find((o) => o.value === v)?.label[language] ?? v;
  switch (def.type) {
    case 'select':
      return optionLabel(String(value));
    case 'multiselect':
      return (Array.isArray(value) ? value : [String(value)]).map(optionLabel).join(', ');
    case 'checkbox':
      return value === true ? words.yes : words.no;
    case 'user':
      return words.userName?.(Number(value)) ?? String(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
