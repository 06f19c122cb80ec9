import { z } from 'zod';
import { auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { allPermissionCodes } from '../platform/permissions.js';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { roleDataScopes } from './role.values.js';
export * from './role.values.js';

const maxId = 2_147_483_647;
const id = z.number().int().positive().max(maxId);
const knownCodes = new Set<string>(allPermissionCodes);

export const roleMessages = defineMessages('role', {
  systemNotDeletable: 'System roles cannot be deleted.',
  systemCodeFixed: 'The code of a system role cannot change.',
  systemNotDisabled: 'A system role cannot be disabled.',
  adminHoldsAll: 'The admin role always holds every permission.',
  cannotGrant: 'You cannot grant permissions you do not have.',
  cannotGrantScope: 'You cannot give a role a data scope wider than your own.',
  assigned: keyed(
    'role.assigned',
    ['count', 'deleted'],
    (users: number, deleted: number) =>
      `The role is assigned to ${users} user(s)${deleted > 0 ? ` (${deleted} of them deleted)` : ''}; remove it from them first.`,
  ),
  unknownPermission: 'Unknown permission code',
  codeCharacters: 'Letters, digits, _ . - only, starting with a letter.',
} as const);

export const roleDataScopeSchema = z.enum(roleDataScopes);

export const permissionCodeSchema = z
  .string()
  .max(80)
  .refine((code) => knownCodes.has(code), { message: roleMessages.unknownPermission });
const permissionCodes = z
  .array(permissionCodeSchema)
  .max(allPermissionCodes.length)
  .transform((codes) => [...new Set(codes)].sort());

const roleFields = z.object({
  name: z.string().trim().min(1).max(50),
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, roleMessages.codeCharacters),
  description: z.string().trim().max(500).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  /** Which tickets the role's users see: every one, those of their projects, or their own. */
  dataScope: roleDataScopeSchema.default('projects'),
  enabled: z.boolean().default(true),
});

/** `permissions` are codes (`ticket:view`), saved as role-permission links with the role. */
export const roleCreateSchema = roleFields.extend({ permissions: permissionCodes.default([]) }).strict();
/** Without `permissions` an update keeps the role's permissions as they are. */
export const roleUpdateSchema = roleFields
  .extend({ permissions: permissionCodes.optional() })
  .extend(updateKeySchema.shape)
  .strict();
export const roleSchema = roleFields.extend({ isSystem: z.boolean() }).extend(auditFieldsSchema.shape);
export const roleDetailSchema = roleSchema.extend({
  permissions: z.array(z.string()),
  userCount: z.number().int(),
});
export const roleQuerySchema = queryBaseSchema.extend({
  enabled: z.union([z.boolean(), z.stringbool()]).optional(),
  isSystem: z.union([z.boolean(), z.stringbool()]).optional(),
  dataScope: roleDataScopeSchema.optional(),
});

/** The privilege configuration screen: modules (rows) x actions (columns), with each role's grants. */
export const permissionMatrixSchema = z.object({
  actions: z.array(z.string()),
  modules: z.array(
    z.object({
      module: z.string(),
      actions: z.array(z.object({ action: z.string(), code: z.string(), name: z.string() })),
    }),
  ),
  roles: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      isSystem: z.boolean(),
      enabled: z.boolean(),
      rowVersion: z.number().int(),
      /** False for the admin role, which always holds every permission. */
      editable: z.boolean(),
      permissions: z.array(z.string()),
    }),
  ),
});
/** Saves the grants of one or more roles, all or none; each carries the rowVersion it read. */
export const permissionMatrixSaveSchema = z
  .object({
    roles: z
      .array(z.object({ id, rowVersion: updateKeySchema.shape.rowVersion, permissions: permissionCodes }).strict())
      .min(1)
      .max(200),
  })
  .strict();

/** The permission registry (read-only): one row per `<module>:<action>` code. */
export const permissionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  module: z.string(),
  action: z.string(),
  name: z.string(),
  isButton: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const permissionQuerySchema = queryBaseSchema.extend({
  module: z.string().trim().max(50).optional(),
  action: z.string().trim().max(50).optional(),
  isButton: z.union([z.boolean(), z.stringbool()]).optional(),
});

export type Role = z.infer<typeof roleSchema>;
export type RoleDetail = z.infer<typeof roleDetailSchema>;
export type RoleCreate = z.infer<typeof roleCreateSchema>;
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;
export type PermissionMatrixSave = z.infer<typeof permissionMatrixSaveSchema>;
export type Permission = z.infer<typeof permissionSchema>;
export type PermissionQuery = z.infer<typeof permissionQuerySchema>;
