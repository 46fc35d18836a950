#!/usr/bin/env node
// `node scripts/bench-text.mjs [--limit N] [--json]`: times the PDF text-layer reader per page, one core,
// on the corpus's textpdf files and einvoice hybrid PDFs (the text layer alone, and the whole readInvoice in
// text mode) against the 30 ms/page target, beside `pdftotext -layout`. Writes reports/bench-text.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, parseArgs, percentile, printTable, readManifest, round, verdict } from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const WARMUP = 1; // untimed passes over every file (both measurements) before any timing
const RUNS = 3; // timed runs per file and measurement; the file's figure is their median
const TARGET_MS = 30; // text-layer median ms per page: the project's target
const LABELS = { textpdf: 'textpdf', hybrid: 'einvoice hybrid PDFs', all: 'all' };

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
  if (opts.group !== null) throw new Error('--group is not an option here');
} catch (err) {
  console.error(`bench-text: ${err.message}; usage: node scripts/bench-text.mjs [--limit N] [--json]`);
  process.exit(2);
}
const say = opts.json ? () => {} : (...a) => console.log(...a);
const table = opts.json ? () => {} : printTable;

if (!existsSync(path.join(corpusDir, 'MANIFEST.tsv'))) {
  const message = `bench-text: no corpus at ${corpusDir}; nothing to measure`;
  console.log(opts.json ? JSON.stringify({ skipped: message }) : message);
  process.exit(0);
}
const dist = path.join(repoRoot, 'packages', 'engine', 'dist');
if (!['index.js', 'pdf/open.js', 'pdf/text.js'].every((m) => existsSync(path.join(dist, m)))) {
  console.error('bench-text: packages/engine/dist is not built; run `npx tsc -b` first');
  process.exit(1);
}
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const { readInvoice } = await load('index.js');
const { openPdf } = await load('pdf/open.js');
const { extractText } = await load('pdf/text.js');

// The files, bytes read from disk up front (we measure the reader, not the disk); --limit applies
// per group.
const groups = { textpdf: [], hybrid: [] };
for (const row of readManifest(corpusDir)) {
  const group = row.category === 'textpdf' ? 'textpdf' : row.category === 'einvoice' ? 'hybrid' : null;
  if (!group || !/\.pdf$/i.test(row.path) || groups[group].length >= opts.limit) continue;
  const file = path.join(corpusDir, row.path);
  groups[group].push({ path: row.path, file, group, country: row.country, bytes: readFileSync(file) });
}
let files = [...groups.textpdf, ...groups.hybrid];

say(
  `bench-text: PDF text layer on ${groups.textpdf.length} textpdf files + ${groups.hybrid.length} ` +
    `einvoice hybrid PDFs (visual layer) (${corpusDir})`,
);
say(
  `node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}; one process, one thread; ${WARMUP} warm-up ` +
    `pass, then the median of ${RUNS} timed runs per file; per page = the file's ms / its page count\n`,
);

/** (a) the text layer alone: open the PDF and extract every page's lines (closing it is not timed). */
async function textLayer(f) {
  const t0 = performance.now();
  const doc = await openPdf(f.bytes);
  const pages = await extractText(doc);
  const ms = performance.now() - t0;
  f.pages = doc.numPages;
  f.usable_pages = pages.filter((p) => p.usable).length;
  await doc.destroy();
  return ms;
}
/** (b) the whole read in text mode: open, extract, read the fields, check, project. */
async function wholeRead(f) {
  const t0 = performance.now();
  const r = await readInvoice(f.bytes, { country: f.country, mode: 'text' });
  const ms = performance.now() - t0;
  Object.assign(f, { status: r.status, error: r.error });
  return ms;
}

// The measuring loop: strictly sequential, one `await` at a time, nothing else running.
for (let i = 0; i < WARMUP; i++) {
  for (const f of files) {
    try {
      await textLayer(f);
    } catch (err) {
      f.open_error = err.code ?? err.message; // pdf.js cannot open it: nothing to time
    }
    await wholeRead(f);
  }
}
const unopened = files.filter((f) => f.open_error);
if (unopened.length) {
  say(`left out, openPdf fails: ${unopened.map((f) => `${f.path} (${f.open_error})`).join(', ')}\n`);
  files = files.filter((f) => !f.open_error);
  for (const g of Object.keys(groups)) groups[g] = groups[g].filter((f) => !f.open_error);
}
for (const f of files) {
  const a = [];
  const b = [];
  for (let i = 0; i < RUNS; i++) a.push(await textLayer(f));
  for (let i = 0; i < RUNS; i++) b.push(await wholeRead(f));
  f.text_ms = median(a);
  f.read_ms = median(b);
}

