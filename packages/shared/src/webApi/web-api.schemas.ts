import { z } from 'zod';
import { auditFieldsSchema, idListSchema, queryBaseSchema } from '../platform/paging.js';
import { defineMessages, keyed } from '../platform/message-keys.js';

export const webApiMessages = defineMessages('webApi', {
  disabled: 'This API has been disabled by an administrator.',
  notDisableable: keyed(
    'webApi.notDisableable',
    ['names'],
    (names: string) => `These APIs cannot be disabled (sign-in, public, or the Web API screen itself): ${names}`,
  ),
} as const);

/** One server endpoint, as registered from the route table at every start. */
export const webApiSchema = z
  .object({
    method: z.string(),
    url: z.string(),
    name: z.string(),
    area: z.string().nullable(),
    controller: z.string().nullable(),
    action: z.string().nullable(),
    /** What the route requires: a permission code, `authenticated` or `public`. */
    code: z.string(),
    enabled: z.boolean(),
    /** False for routes that must stay on: public and any-signed-in-user routes, and the Web API screen's own. */
    canDisable: z.boolean(),
    lastSeenAt: z.string(),
  })
  .extend(auditFieldsSchema.shape);
export const webApiQuerySchema = queryBaseSchema.extend({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  controller: z.string().trim().max(100).optional(),
  area: z.string().trim().max(100).optional(),
  code: z.string().trim().max(100).optional(),
  enabled: z.union([z.boolean(), z.stringbool()]).optional(),
});
/** A disabled API answers 403 to every caller until it is enabled again. */
export const webApiOnOffSchema = z.object({ ids: idListSchema, enabled: z.boolean() }).strict();

export type WebApi = z.infer<typeof webApiSchema>;
export type WebApiOnOff = z.infer<typeof webApiOnOffSchema>;
