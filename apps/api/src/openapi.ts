import { createRequire } from 'node:module';
import { SESSION_COOKIE } from '@kw/auth';
import type { ServerModule } from '@kw/platform';
import type { ApiErrorBody } from '@kw/platform/contract';
import type { RouteDef, RouteDocs } from '@kw/platform/http';
import { company } from '@kw/site';
import {
  type OpenAPIObject,
  OpenApiBuilder,
  type OperationObject,
  type ParameterObject,
  type ResponsesObject,
  type SchemaObject,
  type SecurityRequirementObject,
} from 'openapi3-ts/oas31';
import { type ZodType, z } from 'zod';
import { DOCS_FILES } from './openapi-docs.ts';

// The API described where tools can read it: OpenAPI 3.1, generated from the very zod schemas
// the routes validate with (zod 4's own JSON Schema output, which is the dialect OpenAPI 3.1 uses).

/** What the document needs of a route: a RouteDef has all of it. */
export type DocumentedRoute = Pick<
  RouteDef,
  'method' | 'path' | 'access' | 'body' | 'query' | 'params' | 'rateLimit' | 'docs'
> & {
  tag?: string;
  /** Answers anyone but the administrator 404 rather than 401, so nothing shows it exists. */
  hiddenFromOthers?: boolean;
};

/** The API's error answer, ApiErrorBody; a 500 adds the request id to quote, hence loose. */
const apiErrorFields = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile when the contract's interface and this schema part ways.
const sameAsContract: Same<z.output<typeof apiErrorFields>, ApiErrorBody> = true;
void sameAsContract;
const apiErrorBodySchema = apiErrorFields.loose();

