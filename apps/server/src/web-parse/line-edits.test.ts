import { countryOf, type Document } from '@invoice-reader/engine';
import { describe, expect, it } from 'vitest';
import {
  applyLineEdits,
  carriedLineEdits,
  checkLinePatch,
  checkLineValue,
  editedCells,
} from './line-edits.js';

const de = countryOf('de')!;

function invoice(): Document {
  return {
    type: 'invoice',
    syntax: 'text',
    currency: 'EUR',
    seller: { name: 'ACME GmbH' },
    buyer: {},
    payment: { accounts: [] },
    totals: { net: '230.00', vat: '43.70', gross: '273.70' },
    vat_breakdown: [{ rate: '19', taxable: '230.00', tax: '43.70' }],
    lines: [
      { description: 'Beratung', quantity: '2', unit: 'h', unit_price: '100.00', net_amount: '200.00' },
      { description: 'Kabel', quantity: '3', unit_price: '10.00', net_amount: '31.00' },
    ],
    notes: [],
    references: {},
    provenance: {
      'lines.0.quantity': {
        source: 'text',
        reader: 'lines',
        page: 1,
        bbox: [0.4, 0.5, 0.45, 0.52],
        confidence: 0.9,
      },
      'lines.1.net_amount': {
        source: 'text',
        reader: 'lines',
        page: 1,
        bbox: [0.8, 0.55, 0.9, 0.57],
        confidence: 0.6,
      },
    },
  };
}

describe('a correction of a line or a VAT rate', () => {
  it('is checked by the kind of its cell', () => {
    const doc = invoice();
    expect(checkLineValue('lines.0.quantity', ' 2.5 ', doc)).toEqual({ value: '2.5' });
    expect(checkLineValue('lines.1.unit_price', '0.123456', doc)).toEqual({ value: '0.123456' });
    expect(checkLineValue('lines.1.description', 'Kabel 3 m', doc)).toEqual({ value: 'Kabel 3 m' });
    expect(checkLineValue('vat_breakdown.0.rate', '5.5', doc)).toEqual({ value: '5.5' });
    const kinds = (patch: Record<string, string>) =>
      checkLinePatch(patch, doc).issues.map((i) => [i.loc[1], i.ctx?.kind]);
    expect(
      kinds({
        'lines.0.quantity': '2,5',
        'lines.0.unit_price': '1.1234567',
        'lines.0.net_amount': '200',
        'lines.0.vat_rate': '101',
        'lines.0.unit': 'x'.repeat(21),
        'lines.0.description': 'a\u0007b',
        'vat_breakdown.0.tax': '',
      }),
    ).toEqual([
      ['lines.0.quantity', 'quantity'],
      ['lines.0.unit_price', 'price'],
      ['lines.0.net_amount', 'amount'],
      ['lines.0.vat_rate', 'rate'],
      ['lines.0.unit', 'unit'],
      ['lines.0.description', 'text'],
      ['vat_breakdown.0.tax', 'empty'],
    ]);
    // Only cells of rows the document has.
    expect(
      kinds({
        'lines.2.quantity': '1',
        'lines.0.id': '1',
        'totals.net': '1.00',
        'vat_breakdown.0.category': 'S',
      }),
    ).toEqual([
      ['lines.2.quantity', 'unknown_cell'],
      ['lines.0.id', 'unknown_cell'],
      ['totals.net', 'unknown_cell'],
      ['vat_breakdown.0.category', 'unknown_cell'],
    ]);
  });

  it('is written with user provenance where the cell was seen, and the checks follow', () => {
    const doc = invoice();
    const edited = applyLineEdits(
      doc,
      { 'lines.1.net_amount': '30.00', 'lines.0.quantity': '2' },
      de,
      '2026-01-10',
    );
    expect(edited.document.lines[1]!.net_amount).toBe('30.00');
    expect(edited.document.provenance['lines.1.net_amount']).toEqual({
      source: 'user',
      reader: 'edit',
      confidence: 1,
      page: 1,
      bbox: [0.8, 0.55, 0.9, 0.57],
    });
    // A cell the reader did not find takes its row's place on the page.
    const unit = applyLineEdits(doc, { 'lines.1.unit': 'm' }, de).document.provenance['lines.1.unit'];
    expect(unit).toMatchObject({ source: 'user', page: 1, bbox: [0.8, 0.55, 0.9, 0.57] });
    // The fields are made again from the document.
    expect(edited.fields.net_amount).toBe('230.00');
    expect(edited.checks.some((c) => c.id === 'sum.gross' && c.outcome === 'pass')).toBe(true);
    // The stored document is not changed.
    expect(doc.lines[1]!.net_amount).toBe('31.00');
    expect(editedCells(edited.document)).toEqual({ 'lines.0.quantity': '2', 'lines.1.net_amount': '30.00' });
  });

  it('carries over to a new reading with the same rows only', () => {
    const before = applyLineEdits(invoice(), { 'lines.1.net_amount': '30.00' }, de).document;
    expect(carriedLineEdits(before, invoice())).toEqual({ 'lines.1.net_amount': '30.00' });
    const fewer = { ...invoice(), lines: invoice().lines.slice(0, 1) };
    expect(carriedLineEdits(before, fewer)).toEqual({});
    expect(carriedLineEdits(undefined, invoice())).toEqual({});
  });
});
