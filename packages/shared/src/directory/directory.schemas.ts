import { z } from 'zod';
import { maxInt } from '../platform/paging.js';
import { defineMessages } from '../platform/message-keys.js';
import { validateQuartzCron } from '../scheduleJob/cron.js';

/**
 * Directory sync (contract section 24): Settings → Directory keeps users, departments and each department's leader in
 * step with an LDAP directory, and directory users sign in with their directory password.
 */

/** The rules of the directory form's fields, in words (keyed: the web shows them in the reader's language). */
export const directoryRuleMessages = defineMessages('directory', {
  ldapUrl: 'Enter an ldap:// or ldaps:// address, such as ldaps://dc1.example.com:636.',
  needsServer: 'Enter the server address, the user base DN and the login-name attribute before turning sync on.',
  groupsOnce: 'Map each directory group once.',
  attributeName: 'An attribute name is letters, digits and hyphens, starting with a letter.',
} as const);

const ldapUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^ldaps?:\/\/[^\s/]+(:\d{1,5})?\/?$/i.test(v), directoryRuleMessages.ldapUrl);

const attributeSchema = z
  .string()
  .trim()
  .max(100)
  .refine((v) => v === '' || /^[A-Za-z][A-Za-z0-9-]*$/.test(v), directoryRuleMessages.attributeName);

/** Which directory attribute fills which user field ('' = not taken from the directory). */
export const directoryAttributesSchema = z.object({
  /** Required when sync is on: the login name here (e.g. uid, sAMAccountName). */
  loginName: attributeSchema,
  email: attributeSchema,
  fullName: attributeSchema,
  mobile: attributeSchema,
  /** The department's name (e.g. departmentNumber, ou, department). */
  department: attributeSchema,
  /** The DN of the person's manager: that manager becomes the leader of the person's department. */
  manager: attributeSchema,
});
export type DirectoryAttributes = z.infer<typeof directoryAttributesSchema>;

/** Members of a directory group (by the group's DN) get this role here. */
export const directoryRoleMappingSchema = z.object({
  groupDn: z.string().trim().min(1).max(500),
  roleCode: z.string().trim().min(1).max(50),
});
export type DirectoryRoleMapping = z.infer<typeof directoryRoleMappingSchema>;

/** Settings → Directory, as stored. The bind password is kept apart (sealed), never in this value nor any answer. */
export const directorySettingsSchema = z.object({
  enabled: z.boolean(),
  url: ldapUrlSchema,
  /** Upgrade an ldap:// connection with StartTLS. */
  startTls: z.boolean(),
  /** The account the sync reads with ('' = anonymous bind). */
  bindDn: z.string().trim().max(500),
  userBaseDn: z.string().trim().max(500),
  /** An LDAP filter (RFC 4515) the users to sync match, such as (objectClass=inetOrgPerson). */
  userFilter: z.string().trim().min(1).max(1000),
  attributes: directoryAttributesSchema,
  roleMappings: z
    .array(directoryRoleMappingSchema)
    .max(100)
    .refine((list) => new Set(list.map((m) => m.groupDn.toLowerCase())).size === list.length, {
      message: directoryRuleMessages.groupsOnce,
    }),
  /** The role a synced user gets when no mapping matches (null: such users are not created). */
  defaultRoleCode: z.string().trim().max(50).nullable(),
  /** When the sync runs by itself (Quartz-style cron, as scheduled jobs take); '' = only by hand. */
  syncCron: z
    .string()
    .trim()
    .max(100)
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : validateQuartzCron(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    }),
});
export type DirectorySettings = z.infer<typeof directorySettingsSchema>;

/** `POST Directory/Save`: a `bindPassword` sets a new one; left out (or empty) keeps the stored one. */
export const directorySaveSchema = z
  .object({
    value: directorySettingsSchema.extend({ bindPassword: z.string().max(500).optional() }).strict(),
    /** The rowVersion read (0 when never saved). */
    rowVersion: z.number().int().min(0).max(maxInt),
  })
  .strict()
  .refine(({ value: v }) => !v.enabled || (v.url !== '' && v.userBaseDn !== '' && v.attributes.loginName !== ''), {
    message: directoryRuleMessages.needsServer,
    path: ['value', 'url'],
  });
export type DirectorySave = z.infer<typeof directorySaveSchema>;

/** `GET Directory/Get` and what Save answers: the password never, only whether one is stored. */
export const directoryShownSchema = z.object({
  value: directorySettingsSchema.extend({ bindPasswordSet: z.boolean() }),
  rowVersion: z.number().int(),
  modifiedAt: z.string().nullable(),
  /** The last sync run (by hand or schedule), if any. */
  lastSync: z.object({ at: z.string(), dryRun: z.boolean(), ok: z.boolean(), summary: z.string() }).nullable(),
});
export type DirectoryShown = z.infer<typeof directoryShownSchema>;

/**
 * `POST Directory/Test`: connect and bind with the form's values as typed (an empty or absent `bindPassword` uses the
 * stored one), then search the user base. A server that is down, refuses the bind or times out → 400 naming which.
 */
export const directoryTestSchema = directorySettingsSchema
  .extend({ bindPassword: z.string().max(500).optional() })
  .strict();
export type DirectoryTest = z.infer<typeof directoryTestSchema>;

/** A directory person as the test and the dry run show them. */
export const directoryPersonSchema = z.object({
  dn: z.string(),
  loginName: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  department: z.string().nullable(),
});
export type DirectoryPerson = z.infer<typeof directoryPersonSchema>;

export const directoryTestResultSchema = z.object({
  /** Users the filter finds under the base DN. */
  usersFound: z.number().int(),
  /** The first few of them (≤ 5). */
  sample: z.array(directoryPersonSchema),
});
export type DirectoryTestResult = z.infer<typeof directoryTestResultSchema>;

/** `POST Directory/Sync { dryRun }`: a dry run lists what would change and changes nothing. */
export const directorySyncSchema = z.object({ dryRun: z.boolean() }).strict();
export type DirectorySync = z.infer<typeof directorySyncSchema>;

export const directoryChangeKinds = ['create', 'update', 'disable', 'enable', 'department', 'leader'] as const;
export type DirectoryChangeKind = (typeof directoryChangeKinds)[number];

/** One change the sync made (or, in a dry run, would make), in the reader's language where it has words. */
export const directoryChangeSchema = z.object({
  kind: z.enum(directoryChangeKinds),
  /** The user's login name, or the department's name for `department` / `leader`. */
  name: z.string(),
  /** Fields from → to (user fields by their field key; a department's leader by login name). */
  fields: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});
export type DirectoryChange = z.infer<typeof directoryChangeSchema>;

export const directorySyncResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  disabled: z.number().int(),
  /** Departments created or whose leader changed. */
  departments: z.number().int(),
  changes: z.array(directoryChangeSchema),
  /** People the sync skipped, each with the reason in the reader's language. */
  errors: z.array(z.object({ dn: z.string(), message: z.string() })),
});
export type DirectorySyncResult = z.infer<typeof directorySyncResultSchema>;
