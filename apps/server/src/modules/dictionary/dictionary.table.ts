import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

export const dictionary = pgTable(
  'dictionary',
  {
    ...recordColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    enable: boolean('enable').notNull().default(true),
  },
  (t) => [uniqueIndex('dictionary_code_uq').on(t.code), ...authorKeys('dictionary', t)],
);

/** Items belong to one dictionary and may nest (parentKey names a sibling item's key). */
export const dictionaryItem = pgTable(
  'dictionary_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dictionaryId: integer('dictionary_id')
      .notNull()
      .references(() => dictionary.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    parentKey: text('parent_key'),
    /** The default (English) name; the Chinese ones are optional (`dictionaryItemNameIn` in shared). */
    name: text('name').notNull(),
    nameZhCn: text('name_zh_cn'),
    nameZhTw: text('name_zh_tw'),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
    enable: boolean('enable').notNull().default(true),
  },
  (t) => [
    uniqueIndex('dictionary_item_key_uq').on(t.dictionaryId, t.key),
    index('dictionary_item_dict_idx').on(t.dictionaryId),
  ],
);
