import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import { tokenDataSchema } from './auth.schemas.js';

/** Refusals of the second factor (contract section 24). */
export const twoFactorMessages = defineMessages('twoFactor', {
  codeRequired: 'Please enter the code.',
  codeWrong: 'The code is wrong or has expired. Please try again.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  alreadyEnabled: 'The authenticator app is already set up. Turn it off first to set it up again.',
  notSetUp: 'Set up the authenticator app first.',
  notEnabled: 'The authenticator app is not turned on.',
  passkeyRefused: 'The passkey was not accepted. Please try again.',
  passkeyNotFound: 'This passkey no longer exists.',
  ssoUser: 'This user signs in through single sign-on, whose provider asks for their second factor.',
} as const);

/** The ways a second step may be taken: the authenticator app, a recovery code, a passkey. */
export const secondFactorKinds = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorKind = (typeof secondFactorKinds)[number];

/** A 6-digit authenticator code; spaces a person types between the digits are dropped. */
export const totpCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.codeWrong));

/** A recovery code as handed out (`abcde-fghij`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, twoFactorMessages.codeWrong));

const challengeSchema = z.string().min(20).max(100);

/**
 * `Login`'s answer for a user with a second factor (no tokens yet): the ways the second step may be taken and the
 * challenge that names this sign-in; `setupRequired`: a role makes a second factor compulsory and the user has
 * none — the sign-in page leads them through setting up the authenticator app with the same challenge.
 */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.array(z.enum(secondFactorKinds)),
  challenge: z.string(),
  setupRequired: z.boolean().optional(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

export const loginAnswerSchema = z.union([tokenDataSchema, secondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const loginSecondFactorSchema = z
  .object({ challenge: challengeSchema, code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: twoFactorMessages.codeRequired,
    path: ['code'],
  });
export type LoginSecondFactor = z.infer<typeof loginSecondFactorSchema>;

/** `Account/Totp/Setup`: a new secret (not yet in force) and the address an authenticator app reads from a QR code. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpEnableSchema = z.object({ code: totpCodeSchema }).strict();
export type TotpEnable = z.infer<typeof totpEnableSchema>;

/** Ten single-use codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const totpDisableSchema = z
  .object({
    password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
    code: totpCodeSchema,
  })
  .strict();
export type TotpDisable = z.infer<typeof totpDisableSchema>;

/** The compulsory setup at sign-in (`token/TotpSetup`, `token/TotpEnable`): the sign-in's challenge names the user. */
export const signInTotpSetupSchema = z.object({ challenge: challengeSchema }).strict();
export const signInTotpEnableSchema = z.object({ challenge: challengeSchema, code: totpCodeSchema }).strict();
export type SignInTotpEnable = z.infer<typeof signInTotpEnableSchema>;
export const signInTotpEnabledSchema = tokenDataSchema.extend({ recoveryCodes: z.array(z.string()) });
export type SignInTotpEnabled = z.infer<typeof signInTotpEnabledSchema>;

/** My Account's second factor: whether the app is on, recovery codes left, the passkeys. */
export const passkeyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyRow = z.infer<typeof passkeyRowSchema>;

export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeyRowSchema),
  /** A role of the user makes a second factor compulsory (turning the last one off is refused). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** WebAuthn's JSON (from `@simplewebauthn/browser`), checked by `@simplewebauthn/server`, not by shape here. */
const webauthnJsonSchema = z
  .object({ id: z.string().max(1000), rawId: z.string().max(1000), type: z.literal('public-key') })
  .loose();

export const passkeyRegisterSchema = z
  .object({ name: z.string().trim().min(1).max(60), response: webauthnJsonSchema })
  .strict();
export type PasskeyRegister = z.infer<typeof passkeyRegisterSchema>;

export const passkeyRenameSchema = z.object({ id: z.number().int(), name: z.string().trim().min(1).max(60) }).strict();
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>;
export const passkeyIdSchema = z.object({ id: z.number().int() }).strict();

export const passkeyOptionsSchema = z.object({ challenge: challengeSchema }).strict();
export const passkeyLoginSchema = z.object({ challenge: challengeSchema, response: webauthnJsonSchema }).strict();
export type PasskeyLogin = z.infer<typeof passkeyLoginSchema>;

/** The options a browser hands `startRegistration` / `startAuthentication` (WebAuthn JSON). */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

/** `User/ResetSecondFactor`: an administrator takes away a user's authenticator app, recovery codes and passkeys. */
export const resetSecondFactorSchema = z.object({ id: z.number().int() }).strict();
