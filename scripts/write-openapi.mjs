// `npm run openapi`: writes docs/openapi.json from the contract's zod schemas (after a build), and
// the TypeScript types a client generates from it (openapi-typescript) into
// packages/contract/src/generated/openapi-types.ts. Both are checked in; packages/contract's test
// fails when either is stale.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '@invoice-reader/contract';
import { openApiTypes } from './openapi-types.mjs';

const doc = buildOpenApiDocument();
writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
writeFileSync(
  new URL('../packages/contract/src/generated/openapi-types.ts', import.meta.url),
  await openApiTypes(doc),
);
console.log('docs/openapi.json and packages/contract/src/generated/openapi-types.ts written');
