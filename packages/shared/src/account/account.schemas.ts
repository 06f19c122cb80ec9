import { z } from 'zod';
import { messages } from '../platform/messages.js';
import { accountMessages } from './account.messages.js';

/** My Account (spec section 2): the signed-in user's own profile, e-mail, language and screen unlock. */
export { accountMessages } from './account.messages.js';

export const accountLanguages = ['en', 'zh-cn', 'zh-tw'] as const;
export const accountLanguageSchema = z.enum(accountLanguages);
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const accountProfileSchema = z.object({
  id: z.number().int(),
  rowVersion: z.number().int(),
  loginName: z.string(),
  realName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: z.string().nullable(),
  sex: z.enum(['secret', 'male', 'female']),
  language: z.string(),
  userType: z.string().nullable(),
  deptName: z.string().nullable(),
  positionName: z.string().nullable(),
  /** Role codes; `roleTitles` are their display names, in the same order. */
  roleNames: z.array(z.string()),
  roleTitles: z.array(z.string()),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  passwordChangedAt: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

export const accountProfileUpdateSchema = z.object({
  rowVersion: z.number().int().min(0),
  realName: z.string({ error: messages.required }).trim().min(1, messages.required).max(100),
  lastName: optionalText(100),
  mobile: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+()\-.\s]*$/, accountMessages.phoneCharacters)
    .nullish()
    .transform((v) => (v ? v : null)),
  jobTitle: optionalText(100),
  location: optionalText(100),
  sex: z.enum(['secret', 'male', 'female']).default('secret'),
});
export type AccountProfileUpdate = z.infer<typeof accountProfileUpdateSchema>;

/** A new e-mail address needs the current password: it is where password reset links go. */
export const accountEmailUpdateSchema = z.object({
  rowVersion: z.number().int().min(0),
  email: z.email({ error: messages.invalidEmail }).max(254),
  password: z.string({ error: messages.currentPasswordRequired }).min(1, messages.currentPasswordRequired).max(200),
});
export type AccountEmailUpdate = z.infer<typeof accountEmailUpdateSchema>;

export const accountLanguageUpdateSchema = z.object({ language: accountLanguageSchema });
export type AccountLanguageUpdate = z.infer<typeof accountLanguageUpdateSchema>;

export const verifyPasswordSchema = z.object({
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
});
export type VerifyPassword = z.infer<typeof verifyPasswordSchema>;
