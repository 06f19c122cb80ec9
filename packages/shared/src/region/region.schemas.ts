import { z } from 'zod';
import { auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

export const regionMessages = defineMessages('region', {
  parentUnknown: 'The parent region does not exist.',
  parentCycle: 'A region cannot be placed under itself or one of its sub-regions.',
  hasChildren: keyed(
    'region.hasChildren',
    ['count'],
    (n: number) => `The region has ${n} sub-region(s); delete them first.`,
  ),
  usedByCompanies: keyed(
    'region.usedByCompanies',
    ['count'],
    (n: number) => `The region is used by ${n} compan${n === 1 ? 'y' : 'ies'}; change them first.`,
  ),
  codeCharacters: 'Letters, digits, _ and - only.',
} as const);

const regionCode = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, regionMessages.codeCharacters);

const regionFields = z.object({
  name: z.string().trim().min(1).max(100),
  pinyin: z.string().trim().max(100).nullable().default(null),
  zipCode: z.string().trim().max(20).nullable().default(null),
  parentCode: regionCode.nullable().default(null),
  /** The level in the tree: 0 country, 1 province or state, 2 city, 3 district ... */
  type: z.number().int().min(0).max(10).default(0),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});

export const regionCreateSchema = regionFields.extend({ code: regionCode }).strict();
/** The code is the region's key (sub-regions refer to it by `parentCode`), so it is fixed once created. */
export const regionUpdateSchema = regionFields.extend(updateKeySchema.shape).strict();
export const regionSchema = regionFields.extend({ code: z.string() }).extend(auditFieldsSchema.shape);
/** One level of the tree, for lazy loading: `hasChildren` says whether to offer expanding it. */
export const regionNodeSchema = regionSchema.extend({ hasChildren: z.boolean() });
export const regionQuerySchema = queryBaseSchema.extend({
  parentCode: z.string().trim().min(1).max(20).optional(),
  /** Only the top level (regions without a parent). */
  root: z.union([z.boolean(), z.stringbool()]).optional(),
  type: z.coerce.number().int().min(0).max(10).optional(),
  code: z.string().trim().max(20).optional(),
});
/** `parentCode` absent or empty: the top level. */
export const regionChildrenQuerySchema = z.object({ parentCode: z.string().trim().max(20).optional() });

export type Region = z.infer<typeof regionSchema>;
export type RegionNode = z.infer<typeof regionNodeSchema>;
export type RegionCreate = z.infer<typeof regionCreateSchema>;
export type RegionUpdate = z.infer<typeof regionUpdateSchema>;
