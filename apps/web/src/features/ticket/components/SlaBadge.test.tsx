import { act, createElement, type ReactElement } from 'react';

import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketSla, TicketSlaHold } from '@casedesk/shared';
import { useJsdomBrowser, mountRoot } from '../../../platform/jsdom-browser.fixture';
import { startWithAllTexts } from '../../../platform/all-texts.fixture';
import { SlaBadge } from './SlaBadge';
import { SlaPanel } from './SlaPanel';

/** The service-level clock reads in the reader's words and colours: the list's badge and the ticket page's panel. */
beforeAll(async () => {
  useJsdomBrowser();
  await startWithAllTexts();
});

async function render(element: ReactElement, language = 'en') {
  await act(async () => {
    await i18n.changeLanguage(language);
  });
  const { host, root } = mountRoot();
  act(() => root.render(element));
  return host;
}

const now = Date.parse('2026-12-01T10:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const sla = (over: Partial<NonNullable<TicketSla>> = {}): NonNullable<TicketSla> => ({
  policyId: 1,
  policyName: 'Urgent tickets',
  policySeedCode: 'urgent',
  firstResponseDueAt: at(-60),
  firstResponseAt: at(-90),
  nextUpdateDueAt: null,
  resolutionDueAt: at(135),
  resolvedAt: null,
  paused: false,
  pausedSince: null,
  heldBy: 'agent',
  state: 'ok',
  ...over,
});

/** The badge's text and the class its colour gives. */
async function badge(value: TicketSla, language = 'en') {
  const host = await render(createElement(SlaBadge, { sla: value, now }), language);
  return { text: host.textContent?.trim(), tag: host.querySelector('.ant-tag') };
}

// Ant Design's first render is slow on a busy machine: each test may take longer than the default.
describe('SlaBadge', { timeout: 30_000 }, () => {
  it('counts down to the resolution once the first response was given, in green', async () => {
    const { text, tag } = await badge(sla());
    expect(text).toBe('2h 15m left');
    expect(tag?.className).toContain('ticket-sla-ok');
    expect(tag?.className).toMatch(/ant-tag-(color-)?green/);
  });

  it('counts down to the first response while none was given, amber near it', async () => {
    const { text, tag } = await badge(sla({ firstResponseDueAt: at(25), firstResponseAt: null, state: 'warning' }));
    expect(text).toBe('25m left');
    expect(tag?.className).toMatch(/ant-tag-(color-)?gold/);
  });

  it('counts down to the next update when it is due before the resolution', async () => {
    expect((await badge(sla({ nextUpdateDueAt: at(40) }))).text).toBe('40m left');
    expect((await badge(sla({ nextUpdateDueAt: at(-10), state: 'breached' }))).text).toBe('10m overdue');
    expect((await badge(sla({ nextUpdateDueAt: at(500) }))).text).toBe('2h 15m left');
  });

  it('says how long ago a target passed, in red', async () => {
    const { text, tag } = await badge(sla({ resolutionDueAt: at(-(26 * 60 + 5)), state: 'breached' }));
    expect(text).toBe('1d 2h overdue');
    expect(tag?.className).toMatch(/ant-tag-(color-)?red/);
  });

  it('says a late first response still breaches while the resolution is ahead', async () => {
    const { text } = await badge(sla({ firstResponseAt: at(-30), state: 'breached' }));
    expect(text).toBe('Breached · 2h 15m left');
  });

  it('says whom a paused clock waits on, in grey, without a countdown', async () => {
    const { text, tag } = await badge(
      sla({ state: 'paused', paused: true, pausedSince: at(-10), heldBy: 'customer', resolutionDueAt: at(-5) }),
    );
    expect(text).toBe('Paused · Customer');
    expect(tag?.className).toContain('ticket-sla-paused');
    expect(tag?.className).not.toMatch(/ant-tag-(color-)?(green|gold|red|blue)/);
  });

  it('says a met clock is met, in blue', async () => {
    const { text, tag } = await badge(sla({ state: 'met', resolvedAt: at(-5) }));
    expect(text).toBe('Met');
    expect(tag?.className).toMatch(/ant-tag-(color-)?blue/);
  });

  it('speaks Chinese to a Chinese reader', async () => {
    expect((await badge(sla(), 'zh-cn')).text).toBe('剩余 2小时15分钟');
    expect((await badge(sla({ resolutionDueAt: at(-65), state: 'breached' }), 'zh-tw')).text).toMatch(
      /^已逾期 1\s?小時\s?5\s?分鐘$/,
    );
    expect((await badge(sla({ state: 'paused', paused: true, heldBy: 'approver' }), 'zh-tw')).text).toBe(
      '已暫停 · 審批人',
    );
  });

  it('shows a dash when no service level applies', async () => {
    expect((await badge(null)).text).toBe('—');
  });
});

const holds: TicketSlaHold[] = [
  { heldBy: 'customer', paused: true, status: 'Pending', startedAt: at(-300), endedAt: at(-180), workingMinutes: 120 },
  { heldBy: 'approver', paused: false, status: null, startedAt: at(-60), endedAt: null, workingMinutes: null },
];

describe('SlaPanel', { timeout: 30_000 }, () => {
  it('shows the policy in the reader’s language, the state, the targets and the hold history', async () => {
    const host = await render(createElement(SlaPanel, { sla: sla(), holds, now }), 'zh-cn');
    const text = host.textContent ?? '';
    expect(text).toContain('服务级别');
    expect(text).toContain('紧急工单');
    expect(host.querySelector('.ticket-sla-state-ok')?.textContent).toBe('正常');
    expect(host.querySelector('.ticket-sla-countdown')?.textContent).toBe('剩余 2小时15分钟');
    expect(text).toContain('首次响应截止');
    expect(text).toContain('尚未'); // not resolved yet
    const items = [...host.querySelectorAll('.ticket-sla-hold')].map((el) => el.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('客户 · 挂起');
    expect(items[0]).toContain('计时暂停');
    expect(items[0]).toContain('工作时间 2小时');
    expect(items[1]).toContain('审批人');
    expect(items[1]).toContain('计时继续');
    expect(items[1]).toContain('进行中');
  });

  it('shows a policy name a user gave as written, and when a paused clock stopped', async () => {
    const host = await render(
      createElement(SlaPanel, {
        sla: sla({
          policyName: 'Gold customers',
          policySeedCode: null,
          state: 'paused',
          paused: true,
          pausedSince: at(-10),
          heldBy: 'customer',
        }),
        holds: [],
        now,
      }),
    );
    const text = host.textContent ?? '';
    expect(text).toContain('Gold customers');
    expect(text).toContain('Paused since');
    expect(text).toContain('Waiting onCustomer');
    expect(host.querySelector('.ticket-sla-countdown')).toBeNull();
    expect(text).toContain('The ticket has not waited on anyone yet.');
  });

  it('says quietly that no service level applies', async () => {
    const host = await render(createElement(SlaPanel, { sla: null, holds: [], now }));
    expect(host.textContent).toContain('No service level applies to this ticket.');
    expect(host.querySelector('.ticket-sla-details')).toBeNull();
  });
});
