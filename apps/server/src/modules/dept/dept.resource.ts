import { and, count, inArray, notInArray } from 'drizzle-orm';
import { deptCreateSchema, deptQuerySchema, deptSchema, deptUpdateSchema } from '@casedesk/shared';
import { badRequest } from '../../platform/errors.js';
import { ancestorKeys } from '../../platform/tree.js';
import { defineResource } from '../../platform/resource.js';
import { appUser } from '../user/index.js';
import { dept } from './dept.table.js';

export const deptResource = defineResource({
  name: 'Dept',
  module: 'dept',
  label: 'department',
  table: dept,
  schemas: { record: deptSchema, create: deptCreateSchema, update: deptUpdateSchema, query: deptQuerySchema },
  keywordColumns: [dept.name, dept.code],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  async check(tx, input, id) {
    const parentId = input.parentId as number | null | undefined;
    if (parentId === null || parentId === undefined) return;
    const refuse = (message: string) => badRequest(message, [{ field: 'parentId', message }]);
    if (parentId === id) throw refuse('A department cannot be its own parent.');
    const ancestors = await ancestorKeys(tx, { table: dept, key: dept.id, parent: dept.parentId }, parentId);
    if (ancestors.length === 0) throw refuse('The parent department does not exist.');
    if (id !== undefined && ancestors.some((a) => Number(a) === id))
      throw refuse('A department cannot be moved under one of its own sub-departments.');
  },
  async referencedBy(tx, ids) {
    // Sub-departments deleted in the same call do not hold their parent back.
    const [children] = await tx
      .select({ n: count() })
      .from(dept)
      .where(and(inArray(dept.parentId, ids), notInArray(dept.id, ids)));
    if (children && children.n > 0)
      return `The department has ${children.n} sub-department(s); delete or move them first.`;
    const [users] = await tx.select({ n: count() }).from(appUser).where(inArray(appUser.deptId, ids));
    if (users && users.n > 0)
      return `The department is assigned to ${users.n} user(s); move them to another department first.`;
    return undefined;
  },
  exportColumns: [
    { header: 'Code', field: 'code' },
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Parent', field: 'parentId' },
    { header: 'Leader', field: 'leaderId' },
    { header: 'Sort', field: 'sort', width: 8 },
    { header: 'Status', field: 'status' },
    { header: 'Modified', field: 'modifiedAt' },
  ],
});
