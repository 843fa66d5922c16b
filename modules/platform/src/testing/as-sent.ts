import http from 'node:http';

export interface SentResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET whose body arrives as sent: compressed bytes stay compressed (fetch would decode them).
 * `pathAsWritten` sends the URL's path exactly as given: a URL string (fetch's too) resolves
 * '.', '..' and '//' first.
 */
export function getAsSent(
  url: string,
  headers: Record<string, string> = {},
  pathAsWritten?: string,
): Promise<SentResponse> {
  const { hostname, port } = new URL(url);
  const get = (answer: (res: http.IncomingMessage) => void) =>
    pathAsWritten === undefined
      ? http.get(url, { headers }, answer)
      : http.get({ hostname, port, path: pathAsWritten, headers }, answer);
  return new Promise((resolve, reject) => {
    get((res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}
