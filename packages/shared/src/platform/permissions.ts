/** Permission codes `<module>:<action>` (contract section 8). */
export const permissionModules = [
  'ticket',
  'scheduledTicket',
  'category',
  'project',
  'company',
  'vendor',
  'openItem',
  'email',
  'emailTemplate',
  'workflow',
  'invoice',
  'requisition',
  'import',
  'dataManagement',
  'user',
  'userGroup',
  'role',
  'dept',
  'position',
  'dictionary',
  'menu',
  'webApi',
  'configuration',
  'region',
  'industry',
  'delegate',
  'scheduleJob',
  'slaCalendar',
  'slaPolicy',
  'textModule',
  'macro',
  'ticketView',
  'customField',
  'requestType',
  'trigger',
  'webhook',
  'log',
  // The audit trail (contract 24): every record's changes, apart from the operational logs of `log`.
  'audit',
  'settings',
] as const;
export type PermissionModule = (typeof permissionModules)[number];

export const commonActions = [
  'page',
  'view',
  'create',
  'edit',
  'save',
  'delete',
  'batchDelete',
  'print',
  'export',
] as const;

/** Actions some modules have beyond the common ones. */
export const extraActions: Partial<Record<PermissionModule, readonly string[]>> = {
  ticket: ['private'],
  company: ['addCompany'],
  delegate: ['set', 'add', 'history'],
  openItem: ['addItem', 'editFile', 'deleteFile'],
  // Indexing keys in uploaded documents; pay marks an approved invoice paid.
  invoice: ['index', 'pay'],
  user: ['restore', 'unlock', 'onOff'],
  scheduleJob: ['onOff'],
  webApi: ['onOff'],
  email: ['send'],
  // run starts an import (dry or real); backup downloads a copy of the embedded database.
  import: ['run'],
  dataManagement: ['backup'],
  // manage: share canned replies, change shared ones, see and delete everyone's.
  textModule: ['manage'],
  // redeliver: send a logged webhook delivery again; test: send a test message now.
  webhook: ['redeliver', 'test'],
};

export type PermissionCode = `${PermissionModule}:${string}`;

export const permissionCode = (module: PermissionModule, action: string): PermissionCode => `${module}:${action}`;

export const allPermissionCodes: PermissionCode[] = permissionModules.flatMap((module) =>
  [...commonActions, ...(extraActions[module] ?? [])].map((action) => permissionCode(module, action)),
);

/** The `common` system role: tickets, open items, own account and own delegates (contract section 8). */
export const commonRolePermissionCodes: PermissionCode[] = [
  ...['page', 'view', 'create', 'edit', 'save', 'print', 'export'].map((a) => permissionCode('ticket', a)),
  ...['page', 'view', 'create', 'edit', 'save', 'print', 'export'].map((a) => permissionCode('scheduledTicket', a)),
  ...['page', 'view', 'create', 'edit', 'save', 'print', 'export', 'addItem', 'editFile', 'deleteFile'].map((a) =>
    permissionCode('openItem', a),
  ),
  // Staff ask for purchases; approving them is the workflow's business, paying them finance's.
  ...['page', 'view', 'create', 'edit', 'save', 'print', 'export'].map((a) => permissionCode('requisition', a)),
  ...['page', 'view', 'create', 'edit', 'save', 'delete', 'set', 'add', 'history'].map((a) =>
    permissionCode('delegate', a),
  ),
  // Staff answer their tickets' customers by e-mail (the reply is a public comment and a mail, nothing more).
  permissionCode('email', 'send'),
  // Agents use the shared canned replies and keep private ones of their own (the policy keeps them to those).
  ...['page', 'view', 'create', 'edit', 'delete', 'batchDelete'].map((a) => permissionCode('textModule', a)),
  // Agents apply macros and keep private ones of their own; sharing them is for those with macro:create/edit.
  permissionCode('macro', 'page'),
  permissionCode('macro', 'view'),
  // Agents keep saved ticket views of their own; sharing them is for those with ticketView:create/edit.
  permissionCode('ticketView', 'view'),
];

export const systemRoleCodes = ['admin', 'common'] as const;

/** What a route requires: a permission code, any signed-in user, or nobody (public). */
export type RouteAccess = PermissionCode | 'authenticated' | 'public';
