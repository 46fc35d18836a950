// XRechnung UBL written from what was read: it validates against the UBL schema and the
// EN 16931 rules (no fatal assertion), and reading it back with our own reader gives the same
// fields. An invoice lacking what XRechnung requires is refused with the list of what is missing.
import { shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type ExportJob, ExportRefused } from './input.js';
import { corpusFiles, exportCorpus, jobOf, kositSuite, tallyLine } from './test-support/corpus-export.js';
import { en16931Fatal, haveSchemas, xrechnungFatal, xsdErrors } from './test-support/validate.js';
import { writeXrechnungUbl, XRECHNUNG_UBL_ID } from './xrechnung-ubl.js';

afterAll(() => shutdownWorkers());

describe.skipIf(!haveSchemas)('XRechnung UBL', () => {
  it('writes valid XRechnung UBL from KoSIT test suite cases that reads back to the same fields', async () => {
    const files = corpusFiles(kositSuite, 5, 10);
    const t = await exportCorpus(files, 'de', writeXrechnungUbl, async (xml) => [
      ...(xml.includes(XRECHNUNG_UBL_ID) ? [] : ['no XRechnung CustomizationID']),
      ...(await xsdErrors(xml, 'ubl')),
      ...(await en16931Fatal(xml, 'ubl')),
      ...(await xrechnungFatal(xml, 'ubl')),
    ]);
    console.log(tallyLine('XRechnung UBL', t));
    expect(t.identical).toBeGreaterThanOrEqual(Math.ceil(t.read * 0.6));
  }, 600_000);

  it('writes a credit note as a UBL CreditNote', async () => {
    const job = (await jobOf(corpusFiles(kositSuite, 1, 1)[0]!))!;
    const credit: ExportJob = {
      ...job,
      document: { ...job.document, type: 'credit_note', type_code: '381' },
    };
    const xml = writeXrechnungUbl(credit).bytes.toString('utf8');
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(xml).toContain('<cac:CreditNoteLine>');
    expect(await xsdErrors(xml, 'ubl')).toEqual([]);
    expect(await en16931Fatal(xml, 'ubl')).toEqual([]);
    expect(await xrechnungFatal(xml, 'ubl')).toEqual([]);
  }, 120_000);

  it('refuses an invoice without a buyer reference, seller contact or lines, naming each', async () => {
    const job = (await jobOf(corpusFiles(kositSuite, 1, 1)[0]!))!;
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
      writeXrechnungUbl(bare);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ExportRefused);
      const fields = (err as ExportRefused).refusals.map((r) => r.field);
      expect(fields).toEqual(expect.arrayContaining(['buyer_reference', 'lines', 'seller_contact']));
      expect((err as ExportRefused).message).toContain('BT-10');
    }
  });

  it('leaves out a payee that is the seller, writes IBANs first and a missing VAT total as the breakdown sum', async () => {
    const job = (await jobOf(corpusFiles(kositSuite, 1, 1)[0]!))!;
    const d = job.document;
    const xmlOf = (over: Partial<ExportJob['document']>) =>
      writeXrechnungUbl({ ...job, document: { ...d, ...over } }).bytes.toString('utf8');
    expect(xmlOf({ payee: { name: d.seller.name } })).not.toContain('<cac:PayeeParty>');
    expect(xmlOf({ payee: { name: 'Factoring AG' } })).toContain('<cbc:Name>Factoring AG</cbc:Name>');
    const accounts = [{ account: '5560001234' }, { iban: 'DE02120300000000202051' }];
    const ids = [
      ...xmlOf({ payment: { ...d.payment, accounts } }).matchAll(
        /<cac:PayeeFinancialAccount>\s*<cbc:ID>([^<]+)/g,
      ),
    ];
    expect(ids.map((m) => m[1])).toEqual(['DE02120300000000202051', '5560001234']);
    const noTotal = xmlOf({ totals: { ...d.totals, vat: undefined } });
    const sum = d.vat_breakdown.reduce((a, v) => a + Math.round(Number(v.tax) * 100), 0) / 100;
    expect(noTotal).toMatch(
      new RegExp(`<cac:TaxTotal>\\s*<cbc:TaxAmount currencyID="${d.currency}">${sum.toFixed(2)}<`),
    );
    expect([...(await xsdErrors(noTotal, 'ubl')), ...(await en16931Fatal(noTotal, 'ubl'))]).toEqual([]);
  }, 120_000);
});
