// Factur-X EN 16931 written from what was read: the embedded factur-x.xml validates against the
// CII D16B schema and the EN 16931 rules, the PDF reads back with our own reader to the same
// fields, and its PDF/A-3 structure (AF, AFRelationship, EmbeddedFiles, XMP, output intent) is
// checked by parsing the output with pdf-lib. Pages are the original PDF's, or one drawn.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { FACTURX_EN16931_ID, FACTURX_FILENAME, writeFacturx } from './facturx.js';
import { type ExportJob, ExportRefused } from './input.js';
import { facturxStructure } from './test-support/facturx-structure.js';
import { en16931Fatal, haveSchemas, repoRoot, xsdErrors } from './test-support/validate.js';

const corpus = path.resolve(repoRoot, '../shared/corpus/einvoice');
const kosit = (f: string) => path.join(corpus, 'kosit-xrechnung-testsuite/business-cases/standard', f);
const zugferd = (f: string) => path.join(corpus, 'ferd-zugferd-2.3.3', f);
afterAll(() => shutdownWorkers());

async function jobOf(bytes: Uint8Array, id = 1): Promise<ExportJob> {
  const r = await readInvoice(bytes, { country: 'de' });
  if (r.status !== 'done' || !r.document) throw new Error('did not read');
  return {
    jobId: id,
    country: 'DE',
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
}

async function checked(file: { bytes: Buffer }, job: ExportJob, name: string) {
  const s = await facturxStructure(file.bytes);
  expect(s.afCount, name).toBe(1);
  expect(s.fileName).toBe(FACTURX_FILENAME);
  expect(s.relationship).toBe('/Data');
  expect(s.subtype).toBe('/text#2Fxml');
  expect(s.treeNames).toEqual([FACTURX_FILENAME]);
  expect(s.intent).toBe('/GTS_PDFA1');
  expect(s.icc.subarray(36, 40).toString('latin1')).toBe('acsp'); // an ICC profile
  expect(s.icc.subarray(16, 20).toString('latin1')).toBe('RGB ');
  expect(s.id).toMatch(/^\[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]$/);
  for (const key of [
    '<pdfaid:part>3</pdfaid:part>',
    '<pdfaid:conformance>B</pdfaid:conformance>',
    '<fx:DocumentType>INVOICE</fx:DocumentType>',
    '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>',
    '<fx:Version>1.0</fx:Version>',
    '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
    '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
  ])
    expect(s.xmp, key).toContain(key);
  expect(s.xml).toContain(`<ram:ID>${FACTURX_EN16931_ID}</ram:ID>`);
  expect(await xsdErrors(s.xml, 'cii'), name).toEqual([]);
  expect(await en16931Fatal(s.xml), name).toEqual([]);
  const back = await readInvoice(file.bytes, { country: 'de' });
  expect([back.status, back.mode, back.embedded_file], name).toEqual(['done', 'xml', FACTURX_FILENAME]);
  expect(back.fields, name).toEqual(job.fields);
  return s;
}

describe.skipIf(!haveSchemas)('Factur-X EN 16931', () => {
  it('draws a page for an XML invoice and carries the invoice as valid factur-x.xml', async () => {
    for (const name of ['01.01a-INVOICE_ubl.xml', '01.03a-INVOICE_uncefact.xml']) {
      const job = await jobOf(readFileSync(kosit(name)));
      const file = await writeFacturx(job);
      expect(file.contentType).toBe('application/pdf');
      expect(file.filename).toMatch(/^factur-x-[\w.-]+\.pdf$/);
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const s = await checked(file, job, name);
      expect(s.pages).toBe(1);
    }
  }, 300_000);

  it("keeps the original PDF's pages, and only our factur-x.xml is attached", async () => {
    const original = readFileSync(zugferd('EN16931_Einfach.pdf'));
    const job = await jobOf(original);
    const src = await PDFDocument.load(original, { updateMetadata: false });
    const s = await checked(await writeFacturx(job, { original }), job, 'EN16931_Einfach.pdf');
    expect(s.pages).toBe(src.getPageCount());
  }, 120_000);

  it('keeps an account the invoice prints without saying how to pay, as payment means 1', async () => {
    const job = await jobOf(readFileSync(kosit('01.01a-INVOICE_ubl.xml')));
    const d = job.document;
    expect(d.payment.accounts[0]?.iban).toBeTruthy();
    const unsaid: ExportJob = {
      ...job,
      document: { ...d, payment: { ...d.payment, means_code: undefined } },
    };
    const s = await checked(await writeFacturx(unsaid), unsaid, 'no payment means');
    expect(s.xml).toMatch(
      /<ram:TypeCode>1<\/ram:TypeCode>\s*<ram:PayeePartyCreditorFinancialAccount>\s*<ram:IBANID>/,
    );
  }, 120_000);

  it('draws a page when the original cannot be opened', async () => {
    const job = await jobOf(readFileSync(kosit('01.01a-INVOICE_ubl.xml')));
    const file = await writeFacturx(job, { original: Buffer.from('%PDF-1.7 not really') });
    expect((await PDFDocument.load(file.bytes)).getPageCount()).toBe(1);
  }, 60_000);

  it('refuses an invoice without a buyer, naming each business term (without lines: BASIC WL)', async () => {
    const job = await jobOf(readFileSync(kosit('01.01a-INVOICE_ubl.xml')));
    const bare: ExportJob = { ...job, document: { ...job.document, lines: [], buyer: {} } };
    const err = await writeFacturx(bare).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExportRefused);
    const fields = (err as ExportRefused).refusals.map((r) => r.field);
    expect(fields).toEqual(expect.arrayContaining(['buyer_name', 'buyer_address']));
    expect(fields).not.toContain('lines');
    expect((err as ExportRefused).message).toContain('BT-44');
    // Values that the EN 16931 rules would reject are refused before writing, each named.
    const line = job.document.lines[0]!;
    const odd: ExportJob = {
      ...job,
      document: {
        ...job.document,
        lines: [{ ...line, unit: 'Kiste' }, ...job.document.lines.slice(1)],
        vat_breakdown: [{ ...job.document.vat_breakdown[0]!, category: 'X' }],
        totals: { ...job.document.totals, payable: '1.00' },
      },
    };
    const oddErr = (await writeFacturx(odd).catch((e: unknown) => e)) as ExportRefused;
    expect(oddErr.message).toMatch(/BT-130 unit Kiste of line 1 \(BR-CL-23\)/);
    expect(oddErr.message).toMatch(/BT-118 VAT category X \(BR-CL-18\)/);
    expect(oddErr.message).toMatch(/BT-115 amount due 1.00 \(BR-CO-16\)/);
    // Factur-X EN 16931 does not ask for XRechnung's values.
    const noReference: ExportJob = { ...job, document: { ...job.document, references: {} } };
    expect((await writeFacturx(noReference)).bytes.length).toBeGreaterThan(0);
  }, 60_000);
});
