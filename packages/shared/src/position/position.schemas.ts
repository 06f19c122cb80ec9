import { z } from 'zod';
import { activeStatusSchema, auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';

const positionFields = z.object({
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(50),
  description: z.string().trim().max(500).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  status: activeStatusSchema.default('Active'),
});
export const positionCreateSchema = positionFields.strict();
export const positionUpdateSchema = positionFields.extend(updateKeySchema.shape).strict();
export const positionSchema = positionFields.extend(auditFieldsSchema.shape);
export const positionQuerySchema = queryBaseSchema.extend({ status: activeStatusSchema.optional() });
export type Position = z.infer<typeof positionSchema>;
export type PositionCreate = z.infer<typeof positionCreateSchema>;
export type PositionUpdate = z.infer<typeof positionUpdateSchema>;
