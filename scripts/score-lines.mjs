#!/usr/bin/env node
// `node scripts/score-lines.mjs [--set einvoice|scan|wild] [--verbose] [--min-recall R]
// [--min-precision P] [--min-breakdown B]` scores the line items and the VAT breakdown read from
// pages against the same file's XML: the corpus's e-invoice PDFs read from their text layer
// (einvoice), the scans made from them (scan, replayed from scripts/ocr-cache.mjs's words when
// they are kept in `--ocr-cache DIR`, default .cache/ocr, else or with `--ocr-cache none` read
// with OCR, or taken from `--results FILE`, the reader's JSON lines of those scans as the eval's scan
// gate wrote them, scripts/tee-reader.mjs), and for textpdf/wild, which has no XML, the share of
// invoices whose lines sum to their net total (wild). Exits 1 when a --min figure is not met.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readManifest } from './bench-lib.mjs';
import { corpusDir as defaultCorpus, repoRoot } from './corpus.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const corpus = path.resolve(opt('--corpus', defaultCorpus));
const set = opt('--set', 'einvoice');
const verbose = argv.includes('--verbose');
const under = opt('--under', '');
const dist = process.env.INVOICE_ENGINE_DIST ?? path.join(repoRoot, 'packages', 'engine', 'dist');
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const { readInvoice, shutdownWorkers } = await load('index.js');

if (!existsSync(path.join(corpus, 'MANIFEST.tsv'))) {
  console.log(`score-lines: no corpus at ${corpus}, skipped`);
  process.exit(0);
}

const rows = readManifest(corpus).filter((r) => r.path.startsWith(under));
const truthOf = (file) => {
  const t = `${file}.truth.json`;
  return existsSync(t) ? JSON.parse(readFileSync(t, 'utf8')) : {};
};
const read = async (file, country, mode) =>
  readInvoice(new Uint8Array(readFileSync(file)), { country, mode, filename: path.basename(file) });

/** Amounts compared to the cent and without their sign (a credit note's page may print them
 * negative where its XML does not). */
const cents = (v) =>
  v === undefined || v === null || v === '' ? undefined : Math.abs(Math.round(Number(v) * 100));
const rateOf = (v) => (v === undefined || v === null || v === '' ? undefined : Number(v));
const words = (s) =>
  new Set(
    (s ?? '')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/-\s+/g, '-')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 2),
  );
/** Descriptions overlap when half the words of the shorter one are in the other. */
function overlaps(a, b) {
  const [x, y] = [words(a), words(b)];
  if (!x.size || !y.size) return false;
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared * 2 >= Math.min(x.size, y.size);
}

/** Page lines matched one to one to XML lines: the same amount and VAT rate, overlapping text. */
function matchLines(xml, page) {
  const used = new Set();
  let matched = 0;
  const missed = [];
  const pairs = [];
  for (const x of xml) {
    const i = page.findIndex(
      (p, j) =>
        !used.has(j) &&
        cents(p.net_amount) === cents(x.net_amount) &&
        (rateOf(x.vat_rate) === undefined || rateOf(p.vat_rate) === rateOf(x.vat_rate)) &&
        overlaps(p.description, x.description),
    );
    if (i >= 0) {
      used.add(i);
      matched++;
      pairs.push([x, page[i]]);
    } else missed.push(x);
  }
  const extra = page.filter((_, j) => !used.has(j));
  return { matched, missed, extra, pairs };
}

/** Breakdown rows matched by rate, base and tax. */
function matchBreakdown(xml, page) {
  let matched = 0;
  const used = new Set();
  for (const x of xml) {
    const i = page.findIndex(
      (p, j) =>
        !used.has(j) &&
        rateOf(p.rate) === rateOf(x.rate) &&
        cents(p.taxable) === cents(x.taxable) &&
        cents(p.tax) === cents(x.tax),
    );
    if (i >= 0) {
      used.add(i);
      matched++;
    }
  }
  return matched;
}

const show = (l) =>
  `${l.quantity ?? '?'} ${l.unit ?? ''} × ${l.unit_price ?? '?'} = ${l.net_amount} @${l.vat_rate ?? '?'}% "${(l.description ?? '').slice(0, 50)}"`;

/** The reader's answers kept by an earlier run over the same files (--results), by file path. */
const results = new Map();
if (opt('--results', '') && existsSync(opt('--results', ''))) {
  for (const line of readFileSync(opt('--results', ''), 'utf8').split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    const o = JSON.parse(line);
    results.set(path.resolve(o.file), o);
  }
}

async function ocrDoc(row, file) {
  // The same full read (auto mode, the file's country) done by the scan gate, where it kept it.
  const kept = results.get(path.resolve(file));
  if (kept) return kept.document;
  // Kept OCR words (scripts/ocr-cache.mjs --dump) replayed through the extraction, as
  // ocr-cache.mjs --replay does; else (or with `--ocr-cache none`) the full reader.
  const cacheOpt = opt('--ocr-cache', path.join(repoRoot, '.cache', 'ocr'));
  const saved =
    cacheOpt !== 'none' &&
    path.join(path.resolve(cacheOpt), `${path.relative(corpus, file).replace(/[\\/]/g, '__')}.json`);
  if (saved && existsSync(saved)) {
    const { readOcrPages } = await load('read-ocr.js');
    const { combineReads, needsSecondRead, secondReadPages } = await load('ocr/second-read.js');
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
    return doc;
  }
  return (await read(file, row.country, 'auto')).document;
}

