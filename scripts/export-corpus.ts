// `npm run export:corpus [-- --limit N] [-- --format NAME] [-- --json]`: every e-invoice of the
// shared corpus that reads `done`, and every text-layer PDF, written in each format of the export
// registry that applies to it, each output checked as a recipient would (CII D16B schema, CEN's
// EN 16931 rules: no fatal assertion) and read back with our reader (same `fields`). Prints, per
// format and corpus group, how many were written, valid and identical, the refusals grouped by
// missing value, and the rules that failed; writes reports/export-corpus.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { EXPORT_FORMATS, type ExportJob, ExportRefused } from '@invoice-reader/exports';
import { facturxStructure } from '../packages/exports/src/test-support/facturx-structure.js';
import { en16931Fatal, haveSchemas, xsdErrors } from '../packages/exports/src/test-support/validate.js';
import { printTable, readManifest } from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const argv = process.argv.slice(2);
let limit = Number.POSITIVE_INFINITY;
let only: string | undefined;
let json = false;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--limit') limit = Number(argv[++i]);
  else if (argv[i] === '--format') only = argv[++i];
  else if (argv[i] === '--json') json = true;
  else {
    console.error(`export-corpus: unknown option ${argv[i]}; usage: [--limit N] [--format NAME] [--json]`);
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
  valid: number;
  identical: number;
  refused: number;
  refusals: Record<string, number>;
  rules: Record<string, number>;
  notIdentical: string[];
}
const tally = (): Tally => ({
  files: 0,
  applies: 0,
  written: 0,
  valid: 0,
  identical: 0,
  refused: 0,
  refusals: {},
  rules: {},
  notIdentical: [],
});
const results: Record<string, Record<Group, Tally>> = Object.fromEntries(
  formats.map(([name]) => [name, { einvoice: tally(), textpdf: tally() }]),
);
const notRead: Record<Group, number> = { einvoice: 0, textpdf: 0 };
const rows = readManifest(corpusDir).filter(
  (r) => r.category === 'einvoice' || r.category === 'textpdf',
) as Array<{ path: string; category: Group; country: string }>;
const picked: Record<Group, number> = { einvoice: 0, textpdf: 0 };

/** The invoice XML inside an output: the file itself, or Factur-X's factur-x.xml. */
const xmlOf = async (name: string, bytes: Buffer) =>
  name === 'facturx' ? (await facturxStructure(bytes)).xml : bytes.toString('utf8');

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
  const job: ExportJob = {
    jobId: picked[row.category],
    country: row.country.toUpperCase(),
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
  const original = /\.pdf$/i.test(row.path) ? bytes : undefined;
  for (const [name, format] of formats) {
    const t = results[name]![row.category];
    t.files++;
    if (!format.applies(job)) continue;
    t.applies++;
    let out: Buffer;
    try {
      out = (await format.write(job, original)).bytes;
    } catch (err) {
      if (!(err instanceof ExportRefused)) throw err;
      t.refused++;
      // Grouped by the missing business term (the message up to its first colon), any line as one.
      const keys = err.refusals.map(
        (x) =>
          `${x.field.replace(/\.\d+$/, '.*')}: ${x.message
            .split(':')[0]!
            .replace(/ of line \d+$/, '')
            .replace(/VAT category \w+ is/, 'a VAT category is')}`,
      );
      for (const key of new Set(keys)) t.refusals[key] = (t.refusals[key] ?? 0) + 1;
      continue;
    }
    t.written++;
    const xml = await xmlOf(name, out);
    const problems = [
      ...(await xsdErrors(xml, 'cii')).map(() => 'XSD'),
      ...(await en16931Fatal(xml)).map((e) => e.split(':')[0]!),
    ];
    if (!problems.length) t.valid++;
    for (const p of new Set(problems)) t.rules[p] = (t.rules[p] ?? 0) + 1;
    const back = await readInvoice(out, { country: row.country });
    if (JSON.stringify(back.fields) === JSON.stringify(job.fields)) t.identical++;
    else if (t.notIdentical.length < 5) t.notIdentical.push(row.path);
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
  files: picked,
  not_read: notRead,
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
  printTable(
    ['format', 'group', 'read done', 'refused', 'written', 'valid', 'identical'],
    formats.flatMap(([name]) =>
      (['einvoice', 'textpdf'] as const).map((g) => {
        const t = results[name]![g];
        return [name, g, t.applies, t.refused, t.written, t.valid, t.identical];
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
    }
  console.log(`\nwrote ${path.relative(repoRoot, out)}`);
}
