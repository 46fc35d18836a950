// `npm run openapi`: writes docs/openapi.json from the contract's zod schemas (after a build). The
// file is checked in; packages/contract's test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '@invoice-reader/contract';

const out = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('docs/openapi.json written');
