import { defineMessages } from '../platform/message-keys.js';

/**
 * Why a sign-in log row was written, for the reasons without numbers in them: the server writes the English text
 * of this catalog and the web shows it by its key (`messageRefOf`) in the reader's language. A password asked for
 * something other than signing in names what it was asked for.
 */
export const loginReasons = defineMessages('loginReason', {
  wrongPassword: 'wrong password',
  wrongPasswordChange: 'wrong password (password change)',
  wrongPasswordUnlock: 'wrong password (screen unlock)',
  wrongPasswordEmail: 'wrong password (e-mail change)',
  heldOff: 'address held off',
  heldOffChange: 'address held off (password change)',
  heldOffUnlock: 'address held off (screen unlock)',
  heldOffEmail: 'address held off (e-mail change)',
  wrongSecondFactor: 'wrong code (second factor)',
  heldOffSecondFactor: 'address held off (second factor)',
  unknownUser: 'unknown user name',
  singleSignOn: 'single sign-on',
});

export type LoginReason = keyof typeof loginReasons;
