/*
 * The texts each screen loads beyond the shell's (platform/text-areas.ts), with its code and before it renders
 * (views.ts): its feature's own (`features/<feature>`) and the areas whose words it borrows, listed here by view name
 * (`log` for every page of the logs, `log/audit` for that page alone). `screen-texts.test.ts` reads each
 * page's sources and what they import, and fails when a page uses a key whose area its route does not load, or when
 * a listed area is used by none of the pages it is listed for. No imports: scripts/check-bundle-size.mjs reads it.
 */
export const borrowedTextAreas: Record<string, readonly string[]> = {
  // A trigger's conditions and actions name ticket fields and values, the macro's steps, a schedule's cron.
  'automation/trigger': ['features/ticket', 'platform/approval', 'platform/cron', 'platform/fields', 'platform/macro'],
  'automation/triggerRun': ['features/ticket', 'platform/approval', 'platform/fields'],
  // My open tickets and open items, by their status and priority.
  dashboard: ['features/ticket', 'features/openItem'],
  'invoice/info': ['platform/approval'],
  // The logs' details name fields by their labels; the audit log shows every record type's changes and values.
  log: ['platform/fields'],
  'log/audit': [
    'platform/audit',
    'features/ticket',
    'features/invoice',
    'features/requisition',
    'features/openItem',
    'features/organization',
  ],
  // A role's and a user's history.
  'organization/system/role': ['platform/audit', 'platform/fields'],
  'organization/system/user': ['platform/audit', 'platform/fields'],
  // A catalog request: its open items, the ticket's status and the approval; a request type's fields by type.
  'requestType/catalog/request': ['features/ticket', 'features/openItem', 'platform/approval'],
  'requestType/list': ['features/customField'],
  'requisition/info': ['platform/approval'],
  scheduleJob: ['platform/cron'],
  'sla/policy': ['features/ticket'],
  'sla/report': ['platform/fields'],
  // A menu entry's module is named as the roles' permissions name it.
  'system/system/menu': ['features/organization'],
  // Settings: its own texts (a folder of the system feature), its history, the directory sync's schedule.
  'system/system/settings': ['features/system/settings', 'platform/audit', 'platform/cron', 'platform/fields'],
  // The ticket page's macros, open items and approval; the list's macros; a scheduled ticket's cron.
  'ticket/info': ['platform/macro', 'features/openItem', 'platform/approval'],
  'ticket/list': ['platform/macro'],
  'ticket/macro': ['platform/macro'],
  'ticket/scheduled': ['platform/cron'],
  // A workflow's conditions on ticket fields, its history; an approval's status.
  'workflow/definition': ['features/ticket', 'platform/audit', 'platform/fields'],
  'workflow/design': ['features/ticket'],
  'workflow/instance': ['platform/approval'],
  'workflow/instance/info': ['features/ticket'],
  'workflow/registry': ['features/ticket'],
  'workflow/task': ['platform/approval'],
};

/** The view a page file is (`ticket/list`) -> the text areas its route loads beyond the shell's. */
export function screenTextAreas(view: string): string[] {
  const own = `features/${view.split('/')[0]}`;
  const borrowed = Object.entries(borrowedTextAreas)
    .filter(([prefix]) => view === prefix || view.startsWith(`${prefix}/`))
    .flatMap(([, areas]) => areas);
  return [...new Set([own, ...borrowed])];
}
