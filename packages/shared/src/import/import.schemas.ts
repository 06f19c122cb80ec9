import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  idTextSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { importOperations, importRunStatuses, importTypes } from './import.values.js';
export * from './import.values.js';

/**
 * Data import (spec section 3 "Import"; contract 16). A definition says what a sheet holds and where it goes;
 * a run reads one uploaded file through it, row by row through the target module's own service.
 */

/** What an import can write: each row goes through that resource's own service (rules, permissions, history). */
export const importTargets = [
  'Ticket',
  'User',
  'Company',
  'Vendor',
  'Category',
  'Project',
  'OpenItem',
  'Region',
  'DictionaryItem',
] as const;
export const importTargetSchema = z.enum(importTargets);
export type ImportTarget = z.infer<typeof importTargetSchema>;

export const importTypeSchema = z.enum(importTypes);
export const importOperationSchema = z.enum(importOperations);
export type ImportOperation = z.infer<typeof importOperationSchema>;
/** How a csv's bytes are read: `auto` detects (BOM, valid UTF-8, else GBK or Big5 by what decodes cleanly). */
export const importEncodingSchema = z.enum(['auto', 'utf-8', 'gbk', 'big5']);
export type ImportEncoding = z.infer<typeof importEncodingSchema>;

/** A field of a target as the mapping step offers it; labels in the three languages match headers automatically. */
export const importFieldSchema = z.object({
  field: z.string(),
  labels: z.object({ en: z.string(), 'zh-cn': z.string(), 'zh-tw': z.string() }),
  required: z.boolean(),
  /** May identify a row for Update / Upsert (a unique key of the target). */
  matchable: z.boolean(),
  /** What the cell holds: the web shows it, the reader converts dates and numbers stored as text. */
  type: z.enum(['text', 'number', 'decimal', 'date', 'boolean', 'reference']),
});
export type ImportField = z.infer<typeof importFieldSchema>;
/** `GET /api/Import/Targets` → the targets the user may import into (their `<module>:create`/`edit`). */
export const importTargetInfoSchema = z.object({ target: importTargetSchema, fields: z.array(importFieldSchema) });
export type ImportTargetInfo = z.infer<typeof importTargetInfoSchema>;

/** A sheet column to a target field; an unmapped column is left out. */
export const importMappingSchema = z
  .object({
    /** The column's header text (or `Column N` without a header row). */
    column: z.string().trim().min(1).max(200),
    field: z.string().trim().min(1).max(64),
  })
  .strict();
export type ImportMapping = z.infer<typeof importMappingSchema>;

const importFields = z.object({
  importName: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).nullable().default(null),
  status: activeStatusSchema.default('Active'),
  tableModel: importTargetSchema,
  importType: importTypeSchema,
  /** Where the data comes from (free text: a legacy system, a supplier's list). */
  source: z.string().trim().max(200).nullable().default(null),
  haveHeader: z.boolean().default(true),
  /** The header row's number (1-based) when the sheet has title rows above it. */
  headerRow: z.number().int().min(1).max(100).default(1),
  /** xlsx: which sheet (null = the first). */
  sheetName: z.string().trim().max(100).nullable().default(null),
  encoding: importEncodingSchema.default('auto'),
  /** Rows per transaction: a batch commits whole or not at all. */
  batchSize: z.number().int().min(1).max(5000).default(500),
  operationType: importOperationSchema.default('Insert'),
  /** Fields that identify a row for Update / Upsert. */
  matchConditions: z.array(z.string().trim().min(1).max(64)).max(5).default([]),
  mappings: z.array(importMappingSchema).max(200).default([]),
});
export const importCreateSchema = importFields.strict();
export const importUpdateSchema = importFields.extend(updateKeySchema.shape).strict();
export const importSchema = importFields.extend(auditFieldsSchema.shape).extend({
  lastRunAt: z.string().nullable().optional(),
  lastRunStatus: z.string().nullable().optional(),
});
export const importQuerySchema = queryBaseSchema.extend({
  status: activeStatusSchema.optional(),
  tableModel: importTargetSchema.optional(),
});
export type Import = z.infer<typeof importSchema>;
export type ImportCreate = z.input<typeof importCreateSchema>;
export type ImportUpdate = z.input<typeof importUpdateSchema>;

