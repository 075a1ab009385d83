import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSeries, SignInDays } from './series';

const HEIGHT = 280;

/**
 * The chart itself, drawn by uPlot on a canvas (loaded with the Sign-ins page only). It is a
 * picture: the page gives its text alternative (the caption, the legend's totals and the table).
 * It follows its box's width.
 */
export default function SignInChart({ days, series }: { days: SignInDays; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [days.map((day) => Date.parse(day.date) / 1000), ...series.map((line) => line.counts)];
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        // The days are UTC days, as the API counts them.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { show: false },
        scales: { y: { range: (_self, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [{}, { values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            dash: line.refused ? [6, 4] : undefined,
            points: { show: true, size: 6 },
          })),
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series]);
  return <div ref={box} className="chart" />;
}
