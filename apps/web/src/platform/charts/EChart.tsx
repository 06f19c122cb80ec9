import { lazy, Suspense } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

export type EChartOption = EChartsCoreOption;
export type EChartClick = { seriesIndex?: number; dataIndex: number };
export type EChartProps = {
  option: EChartOption;
  height?: number;
  onClick?: (event: EChartClick) => void;
  ariaLabel?: string;
};

// ECharts is the largest library a screen draws with (~180 KB gzip): its code loads when a chart is first shown, not
// with the screen that holds it (issue 35), so the screen's own content does not wait for it.
const EChartView = lazy(() => import('./EChartView'));

/** An ECharts chart (`EChartView`), its box kept at its height while the chart's code loads. */
export function EChart(props: EChartProps) {
  const box = <div role="img" aria-label={props.ariaLabel} style={{ width: '100%', height: props.height ?? 300 }} />;
  return (
    <Suspense fallback={box}>
      <EChartView {...props} />
    </Suspense>
  );
}
