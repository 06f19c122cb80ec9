import type { AuditAction, AuditLog } from '@casedesk/shared';
import { resourceApi } from '../crud/resource-api';

/** The audit trail (contract 24): read only, `audit:view`; Export needs `audit:export`. */
export const auditLogApi = resourceApi<AuditLog>('AuditLog');

/** One colour per kind of entry, the same on the trail and on a record's history. */
export const auditActionColor: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  restore: 'purple',
  exportPersonalData: 'gold',
  erase: 'magenta',
};
