/** The first-paint benchmark's tables, in Markdown. */
import { kb, table } from '../markdown.js';
import type { FileCoverage } from './coverage.js';
import type { Measured } from './measure.js';

/** The issue's target: the login mount paints its email field within 1.2 times the floor's time. */
export const TARGET_RATIO = 1.2;

/** A table cell's text: a pipe would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The value below which `fraction` of the sorted `values` lie, interpolated between neighbours. */
function quantile(sorted: number[], fraction: number): number {
  const at = (sorted.length - 1) * fraction;
  const below = Math.floor(at);
  return sorted[below]! + (sorted[Math.ceil(at)]! - sorted[below]!) * (at - below);
}

export interface Summary {
  page: string;
  throttle: number;
  /** Medians over the runs that painted (ms from the mount call); undefined when none did. */
  painted?: number;
  inDom?: number;
  /** The middle half of the painted times. */
  spread?: [number, number];
  ok: number;
  runs: number;
  /** Why a run did not paint (the first such run's reason). */
  error?: string;
}

export function summarize({ page, throttle, runs }: Measured): Summary {
  const painted = runs.flatMap((run) => (run.painted === undefined ? [] : [run.painted])).sort((a, b) => a - b);
  const inDom = runs.flatMap((run) => (run.inDom === undefined ? [] : [run.inDom])).sort((a, b) => a - b);
  const error = runs.find((run) => run.error)?.error;
  if (!painted.length) return { page, throttle, ok: 0, runs: runs.length, error };
  return {
    page,
    throttle,
    painted: quantile(painted, 0.5),
    inDom: inDom.length ? quantile(inDom, 0.5) : undefined,
    spread: [quantile(painted, 0.25), quantile(painted, 0.75)],
    ok: painted.length,
    runs: runs.length,
    error,
  };
}

/**
 * One throttle's table: each page's median time to the field painted, its ratio to `floor`'s, and
 * for the `targeted` pages whether it is within the target (a benchmark's verdict: printed, never
 * a failure).
 */
export function paintTable(summaries: Summary[], throttle: number, floor: string, targeted: string[]): string {
  const rows = summaries.filter((summary) => summary.throttle === throttle);
  const floorMs = rows.find((summary) => summary.page === floor)?.painted;
  return table(
    ['page', 'field painted (median)', 'middle half', 'ratio to the floor', `target ≤ ${TARGET_RATIO}x`, 'field in the DOM (median)', 'runs painted'],
    rows.map((summary) => {
      if (summary.painted === undefined) return [summary.page, cell(`no email field: ${summary.error ?? 'no runs'}`), '', '', '', '', `0/${summary.runs}`];
      const ratio = floorMs ? summary.painted / floorMs : undefined;
      const verdict = !targeted.includes(summary.page) || ratio === undefined ? '' : ratio <= TARGET_RATIO ? 'PASS' : 'over';
      return [
        summary.page,
        ms(summary.painted),
        `${ms(summary.spread![0])} – ${ms(summary.spread![1])}`,
        ratio === undefined ? '' : `${ratio.toFixed(2)}x`,
        verdict,
        summary.inDom === undefined ? '' : ms(summary.inDom),
        cell(`${summary.ok}/${summary.runs}${summary.error ? ` (${summary.error})` : ''}`),
      ];
    }),
  );
}

const totalOf = (files: FileCoverage[]) =>
  files.reduce((sum, file) => ({ loaded: sum.loaded + file.loaded, executed: sum.executed + file.executed }), { loaded: 0, executed: 0 });

/**
 * A page's scripts by what of them did not run before the paint, most first, with the page's total
 * and, given the floor's files, what it loads and runs beyond the floor (React's part, roughly).
 */
export function coverageTable(files: FileCoverage[], floor?: FileCoverage[]): string {
  const rows = [...files].sort((a, b) => b.loaded - b.executed - (a.loaded - a.executed));
  const row = (name: string, { loaded, executed }: { loaded: number; executed: number }) => [
    name,
    kb(loaded),
    kb(executed),
    kb(loaded - executed),
    `${((executed / loaded) * 100).toFixed(0)}%`,
  ];
  const total = totalOf(files);
  const beyond = floor && totalOf(floor);
  return table(
    ['file', 'loaded', 'ran', 'did not run', 'share that ran'],
    [
      ...rows.map((file) => row(file.file, file)),
      row(`**all ${rows.length} files**`, total),
      ...(beyond ? [row('**beyond the floor**', { loaded: total.loaded - beyond.loaded, executed: total.executed - beyond.executed })] : []),
    ],
  );
}