const totals = { files: 0, xmlLines: 0, pageLines: 0, matched: 0, xmlRates: 0, pageRates: 0, rates: 0 };
/** Of the matched lines whose XML gives a unit: how many units were read, and how many are its code. */
const units = { xml: 0, read: 0, same: 0, differ: new Map() };
const perFile = [];

if (set === 'einvoice' || set === 'scan') {
  const cases = rows.filter((r) =>
    set === 'einvoice' ? r.category === 'einvoice' && /\.pdf$/i.test(r.path) : r.category === 'scan',
  );
  for (const row of cases) {
    const file = path.join(corpus, row.path);
    const truth = truthOf(file);
    if (truth.visual_mismatch) continue;
    const source = set === 'scan' ? path.join(corpus, truth.scanned_from ?? '') : file;
    if (!existsSync(source)) continue;
    const xml = (await read(source, row.country, 'xml')).document;
    if (xml) xml.lines = (xml.lines ?? []).filter((l) => l?.net_amount !== undefined);
    if (!xml?.lines.length) continue;
    const page = set === 'scan' ? await ocrDoc(row, file) : (await read(file, row.country, 'text')).document;
    const pageLines = (page?.lines ?? []).filter(Boolean);
    const m = matchLines(xml.lines, pageLines);
    const rates = matchBreakdown(xml.vat_breakdown ?? [], page?.vat_breakdown ?? []);
    totals.files++;
    totals.xmlLines += xml.lines.length;
    totals.pageLines += pageLines.length;
    totals.matched += m.matched;
    totals.xmlRates += xml.vat_breakdown?.length ?? 0;
    totals.pageRates += page?.vat_breakdown?.length ?? 0;
    totals.rates += rates;
    for (const [x, p] of m.pairs) {
      if (!x.unit) continue;
      units.xml++;
      if (!p.unit) continue;
      units.read++;
      if (p.unit === x.unit) units.same++;
      else {
        const key = `${p.unit} read, ${x.unit} in XML`;
        units.differ.set(key, (units.differ.get(key) ?? 0) + 1);
      }
    }
    perFile.push({ row, m, xml, page, rates });
    if (verbose && (m.missed.length || m.extra.length || rates < (xml.vat_breakdown?.length ?? 0))) {
      console.log(
        `${row.path}: ${m.matched}/${xml.lines.length} lines, ${pageLines.length} read; breakdown ${rates}/${xml.vat_breakdown?.length ?? 0}`,
      );
      for (const x of m.missed) console.log(`   missed  ${show(x)}`);
      for (const p of m.extra) console.log(`   extra   ${show(p)}`);
    }
  }
  const ratio = (a, b) => (b ? a / b : 1);
  const recall = ratio(totals.matched, totals.xmlLines);
  const precision = ratio(totals.matched, totals.pageLines);
  const breakdown = ratio(totals.rates, totals.xmlRates);
  const breakdownPrecision = ratio(totals.rates, totals.pageRates);
  console.log(
    `${set}: ${totals.files} files with XML lines; lines ${totals.xmlLines} in XML, ${totals.pageLines} read, ${totals.matched} matched`,
  );
  console.log(
    `line recall ${recall.toFixed(3)}  line precision ${precision.toFixed(3)}  breakdown ${breakdown.toFixed(3)} (${totals.rates}/${totals.xmlRates} rates; precision ${breakdownPrecision.toFixed(3)})`,
  );
  console.log(
    `units of matched lines: ${units.xml} in XML, ${units.read} read, ${units.same} the XML's code${units.differ.size ? ` (others: ${[...units.differ].map(([k, n]) => `${k} ×${n}`).join('; ')})` : ''}`,
  );
  const fails = [];
  if (recall < Number(opt('--min-recall', 0))) fails.push('recall');
  if (precision < Number(opt('--min-precision', 0))) fails.push('precision');
  if (breakdown < Number(opt('--min-breakdown', 0))) fails.push('breakdown');
  await shutdownWorkers();
  if (fails.length) {
    console.log(`below the minimum: ${fails.join(', ')}`);
    process.exit(1);
  }
} else if (set === 'wild') {
  // No XML here: the share of invoices whose lines were read and add up to their net total.
  const cases = rows.filter((r) => r.category === 'textpdf-wild' || r.path.startsWith('textpdf/wild/'));
  let withLines = 0;
  let summing = 0;
  let n = 0;
  for (const row of cases) {
    if (!/\.pdf$/i.test(row.path)) continue;
    const file = path.join(corpus, row.path);
    const truth = truthOf(file);
    const r = await read(file, row.country, 'auto');
    n++;
    const lines = r.document?.lines ?? [];
    if (!lines.length) {
      if (verbose) console.log(`${row.path}: no lines`);
      continue;
    }
    withLines++;
    const sum = lines.reduce((a, l) => a + Math.round(Number(l.net_amount) * 100), 0);
    const net = cents(truth.net_amount);
    const ok = net !== undefined && Math.abs(sum) === net;
    if (ok) summing++;
    if (verbose)
      console.log(
        `${row.path}: ${lines.length} lines, sum ${sum / 100}, net ${truth.net_amount} ${ok ? 'ok' : ''}`,
      );
  }
  console.log(
    `wild: ${n} invoices, ${withLines} with lines read, ${summing} (${(summing / Math.max(1, n)).toFixed(3)}) whose lines sum to their net total`,
  );
  await shutdownWorkers();
} else {
  console.error('usage: score-lines.mjs [--set einvoice|scan|wild] [--verbose] [--under PREFIX]');
  process.exit(2);
}
