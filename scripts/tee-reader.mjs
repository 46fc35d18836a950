#!/usr/bin/env node
// `node scripts/tee-reader.mjs OUT.jsonl READER_ARGS...` runs the command-line reader
// (packages/engine/bin/invoice-parse.js) with READER_ARGS, passes its output on unchanged and
// appends its JSON lines to OUT.jsonl. The eval's scan gate reads the scans through it, so the
// scan line-item gate scores the same reads (scripts/score-lines.mjs --results) instead of
// reading every scan with OCR a second time.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './corpus.mjs';

const [out, ...args] = process.argv.slice(2);
if (!out) {
  console.error('usage: tee-reader.mjs OUT.jsonl READER_ARGS...');
  process.exit(2);
}
const child = spawn(
  process.execPath,
  [path.join(repoRoot, 'packages/engine/bin/invoice-parse.js'), ...args],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let rest = '';
child.stdout.setEncoding('utf8').on('data', (chunk) => {
  process.stdout.write(chunk);
  const lines = (rest + chunk).split('\n');
  rest = lines.pop() ?? '';
  const json = lines.filter((l) => l.trim().startsWith('{'));
  if (json.length) appendFileSync(out, `${json.join('\n')}\n`);
});
child.on('close', (code, signal) => {
  if (rest.trim().startsWith('{')) appendFileSync(out, `${rest}\n`);
  process.exitCode = code ?? (signal ? 1 : 0);
});
