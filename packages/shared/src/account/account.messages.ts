/** Texts of My Account answers; kept apart from the schemas so that clients can use them without zod. */
export const accountMessages = {
  passwordIncorrect: 'The password is incorrect.',
} as const;
