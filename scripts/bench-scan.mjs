#!/usr/bin/env node
// `node scripts/bench-scan.mjs [--pages N] [--runs N] [--json]` (`--limit N` = `--pages N`): the
// wall time of a one-page scan through the engine, with every core it has, against one native
// Tesseract process on the same page; and the pages per minute of a 10-page scan. Part of
// `npm run bench`. Pages are corpus scans, rendered (PDF) or decoded (image) once as the engine
// does it and written to PNG; the engine gets the PNG bytes (its page worker decodes, prepares
// and reads the page: in two bands across the pool, as by default, and whole, INVOICE_OCR_BANDS=1),
// native `tesseract` the same file, with the same models, OMP_THREAD_LIMIT=1, --oem 1 --psm 6 and
// the same languages. The 10-page scan is read as by default.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import {
  median,
  printTable,
  readManifest,
  requireCorpusAndBuild,
  round,
  scanRasters,
  verdict,
} from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const TARGET_RATIO = 0.7; // engine / native wall time for a one-page scan (docs/adr/0003-ocr-wasm-speed.md)
const LONG_SCAN_PAGES = 10;
const opts = { pages: 5, runs: 3, json: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--json') opts.json = true;
  else if (argv[i] === '--pages' || argv[i] === '--limit') opts.pages = Number(argv[++i]);
  else if (argv[i] === '--runs') opts.runs = Number(argv[++i]);
  else {
    console.error(`bench-scan: unknown option ${argv[i]}; usage: [--pages N] [--runs N] [--json]`);
    process.exit(2);
  }
}
if (!(opts.pages > 0) || !(opts.runs > 0)) {
  console.error('bench-scan: --pages and --runs need positive numbers');
  process.exit(2);
}
const say = opts.json ? () => {} : (...a) => console.log(...a);

requireCorpusAndBuild('bench-scan', corpusDir, opts.json, ['engine/dist/read-ocr.js']);
const dist = path.join(repoRoot, 'packages', 'engine', 'dist');
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const engine = {
  ...(await load('image/load.js')),
  ...(await load('pdf/open.js')),
  ...(await load('workers/scan-pdf.js')),
};
const { runPageTask, pageWorkers, shutdownPageWorkers } = await load('workers/page-tasks.js');
const { ocrPdfPages } = await load('read-ocr.js');
const { readInvoice } = await load('index.js');
const { TESSERACT_PSM, bandCount } = await load('ocr/tesseract.js');
const defaultBands = bandCount();
// The default (two bands across the pool), then whole pages in one worker, for comparison.
const modes = [...new Set([defaultBands, 1])];
const { tesseractLangs } = await load('ocr/models.js');

const native = (() => {
  const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return new Set(
    r.stdout
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter(Boolean),
  );
})();
if (!native) {
  const message =
    'bench-scan: native tesseract is not installed (apt-get install tesseract-ocr); nothing to compare';
  console.log(opts.json ? JSON.stringify({ skipped: message }) : message);
  process.exit(0);
}

/** Wall seconds of one native Tesseract process reading `png`. */
function nativeSeconds(png, langs) {
  const t = performance.now();
  const r = spawnSync(
    'tesseract',
    [png, 'stdout', '--oem', '1', '--psm', TESSERACT_PSM, '-l', langs.join('+')],
    {
      encoding: 'utf8',
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    },
  );
  if (r.status !== 0) throw new Error(`native tesseract failed on ${png}: ${(r.stderr ?? '').trim()}`);
  return (performance.now() - t) / 1000;
}

/** A raster as a PNG file (with its dpi, when the engine would tell Tesseract one). */
async function writePng(file, { raster, dpi }) {
  let img = sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  });
  if (dpi) img = img.withMetadata({ density: dpi });
  writeFileSync(file, await img.png().toBuffer());
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-scan-'));
const scans = readManifest(corpusDir).filter(
  (r) =>
    r.category === 'scan' &&
    /\.(png|jpe?g|pdf)$/i.test(r.path) &&
    tesseractLangs(r.country).every((l) => native.has(l)),
);

