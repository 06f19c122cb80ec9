import { Column, getTableName, is, sql, type SQLWrapper } from 'drizzle-orm';
import type { UserGroupMember, UserSummary } from '@casedesk/shared';
import type { Queryable } from './db.js';

/** A user's name wherever one is shown: the full name, else the login name (`userDisplayName` in shared). */
export const displayNameSql = (fullName: SQLWrapper, loginName: SQLWrapper) =>
  sql<string>`coalesce(${fullName}, ${loginName})`;

/**
 * The display name of the user a column (or expression) holds the id of, as a subquery. `app_user` is named here,
 * not imported: any module may show a user's name, also those the user module builds on (a department's leader).
 * A column is qualified by its table's name, so the subquery never binds a same-named column of `app_user`.
 */
export const userNameSql = (id: SQLWrapper) =>
  sql<string | null>`(select ${displayNameSql(sql`u.full_name`, sql`u.login_name`)} from app_user u where u.id = ${
    is(id, Column) ? sql`${sql.identifier(getTableName(id.table))}.${sql.identifier(id.name)}` : id
  })`;

/**
 * Users as the modules that link them to their records list them (a role's holders, a group's members). The user
 * module answers (it owns the users; a user has roles and groups), offered in its manifest and set by the app, so
 * the role and user-group modules never import it (modules point down).
 */
export type UserDirectory = {
  /** Those of `ids` that are no live user (unknown or deleted). */
  missingUsers: (q: Queryable, ids: number[]) => Promise<number[]>;
  /** How many live users hold the role. */
  roleHolderCount: (q: Queryable, roleId: number) => Promise<number>;
  /** The live holders of a role by login name, a page at a time; `keyword` matches login name, name or e-mail. */
  roleHolderPage: (
    q: Queryable,
    roleId: number,
    options: { page: number; pageSize: number; keyword?: string | undefined },
  ) => Promise<{ items: UserSummary[]; total: number }>;
  /** The live members of a group, by login name. */
  groupMembers: (q: Queryable, groupId: number) => Promise<UserGroupMember[]>;
  /** Live members per group id. */
  groupMemberCounts: (q: Queryable) => Promise<Map<number, number>>;
};

let directory: UserDirectory | undefined;

/** The app sets the user module's directory once at build. */
export function setUserDirectory(value: UserDirectory | undefined): void {
  directory = value;
}

export function userDirectory(): UserDirectory {
  if (!directory) throw new Error('No user directory: the app sets it from the user module at build.');
  return directory;
}
