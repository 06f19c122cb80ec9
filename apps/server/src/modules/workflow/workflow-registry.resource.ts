import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  workflowRegistryCreateSchema,
  workflowRegistryQuerySchema,
  workflowRegistrySchema,
  workflowRegistryUpdateSchema,
  type Page,
} from '@casedesk/shared';
import type { Db, Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { checkRegistryEntry, qualified } from './workflow.service.js';
import { workflow, workflowRegistry } from './workflow.table.js';

type RegistryTableRow = typeof workflowRegistry.$inferSelect;
export type RegistryRow = RegistryTableRow & { workflowName: string | null };

const registryRows = (q: Queryable, where: SQL | undefined, order: SQL[] = []) =>
  q
    .select({
      ...getTableColumns(workflowRegistry),
      workflowName: sql<
        string | null
      >`(select w.name from ${workflow} w where w.code = ${qualified(workflowRegistry.workflowCode)})`,
    })
    .from(workflowRegistry)
    .where(where)
    .orderBy(...order);

async function registryById(q: Queryable, id: number): Promise<RegistryRow> {
  const [row] = await registryRows(q, eq(workflowRegistry.id, id));
  if (!row) throw notFound();
  return row;
}

async function registryPage(db: Db, where: SQL | undefined, order: SQL[], page: number, pageSize: number) {
  const [items, [total]] = await Promise.all([
    registryRows(db, where, order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(workflowRegistry)
      .where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

const schemas = {
  record: workflowRegistrySchema,
  create: workflowRegistryCreateSchema,
  update: workflowRegistryUpdateSchema,
  query: workflowRegistryQuerySchema,
};

/** Which workflow a submitted record runs (the engine picks the first active matching entry by priority). */
export const workflowRegistryResource = defineResource<typeof workflowRegistry, typeof schemas, RegistryRow>({
  name: 'WorkflowRegistry',
  module: 'workflow',
  label: 'workflow registry entry',
  table: workflowRegistry,
  schemas,
  keywordColumns: [workflowRegistry.workflowCode, workflowRegistry.description],
  defaultOrder: [
    { field: 'businessType', desc: false },
    { field: 'priority', desc: false },
  ],
  // Inside the save's transaction; an update is checked as the entry will be after it (unsent fields kept).
  async check(tx, input, id) {
    const [before] =
      id === undefined ? [] : await tx.select().from(workflowRegistry).where(eq(workflowRegistry.id, id));
    await checkRegistryEntry(tx, {
      businessType: input.businessType ?? before?.businessType ?? 'Ticket',
      workflowCode: input.workflowCode ?? before?.workflowCode ?? '',
      conditions: input.conditions ?? before?.conditions ?? [],
    });
  },
  exportColumns: [
    { header: 'Type', field: 'businessType', width: 12 },
    { header: 'Workflow code', field: 'workflowCode', width: 20 },
    { header: 'Workflow', field: 'workflowName', width: 30 },
    { header: 'Priority', field: 'priority', width: 8 },
    { header: 'Status', field: 'status', width: 10 },
    { header: 'Description', field: 'description', width: 40 },
    { header: 'Modified', field: 'modifiedAt' },
  ],
  operations: {
    add: async (db, actor, input): Promise<RegistryRow> =>
      registryById(db, (await workflowRegistryResource.generic.add(db, actor, input)).id),
    update: async (db, actor, input): Promise<RegistryRow> =>
      registryById(db, (await workflowRegistryResource.generic.update(db, actor, input)).id),
    get: async (db, actor, id): Promise<RegistryRow> =>
      registryById(db, (await workflowRegistryResource.generic.get(db, actor, id)).id),
    detail: async (db, actor, id): Promise<RegistryRow> =>
      registryById(db, (await workflowRegistryResource.generic.get(db, actor, id)).id),
    // Annotated: these calls use the resource's own filter and order, declared by this very call.
    async query(db, actor, query): Promise<Page<RegistryRow>> {
      const where: SQL | undefined = workflowRegistryResource.whereOf(actor, query);
      const order: SQL[] = workflowRegistryResource.orderOf(query.orderBy);
      return registryPage(db, where, order, query.page, query.pageSize);
    },
    async *rowsForExport(db, actor, query): AsyncGenerator<Record<string, unknown>> {
      const where: SQL | undefined = workflowRegistryResource.whereOf(actor, query);
      yield* await registryRows(db, where, workflowRegistryResource.orderOf(query.orderBy)).limit(100_000);
    },
  },
});
