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
  { header: 'Subject', field: 'subject', width: 40 },
  { header: 'Project', field: 'projectName', width: 24 },
  { header: 'Category', field: 'categoryName', width: 24 },
  { header: 'Priority', field: 'priority', width: 10 },
  { header: 'Assigned to', field: 'assignToName' },
  { header: 'Cron', field: 'cron', width: 20 },
  { header: 'One-off date', field: 'scheduledDate' },
  { header: 'Enabled', field: 'enabled', width: 8 },
  { header: 'Next run', field: 'nextRunAt' },
  { header: 'Last run', field: 'lastRunAt' },
  { header: 'Last result', field: 'lastResult', width: 10 },
  { header: 'Last ticket', field: 'lastTicketCaseNumber', width: 18 },
  { header: 'Runs', field: 'runCount', width: 8 },
  { header: 'Owner', field: 'createdByName' },
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
  exportSheet: 'Scheduled tickets',
  operations: { add: addScheduledTicket, update: updateScheduledTicket },
});
