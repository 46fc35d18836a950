// `npm run export:corpus [-- --limit N] [-- --format NAME] [-- --match TEXT] [-- --json]
// [-- --no-profile] [-- --no-fill-in]`: every e-invoice of the shared corpus that reads `done`, and
// every text-layer PDF (invoice2data's and textpdf/wild/'s, with how many have lines that add up to
// their total), written in each format of the export registry that applies to it, as a user of the
// service would: with a company profile set (a German business; its buyer-side values fill what an
// invoice lacks) and, for an invoice still refused for values a person can give, after the fill-in
// step (the form's fields answered with placeholder values, applied as the job's edits). Each output
// is checked as a recipient would (the schema of its syntax, CEN's EN 16931 rules, KoSIT's XRechnung
// rules for XRechnung, OpenPeppol's rules for Peppol, Factur-X's own for its BASIC WL and MINIMUM:
// no fatal assertion) and read back with our reader (the same `fields`). Prints, per format and
// corpus group, how many were written (as read, with the profile, after the fill-in), valid and
// identical, the profiles written, the refusals left grouped by missing value, and the rules that
// failed; writes reports/export-corpus.json (with each file's refusals or failed checks). `--match`
// keeps the corpus files whose path contains the text.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyFieldEdits, countryOf, readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import {
  EXPORT_FORMATS,
  type ExportFile,
  type ExportJob,
  ExportRefused,
  filledTerms,
  type Refusal,
  withCompanyProfile,
} from '@invoice-reader/exports';
import { GERMAN_BUYER } from '../packages/exports/src/test-support/buyer-profile.js';
import { facturxStructure } from '../packages/exports/src/test-support/facturx-structure.js';
import { fatturaPaXsdErrors } from '../packages/exports/src/test-support/fatturapa-xsd.js';
import {
  en16931Fatal,
  facturxProfileErrors,
  haveSchemas,
  peppolFatal,
  xrechnungFatal,
  xsdErrors,
} from '../packages/exports/src/test-support/validate.js';
import { printTable, readManifest } from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

/** The receiving business of the run. */
const PROFILE = GERMAN_BUYER;

/**
 * What a person types into the fill-in form, per field: placeholders standing for the value read
 * off the invoice or asked of the seller. Amounts are never answered (they must agree with the
 * rest of the invoice), so an invoice missing one stays refused.
 */
const typed = (key: string, job: ExportJob): string | undefined =>
  ({
    buyer_reference: PROFILE.buyer_reference,
    order_reference: 'PO-1',
    preceding_invoice: 'RE-1',
    seller_contact_name: 'Buchhaltung',
    seller_contact_phone: '+49 30 1234567',
    seller_contact_email: 'rechnung@verkauf.example',
    seller_electronic_address: '0088:4000001000005',
    seller_city: 'Hamburg',
    seller_postcode: '20095',
    seller_country: 'DE',
    seller_vat_id: 'DE136695976',
    buyer_name: PROFILE.name,
    buyer_electronic_address: PROFILE.electronic_address,
    buyer_street: PROFILE.street,
    buyer_city: PROFILE.city,
    buyer_postcode: PROFILE.postcode,
    buyer_country: PROFILE.country,
    // A transfer where the invoice names an account to pay to; otherwise "not defined".
    payment_means: job.document.payment.accounts.some((a) => a.iban) ? '58' : '1',
    // The deliver-to place is the buyer's own (its profile's address stands for it); the card is
    // the payer's.
    delivery_postcode: PROFILE.postcode,
    delivery_city: PROFILE.city,
    card_network: 'VISA',
    payment_terms: 'Zahlbar innerhalb von 30 Tagen',
    creditor_id: 'DE98ZZZ09999999999',
    mandate_reference: 'MANDAT-1',
    // In the form its country's shape: a Swedish seller's organisation number has a check digit.
    seller_legal_id: job.document.seller.address?.country === 'SE' ? '5560000001' : 'HRB 12345',
    due_date: job.document.issue_date,
    invoice_date: undefined,
  })[key];

