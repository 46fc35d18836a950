// Line items and the VAT breakdown on hand-made pages: the header in several languages, columns
// from the headings' positions, wrapped rows, tables over two pages, and the arithmetic that
// decides what is kept and how surely.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../check/document-checks.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import { readText } from '../../test-support/text-invoices.js';
import { findHeaders } from './header.js';
import { readTables } from './table.js';

const germanTable = [
  line(
    row(10),
    ['Pos', 0.08, 0.11],
    ['Beschreibung', 0.15, 0.3],
    ['Menge', 0.45, 0.52],
    ['Einheit', 0.54, 0.61],
    ['Einzelpreis', 0.63, 0.73],
    ['USt. %', 0.75, 0.8],
    ['Betrag', 0.84, 0.9],
  ),
  line(
    row(11),
    ['1', 0.08, 0.09],
    ['Trennblätter A4', 0.15, 0.3],
    ['20', 0.49, 0.52],
    ['Stk.', 0.54, 0.58],
    ['9,90', 0.67, 0.73],
    ['19 %', 0.75, 0.8],
    ['198,00', 0.84, 0.9],
  ),
  line(row(12), ['GTIN 4012345001235', 0.15, 0.33]),
  line(
    row(13),
    ['2', 0.08, 0.09],
    ['Joghurt Banane', 0.15, 0.3],
    ['50', 0.49, 0.52],
    ['Stk.', 0.54, 0.58],
    ['5,50', 0.67, 0.73],
    ['7 %', 0.75, 0.79],
    ['275,00', 0.84, 0.9],
  ),
];

const germanTotals = [
  line(row(15), ['Nettobetrag', 0.5, 0.64], ['473,00', 0.84, 0.9]),
  line(row(16), ['USt. 7 %', 0.5, 0.6], ['275,00', 0.7, 0.76], ['19,25', 0.85, 0.9]),
  line(row(17), ['USt. 19 %', 0.5, 0.6], ['198,00', 0.7, 0.76], ['37,62', 0.85, 0.9]),
  line(row(18), ['Gesamtbetrag', 0.5, 0.66], ['529,87', 0.84, 0.9]),
];

const head = [
  line(row(0), ['Lieferant GmbH', 0.08, 0.3]),
  line(row(2), ['Rechnung Nr. 471102 vom 05.03.2024', 0.08, 0.5]),
];

describe('item table header', () => {
  it('finds the columns of a German header and their spans', () => {
    const [h] = findHeaders(page([...head, ...germanTable]));
    expect(h!.columns.map((c) => c.kind)).toEqual([
      'position',
      'description',
      'quantity',
      'unit',
      'unit_price',
      'vat_rate',
      'amount',
    ]);
    expect(h!.columns.find((c) => c.kind === 'amount')!.x0).toBeCloseTo(0.84, 2);
  });

  it('reads headings set over two lines as one ("Preis/" over "Einheit")', () => {
    const [h] = findHeaders(
      page([
        line(row(9), ['Menge', 0.45, 0.52], ['Preis/', 0.63, 0.7]),
        line(row(10), ['Artikelbeschreibung', 0.15, 0.35], ['Einheit', 0.63, 0.7], ['Betrag', 0.84, 0.9]),
      ]),
    );
    expect(h!.columns.map((c) => `${c.kind}:${c.text}`)).toEqual([
      'description:Artikelbeschreibung',
      'quantity:Menge',
      'unit_price:Preis/ Einheit',
      'amount:Betrag',
    ]);
  });

  it('finds headers in French, English and Polish', () => {
    for (const words of [
      ['Désignation', 'Qté', 'P.U. HT', 'Montant HT'],
      ['Description', 'Qty', 'Unit price', 'Amount'],
      ['Nazwa towaru', 'Ilość', 'Cena netto', 'Wartość netto'],
    ]) {
      const [h] = findHeaders(
        page([
          line(
            row(10),
            [words[0]!, 0.1, 0.3],
            [words[1]!, 0.45, 0.5],
            [words[2]!, 0.6, 0.7],
            [words[3]!, 0.8, 0.9],
          ),
        ]),
      );
      expect(
        h?.columns.map((c) => c.kind),
        words.join(' '),
      ).toEqual(['description', 'quantity', 'unit_price', 'amount']);
    }
  });

  it('takes no totals block or sentence for a header', () => {
    expect(findHeaders(page(germanTotals))).toEqual([]);
    expect(findHeaders(page([line(row(3), ['Total amount of this invoice', 0.1, 0.5])]))).toEqual([]);
  });
});

