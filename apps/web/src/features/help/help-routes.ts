import { matchPath } from 'react-router';

/** The help home: the table of contents and the search. */
export const helpHome = 'index';

/**
 * Every help page, in the order of the contents; each has `content/<language>/<slug>.md` in every language
 * (help.test.ts checks it).
 */
export const helpSections: { key: string; pages: string[] }[] = [
  { key: 'start', pages: ['index', 'sign-in', 'dashboard', 'my-account', 'notifications', 'my-approvals'] },
  {
    key: 'tickets',
    pages: [
      'ticket-list',
      'ticket-page',
      'ticket-new',
      'request-catalog',
      'canned-replies',
      'macros',
      'scheduled-tickets',
      'open-items',
    ],
  },
  { key: 'master', pages: ['categories', 'custom-fields', 'request-types', 'projects', 'companies', 'vendors'] },
  { key: 'email', pages: ['email-list', 'email-templates'] },
  {
    key: 'workflow',
    pages: ['workflow-designer', 'workflow-definitions', 'workflow-instances', 'workflow-registry', 'delegates'],
  },
  { key: 'finance', pages: ['invoices', 'invoice-indexing', 'requisitions', 'data-import'] },
  { key: 'serviceLevels', pages: ['sla-policies', 'sla-calendars', 'sla-report'] },
  { key: 'automation', pages: ['triggers', 'trigger-log', 'webhooks', 'webhook-deliveries'] },
  { key: 'organization', pages: ['users', 'deleted-users', 'groups', 'roles', 'departments', 'positions'] },
  {
    key: 'system',
    pages: [
      'settings',
      'configuration',
      'dictionaries',
      'menus',
      'web-apis',
      'regions',
      'industries',
      'scheduled-jobs',
      'data-management',
      'logs',
      'audit-log',
    ],
  },
];

export const helpSlugs: string[] = helpSections.flatMap((section) => section.pages);

/**
 * Route → help page. The menu seed's screens each have one; group entries (they redirect to their first
 * screen) and the help centre itself open the home page on purpose (`helpHome`).
 */
export const helpRoutes: Record<string, string> = {
  '/dashboard': helpHome,
  '/dashboard/ticket': 'dashboard',
  '/notification/list': 'notifications',
  '/task': 'my-approvals',
  '/workflow/instance/info/:id': 'my-approvals',
  '/ticket': helpHome,
  '/ticket/list': 'ticket-list',
  '/ticket/create': 'ticket-new',
  '/ticket/edit/:id': 'ticket-new',
  '/catalog': 'request-catalog',
  '/catalog/request/:id': 'request-catalog',
  '/ticket/info/:id': 'ticket-page',
  '/ticket/scheduled': 'scheduled-tickets',
  '/textModule/list': 'canned-replies',
  '/macro/list': 'macros',
  '/openItem/list': 'open-items',
  '/openItem/info/:id': 'open-items',
  '/master': helpHome,
  '/category/list': 'categories',
  '/customField/list': 'custom-fields',
  '/requestType/list': 'request-types',
  '/project/list': 'projects',
  '/company/list': 'companies',
  '/vendor/list': 'vendors',
  '/email': helpHome,
  '/email/list': 'email-list',
  '/email/template': 'email-templates',
  '/workflow': helpHome,
  '/workflow/design': 'workflow-designer',
  '/workflow/definition': 'workflow-definitions',
  '/workflow/instance': 'workflow-instances',
  '/workflow/registry': 'workflow-registry',
  '/finance': helpHome,
  '/invoice/list': 'invoices',
  '/invoice/indexing': 'invoice-indexing',
  '/invoice/info/:id': 'invoices',
  '/requisition/list': 'requisitions',
  '/requisition/info/:id': 'requisitions',
  '/import/list': 'data-import',
  '/organization': helpHome,
  '/system/user': 'users',
  '/system/deletedUser': 'deleted-users',
  '/system/userGroup': 'groups',
  '/system/role': 'roles',
  '/system/dept': 'departments',
  '/system/position': 'positions',
  '/delegate/list': 'delegates',
  '/delegate/audit': 'delegates',
  '/sla': helpHome,
  '/sla/policy': 'sla-policies',
  '/sla/calendar': 'sla-calendars',
  '/sla/report': 'sla-report',
  '/automation': helpHome,
  '/automation/trigger': 'triggers',
  '/automation/triggerRun': 'trigger-log',
  '/automation/webhook': 'webhooks',
  '/automation/webhookDelivery': 'webhook-deliveries',
  '/system': helpHome,
  '/system/settings': 'settings',
  '/system/configuration': 'configuration',
  '/system/dictionary': 'dictionaries',
  '/system/menu': 'menus',
  '/system/webApi': 'web-apis',
  '/system/region': 'regions',
  '/system/industry': 'industries',
  '/system/scheduleJob': 'scheduled-jobs',
  '/dataManagement': 'data-management',
  '/log': helpHome,
  '/log/login': 'logs',
  '/log/request': 'logs',
  '/log/sql': 'logs',
  '/log/system': 'logs',
  '/log/holidayReminder': 'logs',
  '/log/audit': 'audit-log',
  '/help': helpHome,
  '/personal': 'my-account',
  '/login': 'sign-in',
};

/** The help page for a screen's path (`/ticket/info/42` → `ticket-page`); the home page when none has one. */
export function helpPageFor(pathname: string): string {
  for (const [pattern, slug] of Object.entries(helpRoutes))
    if (matchPath({ path: pattern, end: true, caseSensitive: false }, pathname)) return slug;
  return helpHome;
}

/** Where the "?" button leads for a screen. */
export const helpHref = (pathname: string) => {
  const slug = helpPageFor(pathname);
  return slug === helpHome ? '/help' : `/help?page=${slug}`;
};
