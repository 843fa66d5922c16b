import http from 'node:http';

// For tests only. The same as platform's requestFrom (from the client-address work), kept here
// until that lands: per-address limits are tested from real loopback addresses, never a forged
// X-Forwarded-For.

/** Tests read answers loosely: the assertions are the type check. */
export interface AddressedResponse extends Response {
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
  json(): Promise<any>;
}

/**
 * One HTTP request sent from a chosen local address (127.0.0.2, 127.0.0.3 …: all of 127/8 is
 * loopback on Linux), answered as a fetch Response.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown; token?: string } = {},
): Promise<AddressedResponse> {
  const body = init.json !== undefined ? Buffer.from(JSON.stringify(init.json)) : undefined;
  const headers: Record<string, string | number> = { ...init.headers };
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = body.length;
  }
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? (body ? 'POST' : 'GET'), headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : value ? [value] : [])
              answer.append(name, one);
          }
          resolve(
            new Response([204, 304].includes(res.statusCode ?? 0) ? null : Buffer.concat(chunks), {
              status: res.statusCode ?? 0,
              headers: answer,
            }),
          );
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
