import { z } from 'zod';
import { activeStatuses } from './value-labels.js';

export const maxPageSize = 500;

export const orderBySchema = z.array(z.object({ field: z.string().max(64), desc: z.boolean().default(false) })).max(5);

/** The body every `POST Query` starts from (contract section 6); modules `.extend()` it with filters. */
export const queryBaseSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(20),
  keyword: z.string().trim().max(200).optional(),
  orderBy: orderBySchema.optional(),
});
export type QueryBase = z.infer<typeof queryBaseSchema>;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
export type Page<T> = { items: T[]; total: number };

/** Ids and versions are PostgreSQL `integer`s: anything beyond is refused here, not by the database. */
export const maxInt = 2_147_483_647;
export const idSchema = z.number().int().positive().max(maxInt);
/** An id in a query string or path, where everything arrives as text. */
export const idTextSchema = z.coerce.number().int().positive().max(maxInt);

/** Keys for `POST Delete`: a non-empty array, all or none. */
export const idListSchema = z.array(idTextSchema).min(1).max(1000);
export const idParamSchema = z.object({ key: idTextSchema });

/** A yes/no filter: a JSON boolean in a body, `true`/`false`/`1`/`0` in a query string. */
export const queryBooleanSchema = z.union([z.boolean(), z.stringbool()]);

/** Columns every business record carries (contract section 6). */
export const auditFieldsSchema = z.object({
  id: z.number().int(),
  rowVersion: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  modifiedAt: z.string(),
  modifiedBy: z.number().int().nullable(),
});

export const activeStatusSchema = z.enum(activeStatuses);
export type ActiveStatus = z.infer<typeof activeStatusSchema>;

/** An update carries the id and the rowVersion it read. */
export const updateKeySchema = z.object({
  id: idSchema,
  rowVersion: z.number().int().min(0).max(maxInt),
});
