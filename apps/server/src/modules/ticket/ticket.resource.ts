import {
  ticketCreateSchema,
  ticketDetailSchema,
  ticketMessages,
  ticketPageSchema,
  ticketQuerySchema,
  ticketSchema,
  ticketUpdateSchema,
  type TicketListItem,
} from '@casedesk/shared';
import type { ExportColumn } from '../../platform/export.js';
import { defineResource } from '../../platform/resource.js';
import { removeStoredFiles } from '../file/index.js';
import { deleteTickets, updateTicket } from './ticket-change.service.js';
import { createTicket } from './ticket-create.service.js';
import { visibleSql } from './ticket.policy.js';
import { ticketRowsInOrder } from './ticket.queries.js';
import { exportFilter, getTicket, queryTickets, ticketDetail, type TicketRecord } from './ticket.service.js';
import { ticket } from './ticket.table.js';

export const ticketExportColumns: ExportColumn[] = [
  { header: 'Case number', field: 'caseNumber', width: 18 },
  { header: 'Subject', field: 'subject', width: 40 },
  { header: 'Status', field: 'status', width: 12 },
  { header: 'Priority', field: 'priority', width: 10 },
  { header: 'Category', field: 'categoryName', width: 24 },
  { header: 'Project', field: 'projectName', width: 24 },
  { header: 'Company', field: 'companyName', width: 24 },
  { header: 'Assigned to', field: 'assignToName' },
  { header: 'Delegate', field: 'delegateToName' },
  { header: 'Customer', field: 'customer' },
  { header: 'Customer e-mail', field: 'customerEmail', width: 28 },
  { header: 'Ticket from', field: 'ticketFrom', width: 12 },
  { header: 'Open date', field: 'openDate' },
  { header: 'Close date', field: 'closeDate' },
  { header: 'Due date', field: 'dueDate' },
  { header: 'Private', field: 'privateTicket', width: 8 },
];

const schemas = {
  record: ticketSchema,
  create: ticketCreateSchema,
  update: ticketUpdateSchema,
  query: ticketQuerySchema,
  detail: ticketDetailSchema,
  page: ticketPageSchema,
};

/**
 * The ticket's generic calls: all of them are its own (policy scope, ranked search, case numbers, history),
 * and writes that drop attachments delete the stored files from `dataDir` once committed.
 * A full override on purpose: the list is the desk's hot path (contract-tickets "Broad keywords"): a planner
 * chooses between three search paths by estimated rows, ranks full-text matches and caps the count, which a
 * description of columns and filters cannot say; its sort still goes through the one helper (`sortOrder`).
 */
export const createTicketResource = (dataDir: string) => {
  const cleanUp = (paths: string[]) => void removeStoredFiles(dataDir, paths);
  // Rows are records (Get, Add, Update) or list items with names and actions (Get, Query).
  return defineResource<typeof ticket, typeof schemas, TicketRecord | TicketListItem>({
    name: 'Ticket',
    module: 'ticket',
    label: 'ticket',
    table: ticket,
    schemas,
    keywordColumns: [],
    scope: (actor) => visibleSql(actor),
    addedMessage: ticketMessages.submitted,
    exportColumns: ticketExportColumns,
    exportSheet: 'Tickets',
    operations: {
      query: queryTickets,
      get: getTicket,
      detail: ticketDetail,
      add: createTicket,
      async update(db, actor, input) {
        const result = await updateTicket(db, actor, input);
        cleanUp(result.removedFiles);
        return result.value;
      },
      async remove(db, actor, ids) {
        const result = await deleteTickets(db, actor, ids);
        cleanUp(result.removedFiles);
        return result.value;
      },
      // Not a generator: a bad date range is refused before the file starts.
      rowsForExport: (db, actor, query) => ticketRowsInOrder(db, exportFilter(actor, query)),
    },
  });
};
