import { userDisplayName, type User } from '@casedesk/shared';

/** How a user is named in pickers: the display name with the login name, or the login name alone. */
export const userLabel = (u: Pick<User, 'loginName' | 'fullName'>) => {
  const name = userDisplayName(u).trim();
  return name && name !== u.loginName ? `${name} (${u.loginName})` : u.loginName;
};
