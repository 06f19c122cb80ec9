import { z } from 'zod';
import { auditFieldsSchema, idSchema, maxInt, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

/** Languages the product speaks (the web app's locales). */
export const settingLanguages = ['en', 'zh-cn', 'zh-tw'] as const;

/** The rules of the settings' fields, in words (before the schemas that use them). */
export const settingRuleMessages = defineMessages('setting', {
  caseNumberPrefixFormat: 'Use 1 to 10 upper-case letters A-Z.',
  unknownTimeZone: 'Unknown time zone.',
  extensionFormat: 'An extension is 1 to 10 letters or digits, without the dot.',
  typesOnce: 'List each type once.',
  usersOnce: 'List each user once.',
  httpUrl: 'Enter an http(s) URL.',
  scopesOpenid: 'The scopes must include openid.',
  projectsOnce: 'List each project once.',
  ssoNeedsIssuer: 'Enter the issuer URL and the client ID before turning single sign-on on.',
} as const);

/** Largest upload size an administrator may allow, in MB (uploads are read into memory). */
export const maxUploadSizeMbLimit = 100;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Settings → Basic. */
export const basicSettingsSchema = z.object({
  productTitle: z.string().trim().min(1).max(60),
  /** Must keep case numbers matching `caseNumberPattern`: upper-case letters only. */
  caseNumberPrefix: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,10}$/, settingRuleMessages.caseNumberPrefixFormat),
  defaultLanguage: z.enum(settingLanguages),
  timeZone: z.string().trim().min(1).max(64).refine(isTimeZone, settingRuleMessages.unknownTimeZone),
});

/** Settings → Toggles. */
export const toggleSettingsSchema = z.object({
  lockout: z.boolean(),
  /** Wrong passwords in a row from one address before that address is held off the account (15 min, doubling). */
  lockoutAttempts: z.number().int().min(1).max(20),
  /** The whole account locks once this many addresses are held off it at the same time; 0 never locks it. */
  accountLockAddresses: z.number().int().min(0).max(1000),
  privateTickets: z.boolean(),
  ssoButton: z.boolean(),
  /** Webhooks may send to loopback, link-local and private addresses (off: refused at save and at send). */
  webhookPrivateAddresses: z.boolean(),
  /** Roles whose holders must have a second factor (set up at their next sign-in); SSO users keep their provider's. */
  twoFactorRoles: z.array(z.string().max(50)).max(200).default([]),
});

/** Settings → Token. */
export const tokenSettingsSchema = z.object({
  accessMinutes: z.number().int().min(1).max(1440),
  refreshDays: z.number().int().min(1).max(365),
  personalTokens: z.boolean(),
});

/** A file extension without the dot, lower case. */
export const fileExtensionSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,10}$/, settingRuleMessages.extensionFormat);

/** Settings → Upload. */
export const uploadSettingsSchema = z.object({
  maxSizeMb: z.number().int().min(1).max(maxUploadSizeMbLimit),
  allowedTypes: z
    .array(fileExtensionSchema)
    .min(1)
    .max(100)
    .refine((list) => new Set(list).size === list.length, settingRuleMessages.typesOnce),
});

/** Settings → Logs: what the logs keep and for how long. */
export const logSettingsSchema = z.object({
  /** Off only to measure what the request log costs. */
  requestLog: z.boolean(),
  /** Statements at least this slow are kept in the SQL log; 0 keeps none. */
  slowSqlMs: z.number().int().min(0).max(600_000),
  /** Log rows older than this many days are deleted by the nightly retention job. */
  daysToKeep: z.number().int().min(1).max(3650),
});

/** Settings → Holiday calendar: who is reminded of a coming holiday, and how many days before. */
export const holidayReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  userIds: z
    .array(idSchema)
    .max(200)
    .refine((list) => new Set(list).size === list.length, settingRuleMessages.usersOnce),
  daysBefore: z.number().int().min(1).max(60),
});

/** Data Management → retention: closed tickets older than this go to the archive (`ticket.archive`); 0 = off. */
export const retentionSettingsSchema = z.object({
  archiveClosedAfterMonths: z.number().int().min(0).max(600),
});

/** How a single sign-on finds its user here: create one on first sign-in, or only link to an existing one. */
export const ssoUserModes = ['create', 'link'] as const;

const issuerUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), settingRuleMessages.httpUrl);

