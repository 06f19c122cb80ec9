import { z } from 'zod';
import { auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { defineMessages } from '../platform/message-keys.js';

export const configurationMessages = defineMessages('configuration', {
  nameCharacters: 'Letters, digits, _ . : - only, starting with a letter.',
} as const);

const maxId = 2_147_483_647;

const configurationFields = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_.:-]*$/, configurationMessages.nameCharacters),
  value: z.string().max(4000).default(''),
  /** The kind of configuration: an item of a dictionary, chosen by the screen. */
  typeId: z.number().int().positive().max(maxId).nullable().default(null),
  description: z.string().trim().max(500).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  enable: z.boolean().default(true),
});
export const configurationCreateSchema = configurationFields.strict();
export const configurationUpdateSchema = configurationFields.extend(updateKeySchema.shape).strict();
export const configurationSchema = configurationFields.extend(auditFieldsSchema.shape);
export const configurationQuerySchema = queryBaseSchema.extend({
  typeId: z.coerce.number().int().positive().max(maxId).optional(),
  enable: z.union([z.boolean(), z.stringbool()]).optional(),
  name: z.string().trim().max(100).optional(),
});

export type Configuration = z.infer<typeof configurationSchema>;
export type ConfigurationCreate = z.infer<typeof configurationCreateSchema>;
export type ConfigurationUpdate = z.infer<typeof configurationUpdateSchema>;
