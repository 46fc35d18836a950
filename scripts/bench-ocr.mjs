#!/usr/bin/env node
// `node scripts/bench-ocr.mjs [--limit N] [--dpi N] [--json]`: times OCR per page on the shared
// corpus's `scan` files, our default backend (the engine's recognizeTesseract from dist:
// preparation + tesseract.js) beside native Tesseract (`tesseract` CLI with the system's fast
// models, OMP_THREAD_LIMIT=1) on the same page images: each page rendered (PDF) or decoded
// (image) once and written to PNG. Prints the median seconds per page of each, their ratio, and
// the peak memory (RSS) of this process. Without a native `tesseract` (or its language models) its
// column is skipped with a note. On one core: sharp runs single-threaded, pages one by one, and a
// page's bands one after the other in this thread (no worker pool; bench-scan.mjs measures the
// wall time with the pool's workers).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import {
  median,
  percentile,
  printTable,
  readManifest,
  requireCorpusAndBuild,
  round,
  verdict,
} from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const TARGET_S = 1.0; // seconds per page on one core: the project's target
const TARGET_RATIO = 1.5; // ours / native Tesseract: the project's target
const opts = { limit: 16, dpi: null, json: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--json') opts.json = true;
  else if (argv[i] === '--limit') opts.limit = Number(argv[++i]);
  else if (argv[i] === '--dpi') opts.dpi = Number(argv[++i]);
  else {
    console.error(`bench-ocr: unknown option ${argv[i]}; usage: [--limit N] [--dpi N] [--json]`);
    process.exit(2);
  }
}
if (!(opts.limit > 0) || !(opts.dpi === null || opts.dpi > 0)) {
  console.error('bench-ocr: --limit and --dpi need positive numbers');
  process.exit(2);
}
const say = opts.json ? () => {} : (...a) => console.log(...a);

requireCorpusAndBuild('bench-ocr', corpusDir, opts.json, ['engine/dist/ocr/tesseract.js']);
const dist = path.join(repoRoot, 'packages', 'engine', 'dist');
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const { loadImage } = await load('image/load.js');
const { openPdf } = await load('pdf/open.js');
const { renderPage } = await load('pdf/render.js');
const { ocrDpi } = await load('workers/scan-pdf.js');
const { recognizeTesseract, TESSERACT_PSM } = await load('ocr/tesseract.js');
const { tesseractLangs, tesseractModelDir } = await load('ocr/models.js');
// One core: libvips (sharp) would otherwise spread resizing and rotating over every core.
sharp.concurrency(1);

/** Native Tesseract and the languages it has, or why it cannot be compared. */
function nativeTesseract() {
  const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  if (r.error || r.status !== 0)
    return { skipped: 'native tesseract is not installed (apt-get install tesseract-ocr)' };
  const langs = new Set(
    r.stdout
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter(Boolean),
  );
  const version = spawnSync('tesseract', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  return { langs, version };
}
const native = nativeTesseract();

// Pages: the scan files in manifest order, those whose languages native Tesseract also has
// first (so both columns read the same pages), up to --limit pages.
const rows = readManifest(corpusDir).filter(
  (r) => r.category === 'scan' && /\.(png|jpe?g|pdf)$/i.test(r.path),
);
const comparable = (r) => native.langs && tesseractLangs(r.country).every((l) => native.langs.has(l));
rows.sort((a, b) => Number(comparable(b)) - Number(comparable(a)));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-ocr-'));
const pages = [];
for (const row of rows) {
  if (pages.length >= opts.limit) break;
  const bytes = readFileSync(path.join(corpusDir, row.path));
  const rasters = [];
  if (/\.pdf$/i.test(row.path)) {
    const doc = await openPdf(bytes);
    for (let n = 1; n <= doc.numPages && rasters.length + pages.length < opts.limit; n++) {
      // As a page worker renders it (a scan at its own resolution), unless --dpi says otherwise.
      const how = opts.dpi ? { dpi: opts.dpi, scan: false } : await ocrDpi(doc, n);
      const raster = await renderPage(doc, n, { dpi: how.dpi });
      rasters.push({ raster, dpi: how.scan ? undefined : how.dpi, page: n });
    }
    await doc.destroy();
  } else {
    rasters.push({ raster: await loadImage(bytes), dpi: undefined, page: 1 });
  }
  for (const { raster, dpi, page } of rasters) {
    const png = path.join(tmp, `${pages.length}.png`);
    let img = sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
      raw: { width: raster.width, height: raster.height, channels: 4 },
    });
    if (dpi) img = img.withMetadata({ density: dpi });
    writeFileSync(png, await img.png().toBuffer());
    pages.push({
      file: row.path,
      page,
      country: row.country,
      png,
      dpi,
      size: `${raster.width}x${raster.height}`,
      // The scan's resolution were it an A4 page (what its pixels are worth for text).
      a4dpi: Math.round(Math.max(raster.width, raster.height) / 11.69),
    });
  }
}

