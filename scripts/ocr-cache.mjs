#!/usr/bin/env node
// `node scripts/ocr-cache.mjs --dump [--shard i/n] [--corpus DIR] [--dir DIR] [--redo --backends hybrid]` reads every
// `scan` file of the shared corpus (or of another corpus laid out as it is, such as a photo set of
// scripts/photo-set.mjs, whose words are kept in .cache/ocr-<its folder's name>) once with both OCR backends (all pages, as the page workers render them) and keeps the
// words in .cache/ocr; `node scripts/ocr-cache.mjs --score [--verbose]` then scores the engine's
// extraction, checks, second-read combination and projection on those words with
// ../shared/eval/score.mjs in seconds, so extraction changes can be measured without OCR again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readManifest, scanRasters } from './bench-lib.mjs';
import { corpusDir, repoRoot, scorer } from './corpus.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const corpus = path.resolve(opt('--corpus', corpusDir));
const dir = path.resolve(
  opt('--dir', path.join(repoRoot, '.cache', corpus === corpusDir ? 'ocr' : `ocr-${path.basename(corpus)}`)),
);
// INVOICE_ENGINE_DIST: another build of the engine (a candidate measured beside the installed one).
const dist = process.env.INVOICE_ENGINE_DIST ?? path.join(repoRoot, 'packages', 'engine', 'dist');
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const keyOf = (file) => path.relative(corpus, path.resolve(file)).replace(/[\\/]/g, '__');

if (argv.includes('--dump')) {
  const { loadImage } = await load('image/load.js');
  const { openPdf } = await load('pdf/open.js');
  const { ocrRaster, scanJpegsOf } = await load('workers/scan-pdf.js');
  const { tesseractLangs } = await load('ocr/models.js');
  const { recognizePage } = await load('ocr/recognize-page.js');
  const [shard, shards] = opt('--shard', '0/1').split('/').map(Number);
  mkdirSync(dir, { recursive: true });
  const rows = readManifest(corpus)
    .filter((r) => r.category === 'scan')
    .filter((_, i) => i % shards === shard);
  for (const row of rows) {
    const file = path.join(corpus, row.path);
    const out = path.join(dir, `${keyOf(file)}.json`);
    // --redo: read again with --backends (default both), keeping the other backend's saved reads.
    if (existsSync(out) && !argv.includes('--redo')) continue;
    const bytes = readFileSync(file);
    const langs = tesseractLangs(row.country);
    const rasters = await scanRasters({ openPdf, loadImage, ocrRaster, scanJpegsOf }, row.path, bytes);
    const reads = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')).reads : {};
    for (const backend of opt('--backends', 'tesseract,hybrid').split(',')) {
      reads[backend] = [];
      for (const [i, { raster, dpi }] of rasters.entries())
        reads[backend].push(await recognizePage(raster, i + 1, langs, dpi, backend));
    }
    writeFileSync(out, JSON.stringify({ file, country: row.country, reads }));
    process.stderr.write(`${row.path}\n`);
  }
  process.exit(0);
}

if (argv.includes('--replay')) {
  // As the scorer's reader: --replay --json --country CC FILE...
  const { readOcrPages } = await load('read-ocr.js');
  const { combineReads, needsSecondRead, secondReadPages } = await load('ocr/second-read.js');
  const { runChecks } = await load('check/document-checks.js');
  const { project } = await load('project/field-sets.js');
  const { countryOf } = await load('project/countries.js');
  for (const file of argv.filter((a) => /\.(pdf|png|jpe?g)$/i.test(a))) {
    const saved = path.join(dir, `${keyOf(file)}.json`);
    if (!existsSync(saved)) continue;
    const { country, reads } = JSON.parse(readFileSync(saved, 'utf8'));
    let doc = readOcrPages(reads.tesseract, country);
    if (needsSecondRead(doc)) {
      const again = secondReadPages(
        doc,
        reads.tesseract.map((p) => p.page),
      );
      doc = combineReads(
        doc,
        readOcrPages(
          reads.hybrid.filter((p) => again.includes(p.page)),
          country,
        ),
      );
    }
    const { fields } = project(doc, runChecks(doc), countryOf(country));
    console.log(JSON.stringify({ file, status: 'done', mode: 'ocr', fields }));
  }
  process.exit(0);
}

if (argv.includes('--score')) {
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync(
    process.execPath,
    [
      scorer,
      '--corpus',
      corpus,
      '--category',
      'scan',
      '--cmd',
      `${process.execPath} ${self} --replay --corpus ${corpus} --dir ${dir}`,
      ...(argv.includes('--verbose') ? ['--verbose'] : []),
    ],
    { encoding: 'utf8', stdio: 'inherit' },
  );
  process.exit(r.status ?? 1);
}
console.log('usage: ocr-cache.mjs [--corpus DIR] [--dir DIR] --dump [--shard i/n] | --score [--verbose]');
