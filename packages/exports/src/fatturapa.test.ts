// FatturaPA FPR12 written from what was read: valid against the FatturaPA schema (1.2.1's
// structure with 1.2.2's code lists) and read back with our own reader to the same fields; what
// the SdI requires and the invoice lacks is refused by name.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFatturaPa } from './fatturapa.js';
import { type ExportJob, ExportRefused } from './input.js';
import { corpusFiles, einvoiceDir, exportCorpus, jobOf, tallyLine } from './test-support/corpus-export.js';
import { fatturaPaXsdErrors } from './test-support/fatturapa-xsd.js';
import { haveSchemas } from './test-support/validate.js';

afterAll(() => shutdownWorkers());
const official = path.join(einvoiceDir, 'fatturapa-official');

describe.skipIf(!haveSchemas)('FatturaPA 1.2.2', () => {
  it('writes schema-valid FPR12 from the corpus FatturaPA invoices that reads back to the same fields', async () => {
    const files = readdirSync(einvoiceDir)
      .filter((d) => d.startsWith('fatturapa-'))
      .flatMap((d) => corpusFiles(path.join(einvoiceDir, d), 2, 3));
    const t = await exportCorpus(files, 'it', writeFatturaPa, async (xml) => [
      ...(xml.includes('versione="FPR12"') ? [] : ['not FPR12']),
      ...(await fatturaPaXsdErrors(xml)),
    ]);
    console.log(tallyLine('FatturaPA', t));
    // Refusals here are right: public-administration (FPA12) codes, invoices between two foreign
    // parties, withholding the reader does not keep; what is written must all be valid and
    // identical (exportCorpus asserts each).
    expect(t.identical).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it('refuses an invoice without recipient code, Partita IVA or RegimeFiscale, naming each', async () => {
    const job = (await jobOf(path.join(official, 'IT01234567890_FPR01.xml'), 'it'))!;
    const d = job.document;
    const bare: ExportJob = {
      ...job,
      document: {
        ...d,
        seller: { ...d.seller, vat_id: undefined, tax_regime: undefined },
        buyer: {
          ...d.buyer,
          electronic_address: undefined,
          address: { ...d.buyer.address!, country: 'IT', lines: d.buyer.address?.lines ?? [] },
        },
      },
    };
    try {
      writeFatturaPa(bare);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ExportRefused);
      const fields = (err as ExportRefused).refusals.map((r) => r.field);
      expect(fields).toEqual(
        expect.arrayContaining(['seller_vat_id', 'seller_tax_regime', 'buyer_electronic_address']),
      );
      expect((err as ExportRefused).message).toContain('RegimeFiscale');
      expect((err as ExportRefused).message).toContain('CodiceDestinatario');
    }
  });

  it('writes every invoice of a lot, each read back with its number', async () => {
    const job = (await jobOf(path.join(official, 'IT01234567890_FPR03.xml'), 'it'))!;
    expect(job.document.bodies?.length).toBe(2);
    const file = writeFatturaPa(job);
    const xml = file.bytes.toString('utf8');
    expect(xml.match(/<FatturaElettronicaBody>/g)).toHaveLength(2);
    expect(await fatturaPaXsdErrors(xml)).toEqual([]);
    expect(file.filename).toBe('IT01234567890_00001.xml');
    const back = await readInvoice(file.bytes, { country: 'it' });
    expect(back.document?.bodies?.map((b) => b.number)).toEqual(job.document.bodies?.map((b) => b.number));
  });

  it('refuses an invoice whose amount due reflects a withholding it cannot carry', async () => {
    const job = (await jobOf(path.join(einvoiceDir, 'fatturapa-gobl/invoice-irpef.xml'), 'it'))!;
    expect(() => writeFatturaPa(job)).toThrow(/totals: ImportoPagamento .* withholding/);
  });

  it('refuses an invoice with neither party in Italy', async () => {
    const job = (await jobOf(path.join(official, 'IT01234567890_FPR01.xml'), 'it'))!;
    const d = job.document;
    const away = (p: typeof d.seller) => ({
      ...p,
      address: { ...p.address!, lines: p.address?.lines ?? [], country: 'DE' },
    });
    expect(() =>
      writeFatturaPa({ ...job, document: { ...d, seller: away(d.seller), buyer: away(d.buyer) } }),
    ).toThrow(/seller or buyer in Italy/);
  });
});
