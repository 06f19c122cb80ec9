import type { UserGroupMember, UserSummary } from '@casedesk/shared';
import type { Queryable } from './db.js';

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
