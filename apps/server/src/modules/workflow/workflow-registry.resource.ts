import { eq, getTableColumns, sql } from 'drizzle-orm';
import {
  workflowRegistryCreateSchema,
  workflowRegistryQuerySchema,
  workflowRegistrySchema,
  workflowRegistryUpdateSchema,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { checkRegistryEntry, qualified } from './workflow.service.js';
import { workflow, workflowRegistry } from './workflow.table.js';

type RegistryTableRow = typeof workflowRegistry.$inferSelect;
export type RegistryRow = RegistryTableRow & { workflowName: string | null };

/** The entry with its workflow's name (the definition it runs, found by code). */
const registryColumns = {
  ...getTableColumns(workflowRegistry),
  workflowName: sql<
    string | null
  >`(select w.name from ${workflow} w where w.code = ${qualified(workflowRegistry.workflowCode)})`,
};

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
  columns: registryColumns,
  keywordColumns: [workflowRegistry.workflowCode, workflowRegistry.description],
  defaultOrder: [
    { field: 'businessType', desc: false },
    { field: 'priority', desc: false },
  ],
  // Inside the save's transaction; an update is checked as the entry will be after it (unsent fields kept).
  async check(tx, input, id, actor) {
    const [before] =
      id === undefined ? [] : await tx.select().from(workflowRegistry).where(eq(workflowRegistry.id, id));
    await checkRegistryEntry(
      tx,
      {
        businessType: input.businessType ?? before?.businessType ?? 'Ticket',
        workflowCode: input.workflowCode ?? before?.workflowCode ?? '',
        conditions: input.conditions ?? before?.conditions ?? [],
      },
      actor,
    );
  },
  exportColumns: [
    { field: 'businessType', values: 'workflowType', width: 12 },
    { field: 'workflowCode', label: 'code', width: 20 },
    { field: 'workflowName', label: 'workflowCode', seeded: { kind: 'workflow', code: 'workflowCode' }, width: 30 },
    { field: 'priority', width: 8 },
    { field: 'status', values: 'activeStatus', width: 10 },
    { field: 'description', width: 40 },
    { field: 'modifiedAt' },
  ],
});
