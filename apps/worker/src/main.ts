// The worker process on its own (docker-compose runs it beside the API).

import { processLogger } from '@kw/composition';
import { ConfigError, loadConfig } from '@kw/platform';
import { startWorker } from './worker.ts';

try {
  const config = loadConfig();
  const logger = processLogger(config, 'worker');
  if (!config.databaseUrl) {
    console.error(
      'DATABASE_URL: the worker needs it (make run starts the worker with the embedded database)',
    );
    process.exit(2);
  }
  const worker = await startWorker(config, config.databaseUrl, logger);
  logger.info('worker started');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping; letting the job in hand finish');
    await worker.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
