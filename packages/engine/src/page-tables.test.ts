// A hybrid whose XML has no lines (Factur-X BASIC WL) or no VAT breakdown either (MINIMUM) gets
// the ones its page prints where the XML's figures confirm them, and none where they do not.
import { describe, expect, it } from 'vitest';
import type { Document } from './document.js';
import { addPageTables } from './page-tables.js';
import { readInvoice } from './read-invoice.js';
import { linelessCii, linelessHybrid } from './test-support/lineless-hybrids.js';
import { buildPdf } from './test-support/pdf-builder.js';
import { CII_D16B } from './test-support/samples.js';
import { readXmlInvoice } from './xml/read-xml.js';

const read = (pdf: Uint8Array) => readInvoice(pdf, { country: 'de', today: '2025-01-01' });

describe('a hybrid without lines in its XML', () => {
  it('takes the lines its page prints when they add up to the XML’s line total (BASIC WL)', async () => {
    const r = await read(linelessHybrid({ breakdown: true, lineTotal: '473.00' }));
    expect(r).toMatchObject({ status: 'done', mode: 'xml', tried: ['xml', 'text'] });
    const d = r.document!;
    expect(d.syntax).toBe('cii+text');
    expect(d.lines).toEqual([
      expect.objectContaining({ quantity: '20', unit_price: '9.90', net_amount: '198.00', vat_rate: '19' }),
      expect.objectContaining({ quantity: '50', unit_price: '5.50', net_amount: '275.00', vat_rate: '7' }),
    ]);
    expect(d.lines[1]!.description).toBe('Joghurt Banane');
    expect(d.provenance['lines.0.net_amount']).toMatchObject({ source: 'text', reader: 'pdf-text', page: 1 });
    // The XML's breakdown stays the XML's.
    expect(d.vat_breakdown.map((b) => b.category)).toEqual(['S', 'S']);
    expect(d.provenance['vat_breakdown.0.rate']?.source).toBe('xml');
    expect(r.checks.find((c) => c.id === 'page.lines')).toMatchObject({ outcome: 'pass' });
    expect(r.checks.filter((c) => c.outcome === 'fail')).toEqual([]);
  });

  it('takes the lines and the VAT breakdown a MINIMUM invoice’s page prints, both adding up', async () => {
    const r = await read(linelessHybrid());
    const d = r.document!;
    expect(d.lines.map((l) => l.net_amount)).toEqual(['198.00', '275.00']);
    expect(d.vat_breakdown).toEqual([
      { rate: '19', taxable: '198.00', tax: '37.62' },
      { rate: '7', taxable: '275.00', tax: '19.25' },
    ]);
    expect(d.provenance['vat_breakdown.1.tax']).toMatchObject({ source: 'text', page: 1 });
    expect(r.checks.filter((c) => c.id.startsWith('page.')).map((c) => c.id)).toEqual([
      'page.vat_breakdown',
      'page.lines',
    ]);
  });

  it('allows the XML’s document-level allowance between the lines and the total without VAT', async () => {
    const r = await read(
      linelessHybrid({ breakdown: true, allowance: '10.00', net: '463.00', vat: '54.97', gross: '517.97' }),
    );
    expect(r.document!.lines.map((l) => l.net_amount)).toEqual(['198.00', '275.00']);
  });

  it('takes no line when the page’s lines do not add up to the XML’s total', async () => {
    const r = await read(linelessHybrid({ breakdown: true }, { secondAmount: '265,00' }));
    expect(r).toMatchObject({ status: 'done', mode: 'xml' });
    expect(r.document!.lines).toEqual([]);
    expect(r.document!.syntax).toBe('cii');
    expect(r.checks.some((c) => c.id === 'page.lines')).toBe(false);
  });

  it('takes no line from an empty item table (a visualisation of the XML), and no breakdown in another currency', async () => {
    const empty = await read(linelessHybrid({ breakdown: true }, { emptyTable: true }));
    expect(empty.document!.lines).toEqual([]);
    expect(empty.document!.syntax).toBe('cii');
    const chf = await read(linelessHybrid({ currency: 'CHF' }));
    expect(chf.document!.lines).toEqual([]);
    expect(chf.document!.vat_breakdown).toEqual([]);
  });

  it('reads no page beside an XML that has its lines', async () => {
    const r = await read(
      buildPdf({ text: 'Rechnung', attachments: [{ name: 'factur-x.xml', content: CII_D16B }] }),
    );
    expect(r).toMatchObject({ status: 'done', mode: 'xml', tried: ['xml'] });
    expect(r.document!.syntax).toBe('cii');
  });

  it('keeps the XML alone in xml mode', async () => {
    const r = await readInvoice(linelessHybrid(), { country: 'de', mode: 'xml' });
    expect(r).toMatchObject({ status: 'done', mode: 'xml', tried: ['xml'] });
    expect(r.document!.lines).toEqual([]);
  });
});

describe('addPageTables', () => {
  const xml = readXmlInvoice(new TextEncoder().encode(linelessCii()));
  const page = (lines: Document['lines'], breakdown: Document['vat_breakdown'] = []): Document => ({
    ...structuredClone(xml),
    syntax: 'text',
    lines,
    vat_breakdown: breakdown,
    provenance: {},
  });

  it('leaves out a breakdown row whose tax is not its base at its rate', () => {
    const { document } = addPageTables(
      xml,
      page(
        [],
        [
          { rate: '7', taxable: '275.00', tax: '19.52' },
          { rate: '19', taxable: '198.00', tax: '37.35' },
        ],
      ),
    );
    expect(document.vat_breakdown).toEqual([]);
  });

  it('leaves out lines at a rate the breakdown lacks, or whose rates do not make its bases', () => {
    const withBreakdown = readXmlInvoice(new TextEncoder().encode(linelessCii({ breakdown: true })));
    const lines = (a: string, b: string) => [
      { net_amount: '198.00', vat_rate: a },
      { net_amount: '275.00', vat_rate: b },
    ];
    expect(addPageTables(withBreakdown, page(lines('19', '7'))).document.lines).toHaveLength(2);
    expect(addPageTables(withBreakdown, page(lines('19', '10'))).document.lines).toEqual([]);
    expect(addPageTables(withBreakdown, page(lines('7', '19'))).document.lines).toEqual([]);
  });

  it('drops a price that quantity × price does not make the amount of (a discount column between)', () => {
    const { document } = addPageTables(
      xml,
      page([
        { quantity: '20', unit_price: '11.00', net_amount: '198.00' },
        { quantity: '50', unit_price: '5.50', net_amount: '275.00' },
      ]),
    );
    expect(document.lines).toEqual([
      { quantity: '20', net_amount: '198.00' },
      { quantity: '50', unit_price: '5.50', net_amount: '275.00' },
    ]);
  });
});
