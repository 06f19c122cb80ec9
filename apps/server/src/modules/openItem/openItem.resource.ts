import { eq } from 'drizzle-orm';
import {
  openItemCreateSchema,
  openItemDetailSchema,
  openItemPageSchema,
  openItemQuerySchema,
  openItemSchema,
  openItemUpdateSchema,
  type OpenItem,
  type TicketStatus,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { removeStoredFiles } from '../file/index.js';
import { ticket } from '../ticket/index.js';
import { openItemActionsFor, openItemScope } from './openItem.policy.js';
import {
  openItemColumns,
  openItemDefaultOrder,
  openItemFilterFields,
  openItemFilters,
  openItemSortable,
  openItemTotals,
} from './openItem.queries.js';
import { addOpenItem, deleteOpenItems, openItemDetails, updateOpenItem } from './openItem.service.js';
import { openItem } from './openItem.table.js';

const schemas = {
  record: openItemSchema,
  create: openItemCreateSchema,
  update: openItemUpdateSchema,
  query: openItemQuerySchema,
  detail: openItemDetailSchema,
  page: openItemPageSchema,
};

/**
 * `/api/OpenItem/...`: an item is read with its ticket (visible when the ticket is, read-only once it is closed),
 * the list page adds the LOE total; the writes are the module's own (serials under the ticket's lock, the spec's
 * delete rules and the ticket cancellation), and those that drop files remove them once committed.
 */
export const createOpenItemResource = (dataDir: string) => {
  const cleanUp = (paths: string[]) => void removeStoredFiles(dataDir, paths);
  return defineResource<typeof openItem, typeof schemas, OpenItem>({
    name: 'OpenItem',
    module: 'openItem',
    label: 'open item',
    table: openItem,
    schemas,
    columns: openItemColumns,
    join: (select) => select.innerJoin(ticket, eq(ticket.id, openItem.ticketId)),
    // The keyword searches the description, the comment and the ticket's number (the filters).
    keywordColumns: [],
    sortable: openItemSortable,
    defaultOrder: openItemDefaultOrder,
    filterFields: openItemFilterFields,
    filters: (query) => [openItemFilters(query)],
    listTotals: openItemTotals,
    scope: openItemScope,
    // Every read joins the ticket, so its status is there.
    policy: { actions: (actor, row) => openItemActionsFor(actor, row.ticketStatus as TicketStatus) },
    loadDetail: openItemDetails,
    exportColumns: [
      { field: 'ticketNumber', width: 18 },
      { field: 'serial', width: 8 },
      { field: 'description', width: 40 },
      { field: 'status', values: 'openItemStatus', width: 12 },
      { field: 'priority', values: 'ticketPriority', width: 10 },
      { field: 'projectName', label: 'projectId', width: 24 },
      {
        field: 'taskCategory',
        width: 16,
        dictionary: 'taskCategory',
      },
      { field: 'pointOfContactName', label: 'pointOfContact', width: 20 },
      { field: 'openDate', width: 12 },
      { field: 'closeDate', width: 20 },
      { field: 'loe', width: 10 },
      { field: 'approvedDate', width: 12 },
      { field: 'comment', width: 40 },
    ],
    operations: {
      add: addOpenItem,
      async update(db, actor, input) {
        const result = await updateOpenItem(db, actor, input);
        cleanUp(result.removedFiles);
        return result.value;
      },
      async remove(db, actor, ids) {
        const result = await deleteOpenItems(db, actor, ids);
        cleanUp(result.removedFiles);
        return result.value;
      },
    },
  });
};
