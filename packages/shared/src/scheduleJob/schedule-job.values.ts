/**
 * The groups of the jobs the product seeds (and the editor's default): shown by their label; a typed one as written, without zod: the shared `valueLabels` (`@casedesk/shared/value-labels`) names them for
 * the web's shell.
 */
export const seededJobGroups = [
  'default',
  'email',
  'import',
  'log',
  'setting',
  'system',
  'ticket',
  'workflow',
] as const;