/** An uploaded file's id as `Files/Upload` and `Import/Upload` answer it (a number), or as text (`"42"`). */
export const importFileIdSchema = z.union([
  idSchema,
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(idSchema),
]);

/**
 * `POST /api/Import/Preview { fileId, tableModel, importType?, encoding?, headerRow?, sheetName?, haveHeader? }`:
 * the columns of an uploaded file (read as far as the header and a few sample rows) and a proposed mapping.
 */
export const importPreviewSchema = z
  .object({
    fileId: importFileIdSchema,
    tableModel: importTargetSchema,
    importType: importTypeSchema.optional(),
    encoding: importEncodingSchema.default('auto'),
    haveHeader: z.boolean().default(true),
    headerRow: z.number().int().min(1).max(100).default(1),
    sheetName: z.string().trim().max(100).nullable().default(null),
  })
  .strict();
export const importPreviewResultSchema = z.object({
  sheets: z.array(z.string()),
  /** The encoding read (csv): the chosen one, or what `auto` detected. */
  encoding: z.string().nullable(),
  columns: z.array(z.object({ column: z.string(), samples: z.array(z.string()) })),
  mappings: z.array(importMappingSchema),
});
export type ImportPreview = z.input<typeof importPreviewSchema>;
export type ImportPreviewResult = z.infer<typeof importPreviewResultSchema>;

/** `POST /api/Import/Run { importId, fileId, dryRun }` → `{ runId }` (contract 16): a job on the job platform. */
export const importRunStartSchema = z
  .object({ importId: idSchema, fileId: importFileIdSchema, dryRun: z.boolean().default(false) })
  .strict();
