// Load generation for `make bench`: autocannon, and a raw GET that counts the bytes sent.
import { fork } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request's headers and body anew (POSTs from distinct addresses). */
  perRequest?: () => { headers?: Record<string, string>; body?: string };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx, and connections that failed: the figure is not to be trusted. */
  failures: number;
  /** Requests that got no answer within autocannon's 10 s: a slow server, not a broken one. */
  timeouts: number;
}

/** One autocannon run. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const { perRequest } = options;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    method: options.method ?? 'GET',
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(perRequest
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const { headers, body } = perRequest();
                return {
                  ...request,
                  headers: { ...request.headers, ...headers },
                  ...(body !== undefined ? { body } : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

/** Several loads at the same time (two API processes), summed. */
export async function loadTogether(runs: LoadOptions[]): Promise<LoadResult> {
  const results = await Promise.all(runs.map(load));
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes of the body as sent (compressed if the server compressed it). */
  bytes: number;
  ms: number;
}

/** A GET whose body is counted as it came over the wire (fetch would decompress it). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes,
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Public reads one after another (`clients` at a time) from a process of their own
 * (`bench/reads.ts`), from now until `stop`: each answer's time, in the order they came.
 */
export async function readsAside(
  base: string,
  paths: string[],
  clients = 1,
): Promise<{ stop(): Promise<{ latencies: number[]; failure: string | undefined }> }> {
  const child = fork(new URL('./reads.ts', import.meta.url), [
    base,
    JSON.stringify(paths),
    String(clients),
  ]);
  const done = new Promise<{ latencies: number[]; failure: string | undefined }>(
    (resolve, reject) => {
      child.on('message', (message) => {
        if (typeof message === 'object' && message !== null && 'latencies' in message)
          resolve(message as { latencies: number[]; failure: string | undefined });
      });
      child.once('exit', (code) => reject(new Error(`bench/reads.ts stopped early (${code})`)));
    },
  );
  done.catch(() => {}); // awaited by stop
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench/reads.ts did not start (${code})`)));
  });
  return {
    async stop() {
      child.send('stop');
      return done;
    },
  };
}
