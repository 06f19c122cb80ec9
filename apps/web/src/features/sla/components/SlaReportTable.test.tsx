import { act, createElement } from 'react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlaReport, SlaReportGroup, SlaReportRow } from '@casedesk/shared';
import { useJsdomBrowser, mountRoot, unmountAll } from '../../../platform/jsdom-browser.fixture';
import { startWithAllTexts } from '../../../platform/all-texts.fixture';
import { periodProblem, reportLines } from './sla-report';
import { SlaReportTable } from './SlaReportTable';

/** The report's table reads in the reader's words: group names, no category, months, rates, times, the total. */
beforeAll(async () => {
  useJsdomBrowser();
  await startWithAllTexts();
});

const row = (over: Partial<SlaReportRow>): SlaReportRow => ({
  key: '1',
  name: 'Portal',
  tickets: 4,
  firstResponseMeasured: 4,
  firstResponseMet: 3,
  firstResponseRate: 0.75,
  resolutionMeasured: 3,
  resolutionMet: 2,
  resolutionRate: 2 / 3,
  firstResponseMedianMinutes: 135,
  firstResponseP90Minutes: 600,
  resolutionMedianMinutes: 3000,
  resolutionP90Minutes: 3005,
  customerHeldMinutes: 45,
  approverHeldMinutes: 0,
  ...over,
});

const report = (rows: SlaReportRow[]): SlaReport => ({
  rows,
  total: row({
    key: null,
    name: null,
    tickets: 9,
    firstResponseMeasured: 8,
    firstResponseMet: 8,
    firstResponseRate: 1,
  }),
});

async function render(data: SlaReport, groupBy: SlaReportGroup, language = 'en') {
  await act(async () => {
    await i18n.changeLanguage(language);
  });
  const { lines, total } = reportLines(
    data,
    groupBy,
    { total: i18n.t('fields.slaReportTotal'), noCategory: i18n.t('fields.slaReportNoCategory') },
    language,
  );
  const { host, root } = mountRoot();
  act(() => root.render(createElement(SlaReportTable, { lines, total, groupBy })));
  const cells = (tr: Element) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
  return {
    host,
    body: [...host.querySelectorAll('tbody tr.ant-table-row')].map(cells),
    total: cells(host.querySelector('tr.sla-report-total')!),
  };
}

describe('SLA report table', () => {
  it('names projects, shows rates and working times, and the total last', async () => {
    const { host, body, total } = await render(
      report([row({}), row({ key: '2', name: 'Billing', firstResponseRate: null, firstResponseMeasured: 0 })]),
      'project',
    );
    expect(host.querySelector('thead')?.textContent).toContain('Project');
    expect(body).toHaveLength(2);
    expect(body[0]).toEqual(['Portal', '4', '75%', '2h 15m', '10h', '66.7%', '50h', '50h 5m', '45m', '0m']);
    // Nothing measured: no rate rather than 0 %.
    expect(body[1]![0]).toBe('Billing');
    expect(body[1]![2]).toBe('—');
    expect(total.slice(0, 3)).toEqual(['Total', '9', '100%']);
  });

  it('lists tickets without a category as No category', async () => {
    const { body } = await render(
      report([row({ key: 'none', name: null }), row({ key: '7', name: 'Network' })]),
      'category',
    );
    expect(body.map((cells) => cells[0])).toEqual(['No category', 'Network']);
  });

  it('names months in the reader language, and Chinese words', async () => {
    const en = await render(
      report([row({ key: '2026-11', name: null }), row({ key: '2026-12', name: null })]),
      'month',
    );
    expect(en.body.map((cells) => cells[0])).toEqual(['November 2026', 'December 2026']);
    unmountAll();
    const zhCn = await render(
      report([row({ key: '2026-11', name: null }), row({ key: 'none', name: null })]),
      'month',
      'zh-cn',
    );
    expect(zhCn.body[0]![0]).toBe('2026年11月');
    expect(zhCn.body[0]![3]).toBe('2小时15分钟');
    expect(zhCn.total[0]).toBe('合计');
    unmountAll();
    const zhTw = await render(report([row({ key: 'none', name: null })]), 'category', 'zh-tw');
    expect(zhTw.body[0]![0]).toBe('無分類');
    expect(zhTw.body[0]![3]).toBe('2 小時 15 分鐘');
    expect(zhTw.total[0]).toBe('合計');
  });

  it('checks a period as the server does', () => {
    expect(periodProblem('2026-11-01', '2026-11-30')).toBeNull();
    expect(periodProblem('2026-11-02', '2026-11-01')).toBe('endBeforeStart');
    expect(periodProblem('2026-01-01', '2026-12-31')).toBeNull();
    // 2028 is a leap year: 366 days are allowed, 367 are not.
    expect(periodProblem('2028-01-01', '2028-12-31')).toBeNull();
    expect(periodProblem('2027-12-31', '2028-12-31')).toBe('tooLong');
  });
});
