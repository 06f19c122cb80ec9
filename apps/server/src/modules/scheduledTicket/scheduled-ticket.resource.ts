import {
  scheduledTicketCreateSchema,
  scheduledTicketPageSchema,
  scheduledTicketQuerySchema,
  scheduledTicketSchema,
  scheduledTicketUpdateSchema,
  type Page,
  type ScheduledTicketListItem,
} from '@casedesk/shared';
import type { SQL } from 'drizzle-orm';
import type { ExportColumn } from '../../platform/export.js';
import { defineResource } from '../../platform/resource.js';
import { scheduledVisibleSql } from './scheduled-ticket.policy.js';
import {
  addScheduledTicket,
  listPage,
  listRows,
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

/** Records are the table rows (Get, Add, Update); list and export rows carry names (Query, Export). */
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
  keywordColumns: [scheduledTicket.subject, scheduledTicket.customer, scheduledTicket.cron],
  defaultOrder: [{ field: 'id', desc: true }],
  scope: scheduledVisibleSql,
  exportColumns,
  exportSheet: 'Scheduled tickets',
  operations: {
    add: addScheduledTicket,
    update: updateScheduledTicket,
    // Annotated: these calls use the resource's own filter and order, declared by this very call.
    async query(db, actor, query): Promise<Page<ScheduledTicketListItem>> {
      const where: SQL | undefined = scheduledTicketResource.whereOf(actor, query);
      const order: SQL[] = scheduledTicketResource.orderOf(query.orderBy);
      return listPage(db, where, order, query.page, query.pageSize);
    },
    async *rowsForExport(db, actor, query): AsyncGenerator<Record<string, unknown>> {
      const where: SQL | undefined = scheduledTicketResource.whereOf(actor, query);
      yield* await listRows(db, where, scheduledTicketResource.orderOf(query.orderBy)).limit(100_000);
    },
  },
});