const argv = process.argv.slice(2);
let limit = Number.POSITIVE_INFINITY;
let only: string | undefined;
let match: string | undefined;
let json = false;
let useProfile = true;
let fillIn = true;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--limit') limit = Number(argv[++i]);
  else if (argv[i] === '--format') only = argv[++i];
  else if (argv[i] === '--match') match = argv[++i];
  else if (argv[i] === '--json') json = true;
  else if (argv[i] === '--no-profile') useProfile = false;
  else if (argv[i] === '--no-fill-in') fillIn = false;
  else {
    console.error(
      `export-corpus: unknown option ${argv[i]}; usage: [--limit N] [--format NAME] [--match TEXT] [--json] [--no-profile] [--no-fill-in]`,
    );
    process.exit(2);
  }
}
const formats = Object.entries(EXPORT_FORMATS).filter(([name]) => !only || name === only);
if (!formats.length || !(limit > 0)) {
  console.error(`export-corpus: --format is one of ${Object.keys(EXPORT_FORMATS).join(', ')}; --limit > 0`);
  process.exit(2);
}
if (!haveSchemas) {
  console.log('export-corpus: no ../shared/schemas; nothing to check');
  process.exit(0);
}

type Group = 'einvoice' | 'textpdf';
interface Tally {
  files: number;
  applies: number;
  written: number;
  /** Written with values of the company profile (and none typed). */
  withProfile: number;
  /** Written only after the fill-in step. */
  afterFillIn: number;
  /** Written, valid and identical on read-back. */
  good: number;
  valid: number;
  identical: number;
  refused: number;
  refusals: Record<string, number>;
  rules: Record<string, number>;
  notIdentical: string[];
  /** Written files by the profile written, where a format has several (Factur-X). */
  profiles: Record<string, number>;
  /** Of the files whose lines add up: how many were written (by profile) and what the others were
   * refused for (each refusal with its file, so that one file's refusals read together). */
  addingUp: {
    files: number;
    written: Record<string, number>;
    refused: Array<{ path: string; refused: string[] }>;
  };
  /** Per file not counted as good: what was refused, or which checks failed (the JSON report). */
  misses: Array<{ path: string; refused?: string[]; failed?: string[]; identical?: boolean }>;
}
const tally = (): Tally => ({
  files: 0,
  applies: 0,
  written: 0,
  withProfile: 0,
  afterFillIn: 0,
  good: 0,
  valid: 0,
  identical: 0,
  refused: 0,
  refusals: {},
  rules: {},
  notIdentical: [],
  profiles: {},
  addingUp: { files: 0, written: {}, refused: [] },
  misses: [],
});
const results: Record<string, Record<Group, Tally>> = Object.fromEntries(
  formats.map(([name]) => [name, { einvoice: tally(), textpdf: tally() }]),
);
const notRead: Record<Group, number> = { einvoice: 0, textpdf: 0 };
/** Of the files read, how many have lines, and how many whose lines add up to the total without VAT. */
const lines: Record<Group, { withLines: number; addUp: number }> = {
  einvoice: { withLines: 0, addUp: 0 },
  textpdf: { withLines: 0, addUp: 0 },
};
const cents = (v: string | undefined) => Math.round(Number(v ?? Number.NaN) * 100);
// Text PDFs: invoice2data's (`textpdf`) and the born-digital invoices of many programs
// (`textpdf-wild`, textpdf/wild/), one group.
const rows = readManifest(corpusDir)
  .filter(
    (r) =>
      ['einvoice', 'textpdf', 'textpdf-wild'].includes(r.category ?? '') &&
      (!match || r.path?.includes(match)),
  )
  .map((r) => ({ ...r, category: r.category === 'einvoice' ? 'einvoice' : 'textpdf' })) as Array<{
  path: string;
  category: Group;
  country: string;
}>;
const picked: Record<Group, number> = { einvoice: 0, textpdf: 0 };

/** The invoice XML inside an output: the file itself, or Factur-X's factur-x.xml. */
const xmlOf = async (name: string, bytes: Buffer) =>
  name === 'facturx' ? (await facturxStructure(bytes)).xml : bytes.toString('utf8');

