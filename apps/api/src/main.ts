// The API process on its own (docker-compose runs it this way, beside the worker).
import { prepareDatabase, processLogger, resolveDatabase, waitForDatabase } from '@kw/composition';
import { ConfigError, EmbeddedPostgresError, loadConfig } from '@kw/platform';
import { startApi } from './server.ts';

try {
  const config = loadConfig();
  const logger = processLogger(config, 'api');
  const database = await resolveDatabase(config, logger);
  // Started while the database restarts (make run's supervisor, a container's): wait for it.
  await waitForDatabase(database.url, logger);
  await prepareDatabase(database.url, logger);
  const api = await startApi(config, database.url, logger);
  logger.info(`API listening on ${config.publicUrl} (port ${api.port})`);
  const shutdown = async () => {
    await api.close();
    await database.embedded?.stop();
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