/** Routes the API answers outside the modules' route table (app.ts, site-files.ts, the docs). */
export const APP_ROUTES: DocumentedRoute[] = [
  {
    method: 'get',
    path: '/api/health',
    access: 'public',
    tag: 'operations',
    docs: {
      summary: 'Database and worker health',
      description: '200 when the database answers, 503 when it does not.',
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    access: 'admin',
    tag: 'operations',
    docs: { summary: 'This document (OpenAPI 3.1)', response: { mediaType: 'application/json' } },
  },
  {
    method: 'get',
    path: '/api/docs',
    access: 'admin',
    tag: 'operations',
    docs: { summary: 'This document, browsable', response: { mediaType: 'text/html' } },
  },
  {
    method: 'get',
    path: '/api/docs/:file',
    access: 'admin',
    tag: 'operations',
    docs: {
      summary: "The browsable page's scripts and styles",
      description: `One of ${[...DOCS_FILES, 'init.js'].join(', ')}; any other name is a 404.`,
    },
  },
  {
    method: 'get',
    path: '/uploads/:resumeFilename',
    access: 'admin',
    hiddenFromOthers: true,
    tag: 'careers',
    docs: {
      summary: "Download an applicant's résumé",
      description: 'Anyone but the administrator gets a 404, so not even a file’s existence shows.',
      response: { mediaType: 'application/octet-stream' },
    },
  },
  {
    method: 'get',
    path: '/blog/rss.xml',
    access: 'public',
    tag: 'blog',
    docs: {
      summary: 'RSS feed of published posts',
      response: { mediaType: 'application/rss+xml' },
    },
  },
  {
    method: 'get',
    path: '/sitemap.xml',
    access: 'public',
    tag: 'site files',
    docs: { response: { mediaType: 'application/xml' } },
  },
  {
    method: 'get',
    path: '/robots.txt',
    access: 'public',
    tag: 'site files',
    docs: { response: { mediaType: 'text/plain' } },
  },
  {
    method: 'get',
    path: '/share/:kind/:key',
    access: 'public',
    tag: 'site files',
    docs: {
      summary: "A post's, case study's or job's share image (og:image), 1200×630",
      description:
        '`kind` is `posts` or `case-studies` (`key`: the slug) or `careers` (`key`: the job id). A PNG card, or a JPEG of the uploaded featured image; made once per version of the item. `?v=` with the current version is cached for a year.',
      response: { mediaType: 'image/png' },
    },
  },
  {
    method: 'get',
    path: '/favicon.ico',
    access: 'public',
    tag: 'site files',
    docs: {
      summary: 'The site icon, for browsers that ask for it by this name: /favicon.svg',
      response: { status: 301, description: 'Moved Permanently' },
    },
  },
  {
    method: 'get',
    path: '/efficiency-edge',
    access: 'public',
    tag: 'site files',
    docs: {
      summary: "Redirect to the sister site's address",
      response: { status: 302, description: 'Found' },
    },
  },
];

type Schema = SchemaObject & { $defs?: Record<string, SchemaObject> };

/**
 * One zod schema as an OpenAPI 3.1 schema: the request side (`input`, before defaults and
 * transforms) or the answer side (`output`). Definitions zod shares move to components.
 */
function schemaOf(
  schema: ZodType,
  io: 'input' | 'output',
  components: Map<string, SchemaObject>,
): SchemaObject {
  const {
    $schema: _,
    $defs,
    ...json
  } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Schema & { $schema?: string };
  const text = JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/');
  for (const [name, def] of Object.entries($defs ?? {})) {
    const shared = JSON.stringify(def).replaceAll('"#/$defs/', '"#/components/schemas/');
    const known = components.get(name);
    // Two schemas may not claim one name: give them distinct ids in their `.meta()`.
    if (known && JSON.stringify(known) !== shared)
      throw new Error(`Two different schemas are both named ${name}`);
    components.set(name, JSON.parse(shared));
  }
  return JSON.parse(text);
}

function queryParameters(schema: SchemaObject, where: string): ParameterObject[] {
  if (schema.type !== 'object' || !schema.properties)
    throw new Error(`${where}: query parameters must be a zod object`);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/** Express's `/api/blog/:id` in OpenAPI's form, `/api/blog/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'api')
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .join('-')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [method, ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
});

function successResponse(docs: RouteDocs, components: Map<string, SchemaObject>) {
  const { status, description = 'Success', json, mediaType } = docs.response ?? {};
  const content = json
    ? { 'application/json': { schema: schemaOf(json, 'output', components) } }
    : mediaType
      ? { [mediaType]: {} }
      : undefined;
  return { [status ? String(status) : '2XX']: { description, ...(content ? { content } : {}) } };
}

function operation(route: DocumentedRoute, tag: string, components: Map<string, SchemaObject>) {
  const key = `${route.method.toUpperCase()} ${route.path}`;
  // Each module documents its own routes: what a handler reads by itself (an upload, a query
  // string) or answers besides JSON is in the route's `docs`.
  const docs: RouteDocs = route.docs ?? {};
  const parameters: ParameterObject[] = [];

  const paramSchema = route.params ? schemaOf(route.params, 'input', components) : undefined;
  for (const [, name = ''] of route.path.matchAll(/:(\w+)/g)) {
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: paramSchema?.properties?.[name] ?? { type: 'string' },
    });
  }
  const query = route.query ?? docs.query;
  if (query) parameters.push(...queryParameters(schemaOf(query, 'input', components), key));

  const op: OperationObject = {
    operationId: operationId(route.method, route.path),
    tags: [tag],
    ...(docs.summary ? { summary: docs.summary } : {}),
    ...(docs.description ? { description: docs.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    security: security(route),
  };
  if (route.body)
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(route.body, 'input', components) } },
    };
  else if (docs.multipart)
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': { schema: schemaOf(docs.multipart, 'input', components) },
      },
    };

  const responses: ResponsesObject = { ...successResponse(docs, components) };
  // Only what is validated answers 400 (a query read by hand is not).
  if (route.body || route.query || route.params || docs.multipart)
    responses['400'] = { $ref: '#/components/responses/BadRequest' };
  if (route.hiddenFromOthers) responses['404'] = { description: 'Not found, or not yours to see' };
  else if (route.access === 'admin')
    responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  if (route.rateLimit) responses['429'] = { $ref: '#/components/responses/TooManyRequests' };
  responses.default = { $ref: '#/components/responses/Error' };
  op.responses = responses;
  return op;
}

/** The cookie opens reads only (a cookie never authorises a change); the bearer token opens all. */
function security(route: DocumentedRoute): SecurityRequirementObject[] {
  if (route.access === 'public') return [];
  return route.method === 'get'
    ? [{ bearerAuth: [] }, { sessionCookie: [] }]
    : [{ bearerAuth: [] }];
}

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/**
 * The OpenAPI 3.1 document of the routes given (the modules' route table) and of the routes the
 * app adds itself. Routes are tagged with their module's name.
 */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  modules: readonly ServerModule[] = [],
): OpenAPIObject {
  const moduleOf = new Map<unknown, string>();
  for (const m of modules) for (const r of m.routes) moduleOf.set(r, m.name);
  const components = new Map<string, SchemaObject>();
  const builder = OpenApiBuilder.create()
    .addOpenApiVersion('3.1.0')
    .addInfo({
      title: `${company.name} API`,
      version,
      description:
        "The website's and back office's HTTP API. Bad input answers 400 with one entry per bad field. The administrator signs in with `POST /api/auth/login` and sends the token it answers as `Authorization: Bearer …`.",
    })
    .addServer({ url: '/' })
    .addSecurityScheme('bearerAuth', {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The token `POST /api/auth/login` answers.',
    })
    .addSecurityScheme('sessionCookie', {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: "The back office's httpOnly session cookie; it opens reads (GET) only.",
    })
    .addSchema('ApiErrorBody', schemaOf(apiErrorBodySchema, 'output', components))
    .addResponse('BadRequest', errorResponse('Invalid input: `errors` names each bad field'))
    .addResponse('Unauthorized', errorResponse('Authentication required'))
    .addResponse('TooManyRequests', {
      ...errorResponse('Too many requests from this address'),
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
    })
    .addResponse('Error', errorResponse('Any other error (404, 409, 413, 415, 500…)'));

  for (const route of [...routes, ...APP_ROUTES]) {
    const tag = route.tag ?? moduleOf.get(route) ?? route.path.split('/')[2] ?? 'site';
    builder.addPath(openApiPath(route.path), {
      [route.method]: operation(route, tag, components),
    });
  }
  for (const [name, schema] of components) builder.addSchema(name, schema);
  return builder.getSpec();
}
