import {
  acceptsReadBack,
  workflowCreateSchema,
  workflowQuerySchema,
  workflowSchema,
  workflowUpdateSchema,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import {
  addWorkflow,
  removeWorkflows,
  updateWorkflow,
  workflowRowColumns,
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
 * differs from the latest version and who created it; the writes are the module's own (versions, the registry).
 */
export const workflowResource = defineResource<typeof workflow, typeof schemas, WorkflowRow>({
  name: 'Workflow',
  module: 'workflow',
  label: 'workflow',
  table: workflow,
  schemas,
  columns: workflowRowColumns,
  keywordColumns: [workflow.name, workflow.code, workflow.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  exportColumns: [
    { field: 'name', seeded: { kind: 'workflow', code: 'code' }, width: 30 },
    { field: 'code', width: 20 },
    { field: 'type', values: 'workflowType', width: 12 },
    { field: 'status', values: 'workflowStatus', width: 12 },
    { field: 'version', width: 8 },
    { field: 'hasDraftChanges', values: 'boolean', width: 12 },
    { field: 'publishedAt' },
    { field: 'description', width: 40 },
    { field: 'createdByName', label: 'createdBy' },
    { field: 'modifiedAt' },
  ],
  operations: { add: addWorkflow, update: updateWorkflow, remove: removeWorkflows },
});