say(
  `bench-ocr: ${pages.length} scan pages (${corpusDir}); PDF pages rendered ` +
    `${opts.dpi ? `at ${opts.dpi} dpi` : 'as the engine does (a scan at its own resolution)'}, images as they are`,
);
say(
  `node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}; one page at a time, sharp on one thread; ` +
    'one untimed warm-up page per language set, then one timed read per page (wall seconds)',
);
const sets = [...new Set(pages.map((p) => tesseractLangs(p.country).join('+')))];
const modelDirs = sets.map(
  (set) => `${set} from ${path.relative(repoRoot, tesseractModelDir(set.split('+')))}`,
);
say(`ours: engine recognizeTesseract (tesseract.js, page preparation included; ${modelDirs.join(', ')})`);
say(
  native.skipped
    ? `native: skipped (${native.skipped})\n`
    : `native: ${native.version}, system tessdata (fast models), OMP_THREAD_LIMIT=1, --oem 1 --psm ${TESSERACT_PSM} (as ours), process start included\n`,
);

// Ours: the PNG decoded and recognised in this process, as a page worker does it.
const warm = new Set();
for (const p of pages) {
  const langs = tesseractLangs(p.country);
  const raster = await loadImage(readFileSync(p.png));
  if (!warm.has(langs.join('+'))) {
    await recognizeTesseract(raster, 1, langs, p.dpi);
    warm.add(langs.join('+'));
  }
  const [t, c] = [performance.now(), process.cpuUsage()];
  const r = await recognizeTesseract(await loadImage(readFileSync(p.png)), 1, langs, p.dpi);
  p.ours_s = (performance.now() - t) / 1000;
  const used = process.cpuUsage(c);
  p.ours_cpu_s = (used.user + used.system) / 1e6;
  p.ours_words = r.lines.reduce((n, l) => n + l.words.length, 0);
}
const peakRssMb = process.resourceUsage().maxRSS / 1024;

// Native: one process per page on the same PNG, its own languages by the same country rule.
if (!native.skipped) {
  for (const p of pages) {
    const langs = tesseractLangs(p.country);
    if (!langs.every((l) => native.langs.has(l))) {
      p.native_note = `no ${langs.filter((l) => !native.langs.has(l)).join(', ')}`;
      continue;
    }
    const t = performance.now();
    const r = spawnSync(
      'tesseract',
      [p.png, 'stdout', '--oem', '1', '--psm', TESSERACT_PSM, '-l', langs.join('+')],
      {
        encoding: 'utf8',
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      },
    );
    if (r.status !== 0) {
      p.native_note = `failed: ${(r.stderr ?? '').trim().split('\n').pop()}`;
      continue;
    }
    p.native_s = (performance.now() - t) / 1000;
    p.native_words = r.stdout.split(/\s+/).filter(Boolean).length;
  }
}
rmSync(tmp, { recursive: true, force: true });

const both = pages.filter((p) => p.native_s !== undefined);
const oursMedian = median(pages.map((p) => p.ours_s));
const summary = {
  pages: pages.length,
  ours_median_s: round(oursMedian),
  ours_p90_s: round(
    percentile(
      pages.map((p) => p.ours_s),
      90,
    ),
  ),
  ours_cpu_median_s: round(median(pages.map((p) => p.ours_cpu_s))),
  // The target is for pages at 200-300 dpi: those pages alone.
  ours_200_300_pages: pages.filter((p) => p.a4dpi >= 190).length,
  ours_200_300_median_s: round(median(pages.filter((p) => p.a4dpi >= 190).map((p) => p.ours_s))),
  native_pages: both.length,
  native_median_s: both.length ? round(median(both.map((p) => p.native_s))) : null,
  // On the pages both read, so the ratio compares like with like.
  ratio: both.length
    ? round(median(both.map((p) => p.ours_s)) / median(both.map((p) => p.native_s)), 2)
    : null,
  peak_rss_mb: round(peakRssMb, 0),
  target_s: TARGET_S,
  target_ratio: TARGET_RATIO,
  ...(native.skipped ? { native_skipped: native.skipped } : {}),
};

if (opts.json) {
  console.log(JSON.stringify({ dpi: opts.dpi, summary, pages: pages.map(({ png, ...p }) => p) }, null, 1));
} else {
  printTable(
    [
      'file',
      'page',
      'pixels',
      'dpi (A4)',
      'ours s',
      'ours cpu s',
      'words',
      ...(native.skipped ? [] : ['native s', 'words']),
    ],
    pages.map((p) => [
      p.file.replace(/^scans\//, ''),
      p.page,
      p.size,
      p.a4dpi,
      round(p.ours_s, 2),
      round(p.ours_cpu_s, 2),
      p.ours_words,
      ...(native.skipped
        ? []
        : [p.native_s !== undefined ? round(p.native_s, 2) : p.native_note, p.native_words]),
    ]),
  );
  say('');
  printTable(
    ['per page', 'median s', 'target', 'status'],
    [
      ['ours (wall)', summary.ours_median_s, `<= ${TARGET_S}`, verdict(summary.ours_median_s, TARGET_S)],
      ['ours (cpu, all threads)', summary.ours_cpu_median_s, null, null],
      [
        `ours, pages at 200-300 dpi (${summary.ours_200_300_pages})`,
        summary.ours_200_300_median_s,
        `<= ${TARGET_S}`,
        verdict(summary.ours_200_300_median_s, TARGET_S),
      ],
      ...(native.skipped
        ? []
        : [
            [`native tesseract (${both.length} pages)`, summary.native_median_s, null, null],
            [
              'ratio ours / native (same pages)',
              summary.ratio,
              `<= ${TARGET_RATIO}`,
              verdict(summary.ratio, TARGET_RATIO),
            ],
          ]),
      ['peak RSS of this process (MB)', summary.peak_rss_mb, null, null],
    ],
  );
}
process.exit(0);