/** Settings → Third-party: single sign-on with OpenID Connect (docs/contract-sso.md). The client secret is kept apart. */
export const thirdPartySettingsSchema = z.object({
  enabled: z.boolean(),
  issuerUrl: issuerUrlSchema,
  clientId: z.string().trim().max(200),
  scopes: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine((v) => v.split(/\s+/).includes('openid'), settingRuleMessages.scopesOpenid),
  /** The ID token (or userinfo) claim that gives the user name here. */
  userNameClaim: z.string().trim().min(1).max(100),
  emailClaim: z.string().trim().min(1).max(100),
  userMode: z.enum(ssoUserModes),
  /** For `create`: the role and projects a new user gets. */
  defaultRoleId: idSchema.nullable(),
  defaultProjectIds: z
    .array(idSchema)
    .max(200)
    .refine((list) => new Set(list).size === list.length, settingRuleMessages.projectsOnce),
  buttonText: z.object({
    en: z.string().trim().max(60),
    'zh-cn': z.string().trim().max(60),
    'zh-tw': z.string().trim().max(60),
  }),
});

/** What Save takes for Third-party: a `clientSecret` sets a new secret; left out (or empty) keeps the stored one. */
export const thirdPartySaveSchema = thirdPartySettingsSchema
  .extend({ clientSecret: z.string().max(500).optional() })
  .strict()
  .refine((v) => !v.enabled || (v.issuerUrl !== '' && v.clientId !== ''), {
    message: settingRuleMessages.ssoNeedsIssuer,
    path: ['issuerUrl'],
  });

/** Third-party as Get shows it: the secret never, only whether one is stored. */
export const thirdPartyShownSchema = thirdPartySettingsSchema.extend({
  clientSecretSet: z.boolean(),
  /** Read-only: the addresses to register at the provider (from SYSTEM_URL). */
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
});

/** `POST /api/Settings/TestSSO`: fetch an issuer's discovery document. */
export const ssoTestSchema = z.object({ issuerUrl: issuerUrlSchema.refine((v) => v !== '', 'Required') }).strict();
export const ssoTestResultSchema = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  endSessionEndpoint: z.string().nullable(),
  jwksUri: z.string().nullable(),
  scopesSupported: z.array(z.string()),
  pkceS256: z.boolean(),
});
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;

export type BasicSettings = z.infer<typeof basicSettingsSchema>;
export type ToggleSettings = z.infer<typeof toggleSettingsSchema>;
export type TokenSettings = z.infer<typeof tokenSettingsSchema>;
export type UploadSettings = z.infer<typeof uploadSettingsSchema>;
export type LogSettings = z.infer<typeof logSettingsSchema>;
export type HolidayReminderSettings = z.infer<typeof holidayReminderSettingsSchema>;
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export type ThirdPartySettings = z.infer<typeof thirdPartySettingsSchema>;
export type ThirdPartySave = z.infer<typeof thirdPartySaveSchema>;
export type ThirdPartyShown = z.infer<typeof thirdPartyShownSchema>;

export const settingGroups = [
  'basic',
  'toggles',
  'token',
  'upload',
  'log',
  'holidayReminder',
  'retention',
  'thirdParty',
] as const;
export type SettingGroup = (typeof settingGroups)[number];

export const settingGroupSchemas = {
  basic: basicSettingsSchema,
  toggles: toggleSettingsSchema,
  token: tokenSettingsSchema,
  upload: uploadSettingsSchema,
  log: logSettingsSchema,
  holidayReminder: holidayReminderSettingsSchema,
  retention: retentionSettingsSchema,
  thirdParty: thirdPartySettingsSchema,
} as const;

export type SettingValues = {
  basic: BasicSettings;
  toggles: ToggleSettings;
  token: TokenSettings;
  upload: UploadSettings;
  log: LogSettings;
  holidayReminder: HolidayReminderSettings;
  retention: RetentionSettings;
  thirdParty: ThirdPartySettings;
};

/** The extensions uploads accept out of the box. */
export const defaultAllowedUploadTypes = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'webp',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'log',
  'md',
  'json',
  'xml',
  'eml',
  'msg',
  'zip',
];

const rowVersionSchema = z.number().int().min(0).max(maxInt);

/** `POST /api/Settings/Save`: one group, its whole value, and the rowVersion read (0 when never saved). */
export const settingSaveSchema = z.discriminatedUnion('group', [
  z.object({ group: z.literal('basic'), value: basicSettingsSchema.strict(), rowVersion: rowVersionSchema }).strict(),
  z
    .object({ group: z.literal('toggles'), value: toggleSettingsSchema.strict(), rowVersion: rowVersionSchema })
    .strict(),
  z.object({ group: z.literal('token'), value: tokenSettingsSchema.strict(), rowVersion: rowVersionSchema }).strict(),
  z.object({ group: z.literal('upload'), value: uploadSettingsSchema.strict(), rowVersion: rowVersionSchema }).strict(),
  z.object({ group: z.literal('log'), value: logSettingsSchema.strict(), rowVersion: rowVersionSchema }).strict(),
  z
    .object({
      group: z.literal('holidayReminder'),
      value: holidayReminderSettingsSchema.strict(),
      rowVersion: rowVersionSchema,
    })
    .strict(),
  z
    .object({ group: z.literal('retention'), value: retentionSettingsSchema.strict(), rowVersion: rowVersionSchema })
    .strict(),
  z.object({ group: z.literal('thirdParty'), value: thirdPartySaveSchema, rowVersion: rowVersionSchema }).strict(),
]);
export type SettingSave = z.infer<typeof settingSaveSchema>;

