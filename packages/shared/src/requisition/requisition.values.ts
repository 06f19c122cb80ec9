/**
 * A requisition's statuses, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const requisitionStatuses = ['Draft', 'PendingApproval', 'Approved', 'Rejected', 'Cancelled'] as const;
