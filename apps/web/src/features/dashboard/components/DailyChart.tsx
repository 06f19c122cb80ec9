import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TicketDashboard } from '@casedesk/shared';
import { ticketListLink } from '../api';
import { EChart, type EChartOption } from '../../../platform/charts/EChart';
import { formatMonthDay } from '../../../platform/format';

/** Opened vs closed per UTC day; clicking a day's opened bar lists the tickets opened that day. */
export function DailyChart({ daily }: { daily: TicketDashboard['daily'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const option = useMemo<EChartOption>(
    () => ({
      color: [token.colorPrimary, token.colorSuccess],
      tooltip: { trigger: 'axis' },
      legend: { data: [t('dashboard.opened'), t('dashboard.closed')], top: 0, textStyle: { color: token.colorText } },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: daily.map((d) => formatMonthDay(d.date)),
        axisLabel: { color: token.colorTextSecondary },
        axisTick: { alignWithLabel: true },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { color: token.colorTextSecondary },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        {
          name: t('dashboard.opened'),
          type: 'bar',
          barMaxWidth: 14,
          itemStyle: { borderRadius: [3, 3, 0, 0] },
          data: daily.map((d) => d.opened),
          cursor: 'pointer',
        },
        {
          name: t('dashboard.closed'),
          type: 'line',
          smooth: true,
          showSymbol: false,
          data: daily.map((d) => d.closed),
        },
      ],
    }),
    [daily, token, t],
  );
  return (
    <EChart
      option={option}
      height={280}
      ariaLabel={t('dashboard.dailyTitle')}
      onClick={(event) => {
        const day = daily[event.dataIndex];
        if (day && event.seriesIndex === 0)
          void navigate(ticketListLink({ openDateFrom: day.date, openDateTo: day.date }));
      }}
    />
  );
}
