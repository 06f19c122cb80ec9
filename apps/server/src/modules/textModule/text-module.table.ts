import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { TextModuleLanguage } from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/** A canned reply (contract section 20); its owner is its creator (`createdBy`). */
export const textModule = pgTable(
  'text_module',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    keywords: text('keywords').notNull().default(''),
    body: text('body').notNull(),
    language: text('language').$type<TextModuleLanguage>().notNull().default('all'),
    shared: boolean('shared').notNull().default(false),
    // Read whole with the row and matched by `&&` in the list scope: an array, no join table. A group's delete
    // asks first (the manifest's references), so a reply never silently widens to everyone.
    groupIds: integer('group_ids').array().notNull().default([]),
  },
  (t) => [index('text_module_created_by_idx').on(t.createdBy), ...authorKeys('text_module', t)],
);
