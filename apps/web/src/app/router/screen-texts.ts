/*
 * The texts each screen loads beyond the shell's (platform/text-areas.ts), with its code and before it renders
 * (views.ts): its feature's own (`features/<feature>`) and the areas whose words it borrows, listed here by view name
 * (`ticket` for every page of features/ticket, `log/audit` for that page alone). `screen-texts.test.ts` reads each
 * page's sources and what they import, and fails when a page uses a key whose area its route does not load, or when
 * a listed area is used by none of the pages it is listed for. No imports: scripts/check-bundle-size.mjs reads it.
 */
export const borrowedTextAreas: Record<string, readonly string[]> = {
  // Trigger conditions and actions name ticket fields and values, the macro's steps, a schedule's cron.
  automation: ['features/ticket', 'platform/approval', 'platform/cron', 'platform/macro'],
  // My open tickets and open items, by their status and priority.
  dashboard: ['features/ticket', 'features/openItem'],
  invoice: ['platform/approval'],
  // The audit log shows every record type's changes, its fixed values by their words.
  log: ['platform/audit'],
  'log/audit': [
    'features/ticket',
    'features/invoice',
    'features/requisition',
    'features/openItem',
    'features/organization',
  ],
  organization: ['platform/audit'],
  // A catalog request: its fields' types, its open items, the ticket's status and the approval.
  requestType: ['features/customField', 'features/openItem', 'features/ticket', 'platform/approval'],
  requisition: ['platform/approval'],
  scheduleJob: ['platform/cron'],
  sla: ['features/ticket'],
  'system/system/menu': ['features/organization'],
  // Settings: its own texts (a folder of the system feature), its history, the directory sync's schedule.
  'system/system/settings': ['features/system/settings', 'platform/audit', 'platform/cron'],
  // The ticket page's open items and approval, the macros' steps, a scheduled ticket's cron.
  ticket: ['features/openItem', 'platform/approval', 'platform/cron', 'platform/macro'],
  // A workflow's conditions on ticket fields, its history.
  workflow: ['features/ticket', 'platform/approval', 'platform/audit'],
};

/** The view a page file is (`ticket/list`) -> the text areas its route loads beyond the shell's. */
export function screenTextAreas(view: string): string[] {
  const own = `features/${view.split('/')[0]}`;
  const borrowed = Object.entries(borrowedTextAreas)
    .filter(([prefix]) => view === prefix || view.startsWith(`${prefix}/`))
    .flatMap(([, areas]) => areas);
  return [...new Set([own, ...borrowed])];
}
