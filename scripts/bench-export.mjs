#!/usr/bin/env node
// `node scripts/bench-export.mjs [--limit N] [--json]` (run by `npm run bench`): e-invoice export
// throughput per format of the registry (packages/exports/dist), in files per second on one core.
// The jobs are the shared corpus's e-invoices read once up front (not timed); each format is timed
// on the jobs it writes (refused ones are left out), Factur-X on the original PDF when there is one.
// Writes reports/bench-export.json; skips cleanly without the corpus.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  median,
  parseArgs,
  printTable,
  readManifest,
  requireCorpusAndBuild,
  summarize,
} from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const WARMUP = 1; // untimed writes of every job before any timing
const RUNS = 3; // timed writes per job; the job's figure is their median
const PASSES = 3; // timed sequential passes over the jobs; throughput uses their median

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (err) {
  console.error(`bench-export: ${err.message}; usage: [--limit N] [--json]`);
  process.exit(2);
}
const say = opts.json ? () => {} : (...a) => console.log(...a);
requireCorpusAndBuild('bench-export', corpusDir, opts.json, [
  'exports/dist/index.js',
  'engine/dist/index.js',
]);
const dist = (pkg) => path.join(repoRoot, 'packages', pkg, 'dist', 'index.js');
const { readInvoice, shutdownWorkers } = await import(pathToFileURL(dist('engine')).href);
const { EXPORT_FORMATS, ExportRefused } = await import(pathToFileURL(dist('exports')).href);

// The jobs: every einvoice file that reads `done` (up to --limit files read).
const jobs = [];
const rows = readManifest(corpusDir).filter((r) => r.category === 'einvoice');
for (const row of rows.slice(0, Number.isFinite(opts.limit) ? opts.limit : rows.length)) {
  const bytes = readFileSync(path.join(corpusDir, row.path));
  const r = await readInvoice(bytes, { country: row.country });
  if (r.status !== 'done' || !r.document) continue;
  jobs.push({
    job: {
      jobId: jobs.length + 1,
      country: row.country.toUpperCase(),
      fields: r.fields,
      fields_detailed: r.fields_detailed,
      document: r.document,
    },
    original: /\.pdf$/i.test(row.path) ? bytes : undefined,
  });
}
await shutdownWorkers();
say(
  `bench-export: ${jobs.length} e-invoices read (of ${Math.min(rows.length, opts.limit)}), node ${process.version}, ` +
    `${os.cpus()[0]?.model ?? 'cpu'}; one process; ${WARMUP} warm-up write, median of ${RUNS} per file, ${PASSES} passes\n`,
);

const write = async (format, j) => {
  try {
    return await format.write(j.job, j.original);
  } catch (err) {
    if (err instanceof ExportRefused) return null;
    throw err;
  }
};
const results = {};
for (const [name, format] of Object.entries(EXPORT_FORMATS)) {
  const writable = [];
  for (const j of jobs) if (format.applies(j.job) && (await write(format, j))) writable.push(j);
  // Finding the writable jobs was the first warm-up write of each.
  for (let i = 1; i < WARMUP; i++) for (const j of writable) await write(format, j);
  const perFile = [];
  for (const j of writable) {
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await write(format, j);
      samples.push(performance.now() - t0);
    }
    perFile.push(median(samples));
  }
  const passMs = [];
  for (let p = 0; p < PASSES; p++) {
    const t0 = performance.now();
    for (const j of writable) await write(format, j);
    passMs.push(performance.now() - t0);
  }
  results[name] = {
    refused: jobs.length - writable.length,
    ...(writable.length ? summarize(perFile, passMs) : { files: 0 }),
  };
}

if (!opts.json)
  printTable(
    ['format', 'files', 'refused', 'median ms', 'p90 ms', 'max ms', 'files/s (1 pass)'],
    Object.entries(results).map(([name, r]) => [
      name,
      r.files,
      r.refused,
      r.median_ms,
      r.p90_ms,
      r.max_ms,
      r.pass_per_second,
    ]),
  );
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model ?? null,
  corpus: corpusDir,
  method: { warmup: WARMUP, runs_per_file: RUNS, passes: PASSES },
  jobs: jobs.length,
  formats: results,
};
const out = path.join(repoRoot, 'reports', 'bench-export.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
if (opts.json) console.log(JSON.stringify(report, null, 2));
else say(`\nwrote ${path.relative(repoRoot, out)}`);
