import { z } from 'zod';
import { activeStatusSchema, auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';

const categoryFields = z.object({
  categoryCode: z.string().trim().min(1).max(50),
  categoryDescription: z.string().trim().min(1).max(500),
  categoryStatus: activeStatusSchema.default('Active'),
  /** Default first assignee of new tickets (a user id); none means tickets need an explicit assignee. */
  newTicketAssignee: z.number().int().positive().max(2_147_483_647).nullable().default(null),
});
/** The spec's Category_Company: the projects the category is offered in. */
const projectIds = z.array(z.number().int().positive().max(2_147_483_647)).max(500);

export const categoryCreateSchema = categoryFields.extend({ projectIds: projectIds.default([]) }).strict();
export const categoryUpdateSchema = categoryFields
  .extend({ projectIds: projectIds.optional() })
  .extend(updateKeySchema.shape)
  .strict();
/** A category as read: with its default assignee's name. */
export const categorySchema = categoryFields
  .extend(auditFieldsSchema.shape)
  .extend({ newTicketAssigneeName: z.string().nullable() });
export const categoryDetailSchema = categorySchema.extend({
  projectIds: z.array(z.number().int()),
  projects: z.array(z.object({ id: z.number().int(), projectCode: z.string(), projectName: z.string() })),
});
export const categoryQuerySchema = queryBaseSchema.extend({
  categoryStatus: activeStatusSchema.optional(),
  /** Categories offered in this project (the ticket form's category picker). */
  projectId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  newTicketAssignee: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type Category = z.infer<typeof categorySchema>;
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;
