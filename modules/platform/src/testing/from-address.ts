import http from 'node:http';

export interface AddressedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
  json(): any;
}

/**
 * One HTTP request sent from a chosen local address (127.0.0.2, 127.0.0.3 …: all of 127/8 is
 * loopback on Linux), so that tests of per-address limits use real client addresses rather
 * than a forged X-Forwarded-For.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
    body?: string | Buffer;
  } = {},
): Promise<AddressedResponse> {
  const body =
    init.json !== undefined ? Buffer.from(JSON.stringify(init.json)) : (init.body ?? undefined);
  const headers: Record<string, string | number> = { ...init.headers };
  if (init.json !== undefined) headers['content-type'] ??= 'application/json';
  if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
