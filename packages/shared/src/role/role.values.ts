/** What part of the records a role's holders see, without zod: the shared `valueLabels` names them. */
export const roleDataScopes = ['all', 'projects', 'own'] as const;
