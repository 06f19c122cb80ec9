import { isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  userCreateSchema,
  userDetailSchema,
  userQuerySchema,
  userSchema,
  userUpdateSchema,
  type UserQuery,
} from '@casedesk/shared';
import type { ExportColumn } from '../../platform/export.js';
import { defineResource } from '../../platform/resource.js';
import { appUser } from './user.table.js';
import { addUser, deleteUsers, getUser, queryUsers, updateUser, userDetail, usersForExport } from './user.service.js';

// Declared here, not in the service: the definition below reads it as this module loads.
export const userExportColumns: ExportColumn[] = [
  { header: 'Login name', field: 'loginName' },
  { header: 'First name', field: 'realName' },
  { header: 'Last name', field: 'lastName' },
  { header: 'E-mail', field: 'email', width: 30 },
  { header: 'Mobile', field: 'mobile' },
  { header: 'Department', field: 'deptName' },
  { header: 'Position', field: 'positionName' },
  { header: 'Roles', field: 'roleTitles', width: 30 },
  { header: 'User type', field: 'userType' },
  { header: 'Status', field: 'status', width: 10 },
  { header: 'Locked', field: 'locked', width: 10 },
  { header: 'Last sign-in', field: 'lastLoginTime' },
  { header: 'Created', field: 'createdAt' },
];

const exists = (statement: SQL) => sql`exists (${statement})`;

/** The generic block supplies filtering and ordering; a second instance sees only deleted users. */
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
  scope: () => scope,
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

/**
 * The user's own rules behind the generic calls: soft delete, no password hash, policies and actions.
 * A full override (one of the two the kit allows): a user's `actions[]` depend on the permissions of every
 * role the user holds, read once per page, and the writes read the same shown row before and after for the
 * audit; the filters and the order are still the description's (`whereOf`, `orderOf`, the one sort helper).
 */
export const userResource = defineResource({
  ...definition(isNull(appUser.deletedAt)),
  operations: {
    query: queryUsers,
    get: getUser,
    detail: userDetail,
    add: addUser,
    update: updateUser,
    remove: deleteUsers,
    rowsForExport: (db, actor, query) => usersForExport(db, actor, query),
  },
});
export const deletedUserResource = defineResource(definition(isNotNull(appUser.deletedAt)));
