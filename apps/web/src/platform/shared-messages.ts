// Straight from the files, not the package index: the index brings every zod schema, and the sign-in
// page needs only these texts (loading them also gives their keys to messageRefOf).
export { messages } from '../../../../packages/shared/src/platform/messages';
export { messageRefOf } from '../../../../packages/shared/src/platform/message-keys';
