import type { CustomFieldDefinition, CustomFieldLanguage, CustomValues } from '../customField/custom-field.schemas.js';
import {
  businessFields,
  type BusinessField,
  type BusinessFieldKind,
  type ConditionOp,
  type WorkflowType,
} from './workflow-graph.schemas.js';

/*
 * Custom fields as fields of a business record (contract 21): conditions (graph, registry, SLA), `recordField`
 * approvers and node field permissions name them `custom.<key>`. Each record type's adapter adds its values under
 * these names; the definition decides how a condition compares them.
 */

export const customFieldPrefix = 'custom.';
/** The name a custom field has among a record's fields. */
export const customFieldName = (key: string) => `${customFieldPrefix}${key}`;
/** The key of a `custom.<key>` name; null for a fixed field. */
export const customKeyOf = (name: string): string | null =>
  name.startsWith(customFieldPrefix) ? name.slice(customFieldPrefix.length) : null;

/** What a custom field's type compares as: amounts as numbers, dates as dates, options by value, lists by member. */
const kindOfType: Record<CustomFieldDefinition['type'], BusinessFieldKind> = {
  text: 'text',
  textarea: 'text',
  number: 'number',
  decimal: 'number',
  date: 'date',
  datetime: 'date',
  select: 'enum',
  multiselect: 'multi',
  user: 'user',
  checkbox: 'boolean',
};

export type CustomFieldForConditions = Pick<CustomFieldDefinition, 'key' | 'type' | 'options' | 'label'>;

/** A custom field as a condition field, with its own label and its options' values. */
export const customBusinessField = (def: CustomFieldForConditions): BusinessField => ({
  name: customFieldName(def.key),
  kind: kindOfType[def.type],
  label: def.label,
  ...(def.type === 'select' || def.type === 'multiselect' ? { options: def.options.map((o) => o.value) } : {}),
});

/** The fields of a record type that conditions may read: its fixed fields, then its custom fields. */
export const recordFields = (
  type: WorkflowType,
  customFields: readonly CustomFieldForConditions[] = [],
): BusinessField[] => [...businessFields[type], ...customFields.map(customBusinessField)];

/** A record's custom values under their field names (`{ "custom.budget": 2500 }`), to join its fixed fields. */
export const customFieldEntries = (values: CustomValues): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [customFieldName(key), value]));

/** How a field is named to a reader in a refusal: a custom field by its label, a fixed one by its name. */
export const fieldNameFor = (field: BusinessField | undefined, name: string, language: CustomFieldLanguage = 'en') =>
  field?.label?.[language] ?? name;

/** The operators that mean something for a kind of field (order for amounts and dates; `contains` for lists). */
export function conditionOpsFor(kind: BusinessFieldKind | undefined): ConditionOp[] {
  switch (kind) {
    case 'number':
    case 'date':
      return ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'];
    case 'multi':
      return ['contains'];
    case 'boolean':
      return ['eq', 'ne'];
    default:
      return ['eq', 'ne', 'in'];
  }
}
