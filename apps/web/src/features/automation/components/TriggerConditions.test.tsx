import { act, createElement, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { TicketFormOptions, TriggerCondition, TriggerDryRunResult, TriggerEvent } from '@casedesk/shared';
import { clearSession, startSession } from '../../../platform/auth-store';
import { ticketFormOptionsQuery } from '../../../platform/pickers/ticket-options';
import { useScreenTest } from '../../../platform/screen-test.fixture';
import { testUser } from '../../../platform/user-info.fixture';
import zhCn from '../locales/zh-cn.json';
import { DryRunResult } from './DryRunPanel';
import { TriggerConditions } from './TriggerConditions';

const mount = useScreenTest('zh-cn');
const words = zhCn.automation;

function render(node: React.ReactElement, options?: Partial<TicketFormOptions>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (options) client.setQueryData(ticketFormOptionsQuery.queryKey, options as TicketFormOptions);
  return mount(createElement(QueryClientProvider, { client }, node));
}

let current: TriggerCondition[] = [];
function Conditions({ start, event }: { start: TriggerCondition[]; event: TriggerEvent }) {
  const [value, setValue] = useState(start);
  current = value;
  return <TriggerConditions event={event} value={value} onChange={setValue} />;
}

const shownOps = (row: Element) => row.querySelector('.trigger-condition-op .ant-select-content')?.textContent;

describe('the trigger editor reads as a sentence, in the reader’s words', () => {
  it('shows each condition as "and <field> <operator> <value>" with labels, never codes', () => {
    const host = render(
      <Conditions
        event="comment.added"
        start={[
          { field: 'priority', op: 'ge', value: 'High' },
          { field: 'comment.public', op: 'eq', value: true },
          { field: 'hoursSinceCreated', op: 'gt', value: 48 },
        ]}
      />,
    );
    const rows = [...host.querySelectorAll('.trigger-condition')];
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain(words.trigger.sentence.and);
    expect(rows[0]!.textContent).toContain(words.trigger.field.priority);
    expect(shownOps(rows[0]!)).toBe(words.trigger.op.ge);
    expect(rows[0]!.textContent).toContain('高');
    expect(rows[1]!.textContent).toContain(words.trigger.field.comment.public);
    expect(rows[1]!.textContent).toContain('是');
    expect(rows[2]!.querySelector<HTMLInputElement>('.trigger-condition-value input')?.value).toBe('48');
    expect(host.textContent).not.toMatch(/comment\.public|High|priority/);
  });

  it('says a trigger without conditions acts on every ticket, and adds a row on request', () => {
    const host = render(<Conditions event="ticket.created" start={[]} />);
    expect(host.textContent).toContain(words.trigger.always);
    act(() => (host.querySelector('.ant-btn-dashed') as HTMLButtonElement).click());
    expect(current).toEqual([{ field: 'priority', op: 'eq', value: 'High' }]);
    expect(host.querySelectorAll('.trigger-condition')).toHaveLength(1);
  });

  it('asks no value for "changed"', () => {
    const host = render(<Conditions event="ticket.updated" start={[{ field: 'status', op: 'changed' }]} />);
    const row = host.querySelector('.trigger-condition')!;
    expect(shownOps(row)).toBe(words.trigger.op.changed);
    expect(row.querySelector('.trigger-condition-value')!.children).toHaveLength(0);
  });
});

describe('the dry run shows what would happen', () => {
  const result: TriggerDryRunResult = {
    matched: false,
    conditions: [
      { index: 0, holds: true, actual: 'Urgent' },
      { index: 1, holds: false, actual: 'Assigned' },
      { index: 2, holds: null, actual: 'Assigned' },
    ],
    actions: [
      { index: 0, kind: 'set', changes: { status: { from: 'Assigned', to: 'Resolved' } }, summary: '', problem: null },
      { index: 1, kind: 'webhookId', changes: {}, summary: 'Chat', problem: 'Unknown webhook.' },
    ],
  };
  const rule = {
    name: 'VIP',
    event: 'ticket.updated' as const,
    cron: null,
    conditions: [
      { field: 'priority', op: 'eq' as const, value: 'Urgent' },
      { field: 'status', op: 'eq' as const, value: 'New' },
      { field: 'status', op: 'changed' as const },
    ],
    actions: [{ set: { status: 'Resolved' as const } }, { webhookId: 4 }],
  };

  it('marks each condition ✓, ✗ or — with the ticket’s value, and each change from → to, labelled', () => {
    const host = render(<DryRunResult rule={rule} result={result} />);
    expect(host.textContent).toContain(words.dryRun.notMatched);
    const conditions = [...host.querySelectorAll('.dry-run-condition')];
    expect(conditions.map((c) => c.querySelector('[aria-label]')?.getAttribute('aria-label'))).toEqual([
      words.dryRun.holds,
      words.dryRun.fails,
      words.dryRun.unknown,
    ]);
    expect(conditions[0]!.textContent).toContain('优先级是紧急');
    expect(conditions[1]!.textContent).toContain('（工单的值：已分配）');
    const actions = [...host.querySelectorAll('.dry-run-action')];
    expect(actions[0]!.textContent).toContain(words.values.actionKind.set);
    expect(actions[0]!.textContent).toContain('状态：已分配 → 已解决');
    expect(actions[1]!.textContent).toContain('Chat');
    expect(actions[1]!.textContent).toContain('Unknown webhook.');
    expect(host.textContent).not.toMatch(/Assigned|Resolved|Urgent/);
  });

  it('names the projects and users a condition or a change gives by id, and numbers those it does not know', () => {
    startSession({ token: 't', exp: 0, refreshToken: 'r' }, { ...testUser, authBtnList: ['ticket:view'] });
    const host = render(
      <DryRunResult
        rule={{
          name: 'On call',
          event: 'ticket.created',
          cron: null,
          conditions: [{ field: 'projectId', op: 'eq', value: 7 }],
          actions: [{ set: { assignTo: 42 } }],
        }}
        result={{
          matched: true,
          conditions: [{ index: 0, holds: true, actual: 7 }],
          actions: [{ index: 0, kind: 'set', changes: { assignTo: { from: 9, to: 42 } }, summary: '', problem: null }],
        }}
      />,
      {
        projects: [{ id: 7, code: 'OPS', name: '运维服务台', businessUnit: null, companyIds: [] }],
        users: [{ id: 42, loginName: 'oona', name: '欧娜' }],
      },
    );
    expect(host.querySelector('.dry-run-condition')!.textContent).toContain('项目是运维服务台');
    expect(host.querySelector('.dry-run-change')!.textContent).toContain('#9 → 欧娜');
    expect(host.textContent).not.toContain('#7');
  });
});

afterEach(() => clearSession());
