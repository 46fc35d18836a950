import { describe, expect, it } from 'vitest';
import { uiResources } from './i18n/index.js';
import {
  breakdownMismatch,
  cellText,
  lineItemsOf,
  lineMismatch,
  parseCellInput,
  parseDecimalInput,
  sameValue,
} from './line-items.js';

const doc = {
  lines: [
    {
      description: 'Beratung',
      quantity: '2',
      unit: 'h',
      unit_price: '100.00',
      net_amount: '200.00',
      vat_rate: '19',
    },
    // 3 × 10.00 printed as 31.00: misread.
    { description: 'Kabel', quantity: '3', unit_price: '10.00', net_amount: '31.00', vat_rate: '19' },
    { description: 'Versand', net_amount: '5.00' },
  ],
  vat_breakdown: [
    { rate: '19', taxable: '236.00', tax: '44.84' },
    { rate: '7', taxable: '100.00', tax: '8.00' },
  ],
  totals: { net: '236.00', vat: '44.84', gross: '280.84' },
  provenance: {
    'lines.0.quantity': { source: 'text', reader: 'lines' },
    'lines.0.unit': { source: 'user', reader: 'edit' },
    'vat_breakdown.1.tax': { source: 'user', reader: 'edit' },
  },
};

describe('line items of a document', () => {
  it('reads the lines and the breakdown, marks what a person corrected', () => {
    const items = lineItemsOf(doc);
    expect(items.lines).toHaveLength(3);
    expect(items.lines[0]!.values).toMatchObject({ description: 'Beratung', quantity: '2', unit: 'h' });
    expect([...items.lines[0]!.edited]).toEqual(['unit']);
    expect([...items.breakdown[1]!.edited]).toEqual(['tax']);
  });

  it('marks a line whose quantity × unit price is not its amount, and only that one', () => {
    const items = lineItemsOf(doc);
    expect(items.lines.map((l) => l.mismatch)).toEqual([null, { expected: '30.00' }, null]);
    expect(items.breakdown.map((b) => b.mismatch)).toEqual([null, { expected: '7.00' }]);
  });

  it('leaves an e-invoice line to its syntax (a price per base quantity, line allowances)', () => {
    const xml = { ...doc, provenance: { 'lines.1.net_amount': { source: 'xml' } } };
    expect(lineItemsOf(xml).lines[1]!.mismatch).toBeNull();
  });

  it('takes the checks with the tolerance the engine allows', () => {
    // A price printed rounded: 3 × 0.333 = 0.999, printed 1.00.
    expect(lineMismatch({ quantity: '3', unit_price: '0.333', net_amount: '1.00' })).toBeNull();
    // A credit note printing the sign on the amount only.
    expect(lineMismatch({ quantity: '2', unit_price: '5.00', net_amount: '-10.00' })).toBeNull();
    expect(lineMismatch({ quantity: '2', unit_price: '5.00', net_amount: '-12.00' })).toEqual({
      expected: '-10.00',
    });
    expect(lineMismatch({ quantity: '2', net_amount: '10.00' })).toBeNull();
    expect(breakdownMismatch({ rate: '19', taxable: '105.26', tax: '20.00' })).toBeNull();
    expect(breakdownMismatch({ rate: '5.5', taxable: '100.00', tax: '5.00' })).toEqual({ expected: '5.50' });
  });

  it('adds the lines up against the net, the printed line total, or the net before allowances', () => {
    expect(lineItemsOf(doc).sum).toEqual({ sum: '236.00', against: 'net', total: '236.00', ok: true });
    expect(lineItemsOf({ ...doc, totals: { net: '240.00' } }).sum).toMatchObject({ ok: false });
    expect(lineItemsOf({ ...doc, totals: { line_total: '236.00', net: '200.00' } }).sum).toMatchObject({
      against: 'line_total',
      ok: true,
    });
    expect(lineItemsOf({ ...doc, totals: { net: '226.00', allowances: '10.00' } }).sum).toEqual({
      sum: '236.00',
      against: 'net_adjusted',
      total: '236.00',
      ok: true,
    });
    // A line without an amount, or no total: nothing to compare.
    expect(lineItemsOf({ ...doc, lines: [{ description: 'x' }] }).sum).toBeNull();
    expect(lineItemsOf({ ...doc, totals: {} }).sum).toBeNull();
  });

  it('takes any document shape without failing', () => {
    for (const d of [
      null,
      undefined,
      {},
      { lines: 'x', vat_breakdown: [null, 3] },
      { lines: [{ quantity: 2 }] },
    ])
      expect(() => lineItemsOf(d as Record<string, unknown>)).not.toThrow();
    expect(lineItemsOf(null)).toEqual({ lines: [], breakdown: [], sum: null });
  });
});

