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
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Lighthouse's four category scores (0-100) for each path, with its default mobile settings
 * (emulated phone, throttled network and CPU), in Debian's Chromium.
 */
export async function lighthouseScores(
  baseUrl: string,
  paths: string[],
): Promise<LighthouseScores[]> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const chrome = await launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const scores: LighthouseScores[] = [];
  try {
    for (const path of paths) {
      scores.push(await audit(chrome.port, baseUrl, path));
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

/** One page's scores; a failed trace (which Chromium produces now and then) is retried once. */
async function audit(
  port: number,
  baseUrl: string,
  path: string,
  attempt = 1,
): Promise<LighthouseScores> {
  const result = await lighthouse(
    new URL(path, baseUrl).href,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    // Lighthouse's default config is the mobile one (Moto G Power, slow 4G, 4x CPU).
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  if (result.lhr.runtimeError) {
    if (attempt < 2) return audit(port, baseUrl, path, attempt + 1);
    throw new Error(`Lighthouse failed on ${path}: ${result.lhr.runtimeError.message}`);
  }
  const category = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
  return {
    path,
    performance: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    tbtMs: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0),
  };
}

// `node bench/lighthouse.ts http://127.0.0.1:3000 / /services` prints the scores as a table.
if (import.meta.main) {
  const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
  const scores = await lighthouseScores(
    baseUrl,
    paths.length ? paths : ['/', '/services', '/about', '/contact'],
  );
  console.table(scores);
}
