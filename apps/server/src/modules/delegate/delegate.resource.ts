import {
  delegateCreateSchema,
  delegateQuerySchema,
  delegateSchema,
  delegateUpdateSchema,
  pageOf,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { delegateScope } from './delegate.policy.js';
import {
  addDelegate,
  delegatesForExport,
  getDelegate,
  queryDelegates,
  removeDelegates,
  updateDelegate,
  type DelegateRecord,
} from './delegate.service.js';
import { delegate } from './delegate.table.js';

const schemas = {
  record: delegateSchema,
  create: delegateCreateSchema,
  update: delegateUpdateSchema,
  query: delegateQuerySchema,
  page: pageOf(delegateSchema),
};

/**
 * `/api/Delegate/...`: the generic calls, each written by the module (the rows carry names, projects and the
 * caller's actions; every write checks the delegation rules and writes the delegate audit).
 */
export const delegateResource = defineResource<typeof delegate, typeof schemas, DelegateRecord>({
  name: 'Delegate',
  module: 'delegate',
  label: 'delegation',
  table: delegate,
  schemas,
  // The keyword searches the owner's and the delegate's names (the service's own list query).
  keywordColumns: [],
  scope: delegateScope,
  exportColumns: [
    { header: 'Owner', field: 'delegateByName', width: 24 },
    { header: 'Delegate', field: 'delegateToName', width: 24 },
    { header: 'Type', field: 'delegateType', width: 12 },
    { header: 'Start date', field: 'startDate', width: 14 },
    { header: 'End date', field: 'endDate', width: 14 },
    { header: 'Projects', field: 'projectNames', width: 40 },
    { header: 'Enabled', field: 'enabled', width: 10 },
    { header: 'Delegated on', field: 'delegateDate', width: 14 },
  ],
  operations: {
    get: getDelegate,
    detail: getDelegate,
    query: queryDelegates,
    rowsForExport: delegatesForExport,
    add: addDelegate,
    update: updateDelegate,
    remove: removeDelegates,
  },
});
