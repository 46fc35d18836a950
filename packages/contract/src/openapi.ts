// The OpenAPI 3 document of the service, built from the contract's zod schemas. The server serves
// it at /openapi.json; a copy is checked in (docs/openapi.json) and a test fails when it is stale.
// Each domain registers its paths in its own file under paths/.
import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { registerApiSubscriptionPaths } from './paths/api-subscription.js';
import { registerAuthPaths } from './paths/auth.js';
import type { Security } from './paths/common.js';
import { registerExportsPaths } from './paths/exports.js';
import { registerMailPaths } from './paths/mail.js';
import { registerPaymentsPaths } from './paths/payments.js';
import { registerPublicPaths } from './paths/public.js';
import { registerPublicApiPaths } from './paths/public-api.js';
import { registerSyncPaths } from './paths/sync.js';
import { registerWebParsePaths } from './paths/web-parse.js';

export const SERVICE_TITLE = 'Invoice Reader';
export const API_VERSION = '0.3.0';

export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV3['generateDocument']> {
  const doc = new OpenApiGeneratorV3(openApiDefinitions()).generateDocument({
    openapi: '3.0.3',
    info: {
      title: SERVICE_TITLE,
      version: API_VERSION,
      description:
        'Reads received invoices (PDF, JPG, PNG, XML) into structured JSON without inventing values.',
      license: { name: 'Proprietary' },
    },
    servers: [{ url: '/', description: 'This service' }],
  });
  return tidy(doc);
}

/** Every route, schema and security scheme of the service, as registered by its domains. */
export function openApiDefinitions(): OpenAPIRegistry['definitions'] {
  const registry = new OpenAPIRegistry();
  const apiKey = registry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
  });
  const cookie = registry.registerComponent('securitySchemes', 'SessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
  });
  const bearer = registry.registerComponent('securitySchemes', 'SessionBearer', {
    type: 'http',
    scheme: 'bearer',
  });
  const security: Security = {
    apiKey: [{ [apiKey.name]: [] }],
    session: [{ [cookie.name]: [] }, { [bearer.name]: [] }],
    public: [],
  };
  registerPublicApiPaths(registry, security);
  registerAuthPaths(registry, security);
  registerApiSubscriptionPaths(registry, security);
  registerWebParsePaths(registry, security);
  registerPublicPaths(registry, security);
  registerExportsPaths(registry, security);
  registerPaymentsPaths(registry, security);
  registerMailPaths(registry, security);
  registerSyncPaths(registry, security);
  return registry.definitions;
}

type Doc = ReturnType<OpenApiGeneratorV3['generateDocument']>;

/**
 * Two things the generator writes that OpenAPI 3.0 validators reject: a path parameter from a
 * coercing zod schema comes out `required: false` (a path parameter is always required), and a
 * schema of any type (`z.unknown()`) comes out `nullable` without a `type` (any value, null
 * included, already fits a schema without a type).
 */
function tidy(doc: Doc): Doc {
  for (const item of Object.values(doc.paths ?? {}))
    for (const op of Object.values(item as Record<string, { parameters?: Array<Record<string, unknown>> }>))
      for (const p of op?.parameters ?? []) if (p.in === 'path') p.required = true;
  const schemas = (doc.components?.schemas ?? {}) as Record<string, { type?: string }>;
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    // `z.union([Schema, z.null()])` (a nullable registered schema) as OpenAPI 3.0 writes it.
    if (Array.isArray(o.anyOf) && o.anyOf.length === 2) {
      const isNull = (x: unknown) =>
        !!x &&
        typeof x === 'object' &&
        Object.keys(x).length === 1 &&
        (x as { nullable?: unknown }).nullable === true;
      const rest = o.anyOf.filter((x) => !isNull(x));
      const ref = (rest[0] as { $ref?: string } | undefined)?.$ref;
      const target = ref ? schemas[ref.replace('#/components/schemas/', '')] : undefined;
      if (rest.length === 1 && target?.type) {
        delete o.anyOf;
        o.allOf = rest;
        o.type = target.type;
        o.nullable = true;
      }
    }
    if (
      o.nullable === true &&
      !('type' in o) &&
      !('$ref' in o) &&
      !('allOf' in o) &&
      !('oneOf' in o) &&
      !('anyOf' in o)
    )
      delete o.nullable;
    for (const v of Object.values(o)) walk(v);
  };
  walk(doc.components);
  walk(doc.paths);
  return doc;
}
