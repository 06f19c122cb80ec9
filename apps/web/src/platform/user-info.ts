import type { MyInfo } from '@casedesk/shared';
// The zod-free entry, not the package's index: the shell must not carry the schemas (scripts/check-bundle-size.mjs).
import { addressName } from '@casedesk/shared/user-names';

/** The signed-in user as kept in local storage, built from GetMyInfo (spec section 3). */
export type UserInfo = {
  userId: number;
  userName: string;
  photo: string | null;
  lastLoginTime: string | null;
  firstName: string | null;
  /** Absent in a record kept before it was added. */
  lastName?: string | null;
  lastLoginIp: string | null;
  roles: string[];
  authBtnList: string[];
  userType: string | null;
  language: string;
  projects: number[];
  privateTicket: boolean;
  nodeId: string | null;
  systemUrl: string | null;
  needToChangePwd: boolean;
  mobile: string | null;
  email: string | null;
  /** When this was loaded (ms since epoch). */
  time: number;
};

/** Pure (no browser or Vite globals), so that bench:screens builds the same record for its browser contexts. */
export function userInfoFrom(info: MyInfo): UserInfo {
  return {
    userId: info.id,
    userName: info.name,
    photo: info.photo,
    lastLoginTime: info.lastLoginTime,
    firstName: info.firstName,
    lastName: info.lastName,
    lastLoginIp: info.lastLoginIp,
    roles: info.roleNames,
    authBtnList: info.permissions,
    userType: info.userType,
    language: info.language || 'en',
    projects: info.projects,
    privateTicket: info.privateTicket,
    nodeId: info.nodeId,
    systemUrl: info.systemUrl,
    needToChangePwd: info.needToChangePwd,
    mobile: info.mobile ?? null,
    email: info.email ?? null,
    time: Date.now(),
  };
}

/** The name the signed-in user is greeted by: the given name, a Han name whole ("陈伟"), else the login name. */
export const greetingName = (info: Pick<UserInfo, 'firstName' | 'lastName' | 'userName'> | null | undefined): string =>
  (info && (addressName(info.firstName, info.lastName ?? null) || info.userName)) || '';
