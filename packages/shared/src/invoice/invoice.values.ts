/**
 * An invoice's statuses, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const invoiceStatuses = [
  'Indexing',
  'Draft',
  'PendingApproval',
  'Approved',
  'Rejected',
  'Paid',
  'Cancelled',
] as const;
