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
import { withTags } from './ticket-tag.service.js';
import { customFieldExportColumns, withCustomValues } from './ticket-custom.service.js';
import { ticketRowsInOrder } from './ticket.queries.js';
import {
  exportFilter,
  getTicket,
  queryTickets,
  ticketAnswer,
  ticketDetail,
  type TicketRecord,
} from './ticket.service.js';
import { ticket } from './ticket.table.js';

export const ticketExportColumns: ExportColumn[] = [
  { field: 'caseNumber', width: 18 },
  { field: 'subject', width: 40 },
  { field: 'status', values: 'ticketStatus', width: 12 },
  { field: 'priority', values: 'ticketPriority', width: 10 },
  { field: 'categoryName', label: 'categoryId', width: 24 },
  { field: 'projectName', label: 'projectId', width: 24 },
  { field: 'companyName', label: 'companyId', width: 24 },
  { field: 'assignToName', label: 'assignTo' },
  { field: 'delegateToName', label: 'delegateTo' },
  { field: 'customer' },
  { field: 'customerEmail', width: 28 },
  { field: 'ticketFrom', values: 'ticketFrom', width: 12 },
  { field: 'openDate' },
  { field: 'closeDate' },
  { field: 'dueDate' },
  { field: 'privateTicket', values: 'boolean', width: 8 },
  { field: 'tags', width: 30 },
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
    moreExportColumns: customFieldExportColumns,
    operations: {
      query: queryTickets,
      get: getTicket,
      detail: ticketDetail,
      add: async (db, actor, input) => ticketAnswer(db, await createTicket(db, actor, input)),
      async update(db, actor, input) {
        const result = await updateTicket(db, actor, input);
        cleanUp(result.removedFiles);
        return ticketAnswer(db, result.value);
      },
      async remove(db, actor, ids) {
        const result = await deleteTickets(db, actor, ids);
        cleanUp(result.removedFiles);
        return result.value;
      },
      // Not a generator: a bad date range is refused before the file starts.
      rowsForExport: (db, actor, query) =>
        withCustomValues(db, withTags(db, ticketRowsInOrder(db, exportFilter(actor, query)))),
    },
  });
};
