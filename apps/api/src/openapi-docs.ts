import { createRequire } from 'node:module';
import path from 'node:path';
import { company } from '@kw/site';
import type { Express, RequestHandler } from 'express';
import type { OpenAPIObject } from 'openapi3-ts/oas31';

// The administrator's browsable API reference: Swagger UI from node_modules, served by us, so
// nothing loads from elsewhere and the Content-Security-Policy ('self' scripts) holds.

const swaggerUiDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

// No inline script: the page's own start-up lives in a file of its own, like Swagger UI's.
// validatorUrl null: Swagger UI would otherwise show a badge fetched from swagger.io.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: true,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${company.name} API</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** The only files of swagger-ui-dist the page uses (its own index.html would show a sample API). */
export const DOCS_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

/** GET /api/openapi.json and the page at GET /api/docs, both behind the administrator's guard. */
export function mountApiDocs(app: Express, guard: RequestHandler, document: OpenAPIObject): void {
  app.get('/api/openapi.json', guard, (_req, res) => {
    res.json(document);
  });
  app.get('/api/docs', guard, (_req, res) => {
    res.type('html').send(PAGE);
  });
  app.get('/api/docs/:file', guard, (req, res, next) => {
    const file = String(req.params.file);
    if (file !== 'init.js' && !DOCS_FILES.includes(file)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'private, max-age=3600');
    if (file === 'init.js') {
      res.type('text/javascript').send(INIT_SCRIPT);
      return;
    }
    res.sendFile(path.join(swaggerUiDir, file), { cacheControl: false }, (error) => {
      if (error) next(error);
    });
  });
}
