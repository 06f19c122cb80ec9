import { inArray, or, sql, type SQL } from 'drizzle-orm';
import { msg, requisitionMessages, type RequisitionAction, type RequisitionStatus } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { conflict } from '../../platform/errors.js';
import { requisition } from './requisition.table.js';

/**
 * Who sees a requisition (every route also needs `requisition:view`): its requester and its author, anyone
 * who holds or held an approval task on it, and beyond that the data scope as tickets have it: all, the
 * actor's projects (a requisition without a project only by the people above), or nothing more.
 */
export function requisitionScope(actor: Actor): SQL | undefined {
  if (actor.dataScope === 'all') return undefined;
  const me = actor.userId;
  const involved = sql`(${requisition.requesterId} = ${me} or ${requisition.createdBy} = ${me}
    or exists (select 1 from workflow_task t join workflow_instance i on i.id = t.instance_id
      where i.business_type = 'Requisition' and i.business_id = "requisition"."id"
        and (t.assignee_id = ${me} or t.owner_id = ${me})))`;
  if (actor.dataScope === 'projects' && actor.projects.length > 0)
    return or(inArray(requisition.projectId, actor.projects), involved);
  return involved;
}

/*
 * What may happen to a requisition the actor sees, by its state (the routes require `requisition:edit` to edit,
 * submit or cancel and `requisition:delete` to delete). The service refuses with these rules and the rows'
 * `actions[]` come from them.
 */

/** The invoices that carry a requisition as their PO: one that is not cancelled, only cancelled ones, or none. */
export type InvoiceUse = 'live' | 'cancelled' | null;

/** The facts of a requisition the rules read: its status and the invoices that carry it as their PO. */
export type RequisitionFacts = { status: RequisitionStatus; invoiceUse: InvoiceUse };

/** Statuses in which the requester may still change the requisition (and submit it). */
export const editableStatuses: readonly RequisitionStatus[] = ['Draft', 'Rejected'];
export const isEditable = (status: RequisitionStatus) => editableStatuses.includes(status);

const refusedIn = (status: RequisitionStatus) => conflict(msg(requisitionMessages, 'notEditable', { status }));

/** Update and Submit: only a Draft or Rejected requisition (409 naming the status). */
export function checkEditable(status: RequisitionStatus): void {
  if (!isEditable(status)) throw refusedIn(status);
}

const deletableStatus = (status: RequisitionStatus) => status !== 'PendingApproval' && status !== 'Approved';
/** Delete: not while under approval or approved, nor while an invoice names it. */
export const mayDelete = (row: RequisitionFacts) => deletableStatus(row.status) && row.invoiceUse === null;
/** The status half of `mayDelete`; the invoice's foreign key refuses the other half (`deleteRefusal`). */
export function checkDeletable(status: RequisitionStatus): void {
  if (!deletableStatus(status)) throw refusedIn(status);
}

/** Cancel: what may still change, or an approved one that no (live) invoice carries as its PO. */
export const mayCancel = (row: RequisitionFacts) =>
  isEditable(row.status) || (row.status === 'Approved' && row.invoiceUse !== 'live');
export function checkCancellable(row: RequisitionFacts): void {
  if (!mayCancel(row)) throw refusedIn(row.status);
}

/** Submit for approval: its requester or author, or a holder of `requisition:edit`. */
export const maySubmit = (actor: Actor, row: { requesterId: number; createdBy: number | null }) =>
  row.requesterId === actor.userId || row.createdBy === actor.userId || hasPermission(actor, 'requisition:edit');

/** What the actor may do with a requisition they see, for the buttons of the list and the page. */
export function requisitionActionsFor(actor: Actor, row: RequisitionFacts): RequisitionAction[] {
  const actions: RequisitionAction[] = [];
  const edits = hasPermission(actor, 'requisition:edit');
  if (edits && isEditable(row.status)) actions.push('edit');
  if (hasPermission(actor, 'requisition:delete') && mayDelete(row)) actions.push('delete');
  if (edits && mayCancel(row)) actions.push('cancel');
  return actions;
}
