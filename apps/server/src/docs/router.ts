// Machine-readable and interactive API documentation: /openapi.json (built from the contract's
// zod schemas), Swagger UI at /docs and Redoc at /redoc, both served from npm packages (no CDN).
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildOpenApiDocument, SERVICE_TITLE } from '@invoice-reader/contract';
import express, { Router } from 'express';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const redocBundle = path.join(
  path.dirname(require.resolve('redoc/package.json')),
  'bundles',
  'redoc.standalone.js',
);

const SWAGGER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${SERVICE_TITLE} API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;

const SWAGGER_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' });`;

const REDOC_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${SERVICE_TITLE} API</title></head>
<body><redoc spec-url="/openapi.json"></redoc>
<script src="/redoc/redoc.standalone.js"></script></body></html>`;

export function docsRouter(): Router {
  const router = Router();
  const document = buildOpenApiDocument();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(SWAGGER_PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(SWAGGER_INIT);
  });
  router.use('/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1d' }));
  router.get('/redoc', (_req, res) => {
    res.type('html').send(REDOC_PAGE);
  });
  router.get('/redoc/redoc.standalone.js', (_req, res) => {
    res.sendFile(redocBundle, { maxAge: '1d' });
  });
  return router;
}
