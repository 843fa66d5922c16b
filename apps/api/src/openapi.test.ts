import { SESSION_COOKIE } from '@kw/auth';
import { modules, routes } from '@kw/composition';
import { createLogger } from '@kw/platform';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import express, { type Express } from 'express';
import type { OpenAPIObject, OperationObject, ParameterObject } from 'openapi3-ts/oas31';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { createApp } from './app.ts';
import { openApiDocument, openApiPath } from './openapi.ts';

/** Every method and path the express router answers, but the /api 404 catch-all. */
function routerRoutes(app: Express): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  for (const layer of app.router.stack) {
    const route = layer.route as { path: string; methods: Record<string, boolean> } | undefined;
    if (!route || route.path.includes('{*')) continue;
    for (const method of Object.keys(route.methods)) found.push({ method, path: route.path });
  }
  return found;
}

/** The router's routes the document does not describe, as `METHOD /path`. */
function undocumented(app: Express, document: OpenAPIObject): string[] {
  return routerRoutes(app)
    .filter(({ method, path }) => !document.paths?.[openApiPath(path)]?.[method as 'get'])
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
}

/** Every Schema Object in the document: components, parameters, bodies and answers. */
function schemasIn(value: unknown, where = '#'): [string, object][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'schema' || where === '#/components/schemas'
      ? [[`${where}/${key}`, inner as object] as [string, object]]
      : schemasIn(inner, `${where}/${key}`),
  );
}

const operation = (document: OpenAPIObject, method: 'get' | 'post' | 'put', path: string) =>
  document.paths?.[path]?.[method] as OperationObject;

let app: TestApp;
let token: string;
let router: Express;
const document = openApiDocument(routes, modules);

beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
  // The same app the server runs, built again to read its router.
  const { db, store } = app.api.runtime;
  const logger = createLogger('silent', 'test');
  router = createApp({ services: { config: app.config, db, store, logger }, routes });
});
afterAll(() => app.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("has schemas of OpenAPI 3.1's dialect, JSON Schema 2020-12", () => {
    // The OpenAPI schema above leaves Schema Objects open; the dialect's meta-schema checks them.
    const ajv = new Ajv2020({ strict: false });
    const schemas = schemasIn(document);
    expect(schemas.length).toBeGreaterThan(50);
    for (const [where, schema] of schemas) {
      expect(ajv.validateSchema(schema), `${where}: ${ajv.errorsText()}`).toBe(true);
    }
    expect(ajv.validateSchema({ type: 'strin' }), 'self-check').toBe(false);
  });

  it('describes every route the router answers, with its method', () => {
    const table = routerRoutes(router);
    // The whole route table is mounted, so the check covers it, and more (health, site files).
    for (const r of routes) expect(table).toContainEqual({ method: r.method, path: r.path });
    expect(table).toContainEqual({ method: 'get', path: '/api/health' });
    expect(undocumented(router, document)).toEqual([]);
  });

  it('describes no route the router does not answer', () => {
    const answered = new Set(routerRoutes(router).map((r) => `${r.method} ${openApiPath(r.path)}`));
    const described = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(described.filter((d) => !answered.has(d))).toEqual([]);
  });

  it("documents, from each route's own docs, what its handler reads or answers by itself", () => {
    const queryOf = (method: 'get' | 'post', path: string) =>
      (operation(document, method, path).parameters as ParameterObject[])?.filter(
        (p) => p.in === 'query',
      );
    expect(operation(document, 'post', '/api/upload')).toMatchObject({
      summary: 'Upload a picture or file for the editors',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: { properties: { file: { format: 'binary' }, image: { format: 'binary' } } },
          },
        },
      },
      responses: { '201': { description: 'Success' } },
    });
    expect(queryOf('post', '/api/upload')).toEqual([
      expect.objectContaining({ name: 'kind', required: false }),
    ]);
    for (const [path, items] of [
      ['/api/blog', 'posts'],
      ['/api/case-studies', 'case studies'],
    ] as const) {
      expect(operation(document, 'get', path).description).toBe(
        `Visitors get published ${items}; the administrator gets all unless \`published=true\`. The published list carries only the list page's card fields (the excerpt's fallback made on the server) with an ETag; the administrator's list carries whole records.`,
      );
      expect(queryOf('get', path)).toEqual([
        expect.objectContaining({
          name: 'published',
          required: false,
          schema: expect.objectContaining({ enum: ['true', 'false'] }),
        }),
      ]);
      // Read by hand, not validated: no 400 is claimed.
      expect(operation(document, 'get', path).responses?.['400']).toBeUndefined();
    }
    expect(operation(document, 'get', '/api/newsletter/export').responses?.['2XX']).toEqual({
      description: 'Success',
      content: { 'text/csv': {} },
    });
    for (const method of ['get', 'post'] as const) {
      expect(queryOf(method, '/newsletter/unsubscribe')).toEqual([
        expect.objectContaining({ name: 'token', required: true }),
      ]);
      expect(
        operation(document, method, '/newsletter/unsubscribe').responses?.['2XX'],
      ).toMatchObject({ content: { 'text/html': {} } });
    }
    expect(operation(document, 'post', '/api/jobs/{jobId}/apply').responses?.['201']).toMatchObject(
      {
        content: {
          'application/json': { schema: { required: expect.arrayContaining(['id', 'message']) } },
        },
      },
    );
  });

  it('self-check: a route missing from the document is named', () => {
    const extra = express();
    extra.get('/api/blog', () => {});
    extra.post('/api/not-described/:id', () => {});
    expect(undocumented(extra, document)).toEqual(['POST /api/not-described/:id']);
  });

  it('asks for the bearer token (or, for reads, the cookie) on admin routes only', () => {
    const admin = routes.filter((r) => r.access === 'admin');
    for (const r of admin) {
      const op = operation(document, r.method as 'get', openApiPath(r.path));
      const expected =
        r.method === 'get' ? [{ bearerAuth: [] }, { sessionCookie: [] }] : [{ bearerAuth: [] }];
      expect(op.security, `${r.method} ${r.path}`).toEqual(expected);
      expect(op.responses?.['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
    for (const r of routes.filter((r) => r.access === 'public'))
      expect(operation(document, r.method as 'get', openApiPath(r.path)).security).toEqual([]);
    // The résumé download answers others 404, not 401, so not even a file's existence shows.
    const resume = operation(document, 'get', '/uploads/{resumeFilename}');
    expect(resume.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(Object.keys(resume.responses ?? {})).toContain('404');
    expect(Object.keys(resume.responses ?? {})).not.toContain('401');
    expect(document.components?.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
    });
  });

  it("takes path parameters, bodies and query strings from the routes' zod schemas", () => {
    const update = operation(document, 'put', '/api/blog/{id}');
    expect(update.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    const id = (update.parameters as ParameterObject[]).find((p) => p.name === 'id');
    expect(id?.schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(update.requestBody).toMatchObject({
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', required: expect.arrayContaining(['title', 'slug']) },
        },
      },
    });
    expect(operation(document, 'get', '/api/newsletter').parameters).toEqual([
      expect.objectContaining({
        name: 'includeUnsubscribed',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ enum: ['true', 'false'] }),
      }),
    ]);
    expect(operation(document, 'post', '/api/auth/login').responses?.['400']).toEqual({
      $ref: '#/components/responses/BadRequest',
    });
  });

  it('describes the uploads as multipart bodies', () => {
    const apply = operation(document, 'post', '/api/jobs/{jobId}/apply');
    expect(apply.requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: {
            properties: {
              resume: { type: 'string', format: 'binary' },
              firstName: { type: 'string' },
            },
            required: expect.arrayContaining(['resume', 'firstName', 'email']),
          },
        },
      },
    });
    expect(apply.responses?.['429']).toBeDefined();
    expect(operation(document, 'post', '/api/media/upload').requestBody).toMatchObject({
      content: {
        'multipart/form-data': { schema: { properties: { file: { format: 'binary' } } } },
      },
    });
  });

  it('gives every error the API error body', () => {
    expect(document.components?.schemas?.ApiErrorBody).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, errors: { type: 'array' } },
      required: ['message'],
    });
    for (const name of ['BadRequest', 'Unauthorized', 'TooManyRequests', 'Error'])
      expect(document.components?.responses?.[name]).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
      });
  });
});

describe('GET /api/openapi.json', () => {
  it('answers 401 without a token', async () => {
    const res = await app.fetch('/api/openapi.json');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
  });

  it('gives the administrator the document', async () => {
    const res = await app.fetch('/api/openapi.json', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });
});

describe('GET /api/docs', () => {
  const cookie = () => ({ headers: { cookie: `${SESSION_COOKIE}=${token}` } });

  it('answers 401 without a session, the page and its files alike', async () => {
    for (const path of ['/api/docs', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(401);
    }
    const bad = await app.fetch('/api/docs', { headers: { cookie: `${SESSION_COOKIE}=nope` } });
    expect(bad.status).toBe(401);
  });

  it("renders with the administrator's cookie, from files of this server only", async () => {
    const res = await app.fetch('/api/docs', cookie());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;| )/);
    const html = await res.text();
    expect(html).toContain('<div id="swagger-ui"></div>');
    // No inline script (the CSP forbids it) and nothing from another origin.
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      expect(file).toMatch(/^\/api\/docs\//);
      const asset = await app.fetch(file, cookie());
      expect(asset.status, file).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const init = await (await app.fetch('/api/docs/init.js', cookie())).text();
    expect(init).toContain("url: '/api/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });

  it('renders with the bearer token too', async () => {
    expect((await app.fetch('/api/docs', { token })).status).toBe(200);
  });

  it("serves none of swagger-ui-dist's other files", async () => {
    for (const path of ['/api/docs/index.html', '/api/docs/swagger-initializer.js']) {
      const res = await app.fetch(path, cookie());
      expect(res.status, path).toBe(404);
    }
  });
});
