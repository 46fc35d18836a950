// XRechnung CII written from what was read: it validates against the CII D16B schema and the
// EN 16931 rules (no fatal assertion), and reading it back with our own reader gives the same
// fields. An invoice lacking what XRechnung requires is refused with the list of what is missing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type ExportJob, ExportRefused } from './input.js';
import { en16931Fatal, haveSchemas, repoRoot, xrechnungFatal, xsdErrors } from './test-support/validate.js';
import { writeXrechnungCii, XRECHNUNG_CII_ID } from './xrechnung-cii.js';

const suite = path.resolve(
  repoRoot,
  '../shared/corpus/einvoice/kosit-xrechnung-testsuite/business-cases/standard',
);
afterAll(() => shutdownWorkers());

async function jobOf(file: string, id = 1): Promise<ExportJob> {
  const r = await readInvoice(readFileSync(file), { country: 'de' });
  if (r.status !== 'done' || !r.document) throw new Error(`${file} did not read`);
  return {
    jobId: id,
    country: 'DE',
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
}

describe.skipIf(!haveSchemas)('XRechnung CII', () => {
  // A handful of KoSIT's test suite, CII and UBL sources alike (a UBL invoice becomes CII).
  const files = readdirSync(suite)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .filter((_, i) => i % 9 === 0)
    .slice(0, 6);

  it('writes valid XRechnung CII that reads back to the same fields, or refuses naming what is missing', async () => {
    const written: string[] = [];
    const refused: string[] = [];
    for (const name of files) {
      const job = await jobOf(path.join(suite, name));
      let file: ReturnType<typeof writeXrechnungCii>;
      try {
        file = writeXrechnungCii(job);
      } catch (err) {
        expect(err, name).toBeInstanceOf(ExportRefused);
        expect((err as ExportRefused).refusals.length, name).toBeGreaterThan(0);
        refused.push(name);
        continue;
      }
      const xml = file.bytes.toString('utf8');
      expect(xml).toContain(XRECHNUNG_CII_ID);
      expect(await xsdErrors(xml, 'cii'), name).toEqual([]);
      expect(en16931Fatal(xml), name).toEqual([]);
      expect(xrechnungFatal(xml, 'cii'), name).toEqual([]);
      const back = await readInvoice(file.bytes, { country: 'de' });
      expect([back.status, back.mode], name).toEqual(['done', 'xml']);
      expect(back.fields, name).toEqual(job.fields);
      written.push(name);
    }
    console.log(
      `XRechnung CII: ${written.length} written, valid and identical; ${refused.length} refused (${refused.join(', ')})`,
    );
    expect(written.length).toBeGreaterThanOrEqual(4);
  }, 300_000);

  it('refuses an invoice without a buyer reference or lines, listing what is missing', async () => {
    const job = await jobOf(path.join(suite, files[0]!));
    const bare: ExportJob = {
      ...job,
      document: {
        ...job.document,
        references: {},
        lines: [],
        seller: { ...job.document.seller, contact: undefined },
      },
    };
    try {
      writeXrechnungCii(bare);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ExportRefused);
      const fields = (err as ExportRefused).refusals.map((r) => r.field);
      expect(fields).toEqual(expect.arrayContaining(['buyer_reference', 'lines', 'seller_contact']));
      expect((err as ExportRefused).message).toContain('BT-10');
    }
  });
});
