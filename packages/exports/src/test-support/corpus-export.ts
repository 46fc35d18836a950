// Runs an e-invoice writer over corpus invoices the way the export tests all do: read each
// source with our engine, write it, check the file, and count what was written, valid and
// identical on read-back. A sample by default; EXPORTS_FULL_CORPUS=1 takes every file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readInvoice } from '@invoice-reader/engine';
import { expect } from 'vitest';
import { type ExportFile, type ExportJob, ExportRefused } from '../input.js';
import { repoRoot } from './validate.js';

export const einvoiceDir = path.resolve(repoRoot, '../shared/corpus/einvoice');
export const kositSuite = path.join(einvoiceDir, 'kosit-xrechnung-testsuite/business-cases/standard');
const full = process.env.EXPORTS_FULL_CORPUS === '1';

/** The XML files of a corpus folder: all of them, or every `step`-th up to `max` as a sample. */
export function corpusFiles(dir: string, step: number, max: number): string[] {
  const all = readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => path.join(dir, f));
  return full ? all : all.filter((_, i) => i % step === 0).slice(0, max);
}

export async function jobOf(file: string, country = 'de', id = 1): Promise<ExportJob | undefined> {
  const r = await readInvoice(readFileSync(file), { country });
  if (r.status !== 'done' || !r.document) return undefined;
  return {
    jobId: id,
    country: country.toUpperCase(),
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
}

export interface Tally {
  read: number;
  written: number;
  valid: number;
  identical: number;
  refused: Array<{ file: string; fields: string[] }>;
}

/**
 * Writes each file that reads `done`; `check` returns the problems of one written file (schema
 * errors, fatal assertions) and the read-back must give the same fields. Every failure is an
 * assertion, so the tally's counts are what passed.
 */
export async function exportCorpus(
  files: string[],
  country: string,
  write: (job: ExportJob) => ExportFile,
  check: (xml: string) => Promise<string[]>,
): Promise<Tally> {
  const t: Tally = { read: 0, written: 0, valid: 0, identical: 0, refused: [] };
  for (const file of files) {
    const name = path.relative(einvoiceDir, file);
    const job = await jobOf(file, country);
    if (!job) continue;
    t.read++;
    let out: ExportFile;
    try {
      out = write(job);
    } catch (err) {
      expect(err, name).toBeInstanceOf(ExportRefused);
      const fields = (err as ExportRefused).refusals.map((r) => r.field);
      expect(fields.length, name).toBeGreaterThan(0);
      t.refused.push({ file: name, fields: [...new Set(fields)] });
      continue;
    }
    t.written++;
    expect(await check(out.bytes.toString('utf8')), name).toEqual([]);
    t.valid++;
    const back = await readInvoice(out.bytes, { country });
    expect([back.status, back.mode], name).toEqual(['done', 'xml']);
    expect(back.fields, name).toEqual(job.fields);
    t.identical++;
  }
  return t;
}

export const tallyLine = (format: string, t: Tally): string =>
  `${format}: ${t.read} read done, ${t.written} written, ${t.valid} schema-valid with no fatal assertion, ${t.identical} identical on read-back; ${t.refused.length} refused${t.refused.length ? ` (${t.refused.map((r) => `${r.file}: ${r.fields.join(',')}`).join('; ')})` : ''}`;
