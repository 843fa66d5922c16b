import type { Request, Response } from 'express';
import type { ZodType, z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db.ts';
import { type FieldError, ValidationError } from '../errors.ts';
import type { EventStore } from '../event-store/event-store.ts';
import type { AppendGate, EventMetadata } from '../event-store/types.ts';
import type { Logger } from '../logger.ts';
import type { NamedPersonalDataSource } from '../personal-data/sources.ts';
import type { RateLimit } from './rate-limit.ts';

export * from './bulk.ts';
export * from './csv.ts';
export { RATE_LIMIT_COUNTERS, type RateLimit, RateLimiter } from './rate-limit.ts';
export * from './spam.ts';
export * from './unusual-text.ts';

/** What every request handler may use; built once by the API's composition root. */
export interface AppServices {
  config: Config;
  db: Db;
  store: EventStore;
  logger: Logger;
  /** Every module's personal-data source, from the composition (the privacy module's routes). */
  personalData?: NamedPersonalDataSource[];
}

/** Who may call a route. Everything under /api that is not in the spec's public list is 'admin'. */
export type Access = 'public' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Visitor {
  ip: string;
  userAgent: string;
  referer: string;
}

export interface RouteContext<Body = unknown, Query = unknown, Params = unknown> {
  req: Request;
  res: Response;
  body: Body;
  query: Query;
  params: Params;
  services: AppServices;
  /** Event metadata for anything this request appends. */
  metadata: EventMetadata;
  visitor: Visitor;
  /**
   * With `countInWrite`: this request's count against the route's rate limit, which the handler
   * passes to its one append (`gate`), so the count and the write go in one statement.
   */
  requestCount?: AppendGate;
}

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

export interface RouteDef<
  B extends ZodType | undefined = ZodType | undefined,
  Q extends ZodType | undefined = ZodType | undefined,
  P extends ZodType | undefined = ZodType | undefined,
> {
  method: Method;
  path: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * Per-address limit (the client address TRUST_PROXY resolves), counted in PostgreSQL for
   * every API process, checked before the body is validated (public forms).
   */
  rateLimit?: RateLimit;
  /**
   * The rate limit is counted by the handler's one append (`ctx.requestCount`, in the same
   * statement) rather than on its own before it: one round trip for a valid message. A request
   * the API refuses before the handler (bad JSON, a field that does not validate) is counted on
   * its own first, as without this, so which answer comes (429 or 400) does not change.
   */
  countInWrite?: boolean;
  /**
   * The most bytes its JSON body may take, for an administrator's route whose schema allows more
   * text than the API's 100 kB (`jsonBodyLimit`); read only after the administrator's token.
   */
  bodyLimit?: number;
  /** What /api/openapi.json tells beyond the schemas above; documentation only, never checked. */
  docs?: RouteDocs;
  /** Returns the JSON body (200), a `Reply`, or nothing after writing `res` itself. */
  handler(ctx: RouteContext<Infer<B>, Infer<Q>, Infer<P>>): Promise<unknown> | unknown;
}

/** A route's documentation for the OpenAPI document (apps/api/src/openapi.ts). */
export interface RouteDocs {
  summary?: string;
  description?: string;
  /** A multipart/form-data body the handler reads itself (uploads): text fields, and `z.file()` for files. */
  multipart?: ZodType;
  /** Query parameters the handler reads from `req.query` itself, without `query` above. */
  query?: ZodType;
  /** The success answer: its status, and its JSON body's schema or another media type (CSV, HTML). */
  response?: { status?: number; description?: string; json?: ZodType; mediaType?: string };
}

/** Typed helper: infers the context's body, query and params from the zod schemas. */
export function route<
  B extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  P extends ZodType | undefined = undefined,
>(def: RouteDef<B, Q, P>): RouteDef {
  return def as unknown as RouteDef;
}

const MB = 1024 * 1024;

/**
 * A body limit for text of up to `characters`: each may take 6 bytes as JSON (`\u001f`), with
 * 256 kB for the other fields, in whole megabytes (as the 413 names it).
 */
export function jsonBodyLimit(characters: number): number {
  return Math.ceil((characters * 6 + 256 * 1024) / MB) * MB;
}

/** A response with a status other than 200. */
export class Reply {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body?: unknown) {
    this.status = status;
    this.body = body;
  }
}

export const created = (body: unknown): Reply => new Reply(201, body);
export const noContent = (): Reply => new Reply(204);

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Parses `value` or throws a 400 that names each bad field. */
export function parseOrThrow<S extends ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}
