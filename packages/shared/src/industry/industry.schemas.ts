import { z } from 'zod';
import { activeStatusSchema, auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

const maxId = 2_147_483_647;

export const industryMessages = defineMessages('industry', {
  parentUnknown: 'The parent industry does not exist.',
  parentCycle: 'An industry cannot be placed under itself or one of its sub-industries.',
  hasChildren: keyed(
    'industry.hasChildren',
    ['count'],
    (n: number) => `The industry has ${n} sub-industr${n === 1 ? 'y' : 'ies'}; delete or move them first.`,
  ),
  usedByCompanies: keyed(
    'industry.usedByCompanies',
    ['count'],
    (n: number) => `The industry is used by ${n} compan${n === 1 ? 'y' : 'ies'}; change them first.`,
  ),
} as const);

const industryFields = z.object({
  code: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(100),
  parentId: z.number().int().positive().max(maxId).nullable().default(null),
  description: z.string().trim().max(500).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  status: activeStatusSchema.default('Active'),
});
export const industryCreateSchema = industryFields.strict();
export const industryUpdateSchema = industryFields.extend(updateKeySchema.shape).strict();
export const industrySchema = industryFields.extend(auditFieldsSchema.shape);
export const industryQuerySchema = queryBaseSchema.extend({
  status: activeStatusSchema.optional(),
  parentId: z.coerce.number().int().positive().max(maxId).optional(),
});

export type Industry = z.infer<typeof industrySchema>;
export type IndustryNode = Industry & { children: IndustryNode[] };
export const industryNodeSchema: z.ZodType<IndustryNode> = z.lazy(() =>
  industrySchema.extend({ children: z.array(industryNodeSchema) }),
);
export type IndustryCreate = z.infer<typeof industryCreateSchema>;
export type IndustryUpdate = z.infer<typeof industryUpdateSchema>;
