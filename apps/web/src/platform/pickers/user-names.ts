import type { User } from '@casedesk/shared';

/** How a user is named in lists: full name, else first and last name, else the login name. */
export const displayName = (user: Pick<User, 'fullName' | 'realName' | 'lastName' | 'loginName'>) =>
  user.fullName || [user.realName, user.lastName].filter(Boolean).join(' ') || user.loginName;

/** How a user is named in pickers: the name with the login name, or the login name alone. */
export const userLabel = (u: Pick<User, 'loginName' | 'fullName'> & { realName?: string | null }) => {
  const name = u.fullName?.trim() || u.realName?.trim();
  return name ? `${name} (${u.loginName})` : u.loginName;
};
