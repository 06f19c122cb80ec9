import type { UserInfo } from './user-info';

/** A signed-in user for unit tests: a staff member with no permissions (tests add the ones they need). */
export const testUser: UserInfo = {
  userId: 7,
  userName: 'ada',
  photo: null,
  lastLoginTime: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  lastLoginIp: null,
  roles: ['common'],
  authBtnList: [],
  userType: null,
  language: 'en',
  projects: [],
  privateTicket: false,
  nodeId: null,
  systemUrl: null,
  needToChangePwd: false,
  mobile: null,
  email: null,
  time: 0,
};
