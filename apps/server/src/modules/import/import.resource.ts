import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  importCreateSchema,
  importMessages,
  importQuerySchema,
  importSchema,
  importUpdateSchema,
  msg,
  pageOf,
  type Message,
} from '@casedesk/shared';
import { badRequest } from '../../platform/errors.js';
import type { Queryable } from '../../platform/db.js';
import { defineResource } from '../../platform/resource.js';
import { importDefinition, importRun } from './import.table.js';
import { targetFields } from './import.targets.js';

const schemas = {
  record: importSchema,
  create: importCreateSchema,
  update: importUpdateSchema,
  query: importQuerySchema,
  page: pageOf(importSchema),
};

export type ImportRecord = typeof importDefinition.$inferSelect & {
  lastRunAt: Date | null;
  lastRunStatus: string | null;
};

/** The latest run of the definition (by id), one column of it. */
const lastRun = (column: SQL) =>
  sql`(select ${column} from ${importRun} r where r.import_id = ${importDefinition.id} order by r.id desc limit 1)`;

/** A definition as every read shows it: with its latest run's time and status. */
const importColumns = {
  ...getTableColumns(importDefinition),
  lastRunAt: lastRun(sql`r.created_at`).mapWith(importRun.createdAt),
  lastRunStatus: sql<string | null>`${lastRun(sql`r.status`)}`,
};

/** Mappings and match conditions name fields of the target; Update and Upsert need matchable conditions. */
export async function checkDefinition(
  q: Queryable,
  input: {
    tableModel: ImportRecord['tableModel'];
    operationType: string;
    matchConditions: string[];
    mappings: { column: string; field: string }[];
  },
) {
  const fields = await targetFields(q, input.tableModel as never);
  const byName = new Map(fields.map((f) => [f.field, f]));
  const refuse = (field: string, message: Message) => badRequest(message, [{ field, message: message.text }]);
  for (const m of input.mappings)
    if (!byName.has(m.field)) throw refuse('mappings', msg(importMessages, 'unknownField', { field: m.field }));
  for (const c of input.matchConditions) {
    const field = byName.get(c);
    if (!field) throw refuse('matchConditions', msg(importMessages, 'unknownField', { field: c }));
    if (!field.matchable) throw refuse('matchConditions', msg(importMessages, 'notMatchable', { field: c }));
  }
  if (input.operationType !== 'Insert' && input.matchConditions.length === 0)
    throw refuse('matchConditions', msg(importMessages, 'matchRequired'));
}

/** `/api/Import/...`: the generic calls on definitions; list rows carry the last run. */
export const importResource = defineResource<typeof importDefinition, typeof schemas, ImportRecord>({
  name: 'Import',
  module: 'import',
  label: 'import',
  table: importDefinition,
  schemas,
  columns: importColumns,
  keywordColumns: [importDefinition.importName, importDefinition.description, importDefinition.source],
  defaultOrder: [{ field: 'importName', desc: false }],
  async check(tx, input) {
    await checkDefinition(tx, input);
  },
  exportColumns: [
    { field: 'importName', width: 30 },
    { field: 'tableModel' },
    { field: 'importType', values: 'importType' },
    { field: 'operationType', values: 'importOperation' },
    { field: 'source' },
    { field: 'status', values: 'activeStatus' },
    { field: 'lastRunAt' },
    { field: 'lastRunStatus', values: 'importRunStatus' },
    { field: 'modifiedAt' },
  ],
});
