import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  activeStatuses,
  customFieldEntities,
  customFieldTypes,
  type CustomFieldLabel,
  type CustomFieldOption,
  type CustomFieldValidation,
} from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/**
 * A custom field's definition (contract section 21). Labels, options and rules are read whole with the definition
 * and never queried inside: jsonb, in the API's shape. Values live with their records (`ticket_custom_value`).
 */
export const customField = pgTable(
  'custom_field',
  {
    ...recordColumns(),
    key: text('key').notNull(),
    appliesTo: text('applies_to', { enum: customFieldEntities }).notNull().default('Ticket'),
    type: text('type', { enum: customFieldTypes }).notNull(),
    label: jsonb('label').$type<CustomFieldLabel>().notNull(),
    options: jsonb('options').$type<CustomFieldOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    validation: jsonb('validation').$type<CustomFieldValidation>().notNull().default({}),
    /** Categories it applies to; none: all. */
    categoryIds: integer('category_ids').array().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: activeStatuses }).notNull().default('Active'),
  },
  (t) => [
    uniqueIndex('custom_field_key_uq').on(t.appliesTo, t.key),
    index('custom_field_applies_to_idx').on(t.appliesTo, t.sort),
    ...authorKeys('custom_field', t),
  ],
);
