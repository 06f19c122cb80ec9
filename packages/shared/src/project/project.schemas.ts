import { z } from 'zod';
import { activeStatusSchema, auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { defineMessages } from '../platform/message-keys.js';

export const projectMessages = defineMessages('project', {
  inactiveBeforeActive: 'The inactive date cannot be earlier than the active date',
} as const);

/** A calendar day, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();

const projectFields = z.object({
  /** The spec's Project_Id. */
  projectCode: z.string().trim().min(1).max(50),
  projectName: z.string().trim().min(1).max(200),
  projectDescription: z.string().trim().max(2000).nullable().default(null),
  projectStatus: activeStatusSchema.default('Active'),
  activeAt: isoDateSchema.nullable().default(null),
  inActiveAt: isoDateSchema.nullable().default(null),
  businessUnit: z.string().trim().max(100).nullable().default(null),
});
const companyIds = z.array(z.number().int().positive().max(2_147_483_647)).max(500);
const activeBeforeInactive = (v: { activeAt?: string | null; inActiveAt?: string | null }) =>
  !v.activeAt || !v.inActiveAt || v.activeAt <= v.inActiveAt;
const dateOrder = { message: projectMessages.inactiveBeforeActive, path: ['inActiveAt'] };

export const projectCreateSchema = projectFields
  .extend({ companyIds: companyIds.default([]) })
  .strict()
  .refine(activeBeforeInactive, dateOrder);
export const projectUpdateSchema = projectFields
  .extend({ companyIds: companyIds.optional() })
  .extend(updateKeySchema.shape)
  .strict()
  .refine(activeBeforeInactive, dateOrder);
export const projectSchema = projectFields.extend(auditFieldsSchema.shape);
/** `Detail/{id}`: the record with its linked companies (contract: `companyIds[]`). */
export const projectDetailSchema = projectSchema.extend({
  companyIds: z.array(z.number().int()),
  companies: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export const projectQuerySchema = queryBaseSchema.extend({
  projectStatus: activeStatusSchema.optional(),
  businessUnit: z.string().trim().max(100).optional(),
  /** Projects linked to this company. */
  companyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type Project = z.infer<typeof projectSchema>;
export type ProjectDetail = z.infer<typeof projectDetailSchema>;
export type ProjectCreate = z.infer<typeof projectCreateSchema>;
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;
