import { describe, expect, it } from 'vitest';
import { type Document, emptyDocument } from '../document.js';
import { checkSums } from './sums.js';

function doc(totals: Document['totals'], extra: Partial<Document> = {}): Document {
  return { ...emptyDocument('test'), totals, ...extra };
}
const outcome = (d: Document, id: string) =>
  checkSums(d)
    .filter((c) => c.id === id)
    .map((c) => c.outcome);

describe('checkSums', () => {
  it('passes a document that adds up, and checks only what it has inputs for', () => {
    const d = doc(
      {
        line_total: '100.00',
        net: '90.00',
        allowances: '15.00',
        charges: '5.00',
        vat: '17.10',
        gross: '107.10',
        prepaid: '7.10',
        payable: '100.00',
      },
      {
        lines: [{ net_amount: '60.00' }, { net_amount: '40.00' }],
        vat_breakdown: [{ rate: '19', taxable: '90.00', tax: '17.10' }],
      },
    );
    const checks = checkSums(d);
    expect(checks.map((c) => c.id)).toEqual([
      'sum.lines',
      'sum.net',
      'sum.gross',
      'sum.vat_breakdown',
      'sum.vat_rate',
      'sum.payable',
    ]);
    expect(checks.every((c) => c.outcome === 'pass')).toBe(true);
    expect(checkSums(doc({ gross: '10.00' }))).toEqual([]);
  });

  it('flags net + VAT != gross on the three amounts', () => {
    const [c] = checkSums(doc({ net: '100.00', vat: '19.00', gross: '120.00' }));
    expect(c).toMatchObject({ id: 'sum.gross', outcome: 'fail', flag: 'sum_mismatch' });
    expect(c!.paths).toEqual(['totals.net', 'totals.vat', 'totals.gross']);
  });

  it('allows one cent per rounding step and not more', () => {
    expect(outcome(doc({ net: '100.00', vat: '19.00', gross: '119.01' }), 'sum.gross')).toEqual(['pass']);
    expect(outcome(doc({ net: '100.00', vat: '19.00', gross: '119.02' }), 'sum.gross')).toEqual(['fail']);
    // Three line amounts with more than two decimals: three more rounding steps.
    const lines = [{ net_amount: '10.004' }, { net_amount: '10.004' }, { net_amount: '10.004' }];
    expect(outcome(doc({ line_total: '30.04' }, { lines }), 'sum.lines')).toEqual(['pass']);
    expect(outcome(doc({ line_total: '30.07' }, { lines }), 'sum.lines')).toEqual(['fail']);
  });

  it('checks each VAT category against its rate', () => {
    const d = doc(
      {},
      {
        vat_breakdown: [
          { rate: '7', taxable: '33.33', tax: '2.33' },
          { rate: '19', taxable: '10.00', tax: '2.00' },
        ],
      },
    );
    expect(outcome(d, 'sum.vat_rate')).toEqual(['pass', 'fail']);
    expect(checkSums(d)[1]!.paths).toEqual(['vat_breakdown.1.tax']);
  });

  it('works for negative amounts (credit notes stated as negative invoices)', () => {
    expect(outcome(doc({ net: '-7.67', vat: '-1.12', gross: '-8.79' }), 'sum.gross')).toEqual(['pass']);
  });

  it('checks payable = gross - prepaid + rounding', () => {
    expect(outcome(doc({ gross: '99.98', rounding: '0.02', payable: '100.00' }), 'sum.payable')).toEqual([
      'pass',
    ]);
    expect(outcome(doc({ gross: '99.98', payable: '100.00' }), 'sum.payable')).toEqual(['fail']);
  });
});
