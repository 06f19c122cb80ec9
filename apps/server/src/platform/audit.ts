import type { AuditAction } from '@casedesk/shared';
import type { Queryable } from './db.js';
import { auditLog } from './platform.table.js';

type Changes = Record<string, { from: unknown; to: unknown }>;

const ignored = new Set(['rowVersion', 'modifiedAt', 'modifiedBy', 'createdAt', 'createdBy', 'passwordHash']);

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v ?? null));

/** Field-by-field differences between two versions of a row, leaving out bookkeeping and secrets. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    if (ignored.has(key)) continue;
    if (comparable(before[key]) !== comparable(after[key]))
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

export async function writeAudit(
  q: Queryable,
  entry: {
    entity: string;
    entityId: number;
    action: AuditAction;
    actorId: number | null;
    changes?: Changes;
  },
): Promise<void> {
  await q.insert(auditLog).values({ ...entry, changes: entry.changes ?? null });
}
