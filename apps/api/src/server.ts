import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureAdmin } from '@kw/auth';
import { contentPagesStamp } from '@kw/blog';
import { openRuntime, personalDataSources, type Runtime, routes } from '@kw/composition';
import type { Config, Logger } from '@kw/platform';
import { createApp } from './app.ts';
import { developmentRenderer, PageCache, productionRenderer, type WebRenderer } from './ssr.ts';

export interface RunningApi {
  server: Server;
  runtime: Runtime;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP API (and the web pages unless `web: false`) on a prepared database. */
export async function startApi(
  config: Config,
  databaseUrl: string,
  logger: Logger,
  options: { web?: boolean } = {},
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
  let port = config.port;
  let web: WebRenderer | undefined;
  if (options.web !== false) {
    web =
      config.env === 'development'
        ? await developmentRenderer(config, () => port)
        : productionRenderer(
            config,
            () => port,
            new PageCache(() => contentPagesStamp(runtime.db)),
          );
  }
  const app = createApp({ services, routes, ...(web ? { web } : {}) });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  port = (server.address() as AddressInfo).port;
  server.keepAliveTimeout = 65_000;
  return {
    server,
    runtime,
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await runtime.close();
    },
  };
}
