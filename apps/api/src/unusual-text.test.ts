import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { modules, routes } from '@kw/composition';
import { createLogger } from '@kw/platform';
import { UNUSUAL_CHARACTER_MESSAGE } from '@kw/platform/http';
import { type AddressedResponse, getAsSent, requestFrom } from '@kw/platform/testing';
import type { OperationObject, RequestBodyObject } from 'openapi3-ts/oas31';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { openApiDocument, openApiPath } from './openapi.ts';
import { startApi } from './server.ts';

// A NUL or a lone surrogate in any text field of any write route, in the query string or in a
// path parameter: a 400 that names the field, never a 500, and nothing written. The routes are
// the composed route table's, so a route added later is covered without touching this file.

const NUL = 'Sample\u0000text';
const LONE_SURROGATE = 'Sample\ud800text';
const ODD = [
  ['a NUL', NUL],
  ['a lone surrogate', LONE_SURROGATE],
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: Json[];
  const?: Json;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: Json;
}

/** A body of the schema's shape with every field filled, each string with plain text. */
function sample(schema: Schema): Json {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0] ?? null;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0] ?? {});
  if (schema.allOf?.[0]) return sample(schema.allOf[0]);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(child)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}),
      );
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'boolean':
      return false;
    default:
      if (schema.format === 'email') return 'ann@example.ca';
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.ca/page';
      if (schema.format === 'date-time') return '2026-01-01T12:00:00.000Z';
      if (schema.format === 'date') return '2026-01-01';
      return 'Sample text long enough for any minimum length. '.repeat(
        Math.ceil((schema.minLength ?? 1) / 48),
      );
  }
}

const toSchema = (zod: ZodType) =>
  z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any' }) as Schema;

/** Every path in `value` that holds a string. */
function stringPaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...prefix, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  return [];
}

function withValue(body: Json, at: (string | number)[], value: string): Json {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, Json>;
  for (const key of at.slice(0, -1)) target = target[key] as Record<string | number, Json>;
  target[at.at(-1)!] = value;
  return copy;
}

