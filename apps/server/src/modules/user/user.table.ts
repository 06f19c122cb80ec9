import { sql } from 'drizzle-orm';
import { msg, userMessages } from '@casedesk/shared';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
  type ForeignKeyBuilder,
} from 'drizzle-orm/pg-core';
import { recordColumns, softDeleteColumns, timestamptz } from '../../platform/columns.js';
import { describeReference } from '../../platform/db-errors.js';
import { dept } from '../dept/dept.table.js';
import { position } from '../position/position.table.js';
import { project } from '../project/project.table.js';
import { role } from '../role/role.table.js';

/** A key from `column` to a user, named `<table>_<column>_fk`; users are only soft-deleted, so it never blocks a delete. */
export const userKey = (name: string, column: AnyPgColumn): ForeignKeyBuilder =>
  foreignKey({ name, columns: [column], foreignColumns: [appUser.id] }).onDelete('restrict');

/** created_by and modified_by of a record (`recordColumns`) point at real users. */
export const authorKeys = (
  table: string,
  t: { createdBy: AnyPgColumn; modifiedBy: AnyPgColumn },
): ForeignKeyBuilder[] => [
  userKey(`${table}_created_by_fk`, t.createdBy),
  userKey(`${table}_modified_by_fk`, t.modifiedBy),
];

export const appUser = pgTable(
  'app_user',
  {
    ...recordColumns(),
    loginName: text('login_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: text('real_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    email: text('email'),
    mobile: text('mobile'),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    deptId: integer('dept_id'),
    positionId: integer('position_id'),
    userType: text('user_type'),
    language: text('language').notNull().default('en'),
    timeZone: text('time_zone'),
    location: text('location'),
    jobTitle: text('job_title'),
    escalation: text('escalation'),
    photo: text('photo'),
    remark: text('remark'),
    sex: text('sex', { enum: ['secret', 'male', 'female'] })
      .notNull()
      .default('secret'),
    birth: text('birth'),
    address: text('address'),
    masterUser: integer('master_user'),
    privateTicket: boolean('private_ticket').notNull().default(false),
    canEmail: boolean('can_email').notNull().default(true),
    incidentEmailNotify: boolean('incident_email_notify').notNull().default(true),
    needToChangePwd: boolean('need_to_change_pwd').notNull().default(false),
    errorCount: integer('error_count').notNull().default(0),
    lastErrorTime: timestamptz('last_error_time'),
    lockedAt: timestamptz('locked_at'),
    lastLoginTime: timestamptz('last_login_time'),
    lastLoginIp: text('last_login_ip'),
    passwordChangedAt: timestamptz('password_changed_at'),
    /** The user's DN in the directory (contract 24): a synced user, who signs in with the directory password. */
    directoryDn: text('directory_dn'),
    ...softDeleteColumns(),
  },
  (t) => [
    uniqueIndex('app_user_login_name_uq').on(sql`lower(${t.loginName})`),
    // DNs compare without regard to case; one user per directory entry.
    uniqueIndex('app_user_directory_dn_uq').on(sql`lower(${t.directoryDn})`),
    index('app_user_dept_idx').on(t.deptId),
    index('app_user_position_idx').on(t.positionId),
    foreignKey({ name: 'app_user_dept_fk', columns: [t.deptId], foreignColumns: [dept.id] }).onDelete('restrict'),
    foreignKey({ name: 'app_user_position_fk', columns: [t.positionId], foreignColumns: [position.id] }).onDelete(
      'restrict',
    ),
    userKey('app_user_master_user_fk', t.masterUser),
    userKey('app_user_deleted_by_fk', t.deletedBy),
    ...authorKeys('app_user', t),
  ],
);

export const userRole = pgTable(
  'user_role',
  { userId: integer('user_id').notNull(), roleId: integer('role_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('user_role_role_idx').on(t.roleId),
    userKey('user_role_user_fk', t.userId),
    // Deleting a role refuses while users hold it (role service); the key makes that hold under races.
    foreignKey({ name: 'user_role_role_fk', columns: [t.roleId], foreignColumns: [role.id] }).onDelete('restrict'),
  ],
);

export const userProject = pgTable(
  'user_project',
  { userId: integer('user_id').notNull(), projectId: integer('project_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('user_project_project_idx').on(t.projectId),
    userKey('user_project_user_fk', t.userId),
    foreignKey({ name: 'user_project_project_fk', columns: [t.projectId], foreignColumns: [project.id] }).onDelete(
      'restrict',
    ),
  ],
);

describeReference('user_project_project_fk', {
  target: 'project',
  table: 'user_project',
  column: 'project_id',
  inUse: (n) => msg(userMessages, 'projectAssigned', { count: n }),
});
