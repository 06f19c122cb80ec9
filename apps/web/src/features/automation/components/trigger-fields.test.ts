// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { triggerEvents, triggerValueFits, type CustomFieldDefinition } from '@casedesk/shared';
import { conditionAfter, conditionsForEvent, fieldsOf, opsFor, startValue, valueInputOf } from './trigger-fields';

const none = () => undefined;
const level: CustomFieldDefinition = {
  id: 3,
  key: 'level',
  type: 'select',
  label: { en: 'Level', 'zh-cn': '客户级别', 'zh-tw': '客戶級別' },
  options: [{ value: 'gold', label: { en: 'Gold', 'zh-cn': '金牌', 'zh-tw': '金牌' } }],
  required: false,
  validation: {},
  categoryIds: [],
  status: 'Active',
};

describe('the operators a trigger condition offers', () => {
  it('offers "changed", "changed to" and "changed from" only when a ticket is updated', () => {
    expect(opsFor('status', 'ticket.updated')).toEqual(['eq', 'ne', 'in', 'changed', 'changedTo', 'changedFrom']);
    for (const event of triggerEvents.filter((e) => e !== 'ticket.updated'))
      expect(opsFor('status', event), event).toEqual(['eq', 'ne', 'in']);
  });

  it('orders the priority, counts hours, says yes or no, and looks inside tags', () => {
    expect(opsFor('priority', 'ticket.created')).toEqual(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in']);
    expect(opsFor('hoursSinceUpdated', 'ticket.updated')).toEqual(['ge', 'gt', 'le', 'lt', 'eq']);
    expect(opsFor('comment.public', 'comment.added')).toEqual(['eq', 'ne']);
    expect(opsFor('privateTicket', 'ticket.updated')).toEqual(['eq', 'ne', 'changed', 'changedTo', 'changedFrom']);
    expect(opsFor('tags', 'ticket.updated')).toEqual(['contains']);
  });

  it("offers a custom field its type's operators, and its change on update", () => {
    expect(opsFor('custom.level', 'ticket.created', level)).toEqual(['eq', 'ne', 'in']);
    expect(opsFor('custom.level', 'ticket.updated', level)).toContain('changedTo');
  });

  it('offers only the fields the event knows', () => {
    expect(fieldsOf('comment.added')).toContain('comment.public');
    expect(fieldsOf('ticket.created')).not.toContain('comment.public');
    expect(fieldsOf('approval.finished')).toContain('approval.status');
    expect(valueInputOf('assignTo')).toBe('user');
    expect(valueInputOf('subject')).toBe('text');
  });

  it('starts every choice, yes/no and hours condition with a value the shared rule takes', () => {
    for (const event of triggerEvents)
      for (const field of fieldsOf(event)) {
        if (!['status', 'priority', 'yesNo', 'hours'].includes(valueInputOf(field))) continue;
        for (const op of opsFor(field, event).filter((op) => op !== 'in')) {
          const value = startValue(field, op);
          expect(triggerValueFits(field, op, value), `${event} ${field} ${op} ${String(value)}`).toBe(true);
        }
      }
  });
});

describe('a condition moved to another field, operator or event', () => {
  it('keeps the value while its shape still fits, and starts again otherwise', () => {
    const urgent = { field: 'priority', op: 'eq' as const, value: 'Urgent' };
    expect(conditionAfter(urgent, { op: 'ge' }, 'ticket.created', none)).toEqual({ ...urgent, op: 'ge' });
    expect(conditionAfter(urgent, { op: 'in' }, 'ticket.created', none)).toEqual({ ...urgent, op: 'in', value: [] });
    expect(conditionAfter(urgent, { field: 'privateTicket' }, 'ticket.created', none)).toEqual({
      field: 'privateTicket',
      op: 'eq',
      value: true,
    });
    expect(conditionAfter(urgent, { op: 'changed' }, 'ticket.updated', none)).toEqual({
      field: 'priority',
      op: 'changed',
      value: undefined,
    });
  });

  it('drops the fields a new event does not know; a change operator it does not offer becomes "is" with its value', () => {
    const conditions = [
      { field: 'comment.public', op: 'eq' as const, value: true },
      { field: 'status', op: 'changedTo' as const, value: 'Resolved' },
      { field: 'custom.level', op: 'eq' as const, value: 'gold' },
    ];
    expect(conditionsForEvent(conditions, 'ticket.created', (f) => (f === 'custom.level' ? level : undefined))).toEqual(
      [
        { field: 'status', op: 'eq', value: 'Resolved' },
        { field: 'custom.level', op: 'eq', value: 'gold' },
      ],
    );
  });
});
