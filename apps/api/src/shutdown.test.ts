import net from 'node:net';
import { eventually } from '@kw/platform/testing';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../tests/harness.ts';

// An API asked to stop (SIGTERM from a deployment, Ctrl-C on `make run`) finishes the requests
// in flight and stops, without waiting for its clients' keep-alive connections to time out.

/** A request whose body is still on its way: the connection is busy when the API is stopped. */
function halfSentRequest(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const body = JSON.stringify({ email: 'not an address' });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async start() {
      await connected;
      socket.write(
        `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
      );
      // The server has read the request and waits for its body.
      await eventually(async () => received.startsWith('HTTP/1.1 100 Continue\r\n\r\n'), 5_000);
    },
    finish: () => socket.write(body),
    received: () => received,
    ended,
  };
}

describe('stopping the API', () => {
  it('a request in flight gets its answer, then its keep-alive connection is closed and the API stops at once (it waited 65 s for the connection to time out)', async () => {
    const app = await startTestApp();
    const request = halfSentRequest(app.url);
    await request.start();

    let stopped = false;
    const stopping = app.close().then(() => {
      stopped = true;
    });
    request.finish();
    await eventually(async () => /\r\n\r\nHTTP\/1\.1 \d+ /.test(request.received()), 5_000);
    expect(request.received()).toMatch(/\r\n\r\nHTTP\/1\.1 400 /);
    expect(request.received()).toContain('email');
    await request.ended;
    await stopping;
    expect(stopped).toBe(true);
  }, 20_000);
});
