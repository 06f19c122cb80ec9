import { desc, inArray } from 'drizzle-orm';
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
import type { Queryable } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { defineResource, type Resource } from '../../platform/resource.js';
import { importDefinition, importRun } from './import.table.js';
import { targetFields } from './import.targets.js';

const schemas = {
  record: importSchema,
  create: importCreateSchema,
  update: importUpdateSchema,
  query: importQuerySchema,
  page: pageOf(importSchema),
};

type DefinitionRow = typeof importDefinition.$inferSelect;
export type ImportRecord = DefinitionRow & { lastRunAt: Date | null; lastRunStatus: string | null };

/** Each definition with its latest run's time and status (one read for the page). */
async function withLastRuns(q: Queryable, rows: DefinitionRow[]): Promise<ImportRecord[]> {
  const ids = rows.map((r) => r.id);
  const runs =
    ids.length === 0
      ? []
      : await q
          .selectDistinctOn([importRun.importId], {
            importId: importRun.importId,
            createdAt: importRun.createdAt,
            status: importRun.status,
          })
          .from(importRun)
          .where(inArray(importRun.importId, ids))
          .orderBy(importRun.importId, desc(importRun.id));
  const last = new Map(runs.map((r) => [r.importId, r]));
  return rows.map((row) => ({
    ...row,
    lastRunAt: last.get(row.id)?.createdAt ?? null,
    lastRunStatus: last.get(row.id)?.status ?? null,
  }));
}

const one = async (q: Queryable, row: DefinitionRow) => (await withLastRuns(q, [row]))[0]!;

/** Mappings and match conditions name fields of the target; Update and Upsert need matchable conditions. */
export function checkDefinition(input: {
  tableModel: DefinitionRow['tableModel'];
  operationType: string;
  matchConditions: string[];
  mappings: { column: string; field: string }[];
}) {
  const fields = targetFields(input.tableModel as never);
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
export const importResource: Resource<typeof importDefinition, typeof schemas, ImportRecord> = defineResource<
  typeof importDefinition,
  typeof schemas,
  ImportRecord
>({
  name: 'Import',
  module: 'import',
  label: 'import',
  table: importDefinition,
  schemas,
  keywordColumns: [importDefinition.importName, importDefinition.description, importDefinition.source],
  defaultOrder: [{ field: 'importName', desc: false }],
  async check(_tx, input) {
    checkDefinition(input);
  },
  exportColumns: [
    { header: 'Name', field: 'importName', width: 30 },
    { header: 'Target', field: 'tableModel' },
    { header: 'Type', field: 'importType' },
    { header: 'Operation', field: 'operationType' },
    { header: 'Source', field: 'source' },
    { header: 'Status', field: 'status' },
    { header: 'Last run', field: 'lastRunAt' },
    { header: 'Last run status', field: 'lastRunStatus' },
    { header: 'Modified', field: 'modifiedAt' },
  ],
  operations: {
    get: async (db, actor, id) => one(db, await importResource.generic.get(db, actor, id)),
    detail: async (db, actor, id) => one(db, await importResource.generic.get(db, actor, id)),
    add: async (db, actor, input) => one(db, await importResource.generic.add(db, actor, input)),
    update: async (db, actor, input) => one(db, await importResource.generic.update(db, actor, input)),
    query: async (db, actor, query) => {
      const page = await importResource.generic.query(db, actor, query);
      return { ...page, items: await withLastRuns(db, page.items) };
    },
    async *rowsForExport(db, actor, query) {
      for await (const row of importResource.generic.rowsForExport(db, actor, query))
        yield (await one(db, row as DefinitionRow)) as unknown as Record<string, unknown>;
    },
  },
});