// One-page scans, spread over the corpus's scan files (the first page of a longer one).
const pages = [];
for (let i = 0; i < opts.pages && i < scans.length; i++) {
  const row = scans[Math.floor((i * scans.length) / Math.min(opts.pages, scans.length))];
  const [first] = await scanRasters(engine, row.path, readFileSync(path.join(corpusDir, row.path)));
  const png = path.join(tmp, `page-${i}.png`);
  await writePng(png, first);
  pages.push({
    file: row.path.replace(/^scans\//, ''),
    langs: tesseractLangs(row.country),
    png,
    size: `${first.raster.width}x${first.raster.height}`,
  });
}

const loadBefore = os.loadavg();
say(
  `bench-scan: ${pages.length} one-page scans and a ${LONG_SCAN_PAGES}-page scan (${corpusDir}); ` +
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ` +
    `${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
);
say(
  `engine: a page task on the PNG in the worker pool (${pageWorkers()} workers; pages in ${modes.join(', then ')} band(s), INVOICE_OCR_BANDS), ` +
    'workers warm with the languages; native: one `tesseract` process per page, OMP_THREAD_LIMIT=1, ' +
    `--oem 1 --psm ${TESSERACT_PSM}, system tessdata (the fast models the engine reads too), process start included`,
);
say(`median of ${opts.runs} runs per page, engine and native runs alternating (wall seconds)\n`);

/** Starts the pool afresh reading pages in `bands` bands, every worker warm with every language set. */
async function freshPool(bands) {
  await shutdownPageWorkers();
  // Workers take the environment with them when they start.
  if (bands === defaultBands) delete process.env.INVOICE_OCR_BANDS;
  else process.env.INVOICE_OCR_BANDS = String(bands);
  for (const set of new Set(pages.map((p) => p.langs.join('+')))) {
    const p = pages.find((q) => q.langs.join('+') === set);
    const bytes = readFileSync(p.png);
    // As many pages at once as workers, so each worker reads a whole one.
    await Promise.all(
      Array.from({ length: pageWorkers() }, () =>
        runPageTask({ kind: 'ocr-image', bytes, langs: p.langs }, 120_000),
      ),
    );
  }
}

// The engine as it reads by default, then each page whole in one worker.
for (const bands of modes) {
  await freshPool(bands);
  for (const p of pages) {
    const bytes = readFileSync(p.png);
    const ours = [];
    const theirs = [];
    for (let r = 0; r < opts.runs; r++) {
      const t = performance.now();
      const result = await runPageTask({ kind: 'ocr-image', bytes, langs: p.langs }, 120_000);
      ours.push((performance.now() - t) / 1000);
      p.words ??= {};
      p.words[bands] = result.pages[0].lines.reduce((n, l) => n + l.words.length, 0);
      // Native alongside each way, so both ratios see the machine's load of their own minutes.
      theirs.push(nativeSeconds(p.png, p.langs));
    }
    p.ours_s ??= {};
    p.ours_s[bands] = median(ours);
    p.native_s ??= {};
    p.native_s[bands] = median(theirs);
  }
}
await freshPool(defaultBands);

// The 10-page scan: pages of the German scan PDFs, joined with poppler's pdfseparate/pdfunite.
const long = await longScan();
if (long) {
  const bytes = readFileSync(long.pdf);
  const numbers = Array.from({ length: LONG_SCAN_PAGES }, (_, i) => i + 1);
  const ctx = () => ({ country: 'de', deadline: Date.now() + 600_000 });
  let t = performance.now();
  await ocrPdfPages(bytes, numbers, ctx());
  long.ocr_s = (performance.now() - t) / 1000;
  t = performance.now();
  const read = await readInvoice(bytes, { country: 'de', mode: 'ocr', timeoutMs: 600_000 });
  long.read_s = (performance.now() - t) / 1000;
  long.read_status = read.status;
  long.native_s = long.pngs.reduce((s, png) => s + nativeSeconds(png, tesseractLangs('de')), 0);
}
await shutdownPageWorkers();
rmSync(tmp, { recursive: true, force: true });
const loadAfter = os.loadavg();

const perMinute = (n, s) => round((n * 60) / s, 1);
const byBands = Object.fromEntries(
  modes.map((bands) => {
    const ours = median(pages.map((p) => p.ours_s[bands]));
    const native = median(pages.map((p) => p.native_s[bands]));
    return [
      bands,
      {
        ours_median_s: round(ours),
        native_median_s: round(native),
        ratio: round(ours / native, 2),
        median_page_ratio: round(median(pages.map((p) => p.ours_s[bands] / p.native_s[bands])), 2),
        // The pages' own ratios combined (the usual mean of speed ratios): unlike the ratio of the
        // medians, which may set one page's time against another's, it compares each page with itself.
        geomean_page_ratio: round(
          Math.exp(
            pages.reduce((sum, p) => sum + Math.log(p.ours_s[bands] / p.native_s[bands]), 0) / pages.length,
          ),
          2,
        ),
      },
    ];
  }),
);
const summary = {
  pages: pages.length,
  workers: pageWorkers(),
  default_bands: defaultBands,
  by_bands: byBands,
  ratio: byBands[defaultBands].ratio,
  target_ratio: TARGET_RATIO,
  ...(long
    ? {
        long_scan_pages: LONG_SCAN_PAGES,
        long_scan_ocr_s: round(long.ocr_s, 2),
        long_scan_ocr_pages_per_minute: perMinute(LONG_SCAN_PAGES, long.ocr_s),
        long_scan_read_s: round(long.read_s, 2),
        long_scan_read_pages_per_minute: perMinute(LONG_SCAN_PAGES, long.read_s),
        long_scan_read_status: long.read_status,
        long_scan_native_pages_per_minute: perMinute(LONG_SCAN_PAGES, long.native_s),
      }
    : { long_scan_skipped: `fewer than ${LONG_SCAN_PAGES} German scan pages, or no pdfunite` }),
  load_average_before: loadBefore.map((l) => round(l, 2)),
  load_average_after: loadAfter.map((l) => round(l, 2)),
};

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  summary,
  pages: pages.map(({ png, langs, ...p }) => ({ ...p, langs: langs.join('+') })),
};
const out = path.join(repoRoot, 'reports', 'bench-scan.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
if (opts.json) {
  console.log(JSON.stringify(report, null, 1));
} else {
  printTable(
    ['one-page scan', 'pixels', 'words', ...modes.flatMap((b) => [`engine s, ${b} band(s)`, 'native s'])],
    pages.map((p) => [
      p.file,
      p.size,
      p.words[defaultBands],
      ...modes.flatMap((b) => [round(p.ours_s[b], 2), round(p.native_s[b], 2)]),
    ]),
  );
  say('');
  const rows = [];
  for (const b of modes) {
    const label = `${b} band(s)${b === defaultBands ? ', the default' : ''}`;
    rows.push(
      [`one-page scan, engine, ${label} (median s)`, byBands[b].ours_median_s, null, null],
      ['one-page scan, native tesseract, run beside it (median s)', byBands[b].native_median_s, null, null],
      [
        `ratio engine / native, ${label} (of the medians)`,
        byBands[b].ratio,
        `<= ${TARGET_RATIO}`,
        verdict(byBands[b].ratio, TARGET_RATIO),
      ],
      [`ratio engine / native, ${label} (median per page)`, byBands[b].median_page_ratio, null, null],
      [
        `ratio engine / native, ${label} (geometric mean per page)`,
        byBands[b].geomean_page_ratio,
        null,
        null,
      ],
    );
  }
  if (long) {
    rows.push(
      [
        `${LONG_SCAN_PAGES}-page scan, engine OCR (render + read, pages/min)`,
        summary.long_scan_ocr_pages_per_minute,
        null,
        null,
      ],
      [
        `${LONG_SCAN_PAGES}-page scan, whole reader, mode ocr (pages/min)`,
        summary.long_scan_read_pages_per_minute,
        null,
        null,
      ],
      [
        `${LONG_SCAN_PAGES}-page scan, native, one process at a time (pages/min)`,
        summary.long_scan_native_pages_per_minute,
        null,
        null,
      ],
    );
  } else {
    rows.push([`${LONG_SCAN_PAGES}-page scan`, summary.long_scan_skipped, null, null]);
  }
  printTable(['figure', 'value', 'target', 'status'], rows);
  say(
    `\nload average after: ${loadAfter.map((l) => l.toFixed(2)).join(' ')}; wrote ${path.relative(repoRoot, out)}`,
  );
}
process.exit(0);

/**
 * A 10-page scan PDF from the corpus's German scan PDFs (their pages in manifest order), and
 * each of its pages as the PNG native Tesseract reads; null without enough pages or poppler.
 */
async function longScan() {
  const parts = [];
  for (const row of scans.filter((r) => r.country === 'de' && /\.pdf$/i.test(r.path))) {
    const file = path.join(corpusDir, row.path);
    const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    if (info.error || info.status !== 0) return null;
    const count = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1] ?? 0);
    for (let n = 1; n <= count && parts.length < LONG_SCAN_PAGES; n++) {
      const part = path.join(tmp, `part-${parts.length}.pdf`);
      if (spawnSync('pdfseparate', ['-f', String(n), '-l', String(n), file, part]).status !== 0) return null;
      parts.push(part);
    }
    if (parts.length === LONG_SCAN_PAGES) break;
  }
  if (parts.length < LONG_SCAN_PAGES) return null;
  const pdf = path.join(tmp, 'long-scan.pdf');
  if (spawnSync('pdfunite', [...parts, pdf]).status !== 0) return null;
  const pngs = [];
  for (const [i, r] of (await scanRasters(engine, pdf, readFileSync(pdf))).entries()) {
    const png = path.join(tmp, `long-${i}.png`);
    await writePng(png, r);
    pngs.push(png);
  }
  return { pdf, pngs };
}
