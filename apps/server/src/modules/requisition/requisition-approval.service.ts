import { and, eq, sql } from 'drizzle-orm';
import { msg, requisitionMessages, type RequisitionStatus } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import type { WorkflowBusinessType } from '../../platform/workflow-types.js';
import { checkEditable, maySubmit, requisitionScope } from './requisition.policy.js';
import { requisition, requisitionLine } from './requisition.table.js';
import { userNameSql } from '../user/index.js';

/** Names of the id and user fields (columns qualified by hand inside the subqueries). */
const fieldTextsSql = sql<Record<string, string | null>>`json_build_object(
  'projectId', (select p.project_name from project p where p.id = "requisition"."project_id"),
  'vendorId', (select v.vendor_name from vendor v where v.id = "requisition"."vendor_id"),
  'requestedBy', ${userNameSql(requisition.requesterId)})`;

const withoutNulls = (texts: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => entry[1] !== null));

/** What each outcome of the approval makes of the requisition. */
const statusAfter: Record<string, RequisitionStatus> = {
  Running: 'PendingApproval',
  Returned: 'Draft',
  Approved: 'Approved',
  Rejected: 'Rejected',
  // A cancelled approval leaves a draft the requester may fix and submit again (Requisition/Cancel ends it).
  Cancelled: 'Draft',
};

/**
 * Requisitions as a workflow business type. Who may submit: the requester or the author, or a holder of
 * `requisition:edit` who sees it; only a Draft or Rejected requisition with at least one line.
 */
export const requisitionWorkflowType: WorkflowBusinessType = {
  type: 'Requisition',
  async load(tx, id, actor: Actor | null) {
    const [row] = await tx
      .select({
        number: requisition.requisitionNumber,
        title: requisition.title,
        totalAmount: requisition.totalAmount,
        projectId: requisition.projectId,
        vendorId: requisition.vendorId,
        requestedBy: requisition.requesterId,
        texts: fieldTextsSql,
      })
      .from(requisition)
      .where(and(eq(requisition.id, id), actor ? requisitionScope(actor) : undefined))
      .for('update', { of: requisition });
    if (!row) return null;
    const { number, title, texts, ...fields } = row;
    return { title: `${number} ${title}`, projectId: row.projectId, fields, texts: withoutNulls(texts) };
  },
  async checkSubmit(tx, id, actor) {
    const [row] = await tx
      .select({ requesterId: requisition.requesterId, createdBy: requisition.createdBy, status: requisition.status })
      .from(requisition)
      .where(eq(requisition.id, id));
    if (!row || !maySubmit(actor, row)) throw forbidden();
    checkEditable(row.status);
    const lines = await tx.$count(requisitionLine, eq(requisitionLine.requisitionId, id));
    if (lines === 0) {
      const message = msg(requisitionMessages, 'linesRequired');
      throw badRequest(message, [{ field: 'lines', message: message.text }]);
    }
  },
  async onStatus(tx, id, change) {
    const [before] = await tx.select({ status: requisition.status }).from(requisition).where(eq(requisition.id, id));
    if (!before) return;
    const status = statusAfter[change.status] ?? before.status;
    await tx
      .update(requisition)
      .set({
        status,
        workflowInstanceId: change.instanceId,
        rowVersion: sql`${requisition.rowVersion} + 1`,
        modifiedAt: new Date(),
        modifiedBy: change.actorId,
      })
      .where(eq(requisition.id, id));
    await writeAudit(tx, {
      entity: 'Requisition',
      entityId: id,
      action: 'update',
      actorId: change.actorId,
      changes: { status: { from: before.status, to: status }, approval: { from: null, to: change.status } },
    });
  },
  path: (id) => `/requisition/info/${id}`,
};
