import {
  customFieldEntries,
  evaluateCondition,
  ticketPriorities,
  type Condition,
  type SlaTicketFields,
} from '@casedesk/shared';

/** What choosing a policy reads of one: its order, whether it is on, and its conditions. */
export type MatchablePolicy = { priority: number; status: 'Active' | 'Inactive'; conditions: readonly Condition[] };

/** Low 0 … Urgent 3: "priority ≥ High" means High and Urgent, not an alphabetical comparison. */
const priorityRank = (value: unknown) =>
  typeof value === 'string' && (ticketPriorities as readonly string[]).includes(value)
    ? ticketPriorities.indexOf(value as (typeof ticketPriorities)[number])
    : value;

/** A priority condition and field as ranks, so `evaluateCondition` compares them as numbers. */
function ranked(condition: Condition): Condition {
  if (condition.field !== 'priority') return condition;
  const value = Array.isArray(condition.value)
    ? condition.value.map((item) => priorityRank(item) as string | number)
    : (priorityRank(condition.value) as string | number);
  return { ...condition, value };
}

/**
 * Whether a ticket's fields meet every condition (none: every ticket). Ids compare as numbers, `in` by list;
 * `custom.<key>` reads the ticket's custom value (none: the condition fails, as for other empty fields).
 */
export function policyHolds(conditions: readonly Condition[], ticket: SlaTicketFields): boolean {
  const { customFields, ...fixed } = ticket;
  const fields: Record<string, unknown> = {
    ...fixed,
    ...customFieldEntries(customFields ?? {}),
    priority: priorityRank(ticket.priority),
  };
  return conditions.every((condition) => evaluateCondition(ranked(condition), fields));
}

/** Whether any of the policies reads a custom field (only then need a ticket's custom values be read). */
export const policiesReadCustom = (policies: readonly MatchablePolicy[]) =>
  policies.some((policy) => policy.conditions.some((condition) => condition.field.startsWith('custom.')));

/** The first active policy, lowest `priority` first (ties: the order given), whose conditions all hold. */
export function policyFor<P extends MatchablePolicy>(policies: readonly P[], ticket: SlaTicketFields): P | undefined {
  return policies
    .map((policy, index) => ({ policy, index }))
    .filter(({ policy }) => policy.status === 'Active')
    .sort((a, b) => a.policy.priority - b.policy.priority || a.index - b.index)
    .find(({ policy }) => policyHolds(policy.conditions, ticket))?.policy;
}
