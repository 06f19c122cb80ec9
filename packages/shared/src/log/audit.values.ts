/**
 * The audit trail's fixed values, without zod (the shared `valueLabels` names them for the web's shell): the records
 * the server audits (the `entity` every `writeAudit` is called with: a resource's name, or a module's own), what
 * happened, and what a hidden value reads as.
 */
export const auditEntities = [
  'ApiToken',
  'Category',
  'Company',
  'Configuration',
  'CustomField',
  'Delegate',
  'Dept',
  'Dictionary',
  'Email',
  'EmailTemplate',
  'Holiday',
  'Import',
  'Industry',
  'Invoice',
  'Macro',
  'MailAccount',
  'Menu',
  'OpenItem',
  'Position',
  'Project',
  'Region',
  'RequestType',
  'Requisition',
  'Role',
  'ScheduleJob',
  'ScheduledTicket',
  'Settings',
  'SlaCalendar',
  'SlaPolicy',
  'TextModule',
  'Ticket',
  'TicketView',
  'TicketWatcher',
  'Trigger',
  'User',
  'UserGroup',
  'Vendor',
  'WebApi',
  'Webhook',
  'WebhookDelivery',
  'Workflow',
  'WorkflowRegistry',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditActions = ['create', 'update', 'delete', 'restore', 'exportPersonalData', 'erase'] as const;
export type AuditAction = (typeof auditActions)[number];

/** What a secret's change reads as in the trail: it changed, its value is not shown. */
export const auditHiddenValue = '••••';

/** Fields whose values are user ids: the trail's rows carry those users' names (`userNames`), screens show them. */
export const auditUserFields: readonly string[] = [
  'userId',
  'userIds',
  'assigneeId',
  'leaderId',
  'ownerId',
  'delegateId',
  'approverId',
  'approverIds',
  'requesterId',
  'claimedBy',
  'pointOfContact',
  'managerId',
  'agentId',
];
