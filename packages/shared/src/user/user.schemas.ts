import { z } from 'zod';
import { confirmPasswordSchema, passwordSchema, passwordsMatch } from '../auth/auth.schemas.js';
import { messages } from '../platform/messages.js';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idListSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

const maxId = 2_147_483_647;
const id = z.number().int().positive().max(maxId);
const idText = z.coerce.number().int().positive().max(maxId);
const flag = z.union([z.boolean(), z.stringbool()]);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const idArray = (max: number) =>
  z
    .array(id)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

export const userMessages = defineMessages('user', {
  loginNameTaken: 'This login name is already taken.',
  loginNameTakenByDeleted: 'This login name belongs to a deleted user; restore that user instead.',
  loginNameSpaces: 'The login name cannot contain spaces.',
  notYourself: 'You cannot do this to your own account.',
  cannotManage: 'You cannot manage a user who holds permissions you do not have.',
  cannotGrant: 'You cannot grant a role with permissions you do not have.',
  cannotGrantScope: 'You cannot grant a role that sees more tickets than you do.',
  cannotGrantProjects: 'You cannot grant projects that are not yours.',
  hasOpenTickets: keyed(
    'user.hasOpenTickets',
    ['count'],
    (n: number) => `The user has ${n} open ticket(s) assigned or delegated to them; reassign them first.`,
  ),
  isActiveDelegate: keyed(
    'user.isActiveDelegate',
    ['count'],
    (n: number) => `The user is the delegate in ${n} active delegation(s); end them first.`,
  ),
  leadsDepartments: keyed(
    'user.leadsDepartments',
    ['count'],
    (n: number) => `The user leads ${n} department(s); choose another leader first.`,
  ),
  assigneeOfCategories: keyed(
    'user.assigneeOfCategories',
    ['count'],
    (n: number) =>
      `The user is the default assignee of ${n} categor${n === 1 ? 'y' : 'ies'}; choose another assignee first.`,
  ),
  inSlaPolicyEscalation:
    'The service level policy "{policy}" escalates to this user; remove the user from its escalation first.',
  deptUnknown: 'The department does not exist.',
  positionUnknown: 'The position does not exist.',
  rolesUnknown: 'Unknown role(s): {codes}',
  groupsUnknown: 'Unknown group(s): {ids}',
  projectsUnknown: 'Unknown project(s): {ids}',
  projectAssigned: 'This project is assigned to {count} user(s) and cannot be deleted.',
  deptHasUsers: 'The department is assigned to {count} user(s); move them to another department first.',
  positionHasUsers: 'The position is held by {count} user(s); change their position first.',
  hasPendingTasks: keyed(
    'user.hasPendingTasks',
    ['count'],
    (n: number) => `The user has ${n} pending approval task(s); hand them to someone else first.`,
  ),
  alreadyErased: 'The personal data of this user was already erased.',
  lastAdministrator: 'This is the last active administrator; give another user the administrator role first.',
} as const);

/** What an erased user is called instead of their name (contract 24); tickets and comments keep it. */
export const erasedUserName = (id: number) => `Deleted user #${id}`;
/** An erased user's login name: unique, and telling nothing about the person. */
export const erasedLoginName = (id: number) => `deleted-${id}`;

// Names in their language's order, zod-free so that the web's shell can import them without the schemas.
export { addressName, composeFullName, userDisplayName, writtenInHan } from './user-names.js';

export const userLanguages = ['en', 'zh-cn', 'zh-tw'] as const;
export const userLanguageSchema = z.enum(userLanguages);
export const userSexSchema = z.enum(['secret', 'male', 'female']);

/** What the caller may do with a user record, for the web app's buttons. */
export const userActions = [
  'edit',
  'resetPassword',
  'delete',
  'lock',
  'unlock',
  'activate',
  'deactivate',
  'restore',
  'exportPersonalData',
  'erase',
] as const;
export const userActionSchema = z.enum(userActions);
export type UserAction = z.infer<typeof userActionSchema>;

const userFields = z.object({
  loginName: z.string().trim().min(1, messages.required).max(50).regex(/^\S+$/, userMessages.loginNameSpaces),
  realName: z.string().trim().min(1, messages.required).max(50),
  lastName: optionalText(50),
  fullName: optionalText(100),
  email: z.email(messages.invalidEmail).max(200).nullable().default(null),
  mobile: optionalText(30),
  status: activeStatusSchema.default('Active'),
  deptId: id.nullable().default(null),
  positionId: id.nullable().default(null),
  userType: optionalText(30),
  language: userLanguageSchema.default('en'),
  timeZone: optionalText(64),
  location: optionalText(100),
  jobTitle: optionalText(100),
  escalation: optionalText(200),
  remark: optionalText(500),
  sex: userSexSchema.default('secret'),
  birth: z.iso.date().nullable().default(null),
  address: optionalText(200),
  masterUser: id.nullable().default(null),
  privateTicket: z.boolean().default(false),
  canEmail: z.boolean().default(true),
  incidentEmailNotify: z.boolean().default(true),
});

