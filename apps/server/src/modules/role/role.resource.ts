import {
  roleCreateSchema,
  roleDetailSchema,
  roleQuerySchema,
  roleSchema,
  roleUpdateSchema,
  type RoleCreate,
} from '@casedesk/shared';
import { notFound } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { userDirectory } from '../../platform/user-directory.js';
import { codesOfRole, findRole, replaceRolePermissions } from './role.queries.js';
import { role } from './role.table.js';
import { addRole, checkSystemRole, removeRoles, updateRole } from './role.service.js';

export const roleResource = defineResource({
  name: 'Role',
  module: 'role',
  label: 'role',
  table: role,
  schemas: {
    record: roleSchema,
    create: roleCreateSchema,
    update: roleUpdateSchema,
    query: roleQuerySchema,
    detail: roleDetailSchema,
  },
  keywordColumns: [role.name, role.code, role.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'id', desc: false },
  ],
  async loadDetail(q, record) {
    const [permissions, userCount] = await Promise.all([
      codesOfRole(q, record.id),
      userDirectory().roleHolderCount(q, record.id),
    ]);
    return { permissions, userCount };
  },
  // Runs after the insert or update, in its transaction: a refusal here rolls the whole save back.
  async saveChildren(tx, id, input) {
    const codes = (input as Partial<RoleCreate>).permissions;
    const row = await findRole(tx, id);
    if (!row) throw notFound();
    checkSystemRole(row, codes);
    if (codes !== undefined) await replaceRolePermissions(tx, id, codes);
  },
  exportColumns: [
    { field: 'code' },
    { field: 'name', seeded: { kind: 'role', code: 'code' }, width: 30 },
    { field: 'description', seeded: { kind: 'roleDescription', code: 'code' }, width: 40 },
    { field: 'dataScope', values: 'dataScope' },
    { field: 'sort', width: 8 },
    { field: 'enabled', values: 'boolean', width: 10 },
    { field: 'isSystem', values: 'boolean', width: 10 },
    { field: 'modifiedAt' },
  ],
  // The system-role and no-escalation rules behind Add, Update and Delete.
  operations: { add: addRole, update: updateRole, remove: removeRoles },
});
