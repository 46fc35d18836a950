#!/usr/bin/env node
// `npm run generate -- [--count N] [--seed S] [--out DIR] [--scans N] [--photos N] [--langs de,pl]
// [--libraries pdfkit,jspdf]` renders N made-up invoices with their truth (scripts/generate/) in
// the languages of the supported countries, many layouts, label synonyms and number and date
// forms, with three PDF libraries in turn; then rasterises some of them into flatbed scans and
// phone photos. DIR (default .cache/generated) becomes a small corpus in the shared corpus's
// format: MANIFEST.tsv and <file>.truth.json beside each file; the text PDFs are category
// `textpdf-wild`, the images `scan`, so ../shared/eval/score.mjs --corpus DIR scores them with the
// same rules. The same seed gives the same invoices. See docs/generator.md.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './corpus.mjs';
import { degrade } from './generate/degrade.mjs';
import { checkFonts } from './generate/fonts.mjs';
import { countriesOf, LANGUAGES, makeInvoice, traps, truth } from './generate/invoice.mjs';
import { chooseStyle, layout } from './generate/layout.mjs';
import { logoPng } from './generate/logo.mjs';
import { epcPayload, qrPng, swissPayload } from './generate/payment-qr.mjs';
import { LIBRARIES, renderPdf } from './generate/render.mjs';
import { draws, rng } from './seeded-random.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : dflt);
const int = (name, dflt) => {
  const v = Number(opt(name, String(dflt)));
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a whole number ≥ 0`);
  return v;
};
const list = (name, all) => {
  const v = opt(name);
  if (!v) return all;
  const chosen = v.split(',').map((x) => x.trim());
  const bad = chosen.filter((x) => !all.includes(x));
  if (bad.length) throw new Error(`--${name}: unknown ${bad.join(', ')} (known: ${all.join(', ')})`);
  return chosen;
};

const count = int('count', 200);
const seed = int('seed', 1);
const scans = int('scans', 0);
const photos = int('photos', 0);
const out = path.resolve(opt('out', path.join(repoRoot, '.cache', 'generated')));
const langs = list('langs', LANGUAGES);
const libraries = list('libraries', LIBRARIES);

checkFonts();
const t0 = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const manifest = [['path', 'category', 'country', 'source_repo', 'license', 'expected_mode'].join('\t')];
const source = `generated (scripts/generate-invoices.mjs --seed ${seed})`;
const made = [];
for (let i = 0; i < count; i++) {
  const d = draws(rng(seed * 1000003 + i));
  const lang = langs[i % langs.length];
  const library = libraries[Math.floor(i / langs.length + i) % libraries.length];
  const country = d.pick(countriesOf(lang));
  const big = d.chance(0.15);
  const inv = makeInvoice(d, {
    country,
    lang,
    credit: d.chance(0.1),
    reverse: d.chance(0.06),
    items: big ? d.int(10, 30) : d.int(1, 8),
    rates: d.pick([1, 1, 1, 2, 2, 3]),
  });
  const style = chooseStyle(d, inv);
  const assets = {};
  if (style.logo) assets.logo = await logoPng(inv.seller.name, style.size + 7, style.logoColour);
  if (style.qr !== 'none')
    assets.qr = await qrPng(style.qr === 'swiss' ? swissPayload(inv) : epcPayload(inv));
  const pages = layout(inv, style, assets);
  // Fixed dates and file id: the same seed gives the same bytes.
  const meta = {
    title: `${inv.labels.title} ${inv.number}`,
    author: inv.seller.name,
    creator: 'invoice-reader generator',
    date: new Date(`${inv.issue}T09:30:00Z`),
    fileId: createHash('md5').update(`${seed}/${i}`).digest('hex'),
  };
  const { bytes, font, variant } = await renderPdf(library, pages, d, meta);
  const name = `${String(i + 1).padStart(4, '0')}-${country}-${lang}-${library}.pdf`;
  const rel = path.join('text', lang, name);
  mkdirSync(path.join(out, 'text', lang), { recursive: true });
  writeFileSync(path.join(out, rel), bytes);
  const { truth: t, printed } = truth(inv);
  const record = {
    ...t,
    expected_mode: 'text',
    visible: Object.keys(t).filter((k) => t[k] != null),
    printed,
    generator: {
      seed,
      index: i,
      library: variant,
      font,
      language: lang,
      credit_note: inv.credit,
      reverse_charge: inv.reverse,
      due_shown: inv.dueShow,
      pages: pages.count,
      items: inv.items.length,
      vat_rates: inv.breakdown.map((r) => r.rate),
      number_style: inv.fmt.style,
      currency_form: inv.fmt.currency,
      whole_numbers: inv.fmt.whole,
      date_pattern: inv.datePattern,
      labels: inv.labels,
      traps: traps(inv),
      style,
    },
  };
  writeFileSync(path.join(out, `${rel}.truth.json`), `${JSON.stringify(record, null, 1)}\n`);
  manifest.push([rel, 'textpdf-wild', country, source, 'generated', 'text'].join('\t'));
  made.push({ rel, record, country, lang });
}
const textSeconds = (Date.now() - t0) / 1000;

// Scans and photos: the languages in turn, a seeded choice of invoice within each, none twice.
const images = [];
const pick = draws(rng(seed * 7717));
const pool = new Map(langs.map((l) => [l, made.filter((m) => m.lang === l)]));
let turn = 0;
for (const [kind, n] of [
  ['scan', scans],
  ['photo', photos],
]) {
  for (let k = 0; k < n && images.length < made.length; turn++) {
    const left = pool.get(langs[turn % langs.length]);
    if (!left.length) continue;
    const [m] = left.splice(pick.int(0, left.length - 1), 1);
    images.push({ kind, m, k });
    k++;
  }
}
for (const { kind, m, k } of images) {
  const random = rng(seed * 7919 + k * 31 + (kind === 'photo' ? 17 : 0));
  const { bytes, ext } = await degrade(path.join(out, m.rel), kind, random);
  const rel = path.join(`${kind}s`, path.basename(m.rel).replace(/\.pdf$/, `.${kind}.${ext}`));
  mkdirSync(path.join(out, `${kind}s`), { recursive: true });
  writeFileSync(path.join(out, rel), bytes);
  const record = { ...m.record, expected_mode: 'ocr', degraded_from: m.rel, degradation: kind };
  writeFileSync(path.join(out, `${rel}.truth.json`), `${JSON.stringify(record, null, 1)}\n`);
  manifest.push([rel, 'scan', m.country, source, 'generated', 'ocr'].join('\t'));
}
writeFileSync(path.join(out, 'MANIFEST.tsv'), `${manifest.join('\n')}\n`);
const s = (Date.now() - t0) / 1000;
console.log(
  `generated ${count} text PDFs (${textSeconds.toFixed(1)} s) and ${images.length} scans/photos in ${out}; ${s.toFixed(1)} s in all`,
);
