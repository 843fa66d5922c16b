import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Logger, withoutAddresses } from '@kw/platform';
import type { Express, RequestHandler } from 'express';
import { requestIdOf } from './public-cache.ts';

// One line per request when its answer is done: method, URL, status, time and the request id
// (no headers), as pino-http wrote it, at the level `levelOf` gives. Made here rather than by
// pino-http, which made two child loggers per request (one serialising the request anew) and
// listened twice: a measurable part of a contact message's CPU.

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: the one it brought when sound (X-Request-Id), else a new one. */
    id: string;
    /** The logger of the request's own lines (the error handler's): they carry its id. */
    log: Logger;
  }
}

export interface RequestLogOptions {
  /** The line's level; `silent` leaves the request out. */
  levelOf(
    req: IncomingMessage,
    res: ServerResponse,
  ): 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Requests not logged at all (the health check). */
  ignore(req: IncomingMessage): boolean;
}

export function requestLog(
  app: Express,
  logger: Logger,
  options: RequestLogOptions,
): RequestHandler {
  // On the prototype express gives the app's requests: made only when a line is written.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: IncomingMessage) {
      return logger.child({ reqId: this.id });
    },
  });
  return (req, res, next) => {
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (!options.ignore(req)) {
      const started = Date.now();
      // As it arrived: a mounted router changes req.url while it runs.
      const { method, url = '' } = req;
      res.once('close', () => {
        const level = options.levelOf(req, res);
        if (level === 'silent' || !logger.isLevelEnabled(level)) return;
        const line = {
          reqId: id,
          req: { method, url: loggedUrl(url) },
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - started,
        };
        if (res.statusCode >= 500)
          logger[level](
            { ...line, err: new Error(`failed with status code ${res.statusCode}`) },
            'request errored',
          );
        else logger[level](line, 'request completed');
      });
    }
    next();
  };
}

/** Query parameters that name no one: their values stay in the line. */
const PLAIN_PARAMETERS = /^(published|utm_(source|medium|campaign|term|content))$/;

/**
 * The URL with the values of its query left out, but for parameters that name no one: an
 * address looked up on the Privacy screen (`/api/privacy/search?email=…`) must not outlive the
 * person's erasure in a log file that the erasure cannot reach.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  // An address in the path or in a bare parameter (a visitor's typo) is left out too.
  if (at < 0) return withoutAddresses(url);
  const query = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const key = pair.split('=', 1)[0]!;
      if (PLAIN_PARAMETERS.test(key)) return pair;
      return pair.includes('=') ? `${key}=…` : withoutAddresses(pair);
    });
  return `${withoutAddresses(url.slice(0, at))}?${query.join('&')}`;
}
