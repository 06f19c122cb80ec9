import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  msg,
  textModuleCreateSchema,
  textModuleListItemSchema,
  textModuleMessages,
  textModuleQuerySchema,
  textModuleSchema,
  textModuleUpdateSchema,
  pageOf,
  type TextModule,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { userNameSql } from '../../platform/user-directory.js';
import { mayChangeReply, textModuleActionsFor, textModuleScope } from './text-module.policy.js';
import { addTextModule, checkTextModule, updateTextModule, type TextModuleRow } from './text-module.service.js';
import { textModule } from './text-module.table.js';

/** `"text_module"."column"`: the subquery below must not bind a same-named column of its own table. */
const own = (column: PgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The groups a reply is shared with by name, in the order they were chosen; a gone group drops out. */
const groupNames: SQL<TextModule['groupNames']> = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'id', g.id, 'name', g.name) order by chosen.ord), '[]'::jsonb)
  from unnest(${own(textModule.groupIds)}) with ordinality chosen(id, ord) join user_group g on g.id = chosen.id)`;

const schemas = {
  record: textModuleSchema,
  create: textModuleCreateSchema,
  update: textModuleUpdateSchema,
  query: textModuleQuerySchema,
  page: pageOf(textModuleListItemSchema),
};

/** Canned replies: the caller's own and the shared ones of their groups (`textModuleScope`). */
export const textModuleResource = defineResource<typeof textModule, typeof schemas, TextModuleRow>({
  name: 'TextModule',
  module: 'textModule',
  label: 'canned reply',
  table: textModule,
  schemas,
  columns: { ...getTableColumns(textModule), ownerName: userNameSql(textModule.createdBy), groupNames },
  // Lists (the `::` search among them) carry no bodies: Get and Render do.
  listOmits: ['body'],
  keywordColumns: [textModule.name, textModule.keywords],
  sortable: {
    name: textModule.name,
    language: textModule.language,
    shared: textModule.shared,
    modifiedAt: textModule.modifiedAt,
  },
  defaultOrder: [{ field: 'name', desc: false }],
  scope: textModuleScope,
  policy: {
    can: (actor, action, row) => mayChangeReply(actor, action, row),
    refusal: msg(textModuleMessages, 'notYours'),
    actions: textModuleActionsFor,
  },
  check: checkTextModule,
  operations: { add: addTextModule, update: updateTextModule },
  exportColumns: [
    { field: 'name', width: 30 },
    { field: 'keywords', width: 30 },
    { field: 'language', values: 'textModuleLanguage', width: 12 },
    { field: 'shared', values: 'boolean', width: 10 },
    { field: 'ownerName', label: 'owner', width: 20 },
    { field: 'modifiedAt' },
  ],
});