let app: TestApp;
let token: string;
/** Real rows for the parameters the routes look up. */
const ids: Record<string, string> = {};
let address = 0;
/** Each request from an address of its own: the per-address limits stay out of the way. */
const nextAddress = () => `127.0.${10 + Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  app = await startTestApp({ web: true });
  token = await app.login();
  const auth = { authorization: `Bearer ${token}` };
  const category = await app.fetch('/api/job-categories', {
    method: 'POST',
    token,
    json: { name: 'Engineering', description: 'People who build things', isActive: true },
  });
  const job = await app.fetch('/api/jobs', {
    method: 'POST',
    token,
    json: {
      title: 'Machine Learning Engineer',
      description: 'Build forecasting and quoting models for small manufacturers.',
      categoryId: (await category.json()).id,
      location: 'Cambridge, ON',
      isPublished: true,
    },
  });
  expect(job.status).toBe(201);
  ids.jobId = (await job.json()).id;
  const contact = await app.fetch('/api/contact', {
    method: 'POST',
    json: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.ca',
      message: 'Our point of sale and our books do not talk to each other.',
    },
    headers: auth,
  });
  ids.contactId = (await contact.json()).id;
});
afterAll(() => app.close());

/** What a refused request must not have left: no event, no file. */
async function snapshot() {
  const [row] = await app.db('events').count<{ count: number }[]>('* as count');
  const files = (dir: string): string[] => {
    try {
      return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  };
  return {
    events: Number(row?.count),
    files: [...files(app.config.uploadsDir), ...files(app.config.privateDir)].sort(),
  };
}

function urlOf(route: { path: string }): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'jobId') return ids.jobId!;
    if (route.path.startsWith('/api/contact/')) return ids.contactId!;
    if (route.path.startsWith('/api/jobs/')) return ids.jobId!;
    return randomUUID();
  });
}

function send(
  route: { method: string; path: string },
  init: { json?: unknown; body?: Buffer; headers?: Record<string, string>; url?: string },
): Promise<AddressedResponse> {
  return requestFrom(nextAddress(), `${app.url}${init.url ?? urlOf(route)}`, {
    method: route.method.toUpperCase(),
    headers: { authorization: `Bearer ${token}`, ...init.headers },
    ...(init.json !== undefined ? { json: init.json } : {}),
    ...(init.body ? { body: init.body } : {}),
  });
}

const writes = routes.filter((r) => r.method !== 'get');
const jsonWrites = writes.filter((r) => r.body);
const cases = jsonWrites.flatMap((route) => {
  const body = sample(toSchema(route.body!));
  return stringPaths(body).map((at) => ({ route, body, at }));
});

describe('JSON bodies: every text field of every write route', () => {
  it('covers every write route with a body, and every text field of each', () => {
    expect(jsonWrites.length).toBeGreaterThanOrEqual(20);
    // Bodies with no text at all: Settings → Privacy's retention periods (days per kind), and
    // the version a post or case study is restored from (with the version it is at).
    const numbersOnly = new Set([
      'put /api/privacy/retention',
      'post /api/blog/:id/restore',
      'post /api/case-studies/:id/restore',
    ]);
    for (const route of jsonWrites) {
      if (numbersOnly.has(`${route.method} ${route.path}`)) continue;
      expect(
        cases.some((c) => c.route === route),
        `${route.method} ${route.path} has text fields`,
      ).toBe(true);
    }
  });

  for (const [name, odd] of ODD) {
    it.each(
      cases.map(
        (c) => [`${c.route.method.toUpperCase()} ${c.route.path}`, c.at.join('.'), c] as const,
      ),
    )(`%s, %s with ${name}: 400 naming the field, nothing written`, async (_route, field, c) => {
      const before = await snapshot();
      const res = await send(c.route, { json: withValue(c.body, c.at, odd) });
      expect(res.status, res.text).toBe(400);
      expect(res.json()).toEqual({
        message: `${field}: ${UNUSUAL_CHARACTER_MESSAGE}`,
        errors: [{ path: field, message: UNUSUAL_CHARACTER_MESSAGE }],
      });
      expect(await snapshot()).toEqual(before);
    });
  }

  it('an object key with a NUL is named too', async () => {
    const res = await send(
      { method: 'post', path: '/api/contact' },
      { json: { 'first\u0000Name': 'Ann', lastName: 'Lee' } },
    );
    expect(res.status).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'firstName', message: UNUSUAL_CHARACTER_MESSAGE }]);
  });
});

/** A multipart body: text fields and, optionally, one file. */
function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; bytes: Buffer },
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----kw${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n`),
      // What a browser sends: UTF-8 (a lone surrogate has no UTF-8 form: it arrives as U+FFFD).
      Buffer.from(value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
        'utf8',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The multipart routes and their form, as the API's OpenAPI document describes them. */
const document = openApiDocument(routes, modules);
const multipartWrites = writes.flatMap((route) => {
  const operation = (
    document.paths?.[openApiPath(route.path)] as Record<string, OperationObject>
  )?.[route.method];
  const form = (operation?.requestBody as RequestBodyObject | undefined)?.content?.[
    'multipart/form-data'
  ]?.schema as Schema | undefined;
  if (!form) return [];
  const properties = Object.entries(form.properties ?? {});
  const isFile = (schema: Schema) => schema.format === 'binary';
  const fileField = properties.find(([, schema]) => isFile(schema))?.[0] ?? 'file';
  // Valid where the document's schema does not say the format, so a file gets as far as storing.
  const known: Record<string, string> = { email: 'ann@example.ca', phone: '519-555-0100' };
  const fields = Object.fromEntries(
    properties.flatMap(([name, schema]) => {
      const value = known[name] ?? sample(schema);
      return !isFile(schema) && typeof value === 'string' ? [[name, value]] : [];
    }),
  ) as Record<string, string>;
  // What each accepts: a résumé is a PDF, the editors' uploads an image.
  const file = fileField === 'resume' ? { bytes: PDF, ext: 'pdf' } : { bytes: PNG, ext: 'png' };
  return [{ route, fileField, fields, file }];
});
const multipartFields = multipartWrites.flatMap((m) =>
  Object.keys(m.fields).map((field) => ({ ...m, field })),
);

describe('multipart bodies (uploads, job applications)', () => {
  it('the route table has the three upload routes, and the application its text fields', () => {
    expect(multipartWrites.map((m) => m.route.path).sort()).toEqual([
      '/api/jobs/:jobId/apply',
      '/api/media/upload',
      '/api/upload',
    ]);
    expect(multipartFields.map((m) => m.field)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'coverLetter']),
    );
  });

  it.each(
    multipartFields.map(
      (m) => [`${m.route.method.toUpperCase()} ${m.route.path}`, m.field, m] as const,
    ),
  )('%s, field %s with a NUL: 400 naming it, no file kept, no event', async (_r, field, m) => {
    const before = await snapshot();
    const { body, headers } = multipart(
      { ...m.fields, [field]: NUL },
      { field: m.fileField, name: `file.${m.file.ext}`, bytes: m.file.bytes },
    );
    const res = await send(m.route, { body, headers });
    expect(res.status, res.text).toBe(400);
    expect(res.json().errors).toEqual([{ path: field, message: UNUSUAL_CHARACTER_MESSAGE }]);
    expect(await snapshot()).toEqual(before);
  });

  it.each(
    multipartFields.map(
      (m) => [`${m.route.method.toUpperCase()} ${m.route.path}`, m.field, m] as const,
    ),
  )(
    '%s, field %s with a lone surrogate: never a 500 (it arrives as U+FFFD)',
    async (_r, field, m) => {
      const { body, headers } = multipart(
        { ...m.fields, [field]: LONE_SURROGATE },
        { field: m.fileField, name: `file.${m.file.ext}`, bytes: m.file.bytes },
      );
      const res = await send(m.route, { body, headers });
      expect(res.status, res.text).toBeLessThan(500);
    },
  );

  it.each(
    multipartWrites.flatMap((m) =>
      ODD.map(
        ([name, odd]) => [`${m.route.method.toUpperCase()} ${m.route.path}`, name, m, odd] as const,
      ),
    ),
  )('%s: a file name with %s is never a 500, nor stored as sent', async (_r, _w, m, odd) => {
    const { body, headers } = multipart(m.fields, {
      field: m.fileField,
      name: `${odd}.${m.file.ext}`,
      bytes: m.file.bytes,
    });
    const res = await send(m.route, { body, headers });
    expect(res.status, res.text).toBeLessThan(500);
    // An upload's display name keeps the rest of the name, without the character.
    const shown = res.status === 201 ? res.json().originalName : undefined;
    if (shown !== undefined) expect(shown).toMatch(/^Sample\uFFFD?text\.png$/);
  });
});

