import {
  evaluateCondition,
  customKeyOf,
  ticketPriorities,
  type Condition,
  type TriggerCondition,
} from '@casedesk/shared';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** Low 0 … Urgent 3: "priority ≥ High" means High and Urgent (as the SLA policies rank it). */
const priorityRank = (value: unknown) =>
  typeof value === 'string' && (ticketPriorities as readonly string[]).includes(value)
    ? ticketPriorities.indexOf(value as (typeof ticketPriorities)[number])
    : value;

const same = (a: unknown, b: unknown) => evaluateCondition({ field: 'v', op: 'eq', value: b as string }, { v: a });

/** A field's change in `changes` (the ticket history's shape: custom values nested under `customFields`). */
function changeOf(field: string, changes: Changes): { from: unknown; to: unknown } | undefined {
  const key = customKeyOf(field);
  if (key === null) return changes[field];
  const custom = changes.customFields as { from: Record<string, unknown>; to: Record<string, unknown> } | undefined;
  return custom && Object.hasOwn(custom.to, key) ? { from: custom.from[key] ?? null, to: custom.to[key] } : undefined;
}

/** `changedTo` / `changedFrom` on a list (tags): the value was added / removed. */
const listHolds = (list: unknown, value: unknown) => Array.isArray(list) && list.some((item) => same(item, value));

/**
 * Whether one condition holds for a ticket's fields (`fields`, as the trigger reads them) and, on an update, its
 * change. Fixed and custom fields compare as the registry and SLA policies do (`evaluateCondition`), priority by
 * rank; the change operators read `changes`. Without a change (a dry run on a ticket), a change operator is null.
 */
export function conditionHolds(
  condition: TriggerCondition,
  fields: Record<string, unknown>,
  changes: Changes | undefined,
): boolean | null {
  const { field, op, value } = condition;
  if (op === 'changed' || op === 'changedTo' || op === 'changedFrom') {
    if (!changes) return null;
    const change = changeOf(field, changes);
    if (!change) return false;
    if (op === 'changed') return true;
    const side = op === 'changedTo' ? change.to : change.from;
    const other = op === 'changedTo' ? change.from : change.to;
    if (field === 'tags') return listHolds(side, value) && !listHolds(other, value);
    return same(side, value);
  }
  // "Contains" on a text (the subject, the customer's address, a text custom field) is a part of it in any case; the
  // registry's `contains` is for lists only (tags, a multiselect: every value among the items).
  const actual = fields[field];
  if (op === 'contains' && typeof actual === 'string')
    return typeof value === 'string' && actual.toLocaleLowerCase().includes(value.toLocaleLowerCase());
  const ranked = field === 'priority';
  const rankedValue = ranked
    ? Array.isArray(value)
      ? value.map((item) => priorityRank(item) as string | number)
      : (priorityRank(value) as string | number)
    : value;
  const shown = ranked ? { ...fields, priority: priorityRank(fields.priority) } : fields;
  return evaluateCondition({ field, op, value: rankedValue } as Condition, shown);
}
