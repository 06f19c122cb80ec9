import { z } from 'zod';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';

export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{7,20}$/;
export const passwordSchema = z
  .string({ error: messages.newPasswordRequired })
  .min(1, messages.newPasswordRequired)
  .regex(passwordPattern, messages.passwordRule);

/** The confirmation of a new password: required, with its own message. */
export const confirmPasswordSchema = z
  .string({ error: messages.confirmPasswordRequired })
  .min(1, messages.confirmPasswordRequired)
  .max(200);

/**
 * `.refine(...passwordsMatch('newPassword'))`: the confirmation must equal the password field. An empty
 * confirmation already has its own message; "do not match" on top would only repeat it.
 */
export const passwordsMatch = <K extends string>(field: K) =>
  [
    (v: Record<K | 'confirmPassword', unknown>) => v.confirmPassword === '' || v[field] === v.confirmPassword,
    { message: messages.passwordMismatch, path: ['confirmPassword'] as PropertyKey[] },
  ] as const;

export const loginSchema = z.object({
  userName: z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(100),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
});
export type Login = z.infer<typeof loginSchema>;

export const tokenDataSchema = z.object({ token: z.string(), exp: z.number().int(), refreshToken: z.string() });
export type TokenData = z.infer<typeof tokenDataSchema>;

export const refreshTokenSchema = z.object({
  token: z.string().min(1).max(200),
  userName: z.string().trim().min(1).max(100),
});
export type RefreshToken = z.infer<typeof refreshTokenSchema>;

export const resetInitPasswordSchema = z
  .object({
    oldPassword: z
      .string({ error: messages.currentPasswordRequired })
      .min(1, messages.currentPasswordRequired)
      .max(200),
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine(...passwordsMatch('newPassword'));
export type ResetInitPassword = z.infer<typeof resetInitPasswordSchema>;

export const forgotPasswordSchema = z.object({
  userName: z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(100),
  email: z.email({ error: messages.invalidEmail }).max(254),
});
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const myInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  photo: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  firstName: z.string().nullable(),
  /** The family name: with `firstName`, the name the user is greeted by (`addressName`). */
  lastName: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Role codes (`admin`, `common`, custom codes): what a client compares with route roles. */
  roleNames: z.array(z.string()),
  /** The same roles' display names, in the same order. */
  roleTitles: z.array(z.string()),
  permissions: z.array(z.string()),
  userType: z.string().nullable(),
  language: z.string(),
  projects: z.array(z.number().int()),
  privateTicket: z.boolean(),
  nodeId: z.string().nullable(),
  systemUrl: z.string().nullable(),
  needToChangePwd: z.boolean(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type MyInfo = z.infer<typeof myInfoSchema>;

export const tokenCheckSchema = z.object({ valid: z.literal(true), exp: z.number().int() });
/** `GetSSOLoginMessage`: whether single sign-on is configured and on, and its button text per language (docs/contract-sso.md). */
export const ssoMessageSchema = z.object({
  configured: z.boolean(),
  buttonText: z.object({ en: z.string(), 'zh-cn': z.string(), 'zh-tw': z.string() }).nullable(),
});
export type SsoMessage = z.infer<typeof ssoMessageSchema>;

/** `POST SSOExchange`: the one-time code the SSO callback put in the sign-in page's address, for the session's tokens. */
export const ssoExchangeSchema = z.object({ code: z.string().min(10).max(200) }).strict();
export type SsoExchange = z.infer<typeof ssoExchangeSchema>;

/** `POST Logout` answers this for a single sign-on session whose provider can end its own session too. */
export const logoutResultSchema = z.object({ endSessionUrl: z.string() }).nullable();
export type LogoutResult = z.infer<typeof logoutResultSchema>;

/** Why a single sign-on was refused: the sign-in page shows `?ssoError=<name>` in the user's language. */
export const ssoErrors = [
  'notConfigured',
  'providerUnreachable',
  'stateInvalid',
  'providerRefused',
  'tokenInvalid',
  'claimMissing',
  'noSuchUser',
  'userInactive',
  'codeInvalid',
  'failed',
] as const;
export type SsoError = (typeof ssoErrors)[number];

export const ssoMessages = defineMessages('sso', {
  notConfigured: 'Single sign-on is not configured or is turned off.',
  providerUnreachable: 'The sign-in provider could not be reached or did not answer as an OpenID provider.',
  stateInvalid: 'This sign-in was not started here or has expired. Please try again.',
  providerRefused: 'The sign-in provider refused the sign-in.',
  tokenInvalid: 'The sign-in provider’s answer could not be verified.',
  claimMissing: 'The sign-in provider did not say who you are (user name claim missing).',
  noSuchUser: 'There is no user here for this sign-in. Ask an administrator to create one.',
  userInactive: 'Your account here is inactive or locked.',
  codeInvalid: 'This sign-in link has expired or was already used. Please sign in again.',
  failed: 'The single sign-on failed. Please try again or ask an administrator.',
  discoveryFailed: keyed<[string]>(
    'sso.discoveryFailed',
    ['reason'],
    (reason) => `The discovery document could not be read: ${reason}`,
  ),
} as const);

export const vueLogQuerySchema = z.object({ message: z.string().max(2000).default('') });

/** Extension: sets a new password from the forgot-password e-mail's link. */
export const resetPasswordSchema = z
  .object({
    token: z.string().min(10).max(200),
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine(...passwordsMatch('newPassword'));
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
