import { z } from 'zod';
import { idTextSchema, pageOf, queryBaseSchema } from '../platform/paging.js';
import { auditActions } from './audit.values.js';
export * from './audit.values.js';

const timeText = z.iso.datetime({ offset: true });

/** `AuditLog/Query` (contract 24): one record's trail (`entity` + `entityId`), one user's writes, a time range. */
export const auditLogQuerySchema = queryBaseSchema.extend({
  /** A name of `auditEntities`; any other name finds nothing (a module added later may audit more). */
  entity: z.string().trim().min(1).max(50).optional(),
  entityId: idTextSchema.optional(),
  /** Who wrote it. */
  userId: idTextSchema.optional(),
  /** ISO date-times, `from` inclusive, `to` exclusive. */
  from: timeText.optional(),
  to: timeText.optional(),
});

/** One field's change; a secret's values are `auditHiddenValue`. */
export const auditChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

export const auditLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  entity: z.string(),
  entityId: z.number().int(),
  action: z.enum(auditActions),
  changes: z.array(auditChangeSchema),
  /** Names of the users that changed id fields name (`assigneeId: 3 → 5`), by id, so a screen fetches none. */
  userNames: z.record(z.string(), z.string()),
});
export const auditLogPageSchema = pageOf(auditLogSchema).extend({ totalExact: z.boolean().optional() });

export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export type AuditChange = z.infer<typeof auditChangeSchema>;
export type AuditLog = z.infer<typeof auditLogSchema>;