describe('a typed cell', () => {
  it('is read the way the language writes numbers, and sent in machine form', () => {
    expect(parseCellInput('quantity', '2,5', 'de')).toEqual({ ok: true, value: '2.5' });
    expect(parseCellInput('quantity', '2.5', 'en')).toEqual({ ok: true, value: '2.5' });
    expect(parseCellInput('unit_price', '0,1234 €', 'it')).toEqual({ ok: true, value: '0.1234' });
    expect(parseCellInput('net_amount', '1.234,50', 'de')).toEqual({ ok: true, value: '1234.50' });
    expect(parseCellInput('net_amount', '1 234,50', 'ru')).toEqual({ ok: true, value: '1234.50' });
    expect(parseCellInput('taxable', '1,234.50', 'en')).toEqual({ ok: true, value: '1234.50' });
    expect(parseCellInput('vat_rate', '19 %', 'de')).toEqual({ ok: true, value: '19' });
    expect(parseCellInput('rate', '5,5', 'it')).toEqual({ ok: true, value: '5.5' });
    expect(parseCellInput('description', '  Kabel 3 m ', 'de')).toEqual({ ok: true, value: 'Kabel 3 m' });
  });

  it('is refused with the form expected when it could mean two things, or nothing', () => {
    // "1.000" in German is a thousand or one; "1,5" in English could group or not.
    expect(parseCellInput('quantity', '1.000', 'de')).toEqual({ ok: false, kind: 'quantity' });
    expect(parseCellInput('quantity', '1,5', 'en')).toEqual({ ok: false, kind: 'quantity' });
    expect(parseCellInput('unit_price', '1,2345678', 'de')).toEqual({ ok: false, kind: 'price' });
    expect(parseCellInput('net_amount', '12,5,0', 'de')).toEqual({ ok: false, kind: 'amount' });
    expect(parseCellInput('vat_rate', '120', 'de')).toEqual({ ok: false, kind: 'rate' });
    expect(parseCellInput('vat_rate', '-7', 'de')).toEqual({ ok: false, kind: 'rate' });
    expect(parseCellInput('unit', '   ', 'de')).toEqual({ ok: false, kind: 'empty' });
    expect(parseDecimalInput('007', 'en', 2)).toBe('7');
  });

  it('is shown in the language, and a value that says the same is no change', () => {
    expect(cellText('net_amount', '1234.5', 'de')).toBe('1.234,50');
    expect(cellText('quantity', '2.500', 'de')).toBe('2,500');
    expect(cellText('quantity', '1234', 'de')).toBe('1234');
    expect(cellText('unit_price', '0.1234', 'en')).toBe('0.1234');
    expect(cellText('description', 'Kabel', 'de')).toBe('Kabel');
    expect(cellText('unit', undefined, 'de')).toBe('');
    expect(sameValue('quantity', '2', '2.000')).toBe(true);
    expect(sameValue('quantity', '2', '2.5')).toBe(false);
    expect(sameValue('description', 'a ', 'a')).toBe(true);
  });

  it('has its words, and every refusal kind, in every language', () => {
    const kinds = ['empty', 'text', 'unit', 'quantity', 'price', 'amount', 'rate', 'unknown_cell', 'other'];
    for (const [lang, texts] of Object.entries(uiResources)) {
      for (const k of kinds) expect(texts.lines.invalid[k as 'other'], `${lang} ${k}`).toMatch(/\S{3}/);
      expect(Object.keys(texts.lines).sort(), lang).toEqual(Object.keys(uiResources.en.lines).sort());
      expect(Object.keys(texts.lines.col).sort(), lang).toEqual(Object.keys(uiResources.en.lines.col).sort());
    }
    expect(uiResources.de.lines.invalid.quantity).toContain('2,5');
    expect(uiResources.en.lines.invalid.quantity).toContain('2.5');
  });
});
