/** An import's file types, operations and run statuses, without zod: the shared `valueLabels` names them. */
export const importTypes = ['xlsx', 'csv'] as const;
export const importOperations = ['Insert', 'Update', 'Upsert'] as const;
export const importRunStatuses = ['Queued', 'Running', 'Succeeded', 'Failed', 'Cancelled'] as const;
