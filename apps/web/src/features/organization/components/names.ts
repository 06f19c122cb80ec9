import type { User } from '@casedesk/shared';

/** How a user is named in lists: full name, else first and last name, else the login name. */
export const displayName = (user: Pick<User, 'fullName' | 'realName' | 'lastName' | 'loginName'>) =>
  user.fullName || [user.realName, user.lastName].filter(Boolean).join(' ') || user.loginName;
