import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CustomFieldDefinition, CustomFieldEntity } from '@casedesk/shared';
import type { Queryable } from '../../platform/db.js';
import { customField } from './custom-field.table.js';

/** A record kind's value table, registered by the module above that owns it (the in-use count reads it). */
export type CustomValueTable = { entity: CustomFieldEntity; table: PgTable; recordId: PgColumn; fieldId: PgColumn };
export const customValueTables: CustomValueTable[] = [];
export function registerCustomValueTable(table: CustomValueTable) {
  if (!customValueTables.some((known) => known.table === table.table)) customValueTables.push(table);
}

/**
 * Every definition of a record kind, archived ones too (their stored values still read), in the form's order.
 * The value check itself (`checkCustomValues`) is shared with the web form.
 */
export async function customFieldDefinitions(
  q: Queryable,
  entity: CustomFieldEntity,
): Promise<CustomFieldDefinition[]> {
  return q
    .select({
      id: customField.id,
      key: customField.key,
      type: customField.type,
      label: customField.label,
      options: customField.options,
      required: customField.required,
      validation: customField.validation,
      categoryIds: customField.categoryIds,
      status: customField.status,
    })
    .from(customField)
    .where(eq(customField.appliesTo, entity))
    .orderBy(asc(customField.sort), asc(customField.id));
}
