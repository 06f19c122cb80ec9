import {
  changeOps,
  conditionOpsFor,
  customBusinessField,
  triggerFieldsOf,
  type CustomFieldDefinition,
  type TriggerCondition,
  type TriggerConditionOp,
  type TriggerEvent,
} from '@casedesk/shared';

// What the trigger editor offers for one condition: the operators that fit a field at an event, and the input its
// value needs. The rules are the shared `triggerValueFits`'s; the server judges the custom fields.

/** The input a condition's value takes. */
export type ValueInput =
  | 'status'
  | 'priority'
  | 'ticketFrom'
  | 'approvalStatus'
  | 'slaTarget'
  | 'project'
  | 'category'
  | 'company'
  | 'user'
  | 'ticketType'
  | 'businessUnit'
  | 'yesNo'
  | 'tags'
  | 'hours'
  | 'text';

const inputs: Record<string, ValueInput> = {
  status: 'status',
  priority: 'priority',
  ticketFrom: 'ticketFrom',
  'approval.status': 'approvalStatus',
  'sla.target': 'slaTarget',
  projectId: 'project',
  categoryId: 'category',
  companyId: 'company',
  assignTo: 'user',
  ticketType: 'ticketType',
  businessUnit: 'businessUnit',
  privateTicket: 'yesNo',
  'comment.public': 'yesNo',
  'comment.byCustomer': 'yesNo',
  tags: 'tags',
  hoursSinceCreated: 'hours',
  hoursSinceUpdated: 'hours',
};

export const valueInputOf = (field: string): ValueInput => inputs[field] ?? 'text';

const baseOps: Record<ValueInput, readonly TriggerConditionOp[]> = {
  status: ['eq', 'ne', 'in'],
  priority: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'],
  ticketFrom: ['eq', 'ne', 'in'],
  approvalStatus: ['eq', 'ne', 'in'],
  slaTarget: ['eq', 'ne', 'in'],
  project: ['eq', 'ne', 'in'],
  category: ['eq', 'ne', 'in'],
  company: ['eq', 'ne', 'in'],
  user: ['eq', 'ne', 'in'],
  ticketType: ['eq', 'ne', 'in'],
  businessUnit: ['eq', 'ne', 'in'],
  yesNo: ['eq', 'ne'],
  tags: ['contains'],
  hours: ['ge', 'gt', 'le', 'lt', 'eq'],
  text: ['eq', 'ne', 'contains', 'in'],
};

/** Fields whose change a `ticket.updated` trigger may test ("changed", "changed to", "changed from"). */
const changeable = (field: string, custom?: CustomFieldDefinition) =>
  custom !== undefined || (!field.includes('.') && !['hours', 'tags'].includes(valueInputOf(field)));

/** The operators that fit a field at an event: its type's, and the change operators only when a ticket is updated. */
export function opsFor(field: string, event: TriggerEvent, custom?: CustomFieldDefinition): TriggerConditionOp[] {
  const own: readonly TriggerConditionOp[] = custom
    ? conditionOpsFor(customBusinessField(custom).kind)
    : baseOps[valueInputOf(field)];
  return event === 'ticket.updated' && changeable(field, custom) ? [...own, ...changeOps] : [...own];
}

/** The fixed fields a trigger on `event` may test (custom fields join them as `custom.<key>`). */
export const fieldsOf = (event: TriggerEvent): readonly string[] => triggerFieldsOf(event);

/** The value a condition starts with when its field or operator changes: none, a list, or the field's first. */
export function startValue(field: string, op: TriggerConditionOp): TriggerCondition['value'] {
  if (op === 'changed') return undefined;
  if (op === 'in') return [];
  switch (valueInputOf(field)) {
    case 'yesNo':
      return true;
    case 'priority':
      return 'High';
    case 'status':
      return 'New';
    case 'hours':
      return 24;
    case 'ticketFrom':
    case 'approvalStatus':
    case 'slaTarget':
    case 'project':
    case 'category':
    case 'company':
    case 'user':
      return undefined;
    default:
      return '';
  }
}

/** A condition moved to another field or operator keeps what still fits and starts the rest again. */
export function conditionAfter(
  condition: TriggerCondition,
  change: { field?: string; op?: TriggerConditionOp },
  event: TriggerEvent,
  customOf: (field: string) => CustomFieldDefinition | undefined,
): TriggerCondition {
  const field = change.field ?? condition.field;
  const ops = opsFor(field, event, customOf(field));
  const wanted = change.op ?? condition.op;
  const op = ops.includes(wanted) ? wanted : ops[0]!;
  const sameShape =
    field === condition.field &&
    (op === 'in') === (condition.op === 'in') &&
    op !== 'changed' &&
    condition.op !== 'changed';
  return { field, op, value: sameShape ? condition.value : startValue(field, op) };
}

/** Conditions an event change leaves: those whose field the new event knows, with operators that fit it. */
export function conditionsForEvent(
  conditions: TriggerCondition[],
  event: TriggerEvent,
  customOf: (field: string) => CustomFieldDefinition | undefined,
): TriggerCondition[] {
  const known = fieldsOf(event);
  return conditions
    .filter((c) => c.field.startsWith('custom.') || known.includes(c.field))
    .map((c) => conditionAfter(c, {}, event, customOf));
}
