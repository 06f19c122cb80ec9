import { isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  erasedLoginName,
  userCreateSchema,
  userDetailSchema,
  userQuerySchema,
  userSchema,
  userUpdateSchema,
  type UserAction,
  type UserQuery,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Queryable } from '../../platform/db.js';
import type { ExportColumn } from '../../platform/export.js';
import { defineResource } from '../../platform/resource.js';
import { appUser } from './user.table.js';
import { userActionsFor } from './user.policy.js';
import { userColumns, userLinks, type UserRow } from './user.queries.js';
import { addUser, deleteUsers, updateUser } from './user.service.js';

// Declared here, not in the service: the definition below reads it as this module loads.
export const userExportColumns: ExportColumn[] = [
  { field: 'loginName' },
  { field: 'realName' },
  { field: 'lastName' },
  { field: 'email', width: 30 },
  { field: 'mobile' },
  { field: 'deptName', label: 'deptId' },
  { field: 'positionName', label: 'positionId' },
  { field: 'roleTitles', label: 'roles', seeded: { kind: 'role', code: 'roleNames' }, width: 30 },
  { field: 'userType', texts: 'organization.user.types' },
  { field: 'status', values: 'activeStatus', width: 10 },
  { field: 'locked', values: 'boolean', width: 10 },
  { field: 'lastLoginTime' },
  { field: 'createdAt' },
];

const exists = (statement: SQL) => sql`exists (${statement})`;

/** A user as every read shows it: the lock flag, and the permissions of the user's roles (for `actions[]`). */
export type UserAnswer = UserRow & { locked: boolean; permissionCodes: string[]; actions: UserAction[] };
const userReadColumns = {
  ...userColumns,
  permissionCodes: sql<string[]>`coalesce((select array_agg(distinct p.code) from user_role ur
    join role_permission rp on rp.role_id = ur.role_id join permission p on p.id = rp.permission_id
    where ur.user_id = app_user.id), '{}')`,
};

/** One description, two lists: the users (soft-deleted ones left out) and the deleted ones. */
const definition = (scope: SQL) => ({
  name: 'User',
  module: 'user' as const,
  label: 'user',
  table: appUser,
  schemas: {
    record: userSchema,
    create: userCreateSchema,
    update: userUpdateSchema,
    query: userQuerySchema,
    detail: userDetailSchema,
  },
  keywordColumns: [
    appUser.loginName,
    appUser.realName,
    appUser.lastName,
    appUser.fullName,
    appUser.email,
    appUser.mobile,
  ],
  columns: userReadColumns,
  rowOf: (row: typeof appUser.$inferSelect) => ({ ...row, locked: row.lockedAt !== null }) as unknown as UserAnswer,
  scope: () => scope,
  policy: {
    actions: (actor: Actor, row: UserAnswer) =>
      userActionsFor(actor, {
        id: row.id,
        status: row.status,
        locked: row.locked,
        deleted: row.deletedAt !== null,
        erased: row.loginName === erasedLoginName(row.id),
        permissions: row.permissionCodes,
      }),
  },
  loadDetail: (q: Queryable, row: UserAnswer) => userLinks(q, row.id),
  filters: (q: UserQuery) => {
    return [
      q.roleId
        ? exists(sql`select 1 from user_role x where x.user_id = app_user.id and x.role_id = ${q.roleId}`)
        : undefined,
      q.groupId
        ? exists(sql`select 1 from user_group_member x where x.user_id = app_user.id and x.group_id = ${q.groupId}`)
        : undefined,
      q.projectId
        ? exists(sql`select 1 from user_project x where x.user_id = app_user.id and x.project_id = ${q.projectId}`)
        : undefined,
      q.locked === undefined ? undefined : q.locked ? isNotNull(appUser.lockedAt) : isNull(appUser.lockedAt),
    ];
  },
  exportColumns: userExportColumns,
});

/** The user's own writes behind the generic calls: soft delete, no password hash, the policies of a save. */
export const userResource = defineResource({
  ...definition(isNull(appUser.deletedAt)),
  operations: { add: addUser, update: updateUser, remove: deleteUsers },
});
export const deletedUserResource = defineResource(definition(isNotNull(appUser.deletedAt)));
