import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureAdmin } from '@kw/auth';
import { openRuntime, personalDataSources, type Runtime, routes } from '@kw/composition';
import { type Config, ContentWatch, type Logger, portError } from '@kw/platform';
import { createApp } from './app.ts';
import { ContentFreshness } from './freshness.ts';
import { PublicCache } from './public-cache.ts';
import { CONTENT_SCHEDULES } from './public-reads.ts';
import { developmentRenderer, productionRenderer, type WebRenderer } from './ssr.ts';

export interface RunningApi {
  server: Server;
  runtime: Runtime;
  port: number;
  url: string;
  /** The pages and lists kept ready to send, and what says they are fresh. */
  cache: PublicCache;
  contentWatch: ContentWatch;
  close(): Promise<void>;
}

export interface ApiOptions {
  /** Serve the web pages (default true). */
  web?: boolean;
  /** While the content notifications are cut off: how often to read the revisions (ms). */
  contentFallbackMs?: number;
  /** The bytes the cached pages and lists may hold (see public-cache.ts). */
  cacheBytes?: number;
}

/** Starts the HTTP API (and the web pages unless `web: false`) on a prepared database. */
export async function startApi(
  config: Config,
  databaseUrl: string,
  logger: Logger,
  options: ApiOptions = {},
): Promise<RunningApi> {
  const runtime = await openRuntime(databaseUrl, 'api', logger);
  const services = {
    config,
    db: runtime.db,
    store: runtime.store,
    logger,
    personalData: personalDataSources,
  };
  const admin = await ensureAdmin(
    { db: runtime.db, store: runtime.store, jwtSecret: config.jwtSecret },
    config.adminUsername,
    config.adminPassword,
  );
  if (admin.generatedPassword) {
    // Printed once, on first start only; it is not stored anywhere in clear.
    console.log(
      `\n  Administrator created: username "${config.adminUsername}", password "${admin.generatedPassword}"\n  (shown once; change it in Settings or with 'make admin-password')\n`,
    );
  }
  // Which content changed, heard from PostgreSQL (LISTEN/NOTIFY): no query per request.
  const contentWatch = await ContentWatch.start(databaseUrl, runtime.db, {
    logger,
    ...(options.contentFallbackMs ? { fallbackMs: options.contentFallbackMs } : {}),
  });
  const freshness = new ContentFreshness(contentWatch, runtime.db, CONTENT_SCHEDULES, logger);
  await freshness.start();
  const cache = new PublicCache(freshness, runtime.db, logger, options.cacheBytes);
  let web: WebRenderer | undefined;
  if (options.web !== false) {
    const renderServices = { config, db: runtime.db, logger, cache };
    web =
      config.env === 'development'
        ? await developmentRenderer(renderServices)
        : productionRenderer(renderServices);
  }
  const app = createApp({ services, routes, cache, ...(web ? { web } : {}) });
  // Express 5 hands a failure to listen to the callback: a port in use is said in one line.
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, (error?: Error) =>
      error ? reject(error) : resolve(s),
    );
  }).catch(async (error: NodeJS.ErrnoException) => {
    await runtime.close().catch(() => {});
    throw portError(config.host, config.port, error);
  });
  const port = (server.address() as AddressInfo).port;
  server.keepAliveTimeout = 65_000;
  let closing = false;
  const warming = web
    ?.warm?.(() => closing)
    .catch((error) => logger.warn({ err: error }, 'the pages were not rendered at start-up'));
  return {
    server,
    runtime,
    port,
    url: `http://127.0.0.1:${port}`,
    cache,
    contentWatch,
    async close() {
      closing = true;
      await closeServer(server);
      await warming;
      await contentWatch.stop();
      await runtime.close();
    },
  };
}

/**
 * Stops taking connections and lets the requests in flight finish. A keep-alive connection whose
 * request ends after this would stay open, idle, for keepAliveTimeout (65 s), and the process
 * with it (Ctrl-C on `make run` waited a minute): idle ones are closed as they appear. One still
 * busy after `graceMs` is cut.
 */
function closeServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
