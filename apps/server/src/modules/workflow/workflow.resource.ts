import type { SQL } from 'drizzle-orm';
import {
  acceptsReadBack,
  workflowCreateSchema,
  workflowQuerySchema,
  workflowSchema,
  workflowUpdateSchema,
  type Page,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import {
  addWorkflow,
  removeWorkflows,
  updateWorkflow,
  workflowById,
  workflowPage,
  workflowRows,
  type WorkflowRow,
} from './workflow.service.js';
import { workflow } from './workflow.table.js';

const schemas = {
  record: workflowSchema,
  // Contract 11's read-back on Add as well: what Get answered (status, version, ...) is accepted and ignored.
  create: acceptsReadBack(workflowCreateSchema, workflowSchema),
  update: workflowUpdateSchema,
  query: workflowQuerySchema,
};

/**
 * Workflow definitions (contract 14 with the generic calls of contract 6). Every row carries whether its draft
 * differs from the latest version and who created it, so each call that returns rows is the module's own.
 */
export const workflowResource = defineResource<typeof workflow, typeof schemas, WorkflowRow>({
  name: 'Workflow',
  module: 'workflow',
  label: 'workflow',
  table: workflow,
  schemas,
  keywordColumns: [workflow.name, workflow.code, workflow.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  exportColumns: [
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Code', field: 'code', width: 20 },
    { header: 'Type', field: 'type', width: 12 },
    { header: 'Status', field: 'status', width: 12 },
    { header: 'Version', field: 'version', width: 8 },
    { header: 'Draft changed', field: 'hasDraftChanges', width: 12 },
    { header: 'Published', field: 'publishedAt' },
    { header: 'Description', field: 'description', width: 40 },
    { header: 'Created by', field: 'createdByName' },
    { header: 'Modified', field: 'modifiedAt' },
  ],
  operations: {
    add: addWorkflow,
    update: updateWorkflow,
    remove: removeWorkflows,
    get: (db, _actor, id) => workflowById(db, id),
    detail: (db, _actor, id) => workflowById(db, id),
    // Annotated: these calls use the resource's own filter and order, declared by this very call.
    async query(db, actor, query): Promise<Page<WorkflowRow>> {
      const where: SQL | undefined = workflowResource.whereOf(actor, query);
      const order: SQL[] = workflowResource.orderOf(query.orderBy);
      return workflowPage(db, where, order, query.page, query.pageSize);
    },
    async *rowsForExport(db, actor, query): AsyncGenerator<Record<string, unknown>> {
      const where: SQL | undefined = workflowResource.whereOf(actor, query);
      yield* await workflowRows(db, where, workflowResource.orderOf(query.orderBy)).limit(100_000);
    },
  },
});
