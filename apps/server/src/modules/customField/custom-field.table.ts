import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
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
 * and never queried inside: jsonb, in the API's shape. Values live with their records (`customValueTable`).
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

/**
 * A record kind's custom field values (contract 21), typed so that a filter is an index read: text, dates (ISO
 * text, which sorts as time), options and yes/no in `textValue`; numbers, decimals and user ids in `numberValue`.
 * A multiselect has a row per chosen option. Every kind has the same shape and indexes (`<kind>_custom_value`);
 * measured against a jsonb column with a GIN index: docs/architecture.md.
 */
export function customValueTable(kind: 'ticket' | 'invoice' | 'requisition', recordId: () => AnyPgColumn) {
  const name = `${kind}_custom_value`;
  return pgTable(
    name,
    {
      recordId: integer(`${kind}_id`).notNull().references(recordId, { onDelete: 'cascade' }),
      fieldId: integer('field_id').notNull(),
      textValue: text('text_value'),
      numberValue: numeric('number_value'),
    },
    (t) => [
      index(`${name}_${kind}_idx`).on(t.recordId),
      index(`${name}_text_idx`).on(t.fieldId, t.textValue, t.recordId),
      index(`${name}_number_idx`).on(t.fieldId, t.numberValue, t.recordId),
      // A field holding values cannot be deleted under them (archived instead); worded by the definitions' resource.
      foreignKey({ name: `${name}_field_fk`, columns: [t.fieldId], foreignColumns: [customField.id] }).onDelete(
        'restrict',
      ),
    ],
  );
}
export type CustomValuesTable = ReturnType<typeof customValueTable>;
