import { z } from 'zod';
import { activeStatusSchema, auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

const maxId = 2_147_483_647;
const id = z.number().int().positive().max(maxId);
const idText = z.coerce.number().int().positive().max(maxId);

export const userGroupMessages = defineMessages('userGroup', {
  defaultRequired: 'There must be one default group: make another group the default instead.',
  defaultMustBeActive: 'The default group must be active.',
  defaultNotDeletable: 'The default group cannot be deleted: make another group the default first.',
  parentUnknown: 'The parent group does not exist.',
  parentCycle: 'A group cannot be placed under itself or one of its sub-groups.',
  unknownUsers: 'Some of the members do not exist.',
  hasChildren: keyed(
    'userGroup.hasChildren',
    ['count'],
    (n: number) => `The group has ${n} sub-group(s); delete or move them first.`,
  ),
  inSlaPolicyEscalation:
    'The service level policy "{policy}" notifies this group on escalation; remove the group from its escalation first.',
  hasMembers: keyed(
    'userGroup.hasMembers',
    ['count', 'deleted'],
    (n: number, deleted: number) =>
      `The group has ${n} member(s)${deleted > 0 ? ` (${deleted} of them deleted users)` : ''}; remove them first.`,
  ),
} as const);

const userGroupFields = z.object({
  name: z.string().trim().min(1).max(100),
  parentId: id.nullable().default(null),
  description: z.string().trim().max(500).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  status: activeStatusSchema.default('Active'),
  /** Making a group the default clears the flag on the previous default, in the same transaction. */
  isDefault: z.boolean().default(false),
});
const members = z
  .array(id)
  .max(10_000)
  .transform((ids) => [...new Set(ids)]);

export const userGroupMemberSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  status: activeStatusSchema,
});
/** Members as an update takes them: user ids, or the member objects Detail gave. */
const memberRefs = z
  .array(
    z
      .union([id, userGroupMemberSchema.extend({ id })])
      .transform((member) => (typeof member === 'number' ? member : member.id)),
  )
  .max(10_000)
  .transform((ids) => [...new Set(ids)]);

/** `members` are user ids; the first group ever created becomes the default. */
export const userGroupCreateSchema = userGroupFields.extend({ members: members.default([]) }).strict();
/** Without `members` (or `isDefault`) an update keeps them as they are. */
export const userGroupUpdateSchema = userGroupFields
  .extend({ isDefault: z.boolean().optional(), members: memberRefs.optional() })
  .extend(updateKeySchema.shape)
  .strict();
export const userGroupSchema = userGroupFields.extend(auditFieldsSchema.shape);
export const userGroupDetailSchema = userGroupSchema.extend({
  members: z.array(userGroupMemberSchema),
  memberCount: z.number().int(),
});
export const userGroupQuerySchema = queryBaseSchema.extend({
  status: activeStatusSchema.optional(),
  parentId: idText.optional(),
  isDefault: z.union([z.boolean(), z.stringbool()]).optional(),
});

export type UserGroup = z.infer<typeof userGroupSchema>;
export type UserGroupNode = UserGroup & { memberCount: number; children: UserGroupNode[] };
export const userGroupNodeSchema: z.ZodType<UserGroupNode> = z.lazy(() =>
  userGroupSchema.extend({ memberCount: z.number().int(), children: z.array(userGroupNodeSchema) }),
);

export type UserGroupCreate = z.infer<typeof userGroupCreateSchema>;
export type UserGroupUpdate = z.infer<typeof userGroupUpdateSchema>;
export type UserGroupDetail = z.infer<typeof userGroupDetailSchema>;
export type UserGroupMember = z.infer<typeof userGroupMemberSchema>;
