import {
  pageOf,
  requisitionCreateSchema,
  requisitionDetailSchema,
  requisitionQuerySchema,
  requisitionSchema,
  requisitionUpdateSchema,
} from '@casedesk/shared';
import { defineResource, type Resource } from '../../platform/resource.js';
import { requisitionScope } from './requisition.policy.js';
import {
  addRequisition,
  cancelRequisition,
  getRequisition,
  queryRequisitions,
  removeRequisitions,
  requisitionDetail,
  requisitionsForExport,
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
 * `/api/Requisition/...`: the generic calls written by the module: rows carry names, the number, lines and
 * amounts are the server's, and only a Draft or Rejected requisition changes.
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
  keywordColumns: [requisition.requisitionNumber, requisition.title],
  scope: requisitionScope,
  exportColumns: [
    { header: 'Number', field: 'requisitionNumber', width: 18 },
    { header: 'Title', field: 'title', width: 30 },
    { header: 'Requester', field: 'requesterName', width: 20 },
    { header: 'Project', field: 'projectName', width: 24 },
    { header: 'Vendor', field: 'vendorName', width: 24 },
    { header: 'Needed by', field: 'neededBy', width: 12 },
    { header: 'Currency', field: 'currency', width: 10 },
    { header: 'Total', field: 'totalAmount', width: 14 },
    { header: 'Status', field: 'status', width: 16 },
    { header: 'Created', field: 'createdAt', width: 20 },
  ],
  operations: {
    get: getRequisition,
    detail: requisitionDetail,
    query: (db, actor, query) =>
      queryRequisitions(
        db,
        actor,
        requisitionResource.whereOf(actor, query),
        requisitionResource.orderOf(query.orderBy),
        query,
      ),
    rowsForExport: (db, actor, query) =>
      requisitionsForExport(
        db,
        actor,
        requisitionResource.whereOf(actor, query),
        requisitionResource.orderOf(query.orderBy),
      ),
    add: addRequisition,
    update: updateRequisition,
    remove: removeRequisitions,
  },
});

export { cancelRequisition };