/** `roles`, `groups` and `projects` are ids; a new user also joins the default group. */
export const userCreateSchema = userFields
  .extend({
    password: passwordSchema,
    needToChangePwd: z.boolean().default(true),
    roles: idArray(50).default([]),
    groups: idArray(500).default([]),
    projects: idArray(2000).default([]),
  })
  .strict();

/** Without `roles`, `groups` or `projects` an update keeps those links as they are. */
export const userUpdateSchema = userFields
  .extend({ roles: idArray(50).optional(), groups: idArray(500).optional(), projects: idArray(2000).optional() })
  .extend(updateKeySchema.shape)
  .strict();

const nullableText = z.string().nullable();
/** A user as the API shows it; never the password hash. */
export const userSchema = z
  .object({
    loginName: z.string(),
    realName: nullableText,
    lastName: nullableText,
    fullName: nullableText,
    email: nullableText,
    mobile: nullableText,
    status: activeStatusSchema,
    deptId: z.number().int().nullable(),
    deptName: nullableText,
    positionId: z.number().int().nullable(),
    positionName: nullableText,
    userType: nullableText,
    language: z.string(),
    timeZone: nullableText,
    location: nullableText,
    jobTitle: nullableText,
    escalation: nullableText,
    remark: nullableText,
    sex: z.string(),
    birth: nullableText,
    address: nullableText,
    photo: nullableText,
    masterUser: z.number().int().nullable(),
    privateTicket: z.boolean(),
    canEmail: z.boolean(),
    incidentEmailNotify: z.boolean(),
    needToChangePwd: z.boolean(),
    locked: z.boolean(),
    lockedAt: nullableText,
    errorCount: z.number().int(),
    lastErrorTime: nullableText,
    lastLoginTime: nullableText,
    lastLoginIp: nullableText,
    deletedAt: nullableText,
    deletedBy: z.number().int().nullable(),
    roles: z.array(z.number().int()),
    /** Role codes; `roleTitles` are their display names, in the same order. */
    roleNames: z.array(z.string()),
    roleTitles: z.array(z.string()),
    groups: z.array(z.number().int()),
    projects: z.array(z.number().int()),
    actions: z.array(userActionSchema),
  })
  .extend(auditFieldsSchema.shape);

export const userRoleRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const userGroupRefSchema = z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() });
export const userProjectRefSchema = z.object({
  id: z.number().int(),
  projectCode: z.string(),
  projectName: z.string(),
});
export const userDetailSchema = userSchema.extend({
  roleList: z.array(userRoleRefSchema),
  groupList: z.array(userGroupRefSchema),
  projectList: z.array(userProjectRefSchema),
});

export const userQuerySchema = queryBaseSchema.extend({
  status: activeStatusSchema.optional(),
  deptId: idText.optional(),
  positionId: idText.optional(),
  userType: z.string().trim().max(30).optional(),
  language: userLanguageSchema.optional(),
  roleId: idText.optional(),
  groupId: idText.optional(),
  projectId: idText.optional(),
  locked: flag.optional(),
});

/** An administrator sets a temporary password; the user's sessions end. */
export const userResetPasswordSchema = z
  .object({
    id,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    needToChangePwd: z.boolean().default(true),
  })
  .strict()
  .refine(...passwordsMatch('password'));

/** Erasing a person's data cannot be undone: the version read is the version erased. */
export const userEraseSchema = updateKeySchema.strict();

export const userOnOffSchema = z.object({ ids: idListSchema, status: activeStatusSchema }).strict();

/** A short reference to a user, for member lists and pickers. */
export const userSummarySchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  fullName: nullableText,
  email: nullableText,
  status: activeStatusSchema,
  deptId: z.number().int().nullable(),
  locked: z.boolean(),
});

export const userCountSchema = z.object({ count: z.number().int() });

export type User = z.infer<typeof userSchema>;
export type UserDetail = z.infer<typeof userDetailSchema>;
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;
export type UserQuery = z.infer<typeof userQuerySchema>;
export type UserResetPassword = z.infer<typeof userResetPasswordSchema>;
export type UserErase = z.infer<typeof userEraseSchema>;
export type UserOnOff = z.infer<typeof userOnOffSchema>;
export type UserSummary = z.infer<typeof userSummarySchema>;
