import { and, eq, sql } from 'drizzle-orm';
import {
  customFieldEntries,
  customKeyOf,
  msg,
  ticketMergeMessages,
  ticketPriorities,
  workflowMessages,
  type TicketPriority,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import type { WorkflowBusinessType } from '../../platform/workflow-types.js';
import { userNameSql } from '../user/index.js';
import { visibleSql } from './ticket.policy.js';
import {
  customValuesOf,
  judgeCustomValues,
  ticketFieldDefinitions,
  writeCustomValues,
} from './ticket-custom.service.js';
import { moveTicketClock } from './ticket-sla.service.js';
import { ticket, ticketHistory } from './ticket.table.js';

/** The ticket fields workflows read (`businessFields.Ticket`). */
const ticketFields = {
  priority: ticket.priority,
  status: ticket.status,
  ticketType: ticket.ticketType,
  categoryId: ticket.categoryId,
  projectId: ticket.projectId,
  companyId: ticket.companyId,
  assignTo: ticket.assignTo,
  createdBy: ticket.createdBy,
  subject: ticket.subject,
};

/**
 * Names of the id and user fields, read with the ticket (null where the field is empty). The ticket's columns
 * are qualified by hand: a bare "created_by" inside a subquery on app_user would be the user's own column.
 */
const fieldTextsSql = sql<Record<string, string | null>>`json_build_object(
  'categoryId', (select c.category_description from category c where c.id = "ticket"."category_id"),
  'projectId', (select p.project_name from project p where p.id = "ticket"."project_id"),
  'companyId', (select c.name from company c where c.id = "ticket"."company_id"),
  'assignTo', ${userNameSql(ticket.assignTo)},
  'createdBy', ${userNameSql(ticket.createdBy)})`;

const withoutNulls = (texts: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => entry[1] !== null));

const notWritable = (field: string) =>
  new AppError('BAD_REQUEST', msg(workflowMessages, 'fieldNotWritable', { field }));

/**
 * Tickets as a workflow business type. Who may submit: a holder of `ticket:edit` who sees the ticket, or its
 * creator or assignee (they see it by the ticket rule). The ticket's timeline records each approval state
 * as a change of the pseudo-field `approvalStatus`.
 */
export const ticketWorkflowType: WorkflowBusinessType = {
  type: 'Ticket',
  async load(tx, id, actor: Actor | null) {
    const [row] = await tx
      .select({ ...ticketFields, caseNumber: ticket.caseNumber, texts: fieldTextsSql })
      .from(ticket)
      .where(and(eq(ticket.id, id), actor ? visibleSql(actor) : undefined))
      .for('update', { of: ticket });
    if (!row) return null;
    const { caseNumber, texts, ...fields } = row;
    // The custom values join the fixed fields as `custom.<key>` (archived fields' too: a running rule may read one).
    const customFields = await ticketFieldDefinitions(tx);
    const custom = customFields.length > 0 ? (await customValuesOf(tx, [id], customFields)).get(id) : undefined;
    return {
      title: `${caseNumber} ${row.subject}`,
      projectId: row.projectId,
      fields: { ...fields, ...customFieldEntries(custom ?? {}) },
      texts: withoutNulls(texts),
      customFields,
    };
  },
  async checkSubmit(tx, id, actor) {
    const [row] = await tx
      .select({ createdBy: ticket.createdBy, assignTo: ticket.assignTo, status: ticket.status })
      .from(ticket)
      .where(eq(ticket.id, id));
    // A merged ticket's work goes on in its target.
    if (row?.status === 'Merged') throw badRequest(msg(ticketMergeMessages, 'mergedIsFinal'));
    if (hasPermission(actor, 'ticket:edit')) return;
    if (row?.createdBy !== actor.userId && row?.assignTo !== actor.userId) throw forbidden();
  },
  async writeFields(tx, id, fields, actorId, actor) {
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set: { priority?: TicketPriority; subject?: string; ticketType?: string | null } = {};
    const [before] = await tx
      .select({
        priority: ticket.priority,
        subject: ticket.subject,
        ticketType: ticket.ticketType,
        categoryId: ticket.categoryId,
      })
      .from(ticket)
      .where(eq(ticket.id, id));
    if (!before) return;
    const customSent: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields)) {
      const key = customKeyOf(field);
      if (key !== null) customSent[key] = value;
      else if (field === 'priority' && ticketPriorities.includes(value as TicketPriority))
        set.priority = value as TicketPriority;
      else if (field === 'subject' && typeof value === 'string' && value.trim().length > 0 && value.length <= 500)
        set.subject = value.trim();
      else if (field === 'ticketType' && (value === null || (typeof value === 'string' && value.length <= 100)))
        set.ticketType = value;
      else throw notWritable(field);
      if (key === null)
        changes[field] = { from: before[field as keyof typeof before], to: set[field as keyof typeof set] };
    }
    if (Object.keys(customSent).length > 0) {
      // Checked as the ticket form's are (type, options, bounds; a user must be active), then written as rows.
      if (!actor) throw notWritable(Object.keys(customSent)[0]!);
      const stored = (await customValuesOf(tx, [id])).get(id) ?? {};
      const custom = await judgeCustomValues(tx, actor, customSent, before.categoryId, { stored });
      const changed = Object.keys(customSent).filter((key) => key in custom.values);
      await writeCustomValues(tx, id, custom.definitions, custom.values);
      changes.customFields = {
        from: Object.fromEntries(changed.map((key) => [key, stored[key] ?? null])),
        to: Object.fromEntries(changed.map((key) => [key, custom.values[key] ?? null])),
      };
    }
    await tx
      .update(ticket)
      .set({ ...set, rowVersion: sql`${ticket.rowVersion} + 1`, modifiedAt: new Date(), modifiedBy: actorId })
      .where(eq(ticket.id, id));
    await tx.insert(ticketHistory).values({ ticketId: id, actorId, kind: 'changed', changes });
    // A priority or type a workflow sets may choose another service level.
    await moveTicketClock(tx, id, {});
  },
  async onStatus(tx, id, change) {
    await tx.insert(ticketHistory).values({
      ticketId: id,
      actorId: change.actorId,
      kind: 'changed',
      changes: { approvalStatus: { from: null, to: change.status } },
    });
    // While an approval runs the ticket waits on its approvers (and the clock stops if the policy says so).
    await moveTicketClock(tx, id, { approvalRunning: change.status === 'Running' });
  },
  path: (id) => `/ticket/info/${id}`,
};
