import { z } from 'zod';
import { auditFieldsSchema, queryBaseSchema, queryBooleanSchema, updateKeySchema } from '../platform/paging.js';
import { acceptsReadBack } from '../platform/read-back.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

const entries = (n: number) => `${n} configuration entr${n === 1 ? 'y' : 'ies'}`;

/** Refusals: Configuration entries take their type from a dictionary item (`typeId`). */
export const dictionaryMessages = defineMessages('dictionary', {
  usedByConfiguration: keyed(
    'dictionary.usedByConfiguration',
    ['count'],
    (n: number) => `The dictionary's items are the type of ${entries(n)}; change them first.`,
  ),
  itemUsedByConfiguration: keyed(
    'dictionary.itemUsedByConfiguration',
    ['name', 'count'],
    (key: string, n: number) => `The item '${key}' is the type of ${entries(n)}; change them first.`,
  ),
  duplicateItemKey: keyed('dictionary.duplicateItemKey', ['key'], (key: string) => `Duplicate item key '${key}'`),
  unknownParentItem: keyed('dictionary.unknownParentItem', ['key'], (key: string) => `Unknown parent item '${key}'`),
  ownParent: 'An item cannot be its own parent',
});

/** A dictionary item; `key` lets a new item name its parent within the same save. */
export const dictionaryItemInputSchema = z
  .object({
    key: z.string().trim().min(1).max(50),
    parentKey: z.string().trim().min(1).max(50).nullable().default(null),
    name: z.string().trim().min(1).max(100),
    // The name in Simplified and Traditional Chinese; none (null or blank) reads as `name` (`dictionaryItemNameIn`).
    nameZhCn: z.string().trim().max(100).nullable().default(null),
    nameZhTw: z.string().trim().max(100).nullable().default(null),
    value: z.string().trim().min(1).max(200),
    sort: z.number().int().min(0).max(1_000_000).default(0),
    enable: z.boolean().default(true),
  })
  .strict();
type DictionaryItemInput = z.output<typeof dictionaryItemInputSchema>;

export const dictionaryItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  parentKey: z.string().nullable(),
  name: z.string(),
  nameZhCn: z.string().nullable(),
  nameZhTw: z.string().nullable(),
  value: z.string(),
  sort: z.number().int(),
  enable: z.boolean(),
});

const dictionaryFields = z.object({
  code: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(100),
  category: z.string().trim().max(50).nullable().default(null),
  description: z.string().trim().max(500).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  enable: z.boolean().default(true),
});

/** Items as a save sends them; `item` lets an update take back the items Detail gave (with their ids). */
const itemsOf = <T extends z.ZodType<DictionaryItemInput>>(item: T) =>
  z
    .array(item)
    .max(1000)
    .superRefine((items, ctx) => {
      const keys = new Set<string>();
      items.forEach((item, i) => {
        if (keys.has(item.key))
          ctx.addIssue({ code: 'custom', path: [i, 'key'], message: dictionaryMessages.duplicateItemKey(item.key) });
        keys.add(item.key);
      });
      items.forEach((item, i) => {
        if (item.parentKey !== null && !keys.has(item.parentKey))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'parentKey'],
            message: dictionaryMessages.unknownParentItem(item.parentKey),
          });
        if (item.parentKey === item.key)
          ctx.addIssue({ code: 'custom', path: [i, 'parentKey'], message: dictionaryMessages.ownParent });
      });
    });

export const dictionaryCreateSchema = dictionaryFields
  .extend({ items: itemsOf(dictionaryItemInputSchema).default([]) })
  .strict();
/** Without `items` an update keeps the dictionary's items as they are. */
export const dictionaryUpdateSchema = dictionaryFields
  .extend({ items: itemsOf(acceptsReadBack(dictionaryItemInputSchema, dictionaryItemSchema)).optional() })
  .extend(updateKeySchema.shape)
  .strict();
export const dictionarySchema = dictionaryFields.extend(auditFieldsSchema.shape);
export const dictionaryDetailSchema = dictionarySchema.extend({ items: z.array(dictionaryItemSchema) });
export const dictionaryQuerySchema = queryBaseSchema.extend({
  category: z.string().trim().max(50).optional(),
  enable: queryBooleanSchema.optional(),
});
export type Dictionary = z.infer<typeof dictionarySchema>;
export type DictionaryDetail = z.infer<typeof dictionaryDetailSchema>;
export type DictionaryCreate = z.infer<typeof dictionaryCreateSchema>;
export type DictionaryUpdate = z.infer<typeof dictionaryUpdateSchema>;
