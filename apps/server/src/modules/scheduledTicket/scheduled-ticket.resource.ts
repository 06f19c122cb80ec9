import {
  scheduledTicketCreateSchema,
  scheduledTicketPageSchema,
  scheduledTicketQuerySchema,
  scheduledTicketSchema,
  scheduledTicketUpdateSchema,
  type ScheduledTicketListItem,
} from '@casedesk/shared';
import { getTableColumns } from 'drizzle-orm';
import type { ExportColumn } from '../../platform/export.js';
import { defineResource } from '../../platform/resource.js';
import { scheduledVisibleSql } from './scheduled-ticket.policy.js';
import {
  addScheduledTicket,
  listColumns,
  updateScheduledTicket,
  type ScheduledTicketRow,
} from './scheduled-ticket.service.js';
import { scheduledTicket } from './scheduled-ticket.table.js';

const exportColumns: ExportColumn[] = [
  { field: 'subject', width: 40 },
  { field: 'projectName', label: 'projectId', width: 24 },
  { field: 'categoryName', label: 'categoryId', width: 24 },
  { field: 'priority', values: 'ticketPriority', width: 10 },
  { field: 'assignToName', label: 'assignTo' },
  { field: 'cron', width: 20 },
  { field: 'scheduledDate' },
  { field: 'enabled', values: 'boolean', width: 8 },
  { field: 'nextRunAt' },
  { field: 'lastRunAt' },
  { field: 'lastResult', values: 'scheduledTicketResult', width: 10 },
  { field: 'lastTicketCaseNumber', width: 18 },
  { field: 'runCount', width: 8 },
  { field: 'createdByName', label: 'owner' },
];

const schemas = {
  record: scheduledTicketSchema,
  create: scheduledTicketCreateSchema,
  update: scheduledTicketUpdateSchema,
  query: scheduledTicketQuerySchema,
  page: scheduledTicketPageSchema,
};

/** Every read carries the names of the project, category, assignee, owner and last ticket. */
export const scheduledTicketResource = defineResource<
  typeof scheduledTicket,
  typeof schemas,
  ScheduledTicketRow | ScheduledTicketListItem
>({
  name: 'ScheduledTicket',
  module: 'scheduledTicket',
  label: 'scheduled ticket',
  table: scheduledTicket,
  schemas,
  columns: { ...getTableColumns(scheduledTicket), ...listColumns },
  // The template's HTML is the editor's (Get); the list rows never carry it.
  listOmits: ['content'],
  keywordColumns: [scheduledTicket.subject, scheduledTicket.customer, scheduledTicket.cron],
  defaultOrder: [{ field: 'id', desc: true }],
  scope: scheduledVisibleSql,
  exportColumns,
  operations: { add: addScheduledTicket, update: updateScheduledTicket },
});
