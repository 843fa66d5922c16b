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

/** Quick levels: these answers are compressed on the request's path, each time. */
function compress(data: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipSync(data, { level: 6 });
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
          return send(compress(data, encoding));
        }
      }
      return send(body);
    };
    next();
  };
}

/**
 * Serves the built, content-hashed scripts and styles in the compressed forms the build wrote
 * beside each (`.br`, `.gz`: vite.config.ts), kept in memory once read (they never change while
 * the process runs). A file without them is left to the plain static files: compressing it
 * here at the highest level held the event loop for seconds.
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
      const built = path.join(dir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`);
      if (!existsSync(built)) {
        next();
        return;
      }
      data = readFileSync(built);
      cache.set(key, data);
    }
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(path.extname(name));
    res.send(data);
  };
}
