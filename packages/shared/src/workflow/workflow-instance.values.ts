/**
 * The statuses of an approval and of its tasks, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const instanceStatuses = ['Running', 'Approved', 'Rejected', 'Cancelled'] as const;
export const taskStatuses = [
  'Pending',
  'Approved',
  'Rejected',
  'Returned',
  'Transferred',
  'Cancelled',
  'Skipped',
] as const;
