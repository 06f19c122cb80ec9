import type { AuditLog } from '@casedesk/shared';
import { resourceApi } from '../crud/resource-api';

/** The audit trail (contract 24): read only, `audit:view`; Export needs `audit:export`. */
export const auditLogApi = resourceApi<AuditLog>('AuditLog');
