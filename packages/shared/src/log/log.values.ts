/**
 * What a sign-in attempt came to, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const loginResults = ['Succeeded', 'Failed', 'Locked', 'SignedOut'] as const;
export const systemLogLevels = ['info', 'warn', 'error'] as const;
/** Who wrote a system log row (`writeSystemLog`'s `source`): the server types it, the web and exports label it. */
export const systemLogSources = ['auth', 'client', 'email', 'job', 'scheduledTicket', 'server', 'sso'] as const;
export type SystemLogSource = (typeof systemLogSources)[number];