describe('query strings and path parameters', () => {
  it.each(routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s?token=…NUL…: 400 naming the parameter, nothing written',
    async (_name, route) => {
      const before = await snapshot();
      const res = await send(route, { url: `${urlOf(route)}?token=abc%00def` });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain(`token: ${UNUSUAL_CHARACTER_MESSAGE}`);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(
    routes
      .filter((r) => r.path.includes(':'))
      .map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const),
  )('%s with a NUL in a path parameter: 400 naming it, nothing written', async (_name, route) => {
    const before = await snapshot();
    const url = route.path.replace(/:(\w+)/g, 'x%00y');
    const res = await send(route, { url, json: route.body ? {} : undefined });
    expect(res.status, res.text).toBe(400);
    const param = /:(\w+)/.exec(route.path)![1]!;
    expect(res.json().errors).toEqual([{ path: param, message: UNUSUAL_CHARACTER_MESSAGE }]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a lone surrogate in a path parameter', '/api/blog/%ED%A0%80'],
    ['a lone surrogate in a query string', '/api/jobs?categoryId=%ED%A0%80'],
    ['a NUL in a page address', '/blog/x%00y'],
    ['a NUL in a case study address', '/case-studies/x%00y'],
    ['a NUL in a page query string', '/services?q=%00'],
    ['a NUL in a media file name', '/media/x%00y.png'],
    ['a NUL in a résumé file name', '/uploads/x%00y.pdf'],
  ])('%s (%s): never a 500', async (_name, url) => {
    const res = await send({ method: 'get', path: url }, { url });
    expect(res.status, res.text).toBeGreaterThanOrEqual(200);
    expect(res.status, res.text).toBeLessThan(500);
  });
});

describe('a NUL in a public page address', () => {
  it('is the Page Not Found card, refused before any read: no query carries it, no error is logged', async () => {
    // An API of its own on the same database, whose error lines and queries the test sees.
    const errors: string[] = [];
    const logger = createLogger('error', 'test');
    logger.error = ((_details: unknown, message: string) => {
      errors.push(message);
    }) as typeof logger.error;
    const api = await startApi(app.config, app.dbUrl, logger, { web: true });
    const withNul: string[] = [];
    api.runtime.db.on('query', (query: { sql: string; bindings?: unknown[] }) => {
      if (query.bindings?.some((b) => typeof b === 'string' && b.includes('\u0000')))
        withNul.push(query.sql);
    });
    const pages = ['/blog/%00', '/case-studies/%00', '/careers/%00', '/blog/a%00b'];
    const answers: { status: number; body: string }[] = [];
    try {
      for (const page of pages) {
        const res = await getAsSent(`${api.url}${page}`);
        answers.push({ status: res.status, body: res.body.toString() });
      }
    } finally {
      await api.close();
    }
    expect(errors).toEqual([]);
    expect(withNul).toEqual([]);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, pages[i]).toBe(404);
      expect(answer.body, pages[i]).toContain('<h1>Page Not Found</h1>');
    }
  });
});

describe('the net under the edge', () => {
  it('text PostgreSQL refuses, from a path the edge did not check, is a 400 and rolls back whole', async () => {
    const { isUnstorableText } = await import('@kw/platform');
    for (const value of ['a\u0000b']) {
      const error = await app.db.raw('select ?::text', [value]).catch((e: unknown) => e);
      expect(isUnstorableText(error)).toBe(true);
    }
    for (const json of ['"\\u0000"', '"\\ud800"']) {
      const error = await app.db.raw('select ?::jsonb', [json]).catch((e: unknown) => e);
      expect(isUnstorableText(error)).toBe(true);
    }
    const invalidUuid = await app.db.raw("select 'nope'::uuid").catch((e: unknown) => e);
    expect(isUnstorableText(invalidUuid)).toBe(false);
  });
});
