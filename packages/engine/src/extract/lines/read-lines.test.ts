// Line items and the VAT breakdown on hand-made pages: the header in several languages, columns
// from the headings' positions, wrapped rows, tables over two pages, and the arithmetic that
// decides what is kept and how surely.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../check/document-checks.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import { readText } from '../../test-support/text-invoices.js';
import { amountIn } from './cells.js';
import { findHeaders, headingAt, isAllowanceRow } from './header.js';
import { rateOfRowsSum, ratesByBreakdown, ratesByPrinted } from './read-lines.js';
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
        unit: 'H87',
        unit_price: '9.90',
        vat_rate: '19',
        net_amount: '198.00',
      },
      {
        description: 'Joghurt Banane',
        quantity: '50',
        unit: 'H87',
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

  it("gives the last row no words set on the totals line's baseline (a breakdown's headings beside it)", () => {
    const [t] = readTables([
      page([
        ...germanTable,
        line(row(14), ['Taxe', 0.15, 0.2], ['Base', 0.32, 0.37], ['Montant', 0.43, 0.5]),
        line(row(14) + 0.001, ['Nettobetrag', 0.6, 0.7], ['473,00', 0.84, 0.9]),
      ]),
    ]);
    expect(t!.rows.map((r) => r.description)).toEqual([
      'Trennblätter A4 GTIN 4012345001235',
      'Joghurt Banane',
    ]);
    expect(t!.closed).toBe(true);
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

describe('item table rows laid out in other ways', () => {
  const frenchHeader = line(
    row(10),
    ['Désignation', 0.15, 0.3],
    ['P.U. HT', 0.5, 0.56],
    ['Qté', 0.63, 0.66],
    ['Total HT', 0.77, 0.84],
    ['TVA', 0.88, 0.91],
  );

  it("takes a row's title from the line above its numbers, and the lines under it as its own", () => {
    const [t] = readTables([
      page([
        frenchHeader,
        line(row(13), ['PRESTATION SUPPORT', 0.15, 0.32]),
        line(
          row(14),
          ['60,00', 0.51, 0.56],
          ['1,00', 0.63, 0.66],
          ['60,00', 0.79, 0.84],
          ['20,00%', 0.88, 0.92],
        ),
        line(row(15), ['Période de janvier', 0.15, 0.33]),
        line(row(17), ['FOURNITURES', 0.15, 0.3]),
        line(
          row(18),
          ['10,00', 0.51, 0.56],
          ['3,00', 0.63, 0.66],
          ['30,00', 0.79, 0.84],
          ['20,00%', 0.88, 0.92],
        ),
      ]),
    ]);
    expect(t!.rows.map((r) => [r.description, r.quantity, r.unit_price, r.net_amount, r.vat_rate])).toEqual([
      ['PRESTATION SUPPORT Période de janvier', '1.00', '60.00', '60.00', '20'],
      ['FOURNITURES', '3.00', '10.00', '30.00', '20'],
    ]);
  });

  it('reads a row whose amount stands a hair below its quantity and price', () => {
    const [t] = readTables([
      page([
        germanTable[0]!,
        line(
          row(14),
          ['Wirkarbeit HT', 0.15, 0.3],
          ['10.000', 0.46, 0.52],
          ['kWh', 0.54, 0.58],
          ['0,0520', 0.67, 0.73],
          ['19 %', 0.75, 0.8],
        ),
        line(row(14) + 0.012, ['52,00', 0.84, 0.9]),
      ]),
    ]);
    expect(t!.rows.map(({ box: _b, page: _p, ...r }) => r)).toEqual([
      {
        description: 'Wirkarbeit HT',
        quantity: '10000',
        unit: 'KWH',
        unit_price: '0.0520',
        vat_rate: '19',
        net_amount: '52.00',
      },
    ]);
  });

  it('finds the rows of a header set at the foot of the page before', () => {
    const tables = readTables([
      page([...head, germanTable[0]!], 1),
      page([germanTable[1]!, ...germanTotals], 2),
    ]);
    expect(tables.map((t) => t.rows.map((r) => [r.page, r.net_amount]))).toEqual([[[2, '198.00']]]);
  });

  it('knows the rows of document-level allowances and charges by their words', () => {
    for (const d of ['Rabatt 5 %', 'REMISE : REMISE COMMERCIALE', 'Frachtkosten', 'Discount'])
      expect(isAllowanceRow(d), d).toBe(true);
    for (const d of ['Trennblätter A4', 'Charger cable', 'Rabattmarken-Set'])
      expect(isAllowanceRow(d), d).toBe(false);
  });
});

describe('rates of rows that print none', () => {
  const rowOf = (net_amount: string, vat_rate?: string) => ({
    page: 1,
    box: [0, 0, 0, 0] as [number, number, number, number],
    description: 'x',
    net_amount,
    ...(vat_rate ? { vat_rate } : {}),
  });
  const bd = (rate: string, taxable: string, tax: string) => ({
    rate,
    taxable,
    tax,
    page: 1,
    box: [0, 0, 0, 0] as [number, number, number, number],
  });

  it('gives each row the rate whose base it alone can make up', () => {
    const rows = [rowOf('198.00'), rowOf('275.00')];
    const rates = ratesByBreakdown(rows, [bd('19', '198.00', '37.62'), bd('7', '275.00', '19.25')]);
    expect(rows.map((r) => rates.get(r))).toEqual(['19', '7']);
  });

  it('gives none when two ways make the bases', () => {
    const rows = [rowOf('100.00'), rowOf('100.00')];
    expect(ratesByBreakdown(rows, [bd('19', '100.00', '19.00'), bd('7', '100.00', '7.00')]).size).toBe(0);
  });

  it('gives none when no way makes them', () => {
    const rates = [bd('19', '100.00', '19.00'), bd('7', '100.00', '7.00')];
    expect(ratesByBreakdown([rowOf('50.00'), rowOf('20.00')], rates).size).toBe(0);
  });

  it('gives every row the one rate of a breakdown of one row', () => {
    const rows = [rowOf('50.00'), rowOf('20.00')];
    const rates = ratesByBreakdown(rows, [bd('19', '75.00', '14.25')]);
    expect(rows.map((r) => rates.get(r))).toEqual(['19', '19']);
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

describe('headers as OCR and other layouts set them', () => {
  it('stops a header band at a line holding a digit (a row title set close under the headings)', () => {
    const [t] = readTables([
      page([
        line(
          row(10),
          ['Désignation', 0.15, 0.3],
          ['P.U. HT', 0.5, 0.56],
          ['Qté', 0.63, 0.66],
          ['Total HT', 0.77, 0.84],
          ['TVA', 0.88, 0.91],
        ),
        line(row(11), ['# ligne BC: 1', 0.02, 0.12], ['PRESTATION SUPPORT', 0.15, 0.32]),
        line(
          row(12),
          ['40,00', 0.51, 0.56],
          ['5,00', 0.63, 0.66],
          ['200,00', 0.78, 0.84],
          ['20,00%', 0.88, 0.92],
        ),
      ]),
    ]);
    expect(t!.rows.map((r) => [r.description, r.quantity, r.net_amount])).toEqual([
      ['# ligne BC: 1 PRESTATION SUPPORT', '5.00', '200.00'],
    ]);
  });

  it('takes the right of two price headings for the amount when nothing but a rate follows it', () => {
    const kinds = (...parts: Array<[string, number, number]>) =>
      findHeaders(page([line(row(10), ...parts)]))[0]?.columns.map((c) => c.kind);
    expect(
      kinds(
        ['Description', 0.27, 0.35],
        ['Quantité', 0.58, 0.64],
        ['Prix unitaire', 0.68, 0.76],
        ['Rem', 0.78, 0.81],
        ['Prix HT', 0.86, 0.91],
      ),
    ).toEqual(['description', 'quantity', 'unit_price', 'discount', 'amount']);
    // A column right of it that is no rate (an amount OCR did not read) keeps it a price.
    expect(
      kinds(['Désignation', 0.2, 0.3], ['P.U. HT', 0.5, 0.56], ['P.U.', 0.6, 0.62], ['TOTAXHT', 0.78, 0.83]),
    ).toBeUndefined();
  });

  it("reads headings behind OCR's specks and with their words run together", () => {
    expect(headingAt('‚Steuersatz')).toEqual({ kind: 'vat_rate', length: 11 });
    expect(headingAt('|NOM & DESIGNATION')?.kind).toBe('description');
    expect(headingAt('TOTALHT')?.kind).toBe('amount');
  });
});

describe('row titles and what belongs to a row', () => {
  const header = line(
    row(10),
    ['Bezeichnung', 0.15, 0.3],
    ['Menge', 0.45, 0.52],
    ['Einzelpreis', 0.63, 0.73],
    ['USt. %', 0.75, 0.8],
    ['Betrag', 0.84, 0.9],
  );
  const numbers = (y: number, code: string, qty: string, price: string, amount: string) =>
    line(
      y,
      [code, 0.15, 0.28],
      [qty, 0.48, 0.52],
      [price, 0.67, 0.73],
      ['19 %', 0.75, 0.8],
      [amount, 0.84, 0.9],
    );

  it('takes no article code for a title ("GLN:5987854125"): the line above is the title', () => {
    const [t] = readTables([
      page([
        header,
        line(row(13), ['PRESTATION SUPPORT', 0.15, 0.32]),
        numbers(row(14), 'GLN:5987854125', '1', '60,00', '60,00'),
      ]),
    ]);
    expect(t!.rows.map((r) => r.description)).toEqual(['PRESTATION SUPPORT GLN:5987854125']);
  });

  it('takes the whole block of lines set close above a row without a title of its own', () => {
    const [t] = readTables([
      page([
        header,
        line(row(13), ['PRESTATION SUPPORT', 0.15, 0.32]),
        line(row(14), ['Période de janvier', 0.15, 0.3]),
        numbers(row(15), 'C_FO: ART_1254', '1', '60,00', '60,00'),
        line(row(16), ['Work team EQUIPE_A', 0.15, 0.3]),
        line(row(18), ['FOURNITURES PAPIER', 0.15, 0.32]),
        line(row(19), ['Tariff number TARIF_2022', 0.15, 0.33]),
        numbers(row(20), 'C_ACH: REF9854', '3', '10,00', '30,00'),
      ]),
    ]);
    expect(t!.rows.map((r) => [r.description, r.net_amount])).toEqual([
      ['PRESTATION SUPPORT Période de janvier C_FO: ART_1254 Work team EQUIPE_A', '60.00'],
      ['FOURNITURES PAPIER Tariff number TARIF_2022 C_ACH: REF9854', '30.00'],
    ]);
  });

  it('keeps the block of title lines across a note set beside it in a column of numbers', () => {
    const [t] = readTables([
      page([
        header,
        line(row(13), ['PRESTATION SUPPORT', 0.15, 0.32]),
        line(row(14), ['Work team EQUIPE_A', 0.15, 0.3]),
        line(row(14) + 0.008, ['(Brut: 65,00)', 0.6, 0.66]),
        numbers(row(15), 'C_FO: ART_1254', '1', '60,00', '60,00'),
      ]),
    ]);
    expect(t!.rows.map((r) => r.description)).toEqual([
      'PRESTATION SUPPORT Work team EQUIPE_A C_FO: ART_1254',
    ]);
  });

  it("takes a row's own allowance printed under it off its amount, when it is the printed share", () => {
    const tableWith = (pct: string, off: string) =>
      readTables([
        page([
          header,
          line(
            row(11),
            ['Kunstrasen grün', 0.15, 0.3],
            ['3', 0.5, 0.52],
            ['4,00', 0.68, 0.73],
            ['19 %', 0.75, 0.8],
            ['12,00', 0.84, 0.9],
          ),
          line(row(13), ['abzgl.', 0.5, 0.54], [pct, 0.6, 0.64], ['Rabatt', 0.66, 0.72], [off, 0.85, 0.9]),
          line(
            row(14),
            ['Schweinesteak', 0.15, 0.3],
            ['5', 0.5, 0.52],
            ['5,50', 0.68, 0.73],
            ['7 %', 0.75, 0.8],
            ['27,50', 0.84, 0.9],
          ),
        ]),
      ])[0]!.rows.map((r) => r.net_amount);
    expect(tableWith('16,7%', '-2,00')).toEqual(['10.00', '27.50']);
    // An allowance that is not that share of the row's amount is not the row's.
    expect(tableWith('10%', '-5,00')).toEqual(['12.00', '27.50']);
  });
});

describe('rates of rows from a breakdown the totals do not confirm', () => {
  const rowOf = (net_amount: string, vat_rate?: string) => ({
    page: 1,
    box: [0, 0, 0, 0] as [number, number, number, number],
    description: 'x',
    net_amount,
    ...(vat_rate ? { vat_rate } : {}),
  });
  const bd = (rate: string, taxable: string, tax: string) => ({
    rate,
    taxable,
    tax,
    page: 1,
    box: [0, 0, 0, 0] as [number, number, number, number],
  });

  it("gives a row the rate whose base it makes give or take the document's allowances", () => {
    // 202.70 of rows, 193.77 of bases: document-level allowances and charges of -8.93.
    const rows = [rowOf('10.00', '19'), rowOf('27.50', '7'), rowOf('109.80'), rowOf('55.40', '19')];
    const rates = ratesByBreakdown(rows, [bd('19', '64.40', '12.24'), bd('7', '129.37', '9.06')]);
    expect(rates.get(rows[2]!)).toBe('7');
  });

  it('gives the rows the rate of a printed breakdown row whose base they make, and none for two rates', () => {
    const rows = [rowOf('84.95'), rowOf('719.40')];
    const printed = [bd('19', '804.35', '152.83'), bd('19', '4.99', '0.95')];
    expect(rateOfRowsSum(rows, printed).map((b) => b.rate)).toEqual(['19']);
    expect(rateOfRowsSum(rows, [...printed, bd('7', '804.35', '56.30')])).toEqual([]);
    expect(rateOfRowsSum(rows, [bd('19', '700.00', '133.00')])).toEqual([]);
  });

  it('gives a row alone at its rate the rate of the printed row whose base is its amount', () => {
    // OCR misread the 20 % row's tax: only the 5.5 % row is a breakdown row.
    const rows = [rowOf('-20.48'), rowOf('-198.00')];
    const rates = ratesByPrinted(rows, [bd('5.5', '-198.00', '-10.89')]);
    expect(rows.map((r) => rates.get(r))).toEqual([undefined, '5.5']);
    expect(ratesByPrinted(rows, [bd('5.5', '-198.00', '-10.89'), bd('7', '-198.00', '-13.86')]).size).toBe(0);
  });
});

describe('readTextInvoice: tables confirmed other ways', () => {
  const header = line(
    row(10),
    ['Beschreibung', 0.15, 0.3],
    ['Menge', 0.45, 0.52],
    ['Einzelpreis', 0.63, 0.73],
    ['USt. %', 0.75, 0.8],
    ['Betrag', 0.84, 0.9],
  );

  it('takes rows whose sum is printed under the table when allowances make the net', () => {
    const d = readText([
      page([
        ...head,
        header,
        // Quantities OCR could not read: no row checks by its own arithmetic.
        line(
          row(11),
          ['Kunstrasen grün', 0.15, 0.3],
          ['3,3333', 0.67, 0.73],
          ['19 %', 0.75, 0.8],
          ['100,00', 0.84, 0.9],
        ),
        line(
          row(12),
          ['Schweinesteak', 0.15, 0.3],
          ['5,5000', 0.67, 0.73],
          ['19 %', 0.75, 0.8],
          ['200,00', 0.84, 0.9],
        ),
        line(row(15), ['Positionssumme', 0.5, 0.64], ['300,00', 0.84, 0.9]),
        line(row(16), ['Gesamtbetrag der Abschläge', 0.5, 0.7], ['-30,00', 0.84, 0.9]),
        line(row(17), ['Nettobetrag', 0.5, 0.64], ['270,00', 0.84, 0.9]),
        line(row(18), ['USt. 19 %', 0.5, 0.6], ['270,00', 0.7, 0.76], ['51,30', 0.85, 0.9]),
        line(row(19), ['Gesamtbetrag', 0.5, 0.66], ['321,30', 0.84, 0.9]),
      ]),
    ]);
    expect(d.totals.net).toBe('270.00');
    expect(d.lines.map((l) => [l.description, l.net_amount])).toEqual([
      ['Kunstrasen grün', '100.00'],
      ['Schweinesteak', '200.00'],
    ]);
  });

  const zeroRated = (rate: Array<[string, number, number]>) =>
    readText([
      page([
        ...head,
        header,
        line(
          row(11),
          ['Physiotherapie', 0.15, 0.3],
          ['10', 0.5, 0.52],
          ['26,00', 0.68, 0.73],
          ['260,00', 0.84, 0.9],
        ),
        line(row(12), ['Hausbesuch', 0.15, 0.3], ['10', 0.5, 0.52], ['12,00', 0.68, 0.73], ...rate, [
          '120,00',
          0.84,
          0.9,
        ]),
        line(row(15), ['Nettobetrag', 0.5, 0.64], ['380,00', 0.84, 0.9]),
        line(row(16), ['Umsatzsteuer', 0.5, 0.64], ['0,00', 0.86, 0.9]),
        line(row(17), ['Gesamtbetrag', 0.5, 0.66], ['380,00', 0.84, 0.9]),
      ]),
    ]);

  it('gives a page with no VAT whose lines print 0 % a breakdown at zero, and its rows that rate', () => {
    const d = zeroRated([['0 %', 0.75, 0.79]]);
    expect(d.lines.map((l) => [l.net_amount, l.vat_rate])).toEqual([
      ['260.00', '0'],
      ['120.00', '0'],
    ]);
    expect(d.vat_breakdown).toEqual([{ rate: '0', taxable: '380.00', tax: '0.00' }]);
  });

  it('gives none when no line prints 0 % (the net may be outside the scope of VAT, which has no rate)', () => {
    const d = zeroRated([]);
    expect(d.vat_breakdown).toEqual([]);
    expect(d.lines.map((l) => l.vat_rate)).toEqual([undefined, undefined]);
  });
});

describe('readTextInvoice: rows read past the end of the table', () => {
  it('keeps the leading rows that make the net and drops a charge and a VAT row read after them', () => {
    const d = readText([
      page([
        ...head,
        line(
          row(10),
          ['Pos', 0.02, 0.05],
          ['Beschreibung', 0.15, 0.3],
          ['Menge', 0.45, 0.52],
          ['Nettopreis', 0.63, 0.73],
          ['Steuer', 0.75, 0.8],
          ['Entgelt', 0.84, 0.9],
        ),
        // A price per ten units and hours rounded on the page: neither row checks by itself.
        line(
          row(12),
          ['1', 0.02, 0.03],
          ['Wirkarbeit HT', 0.15, 0.3],
          ['10000', 0.46, 0.52],
          ['0,05', 0.68, 0.73],
          ['19 %', 0.75, 0.8],
          ['52,00', 0.84, 0.9],
        ),
        line(
          row(13),
          ['2', 0.02, 0.03],
          ['Kommissionierer', 0.15, 0.3],
          ['28', 0.5, 0.52],
          ['10,50', 0.68, 0.73],
          ['19 %', 0.75, 0.8],
          ['288,75', 0.84, 0.9],
        ),
        line(
          row(15),
          ['Transportkosten:', 0.02, 0.14],
          ['Frachbetrag', 0.15, 0.25],
          ['19 %', 0.75, 0.8],
          ['15,00', 0.84, 0.9],
        ),
        line(
          row(17),
          ['Warenwert', 0.15, 0.25],
          ['355,75', 0.46, 0.52],
          ['19 %', 0.75, 0.8],
          ['67,59', 0.84, 0.9],
        ),
        line(row(19), ['Nettobetrag', 0.5, 0.64], ['355,75', 0.84, 0.9]),
        line(row(20), ['USt. 19 %', 0.5, 0.6], ['355,75', 0.7, 0.76], ['67,59', 0.85, 0.9]),
        line(row(21), ['Gesamtbetrag', 0.5, 0.66], ['423,34', 0.84, 0.9]),
      ]),
    ]);
    expect(d.lines.map((l) => [l.description, l.net_amount, l.vat_rate])).toEqual([
      ['Wirkarbeit HT', '52.00', '19'],
      ['Kommissionierer', '288.75', '19'],
    ]);
  });

  it('knows an allowance whose word OCR ran into the next ("AbschlagBasisbetrag:")', () => {
    expect(isAllowanceRow('AbschlagBasisbetrag: -5,00, MwSt. % 19,0')).toBe(true);
    expect(isAllowanceRow('Transportkosten: Frachbetrag')).toBe(true);
    expect(isAllowanceRow('RabattmarkenSet')).toBe(false);
  });
});

describe('amounts of rows', () => {
  it('takes no bare number under the amount heading for an amount when amounts carry decimals', () => {
    const [t] = readTables([
      page([
        ...germanTable.slice(0, 2),
        line(row(12), ['Bruttopreis : 9,9000', 0.15, 0.35], ['Artikelrabatt', 0.7, 0.8], ['1', 0.87, 0.88]),
      ]),
    ]);
    expect(t!.rows.map((r) => [r.description, r.net_amount])).toEqual([
      ['Trennblätter A4 Bruttopreis : 9,9000', '198.00'],
    ]);
  });
});

describe('more layouts of the German e-invoice viewers', () => {
  it('reads "Positionsbetrag / ohne / Steuer" stacked over three lines as the amount heading', () => {
    const [h] = findHeaders(
      page([
        line(row(9), ['Positionsbetrag', 0.8, 0.91]),
        line(
          row(10),
          ['Pos', 0.1, 0.13],
          ['Beschreibung', 0.3, 0.4],
          ['Nettopreis', 0.5, 0.57],
          ['Menge', 0.63, 0.68],
          ['Steuersatz', 0.72, 0.79],
          ['ohne', 0.83, 0.86],
        ),
        line(row(11), ['Steuer', 0.87, 0.91]),
      ]),
    );
    expect(h!.columns.map((c) => c.kind)).toEqual([
      'position',
      'description',
      'unit_price',
      'quantity',
      'vat_rate',
      'amount',
    ]);
  });

  it("takes a raised line's words first, and one row's sum printed on the next page for its confirmation", () => {
    const d = readText([
      page([
        ...head,
        line(
          row(10),
          ['Pos', 0.1, 0.13],
          ['Beschreibung', 0.3, 0.4],
          ['Nettopreis', 0.5, 0.57],
          ['Menge', 0.63, 0.68],
          ['Steuersatz', 0.72, 0.79],
          ['Nettobetrag', 0.83, 0.9],
        ),
        line(row(12), ['Stahlcoil', 0.3, 0.36], ['10', 0.66, 0.68], ['19 %', 0.74, 0.78]),
        line(row(12) + 0.012, ['Basismenge: 1 Stk', 0.3, 0.42], ['850,00', 0.85, 0.9]),
      ]),
      page(
        [
          line(row(1), ['Positionssumme', 0.5, 0.64], ['850,00', 0.84, 0.9]),
          line(row(2), ['Zuschläge', 0.5, 0.64], ['8,75', 0.86, 0.9]),
          line(row(3), ['Rechnungssumme ohne USt.', 0.5, 0.7], ['858,75', 0.84, 0.9]),
          line(row(4), ['Steuerbetrag', 0.5, 0.64], ['163,16', 0.84, 0.9]),
          line(row(5), ['Bruttosumme', 0.5, 0.64], ['1.021,91', 0.83, 0.9]),
        ],
        2,
      ),
    ]);
    expect(d.totals.net).toBe('858.75');
    expect(d.lines.map((l) => [l.description, l.quantity, l.net_amount, l.vat_rate])).toEqual([
      ['Stahlcoil Basismenge: 1 Stk', '10', '850.00', '19'],
    ]);
  });
});

describe('amounts as OCR reads them', () => {
  it('reads a minus OCR took for a tilde ("~5,00")', () => {
    expect(amountIn([{ text: '~5,00', bbox: [0.8, 0.3, 0.85, 0.31], fontSize: 10 }], ',')).toBe('-5.00');
  });
});

describe('readTextInvoice: a breakdown row whose tax OCR lost', () => {
  it('completes it from the VAT total when its base and rate make that tax to the cent', () => {
    const d = readText([
      page([
        ...head,
        germanTable[0]!,
        line(row(11), ['Nougat', 0.15, 0.3], ['5', 0.5, 0.52], ['20,00', 0.68, 0.73], ['100,00', 0.84, 0.9]),
        line(row(12), ['Olivenöl', 0.15, 0.3], ['10', 0.5, 0.52], ['5,00', 0.68, 0.73], ['50,00', 0.84, 0.9]),
        line(row(15), ['Nettobetrag', 0.5, 0.64], ['150,00', 0.84, 0.9]),
        line(row(16), ['USt. 19 %', 0.5, 0.6], ['100,00', 0.7, 0.76], ['1900€', 0.85, 0.9]),
        line(row(17), ['USt. 7 %', 0.5, 0.6], ['50,00', 0.7, 0.76], ['3,50', 0.86, 0.9]),
        line(row(18), ['Umsatzsteuer', 0.5, 0.64], ['22,50', 0.85, 0.9]),
        line(row(19), ['Gesamtbetrag', 0.5, 0.66], ['172,50', 0.84, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '150.00', vat: '22.50', gross: '172.50' });
    expect(d.vat_breakdown).toEqual([
      { rate: '19', taxable: '100.00', tax: '19.00' },
      { rate: '7', taxable: '50.00', tax: '3.50' },
    ]);
    expect(d.lines.map((l) => [l.net_amount, l.vat_rate])).toEqual([
      ['100.00', '19'],
      ['50.00', '7'],
    ]);
  });
});
