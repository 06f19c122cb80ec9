import type { ImportMapping } from '@casedesk/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/** An import definition (spec section 3 "Import"; contract 16): what a sheet holds and where it goes. */
export const importDefinition = pgTable(
  'import_definition',
  {
    ...recordColumns(),
    importName: text('import_name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    tableModel: text('table_model').notNull(),
    importType: text('import_type', { enum: ['xlsx', 'csv'] }).notNull(),
    source: text('source'),
    haveHeader: boolean('have_header').notNull().default(true),
    headerRow: integer('header_row').notNull().default(1),
    sheetName: text('sheet_name'),
    encoding: text('encoding', { enum: ['auto', 'utf-8', 'gbk', 'big5'] })
      .notNull()
      .default('auto'),
    batchSize: integer('batch_size').notNull().default(500),
    operationType: text('operation_type', { enum: ['Insert', 'Update', 'Upsert'] })
      .notNull()
      .default('Insert'),
    matchConditions: jsonb('match_conditions').$type<string[]>().notNull().default([]),
    mappings: jsonb('mappings').$type<ImportMapping[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('import_definition_name_uq').on(sql`lower(${t.importName})`),
    ...authorKeys('import_definition', t),
  ],
);

/**
 * One run of a definition over one uploaded file: queued by `Run`, worked by the `import.work` job in
 * batches; `processed` and the counters advance in each batch's own transaction, so a crash resumes after
 * the last committed batch.
 */
export const importRun = pgTable(
  'import_run',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    importId: integer('import_id').notNull(),
    fileId: integer('file_id').notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    status: text('status', { enum: ['Queued', 'Running', 'Succeeded', 'Failed', 'Cancelled'] })
      .notNull()
      .default('Queued'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    total: integer('total'),
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errorFileId: integer('error_file_id'),
    message: text('message'),
    startedBy: integer('started_by'),
    leaseUntil: timestamptz('lease_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('import_run_import_idx').on(t.importId, t.id),
    index('import_run_queue_idx').on(t.status, t.leaseUntil),
    foreignKey({ name: 'import_run_import_fk', columns: [t.importId], foreignColumns: [importDefinition.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A refused row, written in its batch's transaction; the error file is built from these at the end. */
export const importRunRefusal = pgTable(
  'import_run_refusal',
  {
    runId: integer('run_id').notNull(),
    /** The row's number in the sheet (1-based, as a spreadsheet shows it). */
    rowNo: integer('row_no').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    reason: jsonb('reason').$type<ImportReason>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'import_run_refusal_pk', columns: [t.runId, t.rowNo] }),
    foreignKey({ name: 'import_run_refusal_run_fk', columns: [t.runId], foreignColumns: [importRun.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A refused row as the error file shows it: the sheet's cells and why (a message key with its values). */
export type ImportRefusal = { row: number; cells: string[]; reason: ImportReason };
/**
 * One problem of a row: a message key with its values (the import's own, or the target's refusal, whose English
 * `text` stands in when the web has no translation), a field the target refused (`at` its name, its field error's
 * key), or a text that came without a key.
 */
export type ImportProblem =
  | { at: string; key?: string; values?: Record<string, string | number>; text: string }
  | { key: string; values?: Record<string, string | number>; text?: string }
  | { text: string };
/** Why a row was refused: one problem, or every problem the row has (each field that fails, each reference). */
export type ImportReason = ImportProblem | { problems: ImportProblem[] };
