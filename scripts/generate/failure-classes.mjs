#!/usr/bin/env node
// `node scripts/generate/failure-classes.mjs [--corpus DIR] [--category textpdf-wild|scan] [--from FILE] [--known de,en,...]`
// groups the reader's misses on a generated set into classes: per field, each wrong value by its
// cause (a trap the generator printed beside the field: the buyer for the seller, a customer number
// for the invoice number, an item row for a total, a heading for a name...), each missing value by
// language and by the label the invoice used, refused documents by language, and the layout and
// form features whose values miss at clearly different rates. It reads the
// `--verbose` output of ../shared/eval/score.mjs (runs it, or reads FILE saved from a run) and the
// truth files' `generator` and `printed` records. See docs/generator.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, scorer } from '../corpus.mjs';
import { TRUTH_FIELDS } from './invoice.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : dflt);
const corpus = path.resolve(opt('corpus', path.join(repoRoot, '.cache', 'generated')));
const category = opt('category', 'textpdf-wild');
const from = opt('from');

let output;
if (from) output = readFileSync(from, 'utf8');
else {
  const r = spawnSync(process.execPath, [scorer, '--corpus', corpus, '--category', category, '--verbose'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  output = r.stdout ?? '';
}

const truthCache = new Map();
function truthOf(rel) {
  if (!truthCache.has(rel))
    truthCache.set(rel, JSON.parse(readFileSync(path.join(corpus, `${rel}.truth.json`), 'utf8')));
  return truthCache.get(rel);
}

const norm = (v) =>
  String(v ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
/** Without diacritics, for telling an OCR's lost accents from a wrong value. */
const plain = (v) =>
  norm(v)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
const amount = (v) => {
  const n = Number(String(v ?? '').replace(/\s/g, ''));
  return Number.isFinite(n) ? n.toFixed(2) : null;
};

/** Why a wrong value is wrong: the first trap of the invoice it equals, or a shape of the error. */
function causeOfWrong(field, got, want, t) {
  const g = t.generator;
  const tr = g.traps ?? {};
  const labels = Object.values(g.labels ?? {}).filter((x) => typeof x === 'string');
  const isLabel =
    labels.some((l) => norm(l) === norm(got)) ||
    (/^[\p{L} .]+:?$/u.test(got) &&
      got.split(' ').length <= 2 &&
      labels.some((l) => norm(l).includes(norm(got))));
  if (field === 'seller_name' || field === 'buyer_name') {
    const other = field === 'seller_name' ? t.buyer_name : t.seller_name;
    if (plain(got) === plain(other))
      return field === 'seller_name' ? 'the buyer taken as seller' : 'the seller taken as buyer';
    if (field === 'buyer_name' && norm(got).includes(norm(other)) && !norm(got).includes(norm(want)))
      return "the sender's return line taken as the buyer";
    if (plain(got) === plain(want)) return 'letters with diacritics read without them';
    if (norm(want).startsWith(`${norm(got)} `) && got.length <= 5)
      return 'only the legal form read (it stands before the name)';
    if (norm(got).includes(norm(want)) && norm(got).includes(norm(other)))
      return 'seller and buyer names glued into one';
    if (norm(got).startsWith(norm(want))) return 'the name with text after it glued on';
    if (norm(got).includes(norm(want))) return 'the name with text before it glued on';
    if (tr.bank && norm(got) === norm(tr.bank)) return 'the bank taken as a party';
    if (tr.director && norm(got).includes(norm(tr.director))) return 'the managing director taken as a party';
    if (tr.attention && norm(got).includes(norm(tr.attention))) return 'the attention line taken as the name';
    if ([...(tr.seller_lines ?? []), ...(tr.buyer_lines ?? [])].some((l) => norm(l) === norm(got)))
      return 'an address line taken as the name';
    if (isLabel || labels.some((l) => norm(l) === norm(got))) return 'a heading/label taken as the name';
    return 'other';
  }
  if (field === 'seller_vat_id') {
    if (tr.buyer_vat_id && got.replace(/\W/g, '') === tr.buyer_vat_id)
      return "the buyer's VAT id taken as the seller's";
    return 'other';
  }
  if (field === 'seller_iban' || field === 'seller_bic') return 'other';
  if (field === 'invoice_no') {
    const g2 = norm(got);
    for (const k of ['customer_no', 'order_no', 'payment_reference'])
      if (tr[k] && norm(tr[k]) === g2) return `the ${k.replace('_', ' ')} taken as the invoice number`;
    if (norm(want).includes(g2))
      return /[\u2010-\u2015]/.test(want) ? 'the number cut at a Unicode dash' : 'the number cut short';
    if (g2.includes(norm(want))) return 'the number with text glued on';
    return 'other';
  }
  if (field.endsWith('_date')) {
    if (tr.delivery_date === got) return 'the delivery date taken';
    if (field === 'invoice_date' && tr.due_date === got) return 'the due date taken as the invoice date';
    if (field === 'due_date' && t.invoice_date === got) return 'the invoice date taken as the due date';
    const [y, m, d] = want.split('-');
    if (got === `${y}-${d}-${m}`) return 'day and month swapped';
    return 'other';
  }
  if (field.endsWith('_amount')) {
    const a = amount(got);
    const w = amount(want);
    if (a === null) return 'not a number';
    if (Math.abs(Number(a)) === Math.abs(Number(w)) && a !== w) return 'sign lost or added (credit note)';
    const name = {
      [amount(t.net_amount)]: 'net',
      [amount(t.vat_amount)]: 'VAT',
      [amount(t.gross_amount)]: 'gross',
    }[a];
    if (name) return `the ${name} amount taken`;
    if ((tr.vat_taxes ?? []).map(amount).includes(a)) return 'one rate’s VAT taken (several rates)';
    if ((tr.vat_bases ?? []).map(amount).includes(a)) return 'one rate’s base taken (several rates)';
    if ((tr.item_amounts ?? []).map(amount).includes(a)) return 'an item row taken as a total';
    const wi = String(Math.abs(Number(w)));
    if (wi.endsWith(String(Math.abs(Number(a)))) && Number(wi) !== Math.abs(Number(a)))
      return 'the amount cut at its grouping mark';
    if (Math.abs(Number(a) * 1000 - Number(w)) < 10)
      return "a whole amount's thousands mark read as a decimal mark (57,390 -> 57.39)";
    if (Math.abs(Number(a) * 100 - Number(w)) < 0.01 || Math.abs(Number(a) - Number(w) * 100) < 0.5)
      return 'decimal mark read as a grouping mark (×100)';
    return 'other';
  }
  return 'other';
}

const lines = output.split('\n');
/** Files the reader refused (status failed): their fields are all missing, counted apart. */
const refusedFiles = new Set(lines.map((l) => l.match(/^MODE (\S+): got \S+\/failed /)?.[1]).filter(Boolean));
const wrong = new Map(); // field -> cause -> [examples]
const missing = new Map(); // field -> key -> count
const refused = new Map(); // lang -> count
const add = (map, k1, k2, ex) => {
  if (!map.has(k1)) map.set(k1, new Map());
  const m = map.get(k1);
  if (!m.has(k2)) m.set(k2, []);
  m.get(k2).push(ex);
};
for (const line of lines) {
  let m = line.match(/^MODE (\S+): got (\S+)\/(\S+) want (\S+)/);
  if (m) {
    const t = truthOf(m[1]);
    if (m[3] === 'failed') {
      const k = `${t.generator.language}`;
      refused.set(k, (refused.get(k) ?? 0) + 1);
    }
    continue;
  }
  m = line.match(/^(WRONG|MISSING|INVENTED) (\S+) (\w+): got (".*"|null) want (".*"|null)$/);
  if (!m) continue;
  const [, kind, rel, field] = m;
  const got = JSON.parse(m[4]) ?? '';
  const want = JSON.parse(m[5]) ?? '';
  const t = truthOf(rel);
  const g = t.generator;
  const lang = g.language;
  if (kind === 'WRONG' || kind === 'INVENTED') {
    const st = g.style ?? {};
    const where = ['seller_name', 'buyer_name', 'seller_vat_id'].includes(field)
      ? ` [parties ${st.parties}, window ${st.window}, letterhead ${st.letterhead}, seller VAT in ${st.vatWhere}, buyer VAT in ${st.buyerVatWhere}]`
      : '';
    add(
      wrong,
      field,
      kind === 'INVENTED' ? 'invented' : causeOfWrong(field, got, want, t),
      `${path.basename(rel)}: got ${JSON.stringify(got)} want ${JSON.stringify(want)}${where}`,
    );
  } else if (!refusedFiles.has(rel)) {
    const label = {
      invoice_no: g.labels?.number,
      invoice_date: g.labels?.invoice_date,
      due_date: g.labels?.due_date,
      net_amount: g.labels?.net,
      vat_amount: g.labels?.vat,
      gross_amount: g.labels?.total,
      seller_vat_id: g.labels?.seller_vat_id,
      seller_iban: g.labels?.iban,
      seller_bic: g.labels?.bic,
      buyer_name:
        g.style?.parties === 'columns' ? `(columns) ${g.labels?.bill_to}` : `(window) ${g.labels?.bill_to}`,
      seller_name: `(letterhead ${g.style?.letterhead}, ${g.style?.parties})`,
      currency: `${g.currency_form}`,
    }[field];
    add(missing, field, `${lang}: ${label ?? ''}`, rel);
  }
}

// Per language: fields the truth shows, and how many of them were missed or wrong.
const manifestRows = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'))
  .filter((r) => r[1] === category);
const langStats = new Map();
for (const [rel] of manifestRows) {
  const t = truthOf(rel);
  const lang = t.generator.language;
  const st = langStats.get(lang) ?? { files: 0, fields: 0, misses: 0, wrong: 0, refused: 0 };
  st.files++;
  st.fields += t.visible.length;
  if (refusedFiles.has(rel)) st.refused++;
  langStats.set(lang, st);
}
for (const line of lines) {
  const m = line.match(/^(WRONG|MISSING) (\S+) (\w+):/);
  if (!m) continue;
  const st = langStats.get(truthOf(m[2]).generator.language);
  st.misses++;
  if (m[1] === 'WRONG') st.wrong++;
}

const out = [];
out.push(`# Failure classes: ${corpus} (${category})`);
out.push('\n## Per language: files (refused), recall, wrong values');
out.push(
  [...langStats.entries()]
    .sort((a, b) => 1 - a[1].misses / a[1].fields - (1 - b[1].misses / b[1].fields))
    .map(([k, v]) => `${k} ${v.files} (${v.refused}) ${(1 - v.misses / v.fields).toFixed(2)} ${v.wrong}`)
    .join('; '),
);
if (refused.size) {
  const total = [...refused.values()].reduce((a, b) => a + b, 0);
  out.push(`\n## Documents refused (status failed): ${total}`);
  out.push(
    [...refused.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  );
}
out.push('\n## Wrong or invented values, by field and cause');
for (const [field, causes] of [...wrong.entries()].sort()) {
  for (const [cause, ex] of [...causes.entries()].sort((a, b) => b[1].length - a[1].length)) {
    out.push(`- ${field}: ${cause} — ${ex.length} (e.g. ${ex.slice(0, 2).join('; ')})`);
  }
}
out.push('\n## Missing values in answered documents, by field, language and the label printed');
for (const [field, keys] of [...missing.entries()].sort()) {
  const total = [...keys.values()].reduce((a, b) => a + b.length, 0);
  const top = [...keys.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 12);
  out.push(`- ${field}: ${total} — ${top.map(([k, v]) => `${k} ×${v.length}`).join('; ')}`);
}
// Layout and form features against misses, in the languages the reader has labels for (so that
// an unknown language does not hide a layout's effect): a feature is listed for a field when its
// values' miss rates differ by 0.2 or more, each value seen at least 8 times.
const known = new Set(opt('known', 'de,en,fr,it,nl,es').split(','));
const missedBy = new Map();
for (const line of lines) {
  const m = line.match(/^(WRONG|MISSING) (\S+) (\w+):/);
  if (m) missedBy.set(`${m[2]} ${m[3]}`, m[1]);
}
const features = (t) => {
  const g = t.generator;
  const st = g.style ?? {};
  return {
    ...Object.fromEntries(
      Object.entries(st).filter(([k]) => !['left', 'right', 'logoColour', 'size', 'titleSize'].includes(k)),
    ),
    library: g.library,
    font: ['helvetica', 'times'].includes(g.font) ? 'standard' : 'embedded',
    number_style: g.number_style,
    currency_form: g.currency_form,
    whole_numbers: g.whole_numbers,
    date_form: /\{MMMM?\}/.test(g.date_pattern) ? 'long' : g.date_pattern,
    credit_note: g.credit_note,
    reverse_charge: g.reverse_charge,
    pages: g.pages > 1 ? 'several' : 'one',
  };
};
out.push(`\n## Layout and form features against misses (${[...known].join(', ')}; documents answered)`);
const FIELDS = TRUTH_FIELDS;
for (const field of FIELDS) {
  const table = new Map(); // feature -> value -> [misses, cases]
  for (const [rel] of manifestRows) {
    const t = truthOf(rel);
    if (!known.has(t.generator.language) || refusedFiles.has(rel) || t[field] == null) continue;
    const missed = missedBy.has(`${rel} ${field}`);
    for (const [k, v] of Object.entries(features(t))) {
      if (!table.has(k)) table.set(k, new Map());
      const cell = table.get(k).get(String(v)) ?? [0, 0];
      cell[0] += missed ? 1 : 0;
      cell[1] += 1;
      table.get(k).set(String(v), cell);
    }
  }
  for (const [k, values] of table) {
    const seen = [...values.entries()].filter(([, [, n]]) => n >= 8);
    if (seen.length < 2) continue;
    const rates = seen.map(([, [m, n]]) => m / n);
    if (Math.max(...rates) - Math.min(...rates) < 0.2) continue;
    out.push(`- ${field} by ${k}: ${seen.map(([v, [m, n]]) => `${v} ${m}/${n}`).join(', ')}`);
  }
}
console.log(out.join('\n'));
