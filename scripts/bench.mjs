#!/usr/bin/env node
// `npm run bench [-- --limit N] [-- --json] [-- --group xml|pdf]`: times the structured-invoice
// reader (`readInvoice` from packages/engine/dist) on the shared corpus's `einvoice` files, on one
// core, XML files and hybrid PDFs apart, against the project's targets; beside it libxml2's parse
// time (`xmllint`) when installed. Writes reports/bench.json; skips cleanly without the corpus.
// With `--all` (as `npm run bench` calls it) it then runs bench-text.mjs, bench-qr.mjs,
// bench-ocr.mjs, bench-scan.mjs (a one-page scan's wall time against native Tesseract, a 10-page
// scan's pages per minute) and bench-export.mjs (e-invoice export files per second per format),
// passing on --limit and --json; the exit status is the first non-zero one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  haveXmllint,
  median,
  parseArgs,
  printTable,
  readManifest,
  round,
  summarize,
  verdict,
  xmllintParseMs,
} from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const WARMUP = 3; // untimed reads of every file before any timing (JIT, pdf.js loading)
const RUNS = 5; // timed reads per file; the file's figure is their median
const PASSES = 3; // timed sequential passes over a group; throughput uses their median
const TARGETS = { xml: 2, pdf: 15 }; // median ms per file: the project's targets
const LABELS = { xml: 'XML files', pdf: 'hybrid PDFs' };

const all = process.argv.includes('--all');
let opts;
try {
  opts = parseArgs(process.argv.slice(2).filter((a) => a !== '--all'));
} catch (err) {
  console.error(`bench: ${err.message}; usage: npm run bench -- [--limit N] [--json] [--group xml|pdf]`);
  process.exit(2);
}
const say = opts.json ? () => {} : (...a) => console.log(...a);
const table = opts.json ? () => {} : printTable;

if (!existsSync(path.join(corpusDir, 'MANIFEST.tsv'))) {
  const message = `bench: no corpus at ${corpusDir}; nothing to measure`;
  console.log(opts.json ? JSON.stringify({ skipped: message }) : message);
  finish(0);
}
const entry = path.join(repoRoot, 'packages', 'engine', 'dist', 'index.js');
if (!existsSync(entry)) {
  console.error(`bench: ${path.relative(repoRoot, entry)} is missing; build first with \`npx tsc -b\``);
  process.exit(1);
}
const { readInvoice } = await import(pathToFileURL(entry).href);

// The files, bytes read from disk up front (we measure the reader, not the disk). A `.p7m` is a
// signed XML invoice, so it joins the XML group (but not the xmllint comparison).
const groups = { xml: [], pdf: [] };
for (const row of readManifest(corpusDir).filter((r) => r.category === 'einvoice')) {
  const group = /\.pdf$/i.test(row.path) ? 'pdf' : 'xml';
  if (opts.group && group !== opts.group) continue;
  if (groups[group].length >= opts.limit) continue;
  const file = path.join(corpusDir, row.path);
  groups[group].push({ path: row.path, file, country: row.country, bytes: readFileSync(file) });
}
const active = Object.keys(groups).filter((g) => groups[g].length);

say(
  `bench: readInvoice on ${active.map((g) => `${groups[g].length} ${LABELS[g]}`).join(' + ')} ` +
    `(einvoice, ${corpusDir})`,
);
say(
  `node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}; one process, one thread; ` +
    `${WARMUP} warm-up reads per file, then the median of ${RUNS} timed reads per file\n`,
);

// The measuring loop: strictly sequential, one `await` at a time, nothing else running.
const read = (f) => readInvoice(f.bytes, { country: f.country });
const results = {};
for (const g of active) {
  const files = groups[g];
  for (const f of files) {
    for (let i = 0; i < WARMUP; i++) {
      const r = await read(f);
      Object.assign(f, { status: r.status, mode: r.mode, file_type: r.file_type, error: r.error });
    }
  }
  for (const f of files) {
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await read(f);
      samples.push(performance.now() - t0);
    }
    f.ms = median(samples);
  }
  const passMs = [];
  for (let p = 0; p < PASSES; p++) {
    const t0 = performance.now();
    for (const f of files) await read(f);
    passMs.push(performance.now() - t0);
  }
  const s = summarize(
    files.map((f) => f.ms),
    passMs,
  );
  const failed = files.filter((f) => f.status !== 'done').length;
  results[g] = {
    ...s,
    failed,
    target_median_ms: TARGETS[g],
    target_met: verdict(s.median_ms, TARGETS[g]) === 'met',
  };
}

