// The worker process on its own (`make worker`, docker-compose's worker services): runs the
// jobs of DATABASE_URL, which `make migrate` has brought up to date. Several can run side by
// side on one database: each job is claimed by one of them.
import {
  assertDatabaseReady,
  expectServerShutdownWhileStopping,
  processLogger,
  waitForDatabase,
} from '@kw/composition';
import { atWorkerStart } from '@kw/composition/worker';
import { ConfigError, loadConfig } from '@kw/platform';
import { describeVisitor } from '@kw/platform/visitor-insight';
import { startWorker } from './worker.ts';

try {
  const config = loadConfig();
  const logger = processLogger(config, 'worker');
  if (!config.databaseUrl)
    throw new ConfigError(
      'DATABASE_URL: the worker needs it (make run starts the worker with the embedded database)',
    );
  // Started before the database (a container's, or one restarting): wait for it, as the API does,
  // rather than exit and leave the jobs to a restart policy.
  await waitForDatabase(config.databaseUrl, logger);
  await assertDatabaseReady(config.databaseUrl);
  // The visitor lookups' data (geoip-lite, read synchronously when first used) loaded now,
  // before any job: not in the middle of the first enquiry's enrichment.
  await describeVisitor('', '127.0.0.1');
  const worker = await startWorker(config, config.databaseUrl, logger);
  logger.info('worker started');
  // In the background: the renditions of images uploaded before they existed, and the like.
  void atWorkerStart(worker.context);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping; letting the job in hand finish');
    expectServerShutdownWhileStopping(logger);
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
