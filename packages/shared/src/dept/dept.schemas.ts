import { z } from 'zod';
import {
  activeStatusSchema,
  auditFieldsSchema,
  idSchema,
  idTextSchema,
  queryBaseSchema,
  updateKeySchema,
} from '../platform/paging.js';
import { defineMessages } from '../platform/message-keys.js';

export const deptMessages = defineMessages('dept', {
  parentSelf: 'A department cannot be its own parent.',
  parentUnknown: 'The parent department does not exist.',
  parentCycle: 'A department cannot be moved under one of its own sub-departments.',
  hasChildren: 'The department has {count} sub-department(s); delete or move them first.',
} as const);

const deptFields = z.object({
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(50),
  parentId: idSchema.nullable().default(null),
  orgId: idSchema.nullable().default(null),
  leaderId: idSchema.nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  status: activeStatusSchema.default('Active'),
});
export const deptCreateSchema = deptFields.strict();
export const deptUpdateSchema = deptFields.extend(updateKeySchema.shape).strict();
/** A department as read: with its parent's and its leader's names. */
export const deptSchema = deptFields.extend(auditFieldsSchema.shape).extend({
  parentName: z.string().nullable(),
  leaderName: z.string().nullable(),
});
export const deptQuerySchema = queryBaseSchema.extend({
  status: activeStatusSchema.optional(),
  parentId: idTextSchema.optional(),
});
export type Dept = z.infer<typeof deptSchema>;
export type DeptCreate = z.infer<typeof deptCreateSchema>;
export type DeptUpdate = z.infer<typeof deptUpdateSchema>;
