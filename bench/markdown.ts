/** What the benchmarks print and write to bench/results/: Markdown tables, sizes in KB. */

/** A Markdown table, its columns padded to line up in a terminal too. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Bytes (or characters) in thousands, one decimal. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
