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

/** Where an action on an approval came from (contract 22): a screen, a mail's link, a mail's reply, a personal API token. */
export const workflowChannels = ['web', 'link', 'email', 'api'] as const;
export type WorkflowChannel = (typeof workflowChannels)[number];
