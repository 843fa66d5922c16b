import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Total Blocking Time, in milliseconds. */
  tbtMs: number;
  /** First and Largest Contentful Paint and Speed Index (simulated), in milliseconds. */
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  /** Cumulative Layout Shift. */
  cls: number;
}

/** Several runs of one page: the median of each figure, and the range of the performance score. */
export interface LighthouseSummary extends LighthouseScores {
  runs: number;
  performanceMin: number;
  performanceMax: number;
  tbtMaxMs: number;
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseOptions {
  /** Runs per page (the machine is noisy: the summary takes the median). */
  runs?: number;
  /** A folder to write each run's whole report to (`<page>.<run>.json`), to read its audits. */
  reportDir?: string | undefined;
}

/**
 * Lighthouse's four category scores (0-100) for each path, with its default mobile settings
 * (emulated phone, throttled network and CPU), in Debian's Chromium; each page `runs` times,
 * one after another, summarised by the median.
 */
export async function lighthouseScores(
  baseUrl: string,
  paths: string[],
  options: LighthouseOptions = {},
): Promise<LighthouseSummary[]> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const runs = Math.max(1, options.runs ?? 1);
  const chrome = await launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROME_FLAGS });
  // Stopped (a timeout's SIGTERM): the browser goes too rather than outliving us (chrome-launcher
  // sees to Ctrl-C itself). Run on its own, the process then ends as the signal would have
  // ended it; under make bench, whose own handler stops its processes and exits, that one does.
  const alone = process.listenerCount('SIGTERM') === 0;
  const stop = () => {
    chrome.kill();
    if (alone) process.exit(143);
  };
  process.once('SIGTERM', stop);
  const all = new Map<string, LighthouseScores[]>(paths.map((p) => [p, []]));
  try {
    // Round after round rather than page after page: a slow minute of the machine spreads
    // over every page instead of sinking one.
    for (let run = 0; run < runs; run++) {
      for (const page of paths) {
        all.get(page)!.push(await audit(chrome.port, baseUrl, page, run, options.reportDir));
      }
    }
  } finally {
    process.off('SIGTERM', stop);
    chrome.kill();
  }
  return paths.map((page) => summarise(all.get(page)!));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summarise(scores: LighthouseScores[]): LighthouseSummary {
  const of = (key: keyof Omit<LighthouseScores, 'path'>) => median(scores.map((s) => s[key]));
  const performance = scores.map((s) => s.performance);
  return {
    path: scores[0]!.path,
    runs: scores.length,
    performance: of('performance'),
    performanceMin: Math.min(...performance),
    performanceMax: Math.max(...performance),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    tbtMs: of('tbtMs'),
    tbtMaxMs: Math.max(...scores.map((s) => s.tbtMs)),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    speedIndexMs: of('speedIndexMs'),
    cls: of('cls'),
  };
}

/**
 * One page's scores; a failed trace (which Chromium produces now and then, more often on a busy
 * machine) is tried up to three times.
 */
async function audit(
  port: number,
  baseUrl: string,
  page: string,
  run: number,
  reportDir: string | undefined,
  attempt = 1,
): Promise<LighthouseScores> {
  const result = await lighthouse(
    new URL(page, baseUrl).href,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    // Lighthouse's default config is the mobile one (Moto G Power, slow 4G, 4x CPU).
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  if (result.lhr.runtimeError) {
    if (attempt < 3) return audit(port, baseUrl, page, run, reportDir, attempt + 1);
    throw new Error(`Lighthouse failed on ${page}: ${result.lhr.runtimeError.message}`);
  }
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = page.replace(/^\/$/, 'home').replace(/^\//, '').replace(/\//g, '_');
    writeFileSync(path.join(reportDir, `${name}.${run + 1}.json`), JSON.stringify(result.lhr));
  }
  const category = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => result.lhr.audits[id]?.numericValue ?? 0;
  return {
    path: page,
    performance: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    tbtMs: Math.round(numeric('total-blocking-time')),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    speedIndexMs: Math.round(numeric('speed-index')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
  };
}

/** `BENCH_LIGHTHOUSE_PAGES=/,/blog`: only these paths, instead of one page of each kind. */
export function pagesFromEnv(): string[] | undefined {
  const pages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (pages?.some((p) => !p.startsWith('/')))
    throw new Error('BENCH_LIGHTHOUSE_PAGES lists paths, each starting with /');
  return pages?.length ? pages : undefined;
}

/** `BENCH_LIGHTHOUSE_RUNS=3`: runs per page (default 1). */
export function runsFromEnv(): number {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error('BENCH_LIGHTHOUSE_RUNS must be a whole number ≥ 1');
  return runs;
}

// `node bench/lighthouse.ts http://127.0.0.1:3000 / /services` prints the scores as a table
// (BENCH_LIGHTHOUSE_RUNS, BENCH_LIGHTHOUSE_REPORTS=<folder> for the whole reports).
if (import.meta.main) {
  const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
  const scores = await lighthouseScores(
    baseUrl,
    paths.length ? paths : (pagesFromEnv() ?? ['/', '/services', '/about', '/contact']),
    { runs: runsFromEnv(), reportDir: process.env.BENCH_LIGHTHOUSE_REPORTS },
  );
  console.table(scores);
}