/** The checks a recipient of each format runs: its schema, then the rules of its specification. */
async function problemsOf(name: string, xml: string): Promise<string[]> {
  const id = (e: string) => e.split(':')[0]!;
  if (name === 'fatturapa') return (await fatturaPaXsdErrors(xml)).map(() => 'XSD');
  // Factur-X without lines is BASIC WL or MINIMUM: checked with that profile's XSD and Schematron.
  const level = xml.includes('urn:factur-x.eu:1p0:basicwl')
    ? 'BASIC WL'
    : xml.includes('urn:factur-x.eu:1p0:minimum')
      ? 'MINIMUM'
      : undefined;
  if (name === 'facturx' && level)
    return (await facturxProfileErrors(xml, level)).map((e) =>
      e.startsWith('XSD') ? 'XSD' : `${level} ${/\[([\w-]+)\]/.exec(e)?.[1] ?? e.slice(0, 40)}`,
    );
  const syntax = name === 'xrechnung-ubl' || name === 'peppol-ubl' ? 'ubl' : 'cii';
  return [
    ...(await xsdErrors(xml, syntax)).map(() => 'XSD'),
    ...(await en16931Fatal(xml, syntax)).map(id),
    ...(name.startsWith('xrechnung') ? (await xrechnungFatal(xml, syntax)).map(id) : []),
    ...(name === 'peppol-ubl' ? (await peppolFatal(xml)).map(id) : []),
  ];
}

type Attempt = { file: ExportFile; job: ExportJob } | { refusals: Refusal[] };

async function attempt(
  format: (typeof EXPORT_FORMATS)[string],
  job: ExportJob,
  original: Buffer | undefined,
): Promise<Attempt> {
  const sent = useProfile ? withCompanyProfile(job, PROFILE) : job;
  try {
    return { file: await format.write(sent, original), job: sent };
  } catch (err) {
    if (!(err instanceof ExportRefused)) throw err;
    return { refusals: err.refusals };
  }
}

