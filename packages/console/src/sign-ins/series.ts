import type { Answer } from '../api/request';
import { methodName } from '../parts/format';

export type SignInDays = Answer<'GET /v1/stats/sign_ins'>['days'];

export interface ChartSeries {
  label: string;
  /** One count per day, in the days' order. */
  counts: number[];
  total: number;
  color: string;
  /** Refused sign-ins are drawn dashed, apart from the methods. */
  refused?: boolean;
}

/** Colours that keep 3:1 against white and apart from one another; refusals in red. */
const PALETTE = ['#1a56db', '#0e7c66', '#8e4ec6', '#b45309', '#0369a1', '#be185d', '#4d7c0f', '#475569'];
const REFUSED = '#c81e1e';

/** The chart's lines: one per method that signed anyone in during the period, busiest first, then the refusals. */
export function chartSeries(days: SignInDays): ChartSeries[] {
  const methods = [...new Set(days.flatMap((day) => Object.keys(day.sign_ins)))];
  const lines = methods
    .map((method) => {
      const counts = days.map((day) => day.sign_ins[method] ?? 0);
      return { label: `By ${methodName(method)}`, counts, total: counts.reduce((a, b) => a + b, 0) };
    })
    .sort((a, b) => b.total - a.total)
    .map((line, index) => ({ ...line, color: PALETTE[index % PALETTE.length]! }));
  const refused = days.map((day) => day.failures);
  return [...lines, { label: 'Refused', counts: refused, total: refused.reduce((a, b) => a + b, 0), color: REFUSED, refused: true }];
}
