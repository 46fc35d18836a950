// The web application's built files (apps/web/dist) at /app: hashed assets cached for a year,
// every other /app path answered with index.html (the app routes in the browser). Without a
// build, /app answers 404 with a page that says how to make one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';

export interface WebAppDeps {
  config: Readonly<Config>;
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web application not built · Invoice Reader</title></head>
<body><main><h1>The web application is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm run setup</code>) and reload this page.</p></main></body></html>`;

export function webAppRouter({ config }: WebAppDeps): Router {
  const router = Router();
  const dir = config.webDir;
  const index = path.join(dir, 'index.html');

  // Vite names assets by their content: a changed file is a new name, so each can live forever.
  router.use(
    '/app/assets',
    express.static(path.join(dir, 'assets'), {
      index: false,
      fallthrough: true,
      immutable: true,
      maxAge: '365d',
    }),
    (_req, _res) => {
      throw new HttpError(404, 'not_found');
    },
  );

  router.get(['/app', '/app/{*rest}'], (_req, res) => {
    // Checked on each request, so a build made while the service runs is picked up.
    if (!existsSync(index)) {
      res.status(404).type('html').set('Cache-Control', 'no-store').send(NOT_BUILT);
      return;
    }
    // Always revalidated: it names the current assets.
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}
