import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useThemeConfig } from '../theme/theme-store';
import type { EChartClick, EChartProps } from './EChart';

// Only what the screens draw (the dashboard's days, the service-level report's rates), so the chart chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** An ECharts chart that follows its box's size and the app's dark mode, and is disposed with the component. */
export default function EChartView({ option, height = 300, onClick, ariaLabel }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
  const { isDark } = useThemeConfig();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, isDark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (event) => clickRef.current?.(event as unknown as EChartClick));
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) instance.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [isDark]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, isDark]);

  return <div ref={box} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
