import { defineMessages, type Message } from '../platform/message-keys.js';
import type { ValueKind } from '../platform/value-labels.js';

/**
 * What the server writes into the system and sign-in logs, by key (`log.<name>`): a row keeps the key and its
 * values, and the log's list, detail and export word it in the reader's language. A value may itself be a keyed
 * text (a refusal, an e-mail's waiting reason): it is worded too. Only a text no catalog has (an exception's own
 * words, what a browser reported) stays as it was written.
 */
export const logMessages = defineMessages('log', {
  ssoRefused: 'Single sign-on refused: {reason} Details: {detail}',
  ssoLogoutUnreachable: 'Single sign-on logout could not reach the provider: {error}',
  ssoFailed: 'Single sign-on failed: {error}',
  signInHeldOff:
    'Sign-in to {loginName} from {ip} held off for {minutes} minutes after {attempts} wrong passwords in a row.',
  passwordHeldOff:
    'Password checks ({purpose}) of {loginName} from {ip} held off for {minutes} minutes after {attempts} wrong passwords in a row.',
  accountLocked: 'Account {loginName} locked: {addresses} addresses were held off it at the same time.',
  purposePasswordChange: 'password change',
  purposeScreenUnlock: 'screen unlock',
  purposeEmailChange: 'e-mail change',
  purposeSecondFactor: 'second factor',
  mailFetchFailed: 'Mail account "{account}" ({protocol} {host}): {error}',
  noTemplate: 'No active e-mail template for "{event}" in {language} or English: no mail queued.',
  templateBroken: 'The e-mail template {templateId} for "{event}" could not be rendered: no mail queued.',
  resetMailWaits: 'A password reset mail for user {userId} waits: {reason}',
  mailInterrupted: 'E-mail {emailId} "{subject}": {reason}',
  mailWaits: 'E-mail {emailId} "{subject}" waits: {reason}',
  mailFailed: 'E-mail {emailId} "{subject}" to {to} failed: {reason}',
  scheduledTicketFailed: 'Scheduled ticket #{id} "{subject}" made no ticket: {reason}',
  jobFailed: 'Job "{name}" ({className}) failed: {reason}',
  jobInterrupted: 'Job "{name}" ({className}): {reason}',
  // The sign-in log's reasons that carry numbers (the plain ones are `loginReasons`).
  addressHeldOff: 'address held off for {minutes} min after {attempts} wrong passwords in a row from {ip}',
  addressHeldOffFor:
    'address held off for {minutes} min after {attempts} wrong passwords in a row from {ip} ({purpose})',
  accountLockedAddresses: 'account locked: {addresses} addresses held off',
  ssoRefusedReason: 'single sign-on refused: {reason}',
});

/** A fixed value (an e-mail event, a language), shown by its label in the reader's language. */
export type LabelledValue = { labelOf: ValueKind; value: string };
/** A value of a logged message: plain, a keyed text or a fixed value, the last two worded in the reader's language. */
export type LogValue = string | number | Message | LabelledValue;
export type LogMessageName = {
  [K in keyof typeof logMessages]: (typeof logMessages)[K] extends string ? K : never;
}[keyof typeof logMessages];
