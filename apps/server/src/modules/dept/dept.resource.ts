import { and, count, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import {
  deptCreateSchema,
  deptMessages,
  deptQuerySchema,
  deptSchema,
  deptUpdateSchema,
  msg,
  type Message,
} from '@casedesk/shared';
import { fieldRefusal } from '../../platform/errors.js';
import { ancestorKeys } from '../../platform/tree.js';
import { referenceRefusal } from '../../platform/references.js';
import { defineResource } from '../../platform/resource.js';
import { userNameSql } from '../../platform/user-directory.js';
import { dept } from './dept.table.js';

export const deptResource = defineResource({
  name: 'Dept',
  module: 'dept',
  label: 'department',
  table: dept,
  schemas: { record: deptSchema, create: deptCreateSchema, update: deptUpdateSchema, query: deptQuerySchema },
  columns: {
    ...getTableColumns(dept),
    parentName: sql<string | null>`(select p.name from dept p where p.id = "dept"."parent_id")`,
    leaderName: userNameSql(dept.leaderId),
  },
  keywordColumns: [dept.name, dept.code],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  async check(tx, input, id) {
    const parentId = input.parentId as number | null | undefined;
    if (parentId === null || parentId === undefined) return;
    const refuse = (message: Message) => fieldRefusal('parentId', message);
    if (parentId === id) throw refuse(msg(deptMessages, 'parentSelf'));
    const ancestors = await ancestorKeys(tx, { table: dept, key: dept.id, parent: dept.parentId }, parentId);
    if (ancestors.length === 0) throw refuse(msg(deptMessages, 'parentUnknown'));
    if (id !== undefined && ancestors.some((a) => Number(a) === id)) throw refuse(msg(deptMessages, 'parentCycle'));
  },
  async referencedBy(tx, ids) {
    // Sub-departments deleted in the same call do not hold their parent back.
    const [children] = await tx
      .select({ n: count() })
      .from(dept)
      .where(and(inArray(dept.parentId, ids), notInArray(dept.id, ids)));
    if (children && children.n > 0) return msg(deptMessages, 'hasChildren', { count: children.n });
    return referenceRefusal(tx, 'dept', ids);
  },
  exportColumns: [
    { field: 'code' },
    { field: 'name', width: 30 },
    { field: 'parentName', label: 'parentId', width: 30 },
    { field: 'leaderName', label: 'leaderId', width: 20 },
    { field: 'sort', width: 8 },
    { field: 'status', values: 'activeStatus' },
    { field: 'modifiedAt' },
  ],
});
