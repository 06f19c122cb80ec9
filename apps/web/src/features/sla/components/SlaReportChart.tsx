import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartOption } from '../../../platform/charts/EChart';
import { formatPercent } from '../../../platform/format';
import type { SlaReportLine } from './sla-report';

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The two attainment rates of each group side by side, 0–100 %; a group with nothing measured has no bar. */
export function SlaReportChart({ lines }: { lines: SlaReportLine[] }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const option = useMemo<EChartOption>(() => {
    const firstResponse = t('sla.report.firstResponseMet');
    const resolution = t('sla.report.resolutionMet');
    return {
      color: [token.colorPrimary, token.colorSuccess],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (value: number | null) =>
          formatPercent(typeof value === 'number' ? value / 100 : null, i18n.language),
      },
      legend: { data: [firstResponse, resolution], top: 0, textStyle: { color: token.colorText } },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: lines.map((line) => line.label),
        axisLabel: {
          color: token.colorTextSecondary,
          interval: 0,
          hideOverlap: true,
          width: 120,
          overflow: 'truncate',
        },
        axisTick: { alignWithLabel: true },
      },
      yAxis: {
        type: 'value',
        min: 0,
        max: 100,
        interval: 25,
        axisLabel: {
          color: token.colorTextSecondary,
          formatter: (value: number) => formatPercent(value / 100, i18n.language),
        },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        {
          name: firstResponse,
          type: 'bar',
          barMaxWidth: 18,
          itemStyle: { borderRadius: [3, 3, 0, 0] },
          data: lines.map((line) => percent(line.firstResponseRate)),
        },
        {
          name: resolution,
          type: 'bar',
          barMaxWidth: 18,
          itemStyle: { borderRadius: [3, 3, 0, 0] },
          data: lines.map((line) => percent(line.resolutionRate)),
        },
      ],
    };
  }, [lines, token, t, i18n.language]);
  return <EChart option={option} height={240} ariaLabel={t('sla.report.chartTitle')} />;
}
