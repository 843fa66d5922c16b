import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ADMIN_TOKEN_KEY as AUTH_TOKEN_KEY } from '@kw/auth/contract';
import { describe, expect, it } from 'vitest';

/** First-load JavaScript budget of any public page (issue 3, item 9): 120 KB gzipped. */
const BUDGET_BYTES = 120 * 1024;

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

  /**
   * Each public page's first load: the entry and its lazily loaded page module, each with their
   * static imports (entry-client loads the matched page before hydrating). Dynamic imports (the
   * store, the api slice, the forms' contracts) load on demand and are not followed.
   */
  function publicPageLoads(report: Report): Record<string, string[]> {
    const pageModules = Object.values(report).flatMap((c) =>
      c.modules
        .map((m) => m.split(' ')[0]!)
        .filter(
          (m) =>
            m.startsWith('src/features/site/public/pages/') ||
            m === 'src/features/blog/public/blogPages.tsx' ||
            m === 'src/features/case-studies/public/caseStudyPages.tsx' ||
            m === 'src/features/careers/public/careersRoute.tsx' ||
            m === 'src/features/careers/public/jobPageRoute.tsx',
        ),
    );
    // every marketing page, the blog and case-study pages, careers and a job's page
    expect(pageModules.length).toBeGreaterThanOrEqual(16);
    const loads: Record<string, string[]> = { '(entry only)': firstLoad(report) };
    for (const module of pageModules) {
      const chunks = Object.keys(report).filter((c) =>
        report[c]!.modules.some((m) => m.startsWith(`${module} `)),
      );
      expect(chunks, module).toHaveLength(1);
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        for (const dep of report[name]?.imports ?? []) visit(dep);
      };
      for (const root of [...firstLoad(report), chunks[0]!]) visit(root);
      loads[module] = [...seen];
    }
    return loads;
  }

  it('keeps the first-load JavaScript of every public page within 120 KB gzipped', () => {
    const report = load();
    const weights = Object.fromEntries(
      Object.entries(publicPageLoads(report)).map(([page, chunks]) => [
        page,
        chunks.reduce((sum, c) => sum + gzipSync(readFileSync(path.join(clientDir, c))).length, 0),
      ]),
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `first-load JS, gzipped: entry ${kb(weights['(entry only)']!)}; ${Object.entries(weights)
        .filter(([page]) => page !== '(entry only)')
        .map(([page, bytes]) => `${path.basename(page, '.tsx')} ${kb(bytes)}`)
        .join(', ')}`,
    );
    for (const [page, bytes] of Object.entries(weights))
      expect(bytes, `${page}: ${kb(bytes)}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('loads zod and RTK Query only on demand: no public page pulls them in at first', () => {
    const report = load();
    for (const [page, chunks] of Object.entries(publicPageLoads(report))) {
      const heavy = chunks.flatMap((c) =>
        report[c]!.modules.filter((m) => /node_modules\/(zod|@reduxjs|immer|redux)\//.test(m)),
      );
      expect(heavy, page).toEqual([]);
    }
    // and both are in the build, for the forms, the data pages' client-side navigation and the
    // back office that load them
    for (const name of ['zod', '@reduxjs'])
      expect(
        Object.values(report).some((c) =>
          c.modules.some((m) => m.includes(`node_modules/${name}/`)),
        ),
        name,
      ).toBe(true);
  });

  it('the API slice uses the same admin token key as the auth contract', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../src/api/api.ts'), 'utf8');
    expect(source).toContain(`export const ADMIN_TOKEN_KEY = '${AUTH_TOKEN_KEY}';`);
  });
});
