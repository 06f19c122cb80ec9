/**
 * The record types a workflow runs on, its statuses and its node types, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const workflowTypes = ['Ticket', 'Invoice', 'Requisition'] as const;
export const workflowStatuses = ['Draft', 'Published', 'Disabled'] as const;
export const nodeTypes = ['start', 'approver', 'cc', 'condition', 'parallel', 'end'] as const;
