/**
 * A job's triggers, its runs' statuses and the groups of the jobs the product seeds (and the editor's default;
 * shown by their label, a typed one as written), without zod: the shared `valueLabels` names them.
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
export const scheduleJobTriggerTypes = ['Cron', 'Interval'] as const;
export const jobRunStatuses = ['Running', 'Succeeded', 'Failed', 'Skipped'] as const;