table(
  [
    'group',
    'files',
    'failed',
    'median ms',
    'p90 ms',
    'max ms',
    'inv/s (1000/mean)',
    'inv/s (1 pass)',
    'target',
    'status',
  ],
  active.map((g) => {
    const r = results[g];
    const target = `median <= ${TARGETS[g]} ms`;
    return [
      LABELS[g],
      r.files,
      r.failed,
      r.median_ms,
      r.p90_ms,
      r.max_ms,
      r.per_second,
      r.pass_per_second,
      target,
      verdict(r.median_ms, TARGETS[g]),
    ];
  }),
);
for (const g of active) {
  const slow = [...groups[g]].sort((a, b) => b.ms - a.ms).slice(0, 3);
  say(
    `slowest ${LABELS[g]}: ${slow.map((f) => `${path.basename(f.path)} ${f.ms.toFixed(2)} ms`).join(', ')}`,
  );
}

// The libxml2 reference: plain XML files only, parse time per file as xmllintParseMs documents.
let xmllint = { skipped: 'no XML files measured' };
const plainXml = (groups.xml ?? []).filter((f) => /\.xml$/i.test(f.path));
if (plainXml.length && !haveXmllint()) {
  xmllint = { skipped: 'xmllint is not installed; apt-get install libxml2-utils' };
  say(`\nxmllint reference: skipped (${xmllint.skipped})`);
} else if (plainXml.length) {
  for (const f of plainXml) f.xmllint_ms = xmllintParseMs(f.file);
  const both = plainXml.filter((f) => f.xmllint_ms !== null);
  const ours = median(both.map((f) => f.ms));
  const theirs = median(both.map((f) => f.xmllint_ms));
  const perFileRatio = median(both.map((f) => f.ms / Math.max(f.xmllint_ms, 0.001)));
  xmllint = {
    files: both.length,
    ours_median_ms: round(ours),
    xmllint_median_ms: round(theirs),
    ratio: round(ours / theirs, 1),
    median_per_file_ratio: round(perFileRatio, 1),
  };
  say(
    `\nxmllint reference (libxml2 \`xmllint --noout --repeat --timing\`, parse only, ${both.length} XML files):`,
  );
  table(
    ['', 'median ms per XML file'],
    [
      ['ours (readInvoice: decode, parse, read, check, project)', xmllint.ours_median_ms],
      ['xmllint (parse to a tree and free it)', xmllint.xmllint_median_ms],
      ['ratio ours / xmllint (of the medians)', xmllint.ratio],
      ['ratio ours / xmllint (median of per-file ratios)', xmllint.median_per_file_ratio],
    ],
  );
}

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model ?? null,
  corpus: corpusDir,
  method: { warmup: WARMUP, runs_per_file: RUNS, passes: PASSES, statistic: 'median per file' },
  groups: results,
  xmllint,
  files: active.flatMap((g) =>
    groups[g].map((f) => ({
      path: f.path,
      group: g,
      file_type: f.file_type,
      status: f.status,
      ...(f.error ? { error: f.error } : {}),
      mode: f.mode,
      ms: round(f.ms),
      ...(f.xmllint_ms !== undefined ? { xmllint_ms: round(f.xmllint_ms, 4) } : {}),
    })),
  ),
};
const out = path.join(repoRoot, 'reports', 'bench.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
if (opts.json) console.log(JSON.stringify(report, null, 2));
else say(`\nwrote ${path.relative(repoRoot, out)}`);
finish(0);

/** Exits; with --all, after running the text-layer, QR, OCR, scan and export benchmarks, each in its own process. */
function finish(code) {
  const passOn = [
    ...(opts.json ? ['--json'] : []),
    ...(Number.isFinite(opts.limit) ? ['--limit', String(opts.limit)] : []),
  ];
  for (const script of all
    ? ['bench-text.mjs', 'bench-qr.mjs', 'bench-ocr.mjs', 'bench-scan.mjs', 'bench-export.mjs']
    : []) {
    if (!opts.json) console.log('');
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', script), ...passOn], {
      stdio: 'inherit',
    });
    code ||= r.status ?? 1;
  }
  process.exit(code);
}
