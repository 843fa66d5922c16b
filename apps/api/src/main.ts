// The API process on its own (docker-compose runs it this way, beside the worker).
import { prepareDatabase, processLogger, resolveDatabase } from '@kw/composition';
import { ConfigError, loadConfig } from '@kw/platform';
import { startApi } from './server.ts';

try {
  const config = loadConfig();
  const logger = processLogger(config, 'api');
  const database = await resolveDatabase(config);
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
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