/** What `Save` answers: the group's value as stored and its new rowVersion. */
export const settingSavedSchema = z.object({
  value: z.union([
    basicSettingsSchema,
    toggleSettingsSchema,
    tokenSettingsSchema,
    uploadSettingsSchema,
    logSettingsSchema,
    holidayReminderSettingsSchema,
    retentionSettingsSchema,
    thirdPartyShownSchema,
  ]),
  rowVersion: z.number().int(),
  modifiedAt: z.string().nullable(),
});
export type SettingSaved = z.infer<typeof settingSavedSchema>;

/** One group as `Get` answers it. */
const groupOf = <T extends z.ZodType>(value: T) =>
  z.object({ value, rowVersion: z.number().int(), modifiedAt: z.string().nullable() });

/** Settings → Holiday: a day the service desk is closed. */
const holidayFields = z.object({
  day: z.iso.date(),
  name: z.string().trim().min(1).max(100),
});
export const holidayCreateSchema = holidayFields.strict();
export const holidayUpdateSchema = holidayFields.extend(updateKeySchema.shape).strict();
export const holidaySchema = holidayFields.extend(auditFieldsSchema.shape);
export const holidayQuerySchema = queryBaseSchema.extend({
  year: z.coerce.number().int().min(1900).max(9999).optional(),
});
export type Holiday = z.infer<typeof holidaySchema>;
export type HolidayCreate = z.infer<typeof holidayCreateSchema>;
export type HolidayUpdate = z.infer<typeof holidayUpdateSchema>;

/** `GET /api/Settings/Get`. */
export const settingsSchema = z.object({
  basic: groupOf(basicSettingsSchema),
  toggles: groupOf(toggleSettingsSchema),
  token: groupOf(tokenSettingsSchema),
  upload: groupOf(uploadSettingsSchema),
  log: groupOf(logSettingsSchema),
  holidayReminder: groupOf(holidayReminderSettingsSchema),
  retention: groupOf(retentionSettingsSchema),
  thirdParty: groupOf(thirdPartyShownSchema),
  holidays: z.array(holidaySchema),
});
export type Settings = z.infer<typeof settingsSchema>;

/** `GET /api/Settings/Public`: what the sign-in page and the shell show before anyone signs in. */
export const publicSettingsSchema = z.object({
  productTitle: z.string(),
  defaultLanguage: z.enum(settingLanguages),
  timeZone: z.string(),
  ssoButton: z.boolean(),
  maxUploadSizeMb: z.number().int(),
  allowedUploadTypes: z.array(z.string()),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

// ---- personal API tokens ----

export const apiTokenPrefix = 'cdk_';

export const apiTokenCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    expiresInDays: z.number().int().min(1).max(365),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A token as lists show it: never the secret. */
export const apiTokenSchema = z.object({
  id: idSchema,
  userId: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `All` (administrators): every user's tokens with the owner's login name. */
export const apiTokenWithOwnerSchema = apiTokenSchema.extend({ ownerLoginName: z.string() });
export type ApiTokenWithOwner = z.infer<typeof apiTokenWithOwnerSchema>;

/** `Create` answers the plain token once; only its hash is stored. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const settingMessages = defineMessages('setting', {
  personalTokensOff: 'Personal API tokens are turned off in Settings → Token.',
  privateTicketsOff: 'Private tickets are turned off in Settings → Toggles.',
  tokenCannotCreateToken: 'A personal API token cannot create further tokens; sign in to create one.',
  typeNotAllowed: keyed(
    'setting.typeNotAllowed',
    ['ext'],
    (ext: string) => `Files of type .${ext || '(none)'} are not allowed.`,
  ),
  fileTooLarge: keyed('setting.fileTooLarge', ['mb'], (mb: number) => `Maximum File Size of ${mb} Mb is allowed`),
  holidayExists: 'A holiday on that day already exists.',
  reminderUserUnknown: 'A user chosen for the holiday reminder does not exist.',
  ssoRoleUnknown: 'The default role for single sign-on users does not exist.',
  ssoRoleRequired: 'Choose the role that users created by single sign-on get.',
  ssoProjectUnknown: 'A default project for single sign-on users does not exist.',
} as const);
