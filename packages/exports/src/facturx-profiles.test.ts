// Factur-X in the profile the invoice's data supports: an invoice read without lines is written as
// BASIC WL (with its VAT breakdown) or MINIMUM (totals only), each checked with that profile's own
// published XSD and Schematron (test-data/facturx), declared in the XML's guideline and the XMP,
// and read back by our reader to the same fields; an invoice with lines stays EN 16931.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFacturx } from './facturx.js';
import { FACTURX_PROFILES, facturxProfileOf } from './facturx-profiles.js';
import { type ExportJob, ExportRefused } from './input.js';
import { facturxStructure } from './test-support/facturx-structure.js';
import { facturxProfileErrors, haveSchemas, repoRoot } from './test-support/validate.js';

const corpus = path.resolve(repoRoot, '../shared/corpus/einvoice');
afterAll(() => shutdownWorkers());

async function jobOf(file: string): Promise<{ job: ExportJob; bytes: Buffer }> {
  const bytes = readFileSync(path.join(corpus, file));
  const r = await readInvoice(bytes, { country: 'de' });
  if (r.status !== 'done' || !r.document) throw new Error(`${file} did not read`);
  const job = {
    jobId: 1,
    country: 'DE',
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
  return { job, bytes };
}

describe.skipIf(!haveSchemas)('Factur-X profiles without lines', () => {
  it('writes an invoice without lines as BASIC WL, valid by BASIC WL rules, read back the same', async () => {
    for (const name of [
      'ferd-zugferd-2.3.3/BASIC-WL_Einfach.pdf',
      'ferd-zugferd-2.4/xml/BASIC-WL_Einfach.xml',
    ]) {
      const { job, bytes } = await jobOf(name);
      expect(job.document.lines, name).toEqual([]);
      expect(facturxProfileOf(job).level).toBe('BASIC WL');
      const file = await writeFacturx(job, name.endsWith('.pdf') ? { original: bytes } : {});
      expect(file.profile).toBe('Factur-X BASIC WL');
      const s = await facturxStructure(file.bytes);
      expect(s.xmp).toContain('<fx:ConformanceLevel>BASIC WL</fx:ConformanceLevel>');
      expect(s.xml).toContain(`<ram:ID>${FACTURX_PROFILES['BASIC WL'].guideline}</ram:ID>`);
      expect(s.xml).not.toContain('IncludedSupplyChainTradeLineItem');
      expect(await facturxProfileErrors(s.xml, 'BASIC WL'), name).toEqual([]);
      const back = await readInvoice(file.bytes, { country: 'de' });
      expect(back.fields, name).toEqual(job.fields);
    }
  }, 600_000);

  it('writes an invoice with totals only as MINIMUM, valid by MINIMUM rules', async () => {
    for (const name of [
      'ferd-zugferd-2.3.3/MINIMUM_Buchungshilfe.pdf',
      'akretion-factur-x/factur-x-minimum.xml',
    ]) {
      const { job, bytes } = await jobOf(name);
      expect(job.document.vat_breakdown, name).toEqual([]);
      const file = await writeFacturx(job, name.endsWith('.pdf') ? { original: bytes } : {});
      expect(file.profile).toBe('Factur-X MINIMUM');
      const s = await facturxStructure(file.bytes);
      expect(s.xmp).toContain('<fx:ConformanceLevel>MINIMUM</fx:ConformanceLevel>');
      expect(await facturxProfileErrors(s.xml, 'MINIMUM'), name).toEqual([]);
      const back = await readInvoice(file.bytes, { country: 'de' });
      expect(back.fields, name).toEqual(job.fields);
    }
  }, 600_000);

  it('keeps a hybrid whose page added lines it cannot be written with in the profile of its XML alone', async () => {
    const { job } = await jobOf('ferd-zugferd-2.3.3/MINIMUM_Buchungshilfe.pdf');
    const d = job.document;
    // Lines read off the page that EN 16931 refuses (no quantity): the XML's MINIMUM is written.
    const paged = (syntax: string): ExportJob => ({
      ...job,
      document: {
        ...d,
        syntax,
        lines: [{ description: 'Item', net_amount: d.totals.net! }],
        provenance: {
          ...d.provenance,
          'lines.0.net_amount': { source: 'text', reader: 'pdf-text', page: 1 },
        },
      },
    });
    const file = await writeFacturx(paged(`${d.syntax}+text`));
    expect(file.profile).toBe('Factur-X MINIMUM');
    expect((await facturxStructure(file.bytes)).xml).not.toContain('IncludedSupplyChainTradeLineItem');
    // Lines of the document's own are never dropped to fit a profile.
    const err = await writeFacturx(paged(d.syntax)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExportRefused);
    expect((err as ExportRefused).refusals.map((r) => r.message).join()).toMatch(/BT-129/);
  }, 600_000);

  it("checks with BASIC WL's rules for real: a breakdown without its tax amount fails BR-46", async () => {
    const { job } = await jobOf('ferd-zugferd-2.3.3/BASIC-WL_Einfach.pdf');
    const file = await writeFacturx(job);
    const xml = (await facturxStructure(file.bytes)).xml.replace(
      /<ram:CalculatedAmount>[^<]*<\/ram:CalculatedAmount>/,
      '',
    );
    expect((await facturxProfileErrors(xml, 'BASIC WL')).join('\n')).toMatch(/BR-46/);
  }, 600_000);

  it('refuses a BASIC WL without a value its rules ask for, and never pretends to EN 16931', async () => {
    const { job } = await jobOf('ferd-zugferd-2.3.3/BASIC-WL_Einfach.pdf');
    const d = job.document;
    const without = {
      ...job,
      document: { ...d, seller: { ...d.seller, vat_id: undefined, tax_number: undefined } },
    };
    const err = await writeFacturx(without).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExportRefused);
    expect((err as ExportRefused).refusals.map((r) => r.field)).toContain('seller_vat_id');
    expect((err as ExportRefused).refusals.map((r) => r.message).join()).not.toMatch(/BG-25/);
  }, 600_000);
});
