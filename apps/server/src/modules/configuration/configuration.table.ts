import { boolean, foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { dictionaryItem } from '../dictionary/dictionary.table.js';
import { authorKeys } from '../user/user.table.js';

/** Named values for integrations and switches that have no screen of their own. */
export const configuration = pgTable(
  'configuration',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    typeId: integer('type_id'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    enable: boolean('enable').notNull().default(true),
  },
  (t) => [
    uniqueIndex('configuration_name_uq').on(t.name),
    index('configuration_type_idx').on(t.typeId),
    // The type is a dictionary item; a dictionary save that drops an item still in use is refused.
    foreignKey({ name: 'configuration_type_fk', columns: [t.typeId], foreignColumns: [dictionaryItem.id] }).onDelete(
      'restrict',
    ),
    ...authorKeys('configuration', t),
  ],
);
