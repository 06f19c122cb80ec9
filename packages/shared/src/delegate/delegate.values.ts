/**
 * What a delegation hands over, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const delegateTypes = ['Ticket', 'Approval', 'All'] as const;
