import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  delegateCreateSchema,
  delegateMessages,
  delegateQuerySchema,
  delegateSchema,
  delegateUpdateSchema,
  msg,
  pageOf,
} from '@casedesk/shared';
import { defineResource, likePattern } from '../../platform/resource.js';
import { delegateActionsFor, delegateScope, mayManage } from './delegate.policy.js';
import { delegateKeyword, delegateRowColumns } from './delegate.queries.js';
import { addDelegate, removeDelegates, updateDelegate, type DelegateRecord } from './delegate.service.js';
import { delegate } from './delegate.table.js';

const schemas = {
  record: delegateSchema,
  create: delegateCreateSchema,
  update: delegateUpdateSchema,
  query: delegateQuerySchema,
  page: pageOf(delegateSchema),
};

/**
 * `/api/Delegate/...`: rows carry the owner's and the delegate's names, the projects and the caller's actions;
 * the writes are the module's own (every one checks the delegation rules and writes the delegate audit).
 */
export const delegateResource = defineResource<typeof delegate, typeof schemas, DelegateRecord>({
  name: 'Delegate',
  module: 'delegate',
  label: 'delegation',
  table: delegate,
  schemas,
  columns: delegateRowColumns,
  // The keyword searches the owner's and the delegate's names (a filter below).
  keywordColumns: [],
  sortable: {
    startDate: delegate.startDate,
    endDate: delegate.endDate,
    delegateDate: delegate.delegateDate,
    delegateType: delegate.delegateType,
    enabled: delegate.enabled,
    createdAt: delegate.createdAt,
    modifiedAt: delegate.modifiedAt,
    id: delegate.id,
  },
  defaultOrder: [{ field: 'startDate', desc: true }],
  // delegateBy, delegateTo, delegateType and enabled are equalities on their columns.
  filters: (query) => {
    const keyword = query.keyword?.trim();
    return [
      query.userId === undefined
        ? undefined
        : or(eq(delegate.delegateBy, query.userId), eq(delegate.delegateTo, query.userId)),
      query.activeOn === undefined
        ? undefined
        : and(
            sql`${delegate.startDate} <= ${query.activeOn}`,
            or(isNull(delegate.endDate), sql`${delegate.endDate} >= ${query.activeOn}`),
          ),
      keyword ? delegateKeyword(likePattern(keyword)) : undefined,
    ];
  },
  scope: delegateScope,
  policy: {
    can: (actor, _action, row) => mayManage(actor, row.delegateBy),
    refusal: msg(delegateMessages, 'notYours'),
    actions: delegateActionsFor,
  },
  exportColumns: [
    { field: 'delegateByName', label: 'delegateBy', width: 24 },
    { field: 'delegateToName', label: 'delegateTo', width: 24 },
    { field: 'delegateType', values: 'delegateType', width: 12 },
    { field: 'startDate', width: 14 },
    { field: 'endDate', width: 14 },
    { field: 'projectNames', label: 'projects', width: 40 },
    { field: 'enabled', values: 'boolean', width: 10 },
    { field: 'delegateDate', width: 14 },
  ],
  operations: { add: addDelegate, update: updateDelegate, remove: removeDelegates },
});
