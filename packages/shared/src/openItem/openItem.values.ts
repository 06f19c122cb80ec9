/**
 * An open item's statuses, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const openItemStatuses = ['Open', 'InProgress', 'Complete', 'Cancelled'] as const;
