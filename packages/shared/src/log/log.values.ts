/**
 * What a sign-in attempt came to, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const loginResults = ['Succeeded', 'Failed', 'Locked', 'SignedOut'] as const;
export const systemLogLevels = ['info', 'warn', 'error'] as const;
