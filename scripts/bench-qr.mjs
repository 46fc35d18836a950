#!/usr/bin/env node
// `node scripts/bench-qr.mjs [--dpi N] [--runs N] [--limit N] [--json]`: times QR detection per image page over
// the shared corpus's `qr` files (images decoded, PDF pages rendered), load/render and detection
// apart, on one core, against the 250 ms per page target; checks the expected payloads are found.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, percentile, printTable, readManifest, round, verdict } from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const TARGET_MS = 250; // detection per page: the project's target
const opts = { dpi: null, runs: 3, limit: Number.POSITIVE_INFINITY, json: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--json') opts.json = true;
  else if (argv[i] === '--dpi') opts.dpi = Number(argv[++i]);
  else if (argv[i] === '--runs') opts.runs = Number(argv[++i]);
  else if (argv[i] === '--limit') opts.limit = Number(argv[++i]);
  else {
    console.error(`bench-qr: unknown option ${argv[i]}; usage: [--dpi N] [--runs N] [--limit N] [--json]`);
    process.exit(2);
  }
}
const say = opts.json ? () => {} : (...a) => console.log(...a);

if (!(opts.limit > 0)) {
  console.error('bench-qr: --limit needs a positive number');
  process.exit(2);
}
if (!existsSync(path.join(corpusDir, 'MANIFEST.tsv'))) {
  const message = `bench-qr: no corpus at ${corpusDir}; nothing to measure`;
  console.log(opts.json ? JSON.stringify({ skipped: message }) : message);
  process.exit(0);
}
const dist = path.join(repoRoot, 'packages', 'engine', 'dist');
if (!existsSync(path.join(dist, 'qr', 'detect.js'))) {
  console.error('bench-qr: packages/engine/dist is not built; run `npx tsc -b` first');
  process.exit(1);
}
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const { loadImage } = await load('image/load.js');
const { openPdf } = await load('pdf/open.js');
const { renderPage, DEFAULT_RENDER_DPI } = await load('pdf/render.js');
const { detectQrCodes } = await load('qr/detect.js');
const dpi = opts.dpi ?? DEFAULT_RENDER_DPI;

const normalise = (s) => s.replace(/\r\n?/g, '\n');
/** decoded/<path below the source folder, minus leading folders like images/>.payloads.json */
function expectedPayloads(file) {
  const parts = file.split('/');
  for (let i = 3; i < parts.length; i++) {
    const p = path.join(corpusDir, ...parts.slice(0, 3), 'decoded', ...parts.slice(i)) + '.payloads.json';
    if (existsSync(p)) return JSON.parse(readFileSync(p, 'utf8')).map(normalise);
  }
  return null;
}

/** The file's page rasters, and the ms per page to get them (a PDF's opening shared out). */
async function rasters(f) {
  const t0 = performance.now();
  if (!/\.pdf$/i.test(f.path)) return { pages: [await loadImage(f.bytes)], ms: [performance.now() - t0] };
  const doc = await openPdf(f.bytes);
  const open = performance.now() - t0;
  const pages = [];
  const ms = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const t = performance.now();
    pages.push(await renderPage(doc, n, { dpi }));
    ms.push(performance.now() - t + open / doc.numPages);
  }
  await doc.destroy();
  return { pages, ms };
}

const files = readManifest(corpusDir)
  .filter((r) => r.category === 'qr' && /\.(png|jpe?g|pdf)$/i.test(r.path))
  .slice(0, opts.limit)
  .map((r) => ({ path: r.path, bytes: readFileSync(path.join(corpusDir, r.path)) }));
say(`bench-qr: ${files.length} qr files (${corpusDir}), PDFs rendered at ${dpi} dpi`);
say(
  `node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}; one thread; one warm-up pass, then per page ` +
    `the median of ${opts.runs} timed runs (wall ms; cpu ms = process user+system time)\n`,
);

for (const f of files) for (const [i, r] of (await rasters(f)).pages.entries()) detectQrCodes(r, i + 1); // warm-up

