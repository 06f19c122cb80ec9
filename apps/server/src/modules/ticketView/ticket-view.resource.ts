import { getTableColumns } from 'drizzle-orm';
import {
  msg,
  ticketViewCreateSchema,
  ticketViewListQuerySchema,
  ticketViewMessages,
  ticketViewSchema,
  ticketViewUpdateSchema,
  type TicketView,
} from '@casedesk/shared';
import { AppError } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { userNameSql } from '../../platform/user-directory.js';
import { mayManage, mayShare, ticketViewScope } from './ticket-view.policy.js';
import { checkTicketView } from './ticket-view.service.js';
import { ticketView } from './ticket-view.table.js';

const schemas = {
  record: ticketViewSchema,
  create: ticketViewCreateSchema,
  update: ticketViewUpdateSchema,
  query: ticketViewListQuerySchema,
};
type TicketViewRow = Omit<TicketView, 'createdAt' | 'modifiedAt'> & { createdAt: Date; modifiedAt: Date };

const refuseSharing = () => new AppError('FORBIDDEN', msg(ticketViewMessages, 'sharedNeedsManage'));

/**
 * Saved ticket views: the kit's reads under `ticketViewScope`, its writes behind `mayManage`; Add and Update judge
 * sharing and the groups with the caller in hand, so they are the module's.
 */
export const ticketViewResource = defineResource<typeof ticketView, typeof schemas, TicketViewRow>({
  name: 'TicketView',
  module: 'ticketView',
  label: 'ticketView',
  table: ticketView,
  schemas,
  // Every call is every agent's (their private views); managing shared ones is the policy's `ticketView:*` check.
  access: {
    create: 'ticketView:view',
    edit: 'ticketView:view',
    delete: 'ticketView:view',
    batchDelete: 'ticketView:view',
  },
  columns: { ...getTableColumns(ticketView), ownerName: userNameSql(ticketView.ownerId) },
  keywordColumns: [ticketView.name],
  sortable: { name: ticketView.name, shared: ticketView.shared, modifiedAt: ticketView.modifiedAt },
  defaultOrder: [{ field: 'name', desc: false }],
  scope: ticketViewScope,
  policy: {
    can: (actor, action, row) => mayManage(actor, action === 'delete' ? 'delete' : 'edit', row),
    refusal: msg(ticketViewMessages, 'notYours'),
  },
  rowOf: (row, actor) => {
    const shown = row as unknown as TicketViewRow;
    return { ...shown, canManage: mayManage(actor, 'edit', shown) };
  },
  operations: {
    async add(db, actor, input): Promise<TicketViewRow> {
      if (input.shared && !mayShare(actor, true)) throw refuseSharing();
      await db.transaction((tx) => checkTicketView(tx, input));
      return ticketViewResource.generic.add(db, actor, { ...input, ownerId: actor.userId } as typeof input);
    },
    async update(db, actor, input): Promise<TicketViewRow> {
      if (input.shared && !mayShare(actor, false)) throw refuseSharing();
      await db.transaction((tx) => checkTicketView(tx, input));
      return ticketViewResource.generic.update(db, actor, input);
    },
  },
  exportColumns: [{ field: 'name', width: 30 }, { field: 'shared' }, { field: 'ownerName' }, { field: 'modifiedAt' }],
});
