import { eq, gte, inArray, lt } from 'drizzle-orm';
import { auditLogPageSchema, auditLogQuerySchema, auditLogSchema, type AuditLog } from '@casedesk/shared';
import { auditLog } from '../../platform/platform.table.js';
import { defineResource } from '../../platform/resource.js';
import { textAt } from '../../platform/translator.js';
import { userNameSql } from '../../platform/user-directory.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { shownChanges, userIdsOf } from './audit-redaction.js';

const shownValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/**
 * The audit trail (contract 24): what every write's `writeAudit` kept, read only, `audit:view` / `audit:export`.
 * Its own permission rather than `log:*`: the trail shows the values of every record (people's names, mail
 * addresses, amounts), which a role that reads the request and system logs to keep the server running need not see.
 */
export const auditLogResource = defineResource({
  name: 'AuditLog',
  module: 'audit',
  label: 'audit entry',
  readOnly: true,
  table: auditLog,
  schemas: { record: auditLogSchema, query: auditLogQuerySchema, page: auditLogPageSchema },
  columns: {
    id: auditLog.id,
    at: auditLog.at,
    actorId: auditLog.actorId,
    userName: userNameSql(auditLog.actorId),
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    action: auditLog.action,
    changes: auditLog.changes,
  },
  keywordColumns: [],
  sortable: { at: auditLog.at },
  defaultOrder: [{ field: 'at', desc: true }],
  // A trail may hold millions of rows: the page never waits for their count.
  countCap: 10_000,
  filterFields: ['entity', 'entityId'],
  filters: (query) => [
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.userId ? eq(auditLog.actorId, query.userId) : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lt(auditLog.at, new Date(query.to)) : undefined,
  ],
  rowOf: (row): AuditLog => {
    const selected = row as typeof row & { userName: string | null };
    return {
      id: selected.id,
      at: selected.at.toISOString(),
      userId: selected.actorId,
      userName: selected.userName,
      entity: selected.entity,
      entityId: selected.entityId,
      action: selected.action,
      changes: shownChanges(selected.changes),
      userNames: {},
    };
  },
  // The users the changed id fields name, one read per page (or export chunk).
  addToRows: async (q, rows) => {
    const ids = [...new Set(rows.flatMap((row) => userIdsOf(row.changes)))];
    if (ids.length === 0) return rows;
    const found = await q
      .select({ id: appUser.id, name: userDisplayNameSql })
      .from(appUser)
      .where(inArray(appUser.id, ids));
    const names = new Map(found.map((user) => [user.id, user.name]));
    return rows.map((row) => {
      const userNames: Record<string, string> = {};
      for (const id of userIdsOf(row.changes)) {
        const name = names.get(id);
        if (name) userNames[id] = name;
      }
      return { ...row, userNames };
    });
  },
  exportColumns: [
    { field: 'at', label: 'auditAt', width: 22 },
    { field: 'userName', label: 'auditUser', width: 20 },
    { field: 'entity', label: 'auditEntity', values: 'auditEntity', width: 18 },
    { field: 'entityId', label: 'auditEntityId', width: 10 },
    { field: 'action', label: 'auditAction', values: 'auditAction', width: 12 },
    {
      field: 'changes',
      label: 'auditChanges',
      width: 80,
      // One line per field, "field: from → to", the field by its label (secrets already hidden).
      cell: (row, language) =>
        (row.changes as AuditLog['changes'])
          .map(
            (c) => `${textAt(language, `fields.${c.field}`) ?? c.field}: ${shownValue(c.from)} → ${shownValue(c.to)}`,
          )
          .join('\n'),
    },
  ],
});
