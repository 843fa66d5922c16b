import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// Reads the report the build writes (vite.config.ts, chunk-report) of the real production bundles.
const clientDir = path.resolve(import.meta.dirname, '../dist/client');
type Report = Record<
  string,
  { isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: string[] }
>;

function load(): Report {
  statSync(path.join(clientDir, 'chunks.json')); // a clear failure if the build is missing
  return JSON.parse(readFileSync(path.join(clientDir, 'chunks.json'), 'utf8'));
}

/** The chunks a visitor's first load pulls in: the entry and its static imports, transitively. */
function firstLoad(report: Report): string[] {
  const entry = Object.keys(report).find((name) => report[name]!.isEntry);
  expect(entry).toBeDefined();
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of report[name]?.imports ?? []) visit(dep);
  };
  visit(entry!);
  return [...seen];
}

const isAntd = (moduleLine: string) =>
  /node_modules\/(antd|@ant-design|rc-[\w-]+|@rc-component)\//.test(moduleLine);

describe('public bundle', () => {
  it('contains no antd module: the back office loads only under /admin', () => {
    const report = load();
    const chunks = firstLoad(report);
    const leaked = chunks.flatMap((c) => report[c]!.modules.filter(isAntd));
    expect(leaked).toEqual([]);
    // and antd does exist in the build, in a lazily loaded chunk
    const antdChunks = Object.keys(report).filter((c) => report[c]!.modules.some(isAntd));
    expect(antdChunks.length).toBeGreaterThan(0);
    for (const c of antdChunks) expect(chunks).not.toContain(c);
  });

  it('reports its first-load JavaScript weight', () => {
    const chunks = firstLoad(load());
    const gzipped = chunks.reduce(
      (sum, c) => sum + gzipSync(readFileSync(path.join(clientDir, c))).length,
      0,
    );
    // The budget (120 KB) is the marketing-site issue's; here it only must not grow unnoticed.
    console.log(
      `first-load JS: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${chunks.length} chunk(s)`,
    );
    expect(gzipped).toBeGreaterThan(10_000);
  });
});
