import http from 'node:http';

export interface SentResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body arrives as sent: compressed bytes stay compressed (fetch would decode them). */
export function getAsSent(
  url: string,
  headers: Record<string, string> = {},
): Promise<SentResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}
