import { defineMessages } from '../platform/message-keys.js';

/** Texts of My Account answers; kept apart from the schemas so that clients can use them without zod. */
export const accountMessages = defineMessages('account', {
  passwordIncorrect: 'The password is incorrect.',
  phoneCharacters: 'Use digits, spaces and + ( ) - . only.',
} as const);
