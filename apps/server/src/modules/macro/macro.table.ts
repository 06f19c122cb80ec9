import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MacroAction } from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys, userKey } from '../user/user.table.js';

/** A macro (contract section 20): named steps an agent applies to tickets; private to its owner unless shared. */
export const macro = pgTable(
  'macro',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    // Read whole when applied and never queried inside: jsonb, in the shape the API gives.
    actions: jsonb('actions').$type<MacroAction[]>().notNull(),
    ownerId: integer('owner_id').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** A shared macro serves these groups' members; none: everyone who uses macros. */
    groupIds: integer('group_ids').array().notNull().default([]),
    /** Set on the demo's macros, so their names read in each language while unchanged. */
    seedCode: text('seed_code'),
  },
  (t) => [
    index('macro_owner_idx').on(t.ownerId),
    uniqueIndex('macro_seed_code_uq').on(t.seedCode),
    userKey('macro_owner_fk', t.ownerId),
    ...authorKeys('macro', t),
  ],
);
