#!/usr/bin/env node
// `node scripts/ocr-compare.mjs [--backends tesseract,onnx,hybrid] [--every N] [--limit N] [--out DIR]`:
// measures the OCR backends on the shared corpus's `scan` files, each page rendered (PDF) or
// decoded (image) once as a page worker does and read by every backend in turn, so that a busy
// machine slows all of them alike. Per backend it prints the seconds per page (CPU time of this
// process, which is what one core spends: the ONNX sessions, sharp and tesseract.js each run on
// one thread; wall time beside it), then reading quality: the engine's own extraction, checks and
// projection run on each backend's words, scored by ../shared/eval/score.mjs, overall and per
// country. The scorer runs this script again as its reader (`--replay FILE`), which answers from
// the words already read. Needs the engine built (`npx tsc -b`) and the models (`npm run models`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mean, median, printTable, readManifest, round, scanRasters } from './bench-lib.mjs';
import { corpusDir, repoRoot, scorer } from './corpus.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);

// --replay FILE --json --country CC FILE...: answer for the scorer from a saved run.
if (argv.includes('--replay')) {
  const saved = new Map(
    readFileSync(opt('--replay'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .map((o) => [path.resolve(o.file), o]),
  );
  for (const f of argv.filter((a) => a.startsWith('/') || /\.(pdf|png|jpe?g)$/i.test(a))) {
    const o = saved.get(path.resolve(f));
    if (o) console.log(JSON.stringify(o));
  }
  process.exit(0);
}

const backends = opt('--backends', 'tesseract,onnx,hybrid').split(',');
const limit = Number(opt('--limit', '0'));
// Every Nth file only (a sample across the corpus's suppliers and countries, for a quick run).
const every = Number(opt('--every', '1'));
const out = path.resolve(opt('--out', path.join(os.tmpdir(), 'ocr-compare')));
if (!existsSync(path.join(corpusDir, 'MANIFEST.tsv'))) {
  console.log(`ocr-compare: no corpus at ${corpusDir}; nothing to measure`);
  process.exit(0);
}
const dist = path.join(repoRoot, 'packages', 'engine', 'dist');
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const { loadImage } = await load('image/load.js');
const { openPdf } = await load('pdf/open.js');
const { ocrRaster, scanJpegsOf } = await load('workers/scan-pdf.js');
const { tesseractLangs } = await load('ocr/models.js');
const { recognizeTesseract } = await load('ocr/tesseract.js');
const { recognizeOnnx } = await load('ocr/onnx.js');
const { recognizeHybrid } = await load('ocr/onnx-hybrid.js');
const { readOcrPages } = await load('read-ocr.js');
const { runChecks } = await load('check/document-checks.js');
const { project } = await load('project/field-sets.js');
const { countryOf } = await load('project/countries.js');
const { default: sharp } = await import('sharp');
// One core: libvips would otherwise spread resizing and rotating over every core.
sharp.concurrency(1);

const READERS = {
  tesseract: (r, page, langs, dpi) => recognizeTesseract(r, page, langs, dpi),
  onnx: (r, page, _langs, dpi) => recognizeOnnx(r, page, { dpi }),
  hybrid: (r, page, langs, dpi) => recognizeHybrid(r, page, langs, { dpi }),
};
for (const b of backends) if (!READERS[b]) throw new Error(`unknown backend ${b}`);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

let rows = readManifest(corpusDir).filter((r) => r.category === 'scan');
rows = rows.filter((_, i) => i % every === 0);
if (limit) rows = rows.slice(0, limit);
mkdirSync(out, { recursive: true });
const times = Object.fromEntries(backends.map((b) => [b, { cpu: [], wall: [] }]));
const answers = Object.fromEntries(backends.map((b) => [b, []]));
const warm = new Set();
const started = Date.now();

for (const row of rows) {
  const file = path.join(corpusDir, row.path);
  const bytes = readFileSync(file);
  const langs = tesseractLangs(row.country);
  const rasters = await scanRasters({ openPdf, loadImage, ocrRaster, scanJpegsOf }, row.path, bytes);

  for (const b of backends) {
    const key = `${b}:${langs.join('+')}`;
    // The first read of a language set loads its models: untimed, as a warm worker has them.
    if (!warm.has(key)) {
      await READERS[b](rasters[0].raster, 1, langs, rasters[0].dpi);
      warm.add(key);
    }
    const pages = [];
    for (const [i, { raster, dpi }] of rasters.entries()) {
      const c = cpu();
      const t = performance.now();
      pages.push(await READERS[b](raster, i + 1, langs, dpi));
      times[b].cpu.push(cpu() - c);
      times[b].wall.push((performance.now() - t) / 1000);
    }
    const country = countryOf(row.country);
    const doc = readOcrPages(pages, row.country);
    const { fields } = project(doc, runChecks(doc), country);
    answers[b].push({ file, country: row.country, status: 'done', mode: 'ocr', fields });
  }
  process.stderr.write(`\r${answers[backends[0]].length}/${rows.length} files`);
}
process.stderr.write('\n');

console.log(
  `ocr-compare: ${rows.length} scan files, ${times[backends[0]].cpu.length} pages, ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s; node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}`,
);
printTable(
  ['backend', 'CPU s/page median', 'CPU s/page mean', 'CPU s/page p90', 'wall s/page median'],
  backends.map((b) => {
    const c = [...times[b].cpu].sort((x, y) => x - y);
    return [
      b,
      round(median(c), 2),
      round(mean(c), 2),
      round(c[Math.floor(c.length * 0.9)], 2),
      round(median(times[b].wall), 2),
    ];
  }),
);

const countries = [...new Set(rows.map((r) => r.country))];
const self = fileURLToPath(import.meta.url);
for (const b of backends) {
  for (const only of [null, ...countries]) {
    const saved = path.join(out, `${b}${only ? `-${only}` : ''}.jsonl`);
    const list = answers[b].filter((a) => !only || a.country === only);
    writeFileSync(saved, list.map((a) => JSON.stringify(a)).join('\n'));
    const r = spawnSync(
      process.execPath,
      [
        scorer,
        '--corpus',
        corpusDir,
        '--category',
        'scan',
        '--cmd',
        `${process.execPath} ${self} --replay ${saved}`,
        ...(argv.includes('--verbose') ? ['--verbose'] : []),
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    const lines = r.stdout.trim().split('\n');
    if (argv.includes('--verbose') && !only) console.log(lines.slice(0, -1).join('\n'));
    // Per country the other countries' files are "not answered" and left out of the figures.
    console.log(`${b.padEnd(9)} ${(only ?? 'all').padEnd(3)} ${lines[lines.length - 1]}`);
  }
}
