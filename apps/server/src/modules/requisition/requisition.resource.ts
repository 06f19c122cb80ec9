import {
  pageOf,
  requisitionCreateSchema,
  requisitionDetailSchema,
  requisitionQuerySchema,
  requisitionSchema,
  requisitionUpdateSchema,
} from '@casedesk/shared';
import { defineResource, type Resource } from '../../platform/resource.js';
import { requisitionActionsFor, requisitionScope } from './requisition.policy.js';
import { linesOf, requisitionCustomValues, requisitionRowColumns } from './requisition.queries.js';
import {
  addRequisition,
  cancelRequisition,
  removeRequisitions,
  updateRequisition,
  type RequisitionRecord,
} from './requisition.service.js';
import { requisition } from './requisition.table.js';

const schemas = {
  record: requisitionSchema,
  create: requisitionCreateSchema,
  update: requisitionUpdateSchema,
  query: requisitionQuerySchema,
  detail: requisitionDetailSchema,
  page: pageOf(requisitionSchema),
};

/**
 * `/api/Requisition/...`: rows carry the requester's, project's and vendor's names and the caller's actions,
 * Detail the lines; the writes are the module's own (the number, lines and amounts are the server's, and only a
 * Draft or Rejected requisition changes).
 */
export const requisitionResource: Resource<typeof requisition, typeof schemas, RequisitionRecord> = defineResource<
  typeof requisition,
  typeof schemas,
  RequisitionRecord
>({
  name: 'Requisition',
  module: 'requisition',
  label: 'requisition',
  table: requisition,
  schemas,
  columns: requisitionRowColumns,
  keywordColumns: [requisition.requisitionNumber, requisition.title],
  scope: requisitionScope,
  policy: { actions: requisitionActionsFor },
  // Beyond equality on columns: the custom field filter.
  filterFields: ['custom'],
  filters: (query) => [requisitionCustomValues.condition(query.custom)],
  loadDetail: async (q, row) => ({ lines: await linesOf(q, row.id) }),
  addToRows: (q, rows) => requisitionCustomValues.addTo(q, rows),
  exportColumns: [
    { field: 'requisitionNumber', width: 18 },
    { field: 'title', width: 30 },
    { field: 'requesterName', label: 'requesterId', width: 20 },
    { field: 'projectName', label: 'projectId', width: 24 },
    { field: 'vendorName', label: 'vendorId', width: 24 },
    { field: 'neededBy', width: 12 },
    { field: 'currency', width: 10 },
    { field: 'totalAmount', width: 14 },
    { field: 'status', values: 'requisitionStatus', width: 16 },
    { field: 'createdAt', width: 20 },
  ],
  moreExportColumns: (q) => requisitionCustomValues.exportColumns(q),
  operations: { add: addRequisition, update: updateRequisition, remove: removeRequisitions },
});

export { cancelRequisition };
