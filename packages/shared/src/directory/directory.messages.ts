import { defineMessages, keyed } from '../platform/message-keys.js';

/**
 * Why a directory test, sync or sign-in was refused, and the lines a sync writes (keyed: the reader's language).
 * The form's field rules are `directoryRuleMessages` (directory.schemas.ts), in the same `directory` catalog.
 */
export const directoryMessages = defineMessages('directory', {
  notConfigured: 'Enter the server address, the user base DN and the login-name attribute first.',
  unreachable: keyed(
    'directory.unreachable',
    ['url'],
    (url: string) => `The directory server ${url} cannot be reached.`,
  ),
  bindRefused: 'The directory refused the bind account or its password.',
  timeout: keyed('directory.timeout', ['url'], (url: string) => `The directory server ${url} did not answer in time.`),
  tlsFailed: 'A secure connection to the directory server could not be made.',
  searchFailed: keyed(
    'directory.searchFailed',
    ['reason'],
    (reason: string) => `The directory refused the search of the user base: ${reason}`,
  ),
  /** At sign-in: the user's password is checked by the directory, which does not answer. */
  signInUnavailable: 'The directory that checks your password cannot be reached. Try again later.',
  roleUnknown: keyed('directory.roleUnknown', ['role'], (role: string) => `There is no role with the code ${role}.`),
  noRole: 'No directory group of this person maps to a role, and there is no default role.',
  noLoginName: 'This person has no login name in the directory.',
  loginTaken: keyed(
    'directory.loginTaken',
    ['login'],
    (login: string) => `Another directory person has the login name ${login}.`,
  ),
  /** The comment on a ticket (and the note on an approval task) handed to the leader of a user gone from the directory. */
  handedOver: keyed(
    'directory.handedOver',
    ['user'],
    (user: string) => `Handed over: ${user} is no longer in the directory and was set inactive.`,
  ),
  noLeader: keyed(
    'directory.noLeader',
    ['user'],
    (user: string) => `The open tasks of ${user} stay with them: their department has no other leader to take them.`,
  ),
  syncSummary: keyed(
    'directory.syncSummary',
    ['created', 'updated', 'disabled', 'departments', 'errors'],
    (created: number, updated: number, disabled: number, departments: number, errors: number) =>
      `${created} created, ${updated} updated, ${disabled} disabled, ${departments} departments, ${errors} skipped.`,
  ),
  syncOff: 'Directory sync is off.',
  /** A run that failed for a reason without words of its own (a bug, a lost database connection). */
  syncFailed: keyed('directory.syncFailed', ['reason'], (reason: string) => `The sync stopped: ${reason}`),
} as const);