const started = Date.now();
for (const row of rows) {
  if (picked[row.category] >= limit) continue;
  picked[row.category]++;
  const bytes = readFileSync(path.join(corpusDir, row.path));
  const r = await readInvoice(bytes, { country: row.country });
  if (r.status !== 'done' || !r.document) {
    notRead[row.category]++;
    continue;
  }
  const d = r.document;
  let addsUp = false;
  if (d.lines.length) {
    lines[row.category].withLines++;
    // Against the line total where the invoice gives one (allowances and charges stand between it
    // and the net), else the total without VAT.
    const sum = d.lines.reduce((a, l) => a + cents(l.net_amount), 0);
    addsUp = sum === cents(d.totals.line_total ?? d.totals.net);
    if (addsUp) lines[row.category].addUp++;
  }
  const job: ExportJob = {
    jobId: picked[row.category],
    country: row.country.toUpperCase(),
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
  const country = countryOf(row.country)!;
  const original = /\.pdf$/i.test(row.path) ? bytes : undefined;
  for (const [name, format] of formats) {
    const t = results[name]![row.category];
    t.files++;
    if (!format.applies(job)) continue;
    t.applies++;
    if (addsUp) t.addingUp.files++;
    let a = await attempt(format, job, original);
    // The fill-in step: what the form asks for, answered and kept as the job's edits; twice at
    // most, since a value given (a transfer as payment means) may ask for another.
    let edited = job;
    let filled = false;
    for (let round = 0; fillIn && round < 2 && 'refusals' in a; round++) {
      const values: Record<string, string> = {};
      for (const x of a.refusals) {
        const v = x.input ? typed(x.input, edited) : undefined;
        if (x.input && v) values[x.input] = v;
      }
      if (!Object.keys(values).length) break;
      const e = applyFieldEdits(edited.document, values, country);
      edited = { ...edited, fields: e.fields, fields_detailed: e.fields_detailed, document: e.document };
      filled = true;
      a = await attempt(format, edited, original);
    }
    if ('refusals' in a) {
      t.refused++;
      // Grouped by the missing business term (the message up to its first colon), any line as one.
      const keys = a.refusals.map(
        (x) =>
          `${x.field.replace(/\.\d+$/, '.*')}: ${x.message
            .split(':')[0]!
            .replace(/ of (line|document-level (allowance|charge)) \d+$/, '')
            .replace(/VAT category \w+ (is|of)/, 'a VAT category $1')}`,
      );
      for (const key of new Set(keys)) t.refusals[key] = (t.refusals[key] ?? 0) + 1;
      t.misses.push({ path: row.path, refused: a.refusals.map((x) => `${x.field}: ${x.message}`) });
      if (addsUp) t.addingUp.refused.push({ path: row.path, refused: [...new Set(keys)] });
      continue;
    }
    t.written++;
    if (addsUp) {
      const profile = a.file.profile ?? name;
      t.addingUp.written[profile] = (t.addingUp.written[profile] ?? 0) + 1;
    }
    if (a.file.profile) t.profiles[a.file.profile] = (t.profiles[a.file.profile] ?? 0) + 1;
    if (filled) t.afterFillIn++;
    else if (filledTerms(a.job.document).some((f) => f.source === 'profile')) t.withProfile++;
    const xml = await xmlOf(name, a.file.bytes);
    const problems = await problemsOf(name, xml);
    if (!problems.length) t.valid++;
    for (const p of new Set(problems)) t.rules[p] = (t.rules[p] ?? 0) + 1;
    const back = await readInvoice(a.file.bytes, { country: row.country });
    const same = JSON.stringify(back.fields) === JSON.stringify(a.job.fields);
    if (same) t.identical++;
    else if (t.notIdentical.length < 5) t.notIdentical.push(row.path);
    if (same && !problems.length) t.good++;
    else t.misses.push({ path: row.path, failed: [...new Set(problems)], identical: same });
  }
}
await shutdownWorkers();

const top = (counts: Record<string, number>, n = 8) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
const report = {
  date: new Date().toISOString(),
  corpus: corpusDir,
  seconds: Math.round((Date.now() - started) / 1000),
  company_profile: useProfile ? PROFILE : null,
  fill_in: fillIn,
  files: picked,
  not_read: notRead,
  lines,
  formats: results,
};
const out = path.join(repoRoot, 'reports', 'export-corpus.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
if (json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(
    `export-corpus: ${picked.einvoice} e-invoices (${notRead.einvoice} not read) and ${picked.textpdf} text PDFs ` +
      `(${notRead.textpdf} not read) from ${corpusDir}, ${report.seconds} s\n`,
  );
  const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : '-');
  for (const g of ['einvoice', 'textpdf'] as const)
    if (picked[g])
      console.log(
        `${g}: ${picked[g] - notRead[g]} read done, ${lines[g].withLines} with lines, ` +
          `${lines[g].addUp} whose lines add up to the line total (or the total without VAT)`,
      );
  console.log(
    `company profile: ${useProfile ? 'set' : 'none'}; fill-in step: ${fillIn ? 'answered' : 'not answered'}\n`,
  );
  printTable(
    [
      'format',
      'group',
      'read done',
      'refused',
      'written',
      'of which with profile',
      'after fill-in',
      'valid',
      'identical',
      'written, valid, identical',
    ],
    formats.flatMap(([name]) =>
      (['einvoice', 'textpdf'] as const).map((g) => {
        const t = results[name]![g];
        return [
          name,
          g,
          t.applies,
          t.refused,
          t.written,
          t.withProfile,
          t.afterFillIn,
          t.valid,
          t.identical,
          `${t.good} (${pct(t.good, t.applies)})`,
        ];
      }),
    ),
  );
  for (const [name] of formats)
    for (const g of ['einvoice', 'textpdf'] as const) {
      const t = results[name]![g];
      if (t.refused)
        console.log(
          `\n${name} ${g}: refusals by missing value (invoices)\n${top(t.refusals, g === 'textpdf' ? 30 : 8)
            .map(([k, v]) => `  ${String(v).padStart(4)}  ${k}`)
            .join('\n')}`,
        );
      if (Object.keys(t.rules).length)
        console.log(
          `${name} ${g}: failed checks (invoices): ${top(t.rules)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
      if (t.notIdentical.length)
        console.log(`${name} ${g}: not identical, e.g. ${t.notIdentical.join(', ')}`);
      if (Object.keys(t.profiles).length)
        console.log(
          `${name} ${g}: written as ${top(t.profiles)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
      const u = t.addingUp;
      if (u.files && g === 'textpdf')
        console.log(
          `${name} ${g}: of the ${u.files} whose lines add up, written ${Object.values(u.written).reduce((a, b) => a + b, 0)} (${top(
            u.written,
          )
            .map(([k, v]) => `${k} ${v}`)
            .join(
              ', ',
            )}); refused:\n${u.refused.map((x) => `  ${x.path}: ${x.refused.join('; ')}`).join('\n')}`,
        );
    }
  console.log(`\nwrote ${path.relative(repoRoot, out)}`);
}
