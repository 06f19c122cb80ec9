import {
  openItemCreateSchema,
  openItemDetailSchema,
  openItemPageSchema,
  openItemQuerySchema,
  openItemSchema,
  openItemUpdateSchema,
  type OpenItem,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { removeStoredFiles } from '../file/index.js';
import { openItemScopeAlone } from './openItem.policy.js';
import {
  addOpenItem,
  deleteOpenItems,
  getOpenItem,
  openItemDetail,
  openItemsForExport,
  queryOpenItems,
  updateOpenItem,
} from './openItem.service.js';
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
 * `/api/OpenItem/...`: every call is the module's own (the ticket's visibility, serials under the ticket's lock,
 * the spec's delete rules and the ticket cancellation); writes that drop files remove them once committed.
 */
export const createOpenItemResource = (dataDir: string) => {
  const cleanUp = (paths: string[]) => void removeStoredFiles(dataDir, paths);
  return defineResource<typeof openItem, typeof schemas, OpenItem>({
    name: 'OpenItem',
    module: 'openItem',
    label: 'open item',
    table: openItem,
    schemas,
    keywordColumns: [],
    scope: openItemScopeAlone,
    exportSheet: 'Open items',
    exportColumns: [
      { header: 'Ticket', field: 'ticketNumber', width: 18 },
      { header: 'Serial', field: 'serial', width: 8 },
      { header: 'Description', field: 'description', width: 40 },
      { header: 'Status', field: 'status', width: 12 },
      { header: 'Priority', field: 'priority', width: 10 },
      { header: 'Project', field: 'projectName', width: 24 },
      { header: 'Task category', field: 'taskCategory', width: 16 },
      { header: 'Point of contact', field: 'pointOfContactName', width: 20 },
      { header: 'Open date', field: 'openDate', width: 12 },
      { header: 'Close date', field: 'closeDate', width: 20 },
      { header: 'LOE (hours)', field: 'loe', width: 10 },
      { header: 'Approved date', field: 'approvedDate', width: 12 },
      { header: 'Comment', field: 'comment', width: 40 },
    ],
    operations: {
      query: queryOpenItems,
      get: getOpenItem,
      detail: openItemDetail,
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
      rowsForExport: openItemsForExport,
    },
  });
};
