import type { InvoiceAction, InvoiceStatus } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';

/*
 * Who may do what with an invoice. Invoices are finance records: `invoice:view` sees every one (no data scope
 * by project: approvers and payers work across projects). The status decides what may happen next.
 */

/** Statuses in which the fields may be changed through Update. */
export const editableStatuses: readonly InvoiceStatus[] = ['Draft', 'Rejected'];
/** Statuses from which an invoice may be cancelled. */
export const cancellableStatuses: readonly InvoiceStatus[] = ['Draft', 'Rejected', 'Indexing'];
/** Statuses in which an invoice may be deleted. */
export const deletableStatuses: readonly InvoiceStatus[] = ['Draft', 'Indexing'];

/** What the actor may do with an invoice they see; rows and details carry it and the web shows buttons by it. */
export function invoiceActionsFor(actor: Actor, row: { status: InvoiceStatus }): InvoiceAction[] {
  const actions: InvoiceAction[] = [];
  const edits = hasPermission(actor, 'invoice:edit');
  if (edits && editableStatuses.includes(row.status)) actions.push('edit', 'submit');
  if (edits && cancellableStatuses.includes(row.status)) actions.push('cancel');
  if (hasPermission(actor, 'invoice:delete') && deletableStatuses.includes(row.status)) actions.push('delete');
  if (hasPermission(actor, 'invoice:pay') && row.status === 'Approved') actions.push('pay');
  return actions;
}
