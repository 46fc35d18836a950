#!/usr/bin/env node
// Command-line e-invoice export; the code lives in src/cli (built to dist/cli by `npm run build`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/invoice-export.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'invoice-export: the exports package is not built yet; run `npm run build` at the repository root.',
  );
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