export const importRunStatusSchema = z.enum(importRunStatuses);
export type ImportRunStatus = z.infer<typeof importRunStatusSchema>;
/** `GET /api/Import/Runs/{runId}` (contract 16), also the rows of the run history. */
export const importRunSchema = z.object({
  id: z.number().int(),
  importId: z.number().int(),
  fileId: z.string(),
  fileName: z.string().nullable(),
  dryRun: z.boolean(),
  status: importRunStatusSchema,
  /** Data rows in the file; null until the reader has counted them. */
  total: z.number().int().nullable(),
  processed: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Rows that matched and had nothing to change (a second Upsert of the same file). */
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** The uploaded sheet with a column saying why each refused row was refused (the starter's language). */
  errorFileId: z.string().nullable(),
  message: z.string().nullable(),
  startedBy: z.number().int().nullable(),
  startedByName: z.string().nullable().optional(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;
/** `POST /api/Import/Runs { importId?, page, pageSize }`: run history, newest first. */
export const importRunQuerySchema = queryBaseSchema.extend({
  importId: idTextSchema.optional(),
  status: importRunStatusSchema.optional(),
});

/** `POST /api/Import/Run` answers the run's id; `GET Runs/{runId}` follows it. */
export const importRunStartedSchema = z.object({ runId: z.number().int() });

/**
 * `GET /api/Import/Template/{target}?language=`: an xlsx headed with the target's columns (labels in `language`,
 * by default the user's own), which the import's header matching maps back to every field.
 */
export const importTemplateParamsSchema = z.object({ target: importTargetSchema }).strict();
export const importTemplateQuerySchema = z.object({ language: z.enum(['en', 'zh-cn', 'zh-tw']).optional() }).strict();

/** The import's own refusals (message keys `import.*`; the web and the error file translate them). */
export const importMessages = defineMessages('import', {
  matchRequired: 'Update and Upsert need at least one match condition.',
  inactive: 'This import definition is inactive.',
  emptyFile: 'The file has no data rows.',
  notXlsx: 'The file is not a readable xlsx workbook.',
  workbookTooBig: 'The workbook expands to more than the allowed size; it was not read.',
  runFinished: 'The run has already finished.',
  errorColumn: 'Error',
  noCreatePermission: 'You may not create records of this kind.',
  noEditPermission: 'You may not edit records of this kind.',
  noMatch: 'No record matches this row.',
  starterMayNotRun: 'The starter may no longer run imports.',
  uploadNotMultipart: 'Expected a multipart upload with the field "files".',
  uploadMissing: 'No file was uploaded (field "files").',
  uploadNotXlsx: "The file '{name}' was refused: it is not an xlsx workbook",
  uploadNotText: "The file '{name}' was refused: it is not a text file",
  uploadNotSheet: "The file '{name}' was refused: only .csv and .xlsx sheets can be imported",
  unknownField: keyed('import.unknownField', ['field'], (field: string) => `'${field}' is not a field of the target.`),
  notMatchable: keyed('import.notMatchable', ['field'], (field: string) => `'${field}' cannot identify a row.`),
  unknownColumn: keyed('import.unknownColumn', ['column'], (column: string) => `The file has no column '${column}'.`),
  sheetNotFound: keyed('import.sheetNotFound', ['sheet'], (sheet: string) => `The workbook has no sheet '${sheet}'.`),
  tooManyRows: keyed('import.tooManyRows', ['max'], (max: number) => `The file has more than ${max} data rows.`),
  badEncoding: keyed(
    'import.badEncoding',
    ['encoding'],
    (encoding: string) => `The file is not valid ${encoding} text; choose its encoding.`,
  ),
  formulaWithoutResult: keyed(
    'import.formulaWithoutResult',
    ['cell'],
    (cell: string) => `Cell ${cell} holds a formula without a saved result; save the workbook in Excel first.`,
  ),
  duplicateRow: keyed('import.duplicateRow', ['row'], (row: number) => `Duplicate of row ${row}.`),
  matchValueMissing: keyed('import.matchValueMissing', ['field'], (field: string) => `${field} is empty.`),
  referenceNotFound: keyed(
    'import.referenceNotFound',
    ['field', 'value'],
    (field: string, value: string) => `${field}: '${value}' was not found.`,
  ),
  referenceAmbiguous: keyed(
    'import.referenceAmbiguous',
    ['field', 'value'],
    (field: string, value: string) => `${field}: '${value}' names more than one record; use its code.`,
  ),
  required: keyed('import.required', ['field'], (field: string) => `${field} is required.`),
  notOneOf: keyed(
    'import.notOneOf',
    ['field', 'value', 'options'],
    (field: string, value: string, options: string) => `${field}: “${value}” is not one of ${options}.`,
  ),
  notNumber: keyed(
    'import.notNumber',
    ['field', 'value'],
    (field: string, value: string) => `${field}: “${value}” is not a number.`,
  ),
  notInteger: keyed(
    'import.notInteger',
    ['field', 'value'],
    (field: string, value: string) => `${field}: “${value}” is not a whole number.`,
  ),
  notBoolean: keyed(
    'import.notBoolean',
    ['field', 'value'],
    (field: string, value: string) => `${field}: “${value}” is not yes or no.`,
  ),
  notDate: keyed(
    'import.notDate',
    ['field', 'value'],
    (field: string, value: string) => `${field}: “${value}” is not a date; write it as 2025-12-31.`,
  ),
  notEmail: keyed(
    'import.notEmail',
    ['field', 'value'],
    (field: string, value: string) => `${field}: “${value}” is not an e-mail address.`,
  ),
  badFormat: keyed(
    'import.badFormat',
    ['field', 'value'],
    (field: string, value: string) => `${field}: “${value}” is not in the form this field takes.`,
  ),
  notAccepted: keyed(
    'import.notAccepted',
    ['field', 'value'],
    (field: string, value: string) => `${field}: “${value}” is not accepted.`,
  ),
  tooShort: keyed(
    'import.tooShort',
    ['field', 'min'],
    (field: string, min: number) => `${field} needs at least ${min} characters.`,
  ),
  tooLong: keyed(
    'import.tooLong',
    ['field', 'max'],
    (field: string, max: number) => `${field} may hold at most ${max} characters.`,
  ),
  tooSmall: keyed(
    'import.tooSmall',
    ['field', 'min'],
    (field: string, min: number) => `${field} must be at least ${min}.`,
  ),
  tooBig: keyed('import.tooBig', ['field', 'max'], (field: string, max: number) => `${field} must be at most ${max}.`),
  tooMany: keyed(
    'import.tooMany',
    ['field', 'max'],
    (field: string, max: number) => `${field} may hold at most ${max} entries.`,
  ),
  invalidValue: keyed(
    'import.invalidValue',
    ['field', 'reason'],
    (field: string, reason: string) => `${field}: ${reason}`,
  ),
} as const);