const pageRows = [];
for (const f of files) {
  const loads = [];
  let pages = [];
  for (let run = 0; run < opts.runs; run++) {
    const got = await rasters(f);
    pages = got.pages;
    loads.push(got.ms);
  }
  const texts = [];
  pages.forEach((r, i) => {
    const wall = [];
    const cpu = [];
    let codes = [];
    for (let run = 0; run < opts.runs; run++) {
      const [t, c] = [performance.now(), process.cpuUsage()];
      codes = detectQrCodes(r, i + 1);
      wall.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    texts.push(...codes.map((c) => normalise(c.text)));
    const load = median(loads.map((l) => l[i]));
    pageRows.push({
      file: f.path,
      page: i + 1,
      size: `${r.width}x${r.height}`,
      load,
      wall: median(wall),
      cpu: median(cpu),
    });
  });
  const expected = expectedPayloads(f.path);
  f.found = texts.length;
  f.expected = expected?.length ?? null;
  f.missed = expected ? expected.filter((e) => !texts.includes(e)).length : null;
  f.extra = expected ? texts.filter((t) => !expected.includes(t)).length : null;
}

const stat = (xs) => ({
  median: round(median(xs), 1),
  p90: round(percentile(xs, 90), 1),
  max: round(Math.max(...xs), 1),
});
const summary = {
  pages: pageRows.length,
  load_render_ms: stat(pageRows.map((p) => p.load)),
  detect_ms: stat(pageRows.map((p) => p.wall)),
  detect_cpu_ms: stat(pageRows.map((p) => p.cpu)),
  total_ms: stat(pageRows.map((p) => p.load + p.wall)),
  target_ms: TARGET_MS,
  target_met: verdict(median(pageRows.map((p) => p.wall)), TARGET_MS) === 'met',
};
const missed = files.filter((f) => f.missed !== 0);

if (opts.json) {
  console.log(
    JSON.stringify(
      { dpi, runs: opts.runs, summary, files: files.map(({ bytes, ...f }) => f), pages: pageRows },
      null,
      1,
    ),
  );
} else {
  printTable(
    ['file', 'page', 'pixels', 'load/render ms', 'detect ms', 'detect cpu ms'],
    pageRows.map((p) => [
      p.file.replace(/^qr\//, ''),
      p.page,
      p.size,
      round(p.load, 1),
      round(p.wall, 1),
      round(p.cpu, 1),
    ]),
  );
  say('');
  printTable(
    ['file', 'expected', 'found', 'missed', 'extra'],
    files.map((f) => [f.path.replace(/^qr\//, ''), f.expected, f.found, f.missed, f.extra]),
  );
  say('');
  printTable(
    ['per page (' + summary.pages + ' pages)', 'median ms', 'p90 ms', 'max ms', 'target', 'status'],
    [
      [
        'load / render',
        summary.load_render_ms.median,
        summary.load_render_ms.p90,
        summary.load_render_ms.max,
        null,
        null,
      ],
      [
        'detect (wall)',
        summary.detect_ms.median,
        summary.detect_ms.p90,
        summary.detect_ms.max,
        `<= ${TARGET_MS}`,
        verdict(summary.detect_ms.p90, TARGET_MS) === 'met'
          ? 'met (p90)'
          : verdict(summary.detect_ms.median, TARGET_MS) + ' (median)',
      ],
      [
        'detect (cpu)',
        summary.detect_cpu_ms.median,
        summary.detect_cpu_ms.p90,
        summary.detect_cpu_ms.max,
        null,
        null,
      ],
      ['load + detect', summary.total_ms.median, summary.total_ms.p90, summary.total_ms.max, null, null],
    ],
  );
  say(
    `\ntarget: QR detection <= ${TARGET_MS} ms per image page: ` +
      `${summary.target_met ? 'met' : 'NOT met'} (median ${summary.detect_ms.median} ms, ` +
      `p90 ${summary.detect_ms.p90} ms, max ${summary.detect_ms.max} ms per page)`,
  );
  say(
    `\nexpected payloads: ${missed.length ? `MISSED in ${missed.map((f) => f.path).join(', ')}` : 'all found'}`,
  );
}
process.exitCode = missed.length ? 1 : 0;
