import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

export const role = pgTable(
  'role',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    dataScope: text('data_scope', { enum: ['all', 'projects', 'own'] })
      .notNull()
      .default('projects'),
    enabled: boolean('enabled').notNull().default(true),
    isSystem: boolean('is_system').notNull().default(false),
  },
  (t) => [uniqueIndex('role_code_uq').on(t.code), ...authorKeys('role', t)],
);

export const permission = pgTable(
  'permission',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    module: text('module').notNull(),
    action: text('action').notNull(),
    name: text('name').notNull(),
    isButton: boolean('is_button').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('permission_code_uq').on(t.code)],
);

export const rolePermission = pgTable(
  'role_permission',
  { roleId: integer('role_id').notNull(), permissionId: integer('permission_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permission_permission_idx').on(t.permissionId),
    // A role's permission links go with it (the role service deletes them together).
    foreignKey({ name: 'role_permission_role_fk', columns: [t.roleId], foreignColumns: [role.id] }).onDelete('cascade'),
    foreignKey({
      name: 'role_permission_permission_fk',
      columns: [t.permissionId],
      foreignColumns: [permission.id],
    }).onDelete('restrict'),
  ],
);
