import type { Condition } from './workflow.schemas.js';

const comparable = (value: unknown): number | string | null => {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return null;
};

const isoDate = /^\d{4}-\d{2}-\d{2}(T|$)/;

/**
 * Numbers compare as numbers (a decimal amount may arrive as text), dates as instants (a date and a date with a
 * time, e.g. a custom datetime field against a day), everything else as text.
 */
function compare(left: unknown, right: unknown): number | null {
  const a = comparable(left);
  const b = comparable(right);
  if (a === null || b === null) return null;
  if (typeof a === 'string' && typeof b === 'string' && isoDate.test(a) && isoDate.test(b)) {
    const [x, y] = [Date.parse(a), Date.parse(b)];
    if (Number.isFinite(x) && Number.isFinite(y)) return x === y ? 0 : x < y ? -1 : 1;
  }
  const x = Number(a);
  const y = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(x) && Number.isFinite(y)) return x === y ? 0 : x < y ? -1 : 1;
  return String(a) === String(b) ? 0 : String(a) < String(b) ? -1 : 1;
}

/**
 * Whether a record's fields meet one condition (condition branches, the registry, SLA policies). A missing or null
 * field meets only `ne` (so a custom field archived or never filled fails the others); `in` takes a list;
 * `contains` asks whether a list (a multiselect's options) holds the value. The same function runs in the
 * designer's preview and on the server.
 */
export function evaluateCondition(condition: Condition, fields: Record<string, unknown>): boolean {
  const value = fields[condition.field];
  if (condition.op === 'contains') {
    const wanted = Array.isArray(condition.value) ? condition.value : [condition.value];
    return Array.isArray(value) && wanted.every((item) => value.some((member) => compare(member, item) === 0));
  }
  if (condition.op === 'in') {
    const list = Array.isArray(condition.value) ? condition.value : [condition.value];
    return value !== null && value !== undefined && list.some((item) => compare(value, item) === 0);
  }
  if (value === null || value === undefined) return condition.op === 'ne';
  const order = compare(value, condition.value);
  if (order === null) return condition.op === 'ne';
  switch (condition.op) {
    case 'eq':
      return order === 0;
    case 'ne':
      return order !== 0;
    case 'gt':
      return order > 0;
    case 'ge':
      return order >= 0;
    case 'lt':
      return order < 0;
    case 'le':
      return order <= 0;
  }
}

/** All of them hold (an empty list always does). */
export const evaluateConditions = (conditions: readonly Condition[], fields: Record<string, unknown>): boolean =>
  conditions.every((condition) => evaluateCondition(condition, fields));
