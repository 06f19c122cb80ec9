// Straight from the files, not the package index: the index brings every zod schema, and the sign-in
// page needs only these texts.
export { messages } from '../../../../packages/shared/src/platform/messages';
export { accountMessages } from '../../../../packages/shared/src/account/account.messages';
