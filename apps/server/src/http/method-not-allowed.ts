// A request to a path the service has, with a method it does not take there (`POST /v1/usage`,
// `DELETE /v1/parse/1`): 405 `method_not_allowed` with the `Allow` header, as HTTP says, rather
// than a 404 that tells a client the path does not exist. The paths and their methods are the
// OpenAPI document's, the one description of the service's routes.
import { buildOpenApiDocument } from '@invoice-reader/contract';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

interface RoutePattern {
  pattern: RegExp;
  methods: string[];
}

function routePatterns(): RoutePattern[] {
  const doc = buildOpenApiDocument();
  return Object.entries(doc.paths ?? {}).map(([template, item]) => {
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    const methods = Object.keys(item as object)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => m.toUpperCase());
    // A GET route answers HEAD too (express does).
    if (methods.includes('GET')) methods.push('HEAD');
    return { pattern: new RegExp(`^${source}$`), methods };
  });
}

/** Answers 405 for a documented path asked with another method; anything else goes on (404). */
export function methodNotAllowed(): RequestHandler {
  const routes = routePatterns();
  return (req, _res, next) => {
    const allowed = new Set(routes.filter((r) => r.pattern.test(req.path)).flatMap((r) => r.methods));
    if (allowed.size && !allowed.has(req.method) && req.method !== 'OPTIONS')
      throw new HttpError(405, 'method_not_allowed', { Allow: [...allowed].sort().join(', ') });
    next();
  };
}
