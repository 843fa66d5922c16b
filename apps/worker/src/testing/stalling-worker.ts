// A worker for the tests whose contact enrichment never finishes: it says which job it holds,
// then waits until it is killed. Run as its own process (`node stalling-worker.ts`), with the
// environment of the real worker.
import { createLogger, type EventHandler, loadConfig } from '@kw/platform';
import { startWorker } from '../worker.ts';

const config = loadConfig();
const stalling: EventHandler = {
  queue: 'contact.enrich',
  async handle(event) {
    process.stdout.write(`holding ${event.position}\n`);
    await new Promise(() => {});
  },
};
await startWorker(config, config.databaseUrl!, createLogger('silent', 'stalling-worker'), [
  stalling,
]);
process.stdout.write('ready\n');
