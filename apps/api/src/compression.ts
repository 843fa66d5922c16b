import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';

type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /text\/|json|javascript|xml|svg/;
const MIN_BYTES = 1024;

function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function compress(data: Buffer, encoding: Encoding, quality: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipSync(data, { level: quality >= 9 ? 9 : 6 });
}

/**
 * Compresses the text answers sent whole with `res.send` / `res.json` (pages, sitemap, API
 * JSON) when the client accepts it: a phone on a slow network gets a third of the bytes.
 */
export function compressResponses(): RequestHandler {
  return (req, res, next) => {
    const encoding = preferredEncoding(req.get('accept-encoding'));
    if (!encoding || req.method === 'HEAD') {
      next();
      return;
    }
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (
        (typeof body === 'string' || Buffer.isBuffer(body)) &&
        !res.getHeader('Content-Encoding') &&
        res.statusCode !== 204 &&
        res.statusCode !== 304
      ) {
        if (typeof body === 'string' && !res.getHeader('Content-Type')) res.type('html');
        const type = String(res.getHeader('Content-Type') ?? '');
        const data = typeof body === 'string' ? Buffer.from(body) : body;
        if (data.length >= MIN_BYTES && COMPRESSIBLE.test(type)) {
          res.setHeader('Content-Encoding', encoding);
          res.vary('Accept-Encoding');
          return send(compress(data, encoding, 5));
        }
      }
      return send(body);
    };
    next();
  };
}

/**
 * Serves the built, content-hashed scripts and styles compressed at the highest level, kept in
 * memory once read (they never change while the process runs). The build writes each one's
 * `.br` and `.gz` beside it; a file without them (a build made some other way) is compressed
 * here on its first request.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const cache = new Map<string, Buffer>();
  return (req, res, next) => {
    const name = req.path.slice(1);
    const encoding = preferredEncoding(req.get('accept-encoding'));
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !encoding ||
      !/^[\w.-]+\.(js|css|svg|json)$/.test(name)
    ) {
      next();
      return;
    }
    const key = `${encoding}:${name}`;
    let data = cache.get(key);
    if (!data) {
      const file = path.join(dir, name);
      if (!existsSync(file)) {
        next();
        return;
      }
      const built = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      data = existsSync(built) ? readFileSync(built) : compress(readFileSync(file), encoding, 11);
      cache.set(key, data);
    }
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(path.extname(name));
    res.send(data);
  };
}
