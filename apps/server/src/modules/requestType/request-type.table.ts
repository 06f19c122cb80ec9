import { foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  activeStatuses,
  requestTypeIcons,
  type CustomFieldLabel,
  type RequestTypeField,
  type RequestTypeFulfilment,
} from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { category } from '../category/category.table.js';
import { authorKeys } from '../user/user.table.js';

/**
 * A request type, an item of the request catalog (contract section 21): a form of ticket custom fields that
 * becomes a ticket of its category, starts its workflow and makes its fulfilment open items. Texts, fields and
 * fulfilment are read whole with the type and never queried inside: jsonb, in the API's shape.
 */
export const requestType = pgTable(
  'request_type',
  {
    ...recordColumns(),
    name: jsonb('name').$type<CustomFieldLabel>().notNull(),
    description: jsonb('description').$type<CustomFieldLabel>().notNull(),
    icon: text('icon', { enum: requestTypeIcons }).notNull().default('question'),
    categoryId: integer('category_id').notNull(),
    /** Projects it is offered in; none: every project the requester may raise tickets in. */
    projectIds: integer('project_ids').array().notNull().default([]),
    fields: jsonb('fields').$type<RequestTypeField[]>().notNull().default([]),
    /** The workflow definition's code it starts on submit; null: no approval. */
    workflowCode: text('workflow_code'),
    fulfilment: jsonb('fulfilment').$type<RequestTypeFulfilment[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: activeStatuses }).notNull().default('Active'),
    seedCode: text('seed_code'),
  },
  (t) => [
    index('request_type_sort_idx').on(t.sort),
    uniqueIndex('request_type_seed_code_uq').on(t.seedCode),
    foreignKey({ name: 'request_type_category_fk', columns: [t.categoryId], foreignColumns: [category.id] }).onDelete(
      'restrict',
    ),
    ...authorKeys('request_type', t),
  ],
);
