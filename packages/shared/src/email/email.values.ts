/**
 * An e-mail's direction and statuses, without zod: the shared `valueLabels` (`@casedesk/shared/value-labels`) names them for
 * the web's shell.
 */
export const emailDirections = ['Out', 'In'] as const;
export const emailStatuses = ['Draft', 'Sending', 'Sent', 'Failed', 'Received', 'Ignored', 'Unreadable'] as const;