// The poppler reference: one process per run, so its figure includes process start-up.
const havePdftotext = (() => {
  const r = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  return !r.error && r.status === 0;
})();
const popplerVersion = havePdftotext
  ? (/pdftotext version (\S+)/.exec(spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).stderr ?? '')?.[1] ??
    null)
  : null;
function pdftotextMs(file) {
  const run = () => {
    const t0 = performance.now();
    const r = spawnSync('pdftotext', ['-layout', file, '-'], { maxBuffer: 256 * 1024 * 1024 });
    const ms = performance.now() - t0;
    return r.error || r.status !== 0 ? null : ms;
  };
  if (run() === null) return null; // warm-up (file cache, binary and libraries paged in)
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const ms = run();
    if (ms === null) return null;
    samples.push(ms);
  }
  return median(samples);
}
if (havePdftotext) for (const f of files) f.pdftotext_ms = pdftotextMs(f.file);

const stat = (xs) => ({
  median: round(median(xs), 2),
  p90: round(percentile(xs, 90), 2),
  max: round(Math.max(...xs), 2),
});
function summary(list) {
  const perPage = (key) => list.map((f) => f[key] / Math.max(f.pages, 1));
  return {
    files: list.length,
    pages: list.reduce((n, f) => n + f.pages, 0),
    usable_pages: list.reduce((n, f) => n + f.usable_pages, 0),
    read_failed: list.filter((f) => f.status !== 'done').length,
    text_layer: {
      per_file_ms: stat(list.map((f) => f.text_ms)),
      per_page_ms: stat(perPage('text_ms')),
    },
    read_invoice: {
      per_file_ms: stat(list.map((f) => f.read_ms)),
      per_page_ms: stat(perPage('read_ms')),
    },
  };
}
const active = ['textpdf', 'hybrid'].filter((g) => groups[g].length);
const results = Object.fromEntries(active.map((g) => [g, summary(groups[g])]));
if (files.length) results.all = summary(files);
const rowsOf = Object.keys(results);

if (!files.length) say('no PDFs to measure');
for (const [key, title] of [
  ['text_layer', '(a) text layer alone: openPdf + extractText'],
  ['read_invoice', "(b) whole read: readInvoice(bytes, { country, mode: 'text' })"],
]) {
  if (!files.length) break;
  say(title);
  table(
    [
      'group',
      'files',
      'pages',
      'median ms/file',
      'p90 ms/file',
      'median ms/page',
      'p90 ms/page',
      'max ms/page',
    ],
    rowsOf.map((g) => {
      const r = results[g];
      const m = r[key];
      return [
        LABELS[g],
        r.files,
        r.pages,
        m.per_file_ms.median,
        m.per_file_ms.p90,
        m.per_page_ms.median,
        m.per_page_ms.p90,
        m.per_page_ms.max,
      ];
    }),
  );
  say('');
}
if (files.length) {
  const slow = [...files].sort((a, b) => b.read_ms / b.pages - a.read_ms / a.pages).slice(0, 3);
  say(
    `slowest per page (whole read): ${slow
      .map((f) => `${path.basename(f.path)} ${(f.read_ms / f.pages).toFixed(2)} ms/page (${f.pages} p.)`)
      .join(', ')}`,
  );
  const errors = {};
  for (const f of files) if (f.status !== 'done') errors[f.error] = (errors[f.error] ?? 0) + 1;
  say(
    `readInvoice text mode: ${files.length - results.all.read_failed} done, ${results.all.read_failed} failed` +
      (results.all.read_failed
        ? ` (${Object.entries(errors)
            .map(([e, n]) => `${e} ${n}`)
            .join(', ')})`
        : '') +
      `; pages with a usable text layer: ${results.all.usable_pages} of ${results.all.pages}`,
  );
}

