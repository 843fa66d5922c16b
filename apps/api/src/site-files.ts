import path from 'node:path';
import {
  type Config,
  type Db,
  escapeHtml,
  type ServerModule,
  type SitemapEntry,
} from '@kw/platform';
import { DEFAULT_EFFICIENCY_EDGE_URL, PUBLIC_PAGE_PATHS } from '@kw/site';
import type { Express } from 'express';
import { precompressedAssets } from './compression.ts';
import { webDir } from './ssr.ts';

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
    .map((entry) => {
      const lastmod = entry.lastModified
        ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
        : '';
      return `<url><loc>${escapeHtml(publicUrl + entry.path)}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt, sitemap.xml (every public page, plus each module's published items), /favicon.ico, /efficiency-edge and compressed assets. */
export function mountSiteFiles(
  app: Express,
  { config, db, modules }: { config: Config; db: Db; modules: ServerModule[] },
): void {
  app.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(config.publicUrl));
  });
  app.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const fromModules = await Promise.all(modules.map((m) => m.sitemap?.(db) ?? []));
      const entries = [...PUBLIC_PAGE_PATHS.map((path) => ({ path })), ...fromModules.flat()];
      res.setHeader('Cache-Control', 'public, max-age=600');
      res.type('application/xml').send(sitemapXml(config.publicUrl, entries));
    } catch (error) {
      next(error);
    }
  });
  // The production build's assets, compressed once (development serves them through Vite).
  if (config.env !== 'development')
    app.use('/assets', precompressedAssets(path.join(webDir, 'dist/client/assets')));
  // Browsers ask for /favicon.ico on a page that names no icon (the newsletter's confirmation
  // and unsubscribe pages): it is the icon every other page names.
  app.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.redirect(301, '/favicon.svg');
  });
  app.get('/efficiency-edge', (_req, res) => {
    res.redirect(302, config.efficiencyEdgeUrl ?? DEFAULT_EFFICIENCY_EDGE_URL);
  });
}
