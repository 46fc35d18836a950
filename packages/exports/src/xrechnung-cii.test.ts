// XRechnung CII written from what was read: it validates against the CII D16B schema and the
// EN 16931 rules (no fatal assertion), and reading it back with our own reader gives the same
// fields, and KoSIT's XRechnung rules pass. An invoice lacking what XRechnung requires is refused with the list of what is missing.
import path from 'node:path';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type ExportJob, ExportRefused } from './input.js';
import {
  corpusFiles,
  einvoiceDir,
  exportCorpus,
  jobOf,
  kositSuite,
  tallyLine,
} from './test-support/corpus-export.js';
import { en16931Fatal, haveSchemas, xrechnungFatal, xsdErrors } from './test-support/validate.js';
import { writeXrechnungCii, XRECHNUNG_CII_ID } from './xrechnung-cii.js';

afterAll(() => shutdownWorkers());

describe.skipIf(!haveSchemas)('XRechnung CII', () => {
  // A handful of KoSIT's test suite, CII and UBL sources alike (a UBL invoice becomes CII).
  const files = corpusFiles(kositSuite, 9, 6);

  it('writes valid XRechnung CII that reads back to the same fields, or refuses naming what is missing', async () => {
    const t = await exportCorpus(files, 'de', writeXrechnungCii, async (xml) => [
      ...(xml.includes(XRECHNUNG_CII_ID) ? [] : ['no XRechnung guideline id']),
      ...(await xsdErrors(xml, 'cii')),
      ...(await en16931Fatal(xml)),
      ...(await xrechnungFatal(xml, 'cii')),
    ]);
    console.log(tallyLine('XRechnung CII', t));
    expect(t.identical).toBeGreaterThanOrEqual(Math.ceil(t.read * 0.6));
  }, 600_000);

  it('refuses an invoice without a buyer reference or lines, listing what is missing', async () => {
    const job = (await jobOf(files[0]!))!;
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

  it('writes every account to pay to as a payment means group of its own, the IBAN after a proprietary id too', async () => {
    const file = path.join(
      einvoiceDir,
      'kosit-xrechnung-testsuite/technical-cases/cius/01.02_comprehensive_test_uncefact.xml',
    );
    const job = (await jobOf(file))!;
    expect(job.document.payment.accounts.map((a) => a.iban ?? a.account)).toEqual([
      'DE79000000001234567890',
      'DE16000000002345678901',
    ]);
    const file2 = writeXrechnungCii(job);
    const xml = file2.bytes.toString('utf8');
    expect(xml.match(/<ram:SpecifiedTradeSettlementPaymentMeans>/g)).toHaveLength(2);
    expect(xml).toContain('<ram:ProprietaryID>DE79000000001234567890</ram:ProprietaryID>');
    expect(xml).toContain('<ram:IBANID>DE16000000002345678901</ram:IBANID>');
    expect([
      ...(await xsdErrors(xml, 'cii')),
      ...(await en16931Fatal(xml)),
      ...(await xrechnungFatal(xml, 'cii')),
    ]).toEqual([]);
    expect((await readInvoice(file2.bytes, { country: 'de' })).fields).toEqual(job.fields);
  }, 300_000);
});