let pdftotext = { skipped: 'no PDFs measured' };
if (files.length && !havePdftotext) {
  pdftotext = { skipped: 'pdftotext is not installed; apt-get install poppler-utils' };
  say(`\npdftotext reference: skipped (${pdftotext.skipped})`);
} else if (files.length) {
  const both = files.filter((f) => f.pdftotext_ms !== null);
  const ratio = (key) => median(both.map((f) => f[key] / Math.max(f.pdftotext_ms, 0.001)));
  pdftotext = {
    version: popplerVersion,
    command: 'pdftotext -layout FILE -',
    includes_process_start: true,
    files: both.length,
    failed: files.length - both.length,
    median_ms_per_file: round(median(both.map((f) => f.pdftotext_ms)), 2),
    median_ms_per_page: round(median(both.map((f) => f.pdftotext_ms / Math.max(f.pages, 1))), 2),
    ratio_text_layer_per_file: round(ratio('text_ms'), 2),
    ratio_read_invoice_per_file: round(ratio('read_ms'), 2),
  };
  say(
    `\npdftotext reference (poppler ${popplerVersion ?? '?'}, \`pdftotext -layout FILE -\`, one spawnSync per ` +
      `run, so its figure INCLUDES process start-up; ${both.length} files${
        pdftotext.failed ? `, ${pdftotext.failed} it could not read` : ''
      }):`,
  );
  table(
    ['', 'median ms/file', 'median ms/page'],
    [
      [
        '(a) ours, text layer (in process)',
        round(median(both.map((f) => f.text_ms)), 2),
        round(median(both.map((f) => f.text_ms / Math.max(f.pages, 1))), 2),
      ],
      [
        '(b) ours, whole readInvoice text (in process)',
        round(median(both.map((f) => f.read_ms)), 2),
        round(median(both.map((f) => f.read_ms / Math.max(f.pages, 1))), 2),
      ],
      ['pdftotext -layout (incl. process start)', pdftotext.median_ms_per_file, pdftotext.median_ms_per_page],
      ['ratio (a) / pdftotext (median of per-file ratios)', pdftotext.ratio_text_layer_per_file, null],
      ['ratio (b) / pdftotext (median of per-file ratios)', pdftotext.ratio_read_invoice_per_file, null],
    ],
  );
}

const target = files.length
  ? {
      target_median_ms_per_page: TARGET_MS,
      text_layer_median_ms_per_page: results.all.text_layer.per_page_ms.median,
      read_invoice_median_ms_per_page: results.all.read_invoice.per_page_ms.median,
      text_layer_met: verdict(results.all.text_layer.per_page_ms.median, TARGET_MS) === 'met',
      read_invoice_met: verdict(results.all.read_invoice.per_page_ms.median, TARGET_MS) === 'met',
    }
  : null;
if (target) {
  say(
    `\ntarget: text-layer median <= ${TARGET_MS} ms per page: ` +
      `${verdict(target.read_invoice_median_ms_per_page, TARGET_MS)} for the whole readInvoice text read ` +
      `(${target.read_invoice_median_ms_per_page} ms/page), ` +
      `${verdict(target.text_layer_median_ms_per_page, TARGET_MS)} for openPdf + extractText alone ` +
      `(${target.text_layer_median_ms_per_page} ms/page)`,
  );
}

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model ?? null,
  corpus: corpusDir,
  method: {
    warmup_passes: WARMUP,
    runs_per_file: RUNS,
    statistic: 'median of runs per file; per page = file ms / page count; median/p90 over files',
  },
  target,
  groups: results,
  pdftotext,
  files: files.map((f) => ({
    path: f.path,
    group: f.group,
    pages: f.pages,
    usable_pages: f.usable_pages,
    status: f.status,
    ...(f.error ? { error: f.error } : {}),
    text_layer_ms: round(f.text_ms, 2),
    read_invoice_ms: round(f.read_ms, 2),
    ...(f.pdftotext_ms !== undefined ? { pdftotext_ms: round(f.pdftotext_ms, 2) } : {}),
  })),
};
const out = path.join(repoRoot, 'reports', 'bench-text.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
if (opts.json) console.log(JSON.stringify(report, null, 2));
else say(`\nwrote ${path.relative(repoRoot, out)}`);
