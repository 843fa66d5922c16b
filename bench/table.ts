// The one table `make bench` prints: each figure beside its ceiling (measured in the same run),
// the ratio, the target and whether it is met.

export type Verdict = 'met' | 'MISSED' | '—' | 'n/a' | 'FAILED';

export interface Row {
  key: string;
  path: string;
  measured: string;
  ceiling: string;
  ratio: string;
  target: string;
  verdict: Verdict;
}

export const int = (n: number) => Math.round(n).toLocaleString('en-CA');

export function rate(n: number): string {
  if (n >= 10_000) return `${(n / 1000).toFixed(1)}k`;
  if (n >= 100) return int(n);
  return n.toFixed(1);
}

export const ms = (n: number) => (n >= 100 ? `${int(n)} ms` : `${n.toFixed(1)} ms`);
export const seconds = (n: number) => `${n.toFixed(n >= 10 ? 0 : 1)} s`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** "1,234 (1,200–1,270)" over rounds, or one figure for one round. */
export function spread(values: number[], format: (n: number) => string): string {
  if (values.length === 1) return format(values[0]!);
  return `${format(mean(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

export const ratioText = (values: number[]) =>
  spread(values, (n) => (n >= 0.1 ? n.toFixed(2) : n.toFixed(3)));

/** met when every check holds; a check is [holds, ...]. */
export const verdictOf = (...checks: boolean[]): Verdict =>
  checks.every(Boolean) ? 'met' : 'MISSED';

export function failedRow(key: string, path: string, error: unknown): Row {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
  return {
    key,
    path,
    measured: `failed: ${message.slice(0, 160)}`,
    ceiling: '—',
    ratio: '—',
    target: '—',
    verdict: 'FAILED',
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| path | measured | ceiling in the same run | ratio | target | verdict |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${[r.path, r.measured, r.ceiling, r.ratio, r.target, r.verdict].map(cell).join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}