describe('item table rows', () => {
  it('reads each row with its wrapped description, quantity, unit code, price, rate and amount', () => {
    const [t] = readTables([page([...head, ...germanTable, ...germanTotals])]);
    expect(t!.rows.map(({ box: _b, page: _p, ...r }) => r)).toEqual([
      {
        description: 'Trennblätter A4 GTIN 4012345001235',
        quantity: '20',
        unit: 'C62',
        unit_price: '9.90',
        vat_rate: '19',
        net_amount: '198.00',
      },
      {
        description: 'Joghurt Banane',
        quantity: '50',
        unit: 'C62',
        unit_price: '5.50',
        vat_rate: '7',
        net_amount: '275.00',
      },
    ]);
    expect(t!.closed).toBe(true);
  });

  it('joins a word hyphenated at the end of a description line', () => {
    const [t] = readTables([
      page([
        germanTable[0]!,
        line(
          row(11),
          ['Beamer-', 0.15, 0.22],
          ['1', 0.5, 0.52],
          ['122,50', 0.67, 0.73],
          ['122,50', 0.84, 0.9],
        ),
        line(row(12), ['Deckenhalterung', 0.15, 0.3]),
      ]),
    ]);
    expect(t!.rows[0]!.description).toBe('Beamer-Deckenhalterung');
  });

  it('goes on at the top of the next page, skipping a carried-over sum', () => {
    const first = page([...head, ...germanTable.slice(0, 3)], 1);
    const second = page(
      [line(row(1), ['Übertrag', 0.15, 0.25], ['198,00', 0.84, 0.9]), germanTable[3]!, ...germanTotals],
      2,
    );
    const tables = readTables([first, second]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((r) => [r.page, r.net_amount])).toEqual([
      [1, '198.00'],
      [2, '275.00'],
    ]);
  });
});

describe('readTextInvoice: lines and breakdown', () => {
  it('returns the lines and the breakdown in the Document, confidently when they add up', () => {
    const d = readText([page([...head, ...germanTable, ...germanTotals])]);
    expect(d.totals).toMatchObject({ net: '473.00', gross: '529.87' });
    expect(d.lines.map((l) => [l.description, l.quantity, l.unit_price, l.net_amount, l.vat_rate])).toEqual([
      ['Trennblätter A4 GTIN 4012345001235', '20', '9.90', '198.00', '19'],
      ['Joghurt Banane', '50', '5.50', '275.00', '7'],
    ]);
    expect(d.vat_breakdown).toEqual([
      { rate: '19', taxable: '198.00', tax: '37.62' },
      { rate: '7', taxable: '275.00', tax: '19.25' },
    ]);
    expect(d.provenance['lines.0.net_amount']).toMatchObject({ page: 1, confidence: 0.9 });
    const checks = runChecks(d, '2024-06-01');
    expect(checks.filter((c) => c.id === 'sum.line_amount').map((c) => c.outcome)).toEqual(['pass', 'pass']);
  });

  it('keeps a line whose quantity × price is not its amount, rated low and flagged', () => {
    const wrong = line(
      row(13),
      ['2', 0.08, 0.09],
      ['Joghurt Banane', 0.15, 0.3],
      ['50', 0.49, 0.52],
      ['Stk.', 0.54, 0.58],
      ['5,50', 0.67, 0.73],
      ['7 %', 0.75, 0.79],
      ['257,00', 0.84, 0.9],
    );
    const d = readText([page([...head, germanTable[0]!, germanTable[1]!, wrong, ...germanTotals])]);
    expect(d.lines.map((l) => l.net_amount)).toEqual(['198.00', '257.00']);
    expect(d.provenance['lines.1.net_amount']!.confidence).toBeLessThan(0.8);
    const fail = runChecks(d, '2024-06-01').find((c) => c.id === 'sum.line_amount' && c.outcome === 'fail');
    expect(fail).toMatchObject({ flag: 'sum_mismatch', paths: ['lines.1.net_amount'] });
    // The totals stay as their own labels and arithmetic made them.
    expect(d.totals.net).toBe('473.00');
  });

  it('gives a one-rate invoice a breakdown from the rate beside its VAT total', () => {
    const d = readText([
      page([
        ...head,
        line(
          row(10),
          ['Pos. Artikelbeschreibung', 0.1, 0.4],
          ['Menge', 0.58, 0.64],
          ['Preis', 0.72, 0.77],
          ['Betrag', 0.82, 0.88],
        ),
        line(
          row(11),
          ['1 Superdrachen', 0.1, 0.3],
          ['2', 0.62, 0.64],
          ['20,00', 0.71, 0.77],
          ['40,00', 0.83, 0.88],
        ),
        line(
          row(12),
          ['2 Turbo Flyer', 0.1, 0.3],
          ['5', 0.62, 0.64],
          ['40,00', 0.71, 0.77],
          ['200,00', 0.82, 0.88],
        ),
        line(row(14), ['Rechnungssumme netto', 0.54, 0.7], ['240,00', 0.82, 0.88]),
        line(row(15), ['zuzüglich 19% MwSt.', 0.56, 0.7], ['45,60', 0.83, 0.88]),
        line(row(16), ['Rechnungssumme brutto', 0.53, 0.7], ['285,60', 0.82, 0.88]),
      ]),
    ]);
    expect(d.lines.map((l) => [l.description, l.net_amount, l.vat_rate])).toEqual([
      ['Superdrachen', '40.00', '19'],
      ['Turbo Flyer', '200.00', '19'],
    ]);
    expect(d.vat_breakdown).toEqual([{ rate: '19', taxable: '240.00', tax: '45.60' }]);
  });

  it('returns no breakdown whose rows do not make the totals', () => {
    const d = readText([
      page([
        ...head,
        ...germanTable,
        line(row(15), ['Nettobetrag', 0.5, 0.64], ['473,00', 0.84, 0.9]),
        line(row(16), ['USt. 19 %', 0.5, 0.6], ['198,00', 0.7, 0.76], ['37,62', 0.85, 0.9]),
        line(row(18), ['Gesamtbetrag', 0.5, 0.66], ['529,87', 0.84, 0.9]),
      ]),
    ]);
    expect(d.vat_breakdown).toEqual([]);
  });
});
