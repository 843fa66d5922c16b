// The API process on its own (`make api`, docker-compose's api services): serves the site and
// the API from DATABASE_URL, which `make migrate` has brought up to date. Several can run side
// by side on one database; `make run` starts one beside a worker.
import {
  assertDatabaseReady,
  expectServerShutdownWhileStopping,
  processLogger,
  waitForDatabase,
} from '@kw/composition';
import { ConfigError, EmbeddedPostgresError, loadConfig } from '@kw/platform';
import { startApi } from './server.ts';

try {
  const config = loadConfig();
  const logger = processLogger(config, 'api');
  if (!config.databaseUrl)
    throw new ConfigError(
      'DATABASE_URL: the API on its own needs it (make run starts the API with an embedded database)',
    );
  // Started while the database restarts (a container's): wait for it.
  await waitForDatabase(config.databaseUrl, logger);
  await assertDatabaseReady(config.databaseUrl);
  const api = await startApi(config, config.databaseUrl, logger);
  logger.info(`API listening on ${config.publicUrl} (port ${api.port})`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    expectServerShutdownWhileStopping(logger);
    await api.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
} catch (error) {
  // What a person must do, in one line, without a stack trace.
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
    console.error(error.message);
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
  throw error;
}
