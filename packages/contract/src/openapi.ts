// The OpenAPI 3 document of the service, built from the contract's zod schemas. The server serves
// it at /openapi.json; a copy is checked in (docs/openapi.json) and a test fails when it is stale.
// Each domain registers its paths in its own file under paths/.
import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import type { Security } from './paths/common.js';
import { registerPublicApiPaths } from './paths/public-api.js';

export const SERVICE_TITLE = 'Invoice Reader';
export const API_VERSION = '0.3.0';

export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV3['generateDocument']> {
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

  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: SERVICE_TITLE,
      version: API_VERSION,
      description:
        'Reads received invoices (PDF, JPG, PNG, XML) into structured JSON without inventing values.',
    },
  });
}
