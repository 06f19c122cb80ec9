import { foreignKey, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { openItem } from '../openItem/openItem.table.js';
import { ticket } from '../ticket/ticket.table.js';

/**
 * The fulfilment items made for a ticket raised from the catalog: item `itemIndex` of its request type became open
 * item `openItemId`. The key makes an item once, whatever re-runs; it is written in the transaction that makes the
 * open item (a crash leaves both or neither).
 */
export const requestFulfilment = pgTable(
  'request_fulfilment',
  {
    ticketId: integer('ticket_id').notNull(),
    itemIndex: integer('item_index').notNull(),
    openItemId: integer('open_item_id'),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.itemIndex] }),
    foreignKey({ name: 'request_fulfilment_ticket_fk', columns: [t.ticketId], foreignColumns: [ticket.id] }).onDelete(
      'cascade',
    ),
    // A deleted open item stays made (never made again): the row keeps no item.
    foreignKey({
      name: 'request_fulfilment_open_item_fk',
      columns: [t.openItemId],
      foreignColumns: [openItem.id],
    }).onDelete('set null'),
  ],
);
