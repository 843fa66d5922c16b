// Public reads one after another, `clients` at a time, from a process of their own until told
// to stop: the latency of the site during a rebuild. Not from the bench's own process, whose
// large heap paused it for garbage collection (190 ms at a time, measured) while its requests
// were in flight, counted as the server's.
import { rawGet } from './load.ts';

const [base, pathsJson, clientsArg] = process.argv.slice(2);
const paths = JSON.parse(pathsJson!) as string[];
let running = true;
const latencies: number[] = [];
let failure: string | undefined;
process.on('message', (message) => {
  if (message === 'stop') running = false;
});
const clients = Array.from({ length: Number(clientsArg ?? 1) }, async (_, client) => {
  for (let k = client; running; k++) {
    const path = paths[k % paths.length]!;
    const answer = await rawGet(`${base}${path}`).catch((error: Error) => ({
      status: 0,
      ms: 0,
      error,
    }));
    if (answer.status !== 200) failure ??= `${path} answered ${answer.status || 'nothing'}`;
    // What answered after the stop is not the rebuild's.
    else if (running) latencies.push(answer.ms);
  }
});
process.send!('started');
await Promise.all(clients);
process.send!({ latencies, failure }, () => process.disconnect());
