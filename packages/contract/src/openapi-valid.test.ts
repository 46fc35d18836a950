// The checked-in OpenAPI document, tried as a client author would: it validates as OpenAPI 3.0
// (@apidevtools/swagger-parser), Redocly's recommended rules find no error, and the TypeScript
// types openapi-typescript makes from it are the ones checked in (the tests' typed client,
// apps/server/src/test-support/typed-client.ts, compiles against them in `npm run typecheck`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { openApiTypes } from '../../../scripts/openapi-types.mjs';
import { buildOpenApiDocument, openApiDefinitions } from './openapi.js';
import type { z } from './zod.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const text = readFileSync(path.join(root, 'docs/openapi.json'), 'utf8');

describe('docs/openapi.json', () => {
  it('is a valid OpenAPI 3.0 document', async () => {
    await expect(SwaggerParser.validate(JSON.parse(text))).resolves.toBeTruthy();
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('names every operation and gives every one its security', () => {
    const doc = JSON.parse(text);
    const ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item as Record<string, { operationId?: string; security?: unknown }>).map(([m, op]) => ({
        where: `${m.toUpperCase()} ${p}`,
        ...op,
      })),
    );
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.filter((o) => !o.operationId).map((o) => o.where)).toEqual([]);
    expect(ops.filter((o) => !Array.isArray(o.security)).map((o) => o.where)).toEqual([]);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });

  it('gives the TypeScript types that are checked in (npm run openapi)', async () => {
    const committed = readFileSync(
      path.join(root, 'packages/contract/src/generated/openapi-types.ts'),
      'utf8',
    );
    expect(committed).toBe(await openApiTypes(buildOpenApiDocument()));
  });
});

describe('integer parameters', () => {
  // Values either side of every bound the contract uses: the document's minimum and maximum must
  // be the ones the service enforces (`.openapi()` on a parsed parameter once hid them).
  const PROBES = [-1, 0, 1, 9, 10, 11, 49, 50, 51, 99, 100, 101, 500, 501, 4000, 4001, 2_000_000, 2_000_001];

  it('document the bounds the service enforces', () => {
    const doc = buildOpenApiDocument();
    const mismatches: string[] = [];
    let checked = 0;
    for (const def of openApiDefinitions()) {
      if (def.type !== 'route') continue;
      const { method, path: route, request } = def.route;
      for (const [where, schema] of [
        ['query', request?.query],
        ['path', request?.params],
      ] as const) {
        if (!schema || !('shape' in schema)) continue;
        for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
          const documented = (
            doc.paths?.[route.replace(/:(\w+)/g, '{$1}')] as Record<string, { parameters?: DocParam[] }>
          )?.[method]?.parameters?.find((p) => p.name === name && p.in === where)?.schema;
          if (documented?.type !== 'integer') continue;
          checked++;
          for (const v of PROBES) {
            const accepted = field.safeParse(String(v)).success;
            const inDoc =
              (documented.minimum === undefined || v >= documented.minimum) &&
              (documented.maximum === undefined || v <= documented.maximum);
            if (accepted !== inDoc)
              mismatches.push(`${method} ${route} ${name}=${v}: service ${accepted}, doc ${inDoc}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(mismatches).toEqual([]);
  });
});

interface DocParam {
  name: string;
  in: string;
  schema?: { type?: string; minimum?: number; maximum?: number };
}
