/*
 * Where the words of each fixed value live (text keys only, no texts, no zod): the web's `useValueLabel()` and the
 * server's exports read the same list, so a status reads the same on a screen and in a spreadsheet. Imported by
 * its subpath `@casedesk/shared/value-labels`: the web's shell must not pull the schemas in through the index.
 */
import { delegateTypes } from '../delegate/delegate.values.js';
import { emailDirections, emailEvents, emailStatuses, templateLanguages } from '../email/email.values.js';
import { importOperations, importRunStatuses, importTypes } from '../import/import.values.js';
import { invoiceStatuses } from '../invoice/invoice.values.js';
import { auditActions, auditEntities } from '../log/audit.values.js';
import { loginResults, systemLogLevels, systemLogSources } from '../log/log.values.js';
import { menuTypes } from '../menu/menu.values.js';
import { openItemStatuses } from '../openItem/openItem.values.js';
import { requisitionStatuses } from '../requisition/requisition.values.js';
import { roleDataScopes } from '../role/role.values.js';
import { scheduledTicketResults } from '../scheduledTicket/scheduled-ticket.values.js';
import { jobRunStatuses, scheduleJobTriggerTypes, seededJobGroups } from '../scheduleJob/schedule-job.values.js';
import {
  slaHolders,
  slaStates,
  slaTargets,
  ticketFroms,
  ticketPriorities,
  ticketStatuses,
} from '../ticket/ticket.values.js';
import {
  triggerActionKinds,
  triggerEvents,
  triggerRunOutcomes,
  webhookDeliveryStatuses,
} from '../trigger/trigger.values.js';
import { textModuleLanguages } from '../textModule/text-module.values.js';
import { nodeTypes, workflowStatuses, workflowTypes } from '../workflow/workflow-graph.values.js';
import { instanceStatuses, taskStatuses, workflowChannels } from '../workflow/workflow-instance.values.js';

export * from './seeded-names.js';

/** A record that is switched on or off (departments, users, projects ...). */
export const activeStatuses = ['Active', 'Inactive'] as const;

/**
 * Each kind of fixed value, by the shared enum's name: the text key its labels live under (`<key>.<value>`) and
 * its values. `labels.test.ts` (web) fails when a value lacks a label in a language.
 */
export const valueLabels = {
  ticketStatus: { key: 'ticket.status', values: ticketStatuses },
  ticketPriority: { key: 'ticket.priority', values: ticketPriorities },
  ticketFrom: { key: 'ticket.from', values: ticketFroms },
  slaState: { key: 'ticket.sla.state', values: slaStates },
  slaHolder: { key: 'ticket.sla.heldBy', values: slaHolders },
  slaTarget: { key: 'values.slaTarget', values: slaTargets },
  instanceStatus: { key: 'approval.instanceStatus', values: instanceStatuses },
  taskStatus: { key: 'workflow.taskStatus', values: taskStatuses },
  workflowChannel: { key: 'workflow.channel', values: workflowChannels },
  workflowType: { key: 'workflow.type', values: workflowTypes },
  workflowStatus: { key: 'workflow.status', values: workflowStatuses },
  nodeType: { key: 'workflow.node.type', values: nodeTypes },
  invoiceStatus: { key: 'invoice.status', values: invoiceStatuses },
  requisitionStatus: { key: 'requisition.status', values: requisitionStatuses },
  openItemStatus: { key: 'openItem.status', values: openItemStatuses },
  delegateType: { key: 'delegate.type', values: delegateTypes },
  emailStatus: { key: 'mail.status', values: emailStatuses },
  emailDirection: { key: 'mail.direction', values: emailDirections },
  emailEvent: { key: 'email.event', values: emailEvents },
  language: { key: 'values.language', values: templateLanguages },
  textModuleLanguage: { key: 'values.textModuleLanguage', values: textModuleLanguages },
  menuType: { key: 'system.menu.types', values: menuTypes },
  scheduledTicketResult: { key: 'ticket.scheduled.result', values: scheduledTicketResults },
  loginResult: { key: 'logs.login.resultValues', values: loginResults },
  importType: { key: 'import.types', values: importTypes },
  importOperation: { key: 'import.operations', values: importOperations },
  importRunStatus: { key: 'import.runStatus', values: importRunStatuses },
  jobRunStatus: { key: 'scheduleJob.runStatus', values: jobRunStatuses },
  triggerType: { key: 'scheduleJob.trigger', values: scheduleJobTriggerTypes },
  logLevel: { key: 'logs.system.levelValues', values: systemLogLevels },
  logSource: { key: 'logs.system.sourceValues', values: systemLogSources },
  auditEntity: { key: 'audit.entity', values: auditEntities },
  auditAction: { key: 'audit.action', values: auditActions },
  dataScope: { key: 'organization.role.scopes', values: roleDataScopes },
  regionLevel: { key: 'system.region.levels', values: ['0', '1', '2', '3'] },
  activeStatus: { key: 'crud.status', values: activeStatuses },
  boolean: { key: 'values.boolean', values: ['true', 'false'] },
  jobGroup: { key: 'values.jobGroup', values: seededJobGroups },
  automationEvent: { key: 'automation.values.event', values: triggerEvents },
  triggerActionKind: { key: 'automation.values.actionKind', values: triggerActionKinds },
  triggerRunOutcome: { key: 'automation.values.outcome', values: triggerRunOutcomes },
  webhookDeliveryStatus: { key: 'automation.values.deliveryStatus', values: webhookDeliveryStatuses },
} as const;

export type ValueKind = keyof typeof valueLabels;

/** The text key of a fixed value's label (`ticket.status.Assigned`), or null when it is none of its kind's values. */
export function valueLabelKey(kind: ValueKind, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  const { key, values } = valueLabels[kind];
  return (values as readonly string[]).includes(text) ? `${key}.${text}` : null;
}
