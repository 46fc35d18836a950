// The text-layer reader's totals on hand-made pages: only a (net, VAT, gross) triple that adds up
// is trusted, whatever form its rows take (labels, column headers, two-line labels, OCR slips).
import { describe, expect, it } from 'vitest';
import { runChecks } from '../check/document-checks.js';
import { countryOf } from '../project/countries.js';
import { CONFIDENCE_BAR, project } from '../project/field-sets.js';
import { line, page, row } from '../test-support/layout-pages.js';
import { germanInvoice, readText as read, UNBALANCED_TOTALS } from '../test-support/text-invoices.js';
import type { LayoutLine } from './page/layout.js';

const de = countryOf('de')!;

describe('readTextInvoice: totals', () => {
  it('gives totals that do not add up a confidence below the bar, so they stay out of fields', () => {
    const d = read([germanInvoice(UNBALANCED_TOTALS)], { country: 'DE' });
    expect(d.totals.net).toBe('100.00');
    expect(d.totals.gross).toBe('120.00');
    for (const p of ['totals.net', 'totals.gross'])
      expect(d.provenance[p]!.confidence, p).toBeLessThan(CONFIDENCE_BAR);
    const { fields, fields_detailed } = project(d, runChecks(d, '2024-06-01'), de);
    expect([fields.net_amount, fields.vat_amount, fields.gross_amount]).toEqual(['', '', '']);
    for (const key of ['net_amount', 'gross_amount'])
      expect(fields_detailed.find((f) => f.key === key)!.status, key).not.toBe('confirmed');
    // Nothing else is put in doubt.
    expect(fields.invoice_no).toBe('RE-2024-17');
    expect(fields.seller_iban).toBe('DE89370400440532013000');
  });

  it('reads a generic "Total" over the VAT row as the net where the total under it adds up', () => {
    // A farm shop's FPDF invoice: the items priced with VAT, their VAT in a column, then "Total"
    // (the sum without VAT), "TVA 5.5%" and "Montant total".
    const item = (r: number, vat: string, total: string) =>
      line(row(r), ['Miel de fleurs', 0.08, 0.2], ['3', 0.6, 0.61], [vat, 0.68, 0.72], [total, 0.86, 0.92]);
    const totals = (first: string, vat: string, last: string) =>
      read([
        page([
          line(row(1), ['Facture INV-398 du 12/03/2025', 0.1, 0.4]),
          line(
            row(10),
            ['PRODUIT', 0.08, 0.16],
            ['QUANTITÉ', 0.56, 0.64],
            ['TVA', 0.68, 0.71],
            ['TOTAL', 0.86, 0.91],
          ),
          item(11, '0,33 €', '36,00 €'),
          item(12, '0,44 €', '24,00 €'),
          item(13, '0,33 €', '6,00 €'),
          item(14, '0,44 €', '8,00 €'),
          line(row(20), ['Total', 0.75, 0.8], [first, 0.86, 0.92]),
          line(row(21), ['TVA 5.5%', 0.75, 0.82], [vat, 0.87, 0.92]),
          line(row(22), ['Montant total', 0.75, 0.84], [last, 0.86, 0.92]),
        ]),
      ]).totals;
    expect(totals('69,93 €', '4,07 €', '74,00 €')).toMatchObject({
      net: '69.93',
      vat: '4.07',
      gross: '74.00',
    });
    // Where it does not add up, the generic total is no net.
    expect(totals('69,93 €', '4,07 €', '80,00 €').net).toBeUndefined();
  });

  it('takes the amount at the end of a totals row, after a VAT rate and base', () => {
    const d = read([
      germanInvoice([
        line(row(14), ['Nettobetrag', 0.5, 0.64], ['100,00', 0.8, 0.9]),
        line(
          row(15),
          ['MwSt.', 0.5, 0.56],
          ['19 %', 0.6, 0.64],
          ['100,00', 0.68, 0.76],
          ['19,00', 0.83, 0.9],
        ),
        line(row(16), ['Gesamtbetrag', 0.5, 0.66], ['119,00', 0.8, 0.9]),
      ]),
    ]);
    expect(d.totals).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
  });

  it('reads a totals row whose label names net and gross as the net ("Rechnungssumme ohne USt.")', () => {
    const d = read([
      germanInvoice([
        line(row(14), ['Rechnungssumme ohne USt.', 0.5, 0.7], ['100,00', 0.8, 0.9]),
        line(row(15), ['USt 19 %', 0.5, 0.6], ['19,00', 0.81, 0.9]),
        line(row(16), ['Rechnungssumme', 0.5, 0.66], ['119,00', 0.8, 0.9]),
      ]),
    ]);
    expect(d.totals).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
  });

  it('reads the total printed without a label under the net and the VAT, when it is their sum', () => {
    const under = (total: string, x0 = 0.78, x1 = 0.9) =>
      read([
        germanInvoice([
          line(row(14), ['Nettobetrag', 0.5, 0.64], ['100,00 €', 0.8, 0.9]),
          line(row(15), ['USt 19 %', 0.5, 0.6], ['19,00 €', 0.81, 0.9]),
          line(row(16), [total, x0, x1]),
        ]),
      ]);
    const d = under('119,00 €');
    expect(d.totals).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
    expect(d.provenance['totals.gross']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    // Not another sum, nor an amount with words (a label of its own), nor one set apart.
    expect(under('120,00 €').totals.gross).toBeUndefined();
    expect(under('Übertrag 119,00 €', 0.5).totals.gross).toBeUndefined();
    expect(under('119,00 €', 0.3, 0.42).totals.gross).toBeUndefined();
  });

  it('reads the one total of an invoice that states it carries no VAT as its net and its gross', () => {
    const stated = (mention: string, totals: LayoutLine[]) =>
      read([germanInvoice([...totals, line(row(17), [mention, 0.08, 0.6])])]).totals;
    const net = [line(row(14), ['Nettobetrag', 0.5, 0.64], ['100,00 €', 0.8, 0.9])];
    const gross = [line(row(14), ['Gesamtbetrag', 0.5, 0.66], ['100,00 €', 0.8, 0.9])];
    expect(stated('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.', net)).toEqual({
      net: '100.00',
      gross: '100.00',
    });
    expect(stated('TVA non applicable, art. 293 B du CGI', gross)).toEqual({
      net: '100.00',
      gross: '100.00',
    });
    expect(stated('Steuerschuldnerschaft des Leistungsempfängers', gross)).toEqual({
      net: '100.00',
      gross: '100.00',
    });
    expect(stated("Operazione non soggetta a Iva e ritenuta d'acconto", gross)).toEqual({
      net: '100.00',
      gross: '100.00',
    });
    // Without the statement one amount is no triple; with a VAT amount printed, the statement
    // speaks of something else.
    expect(stated('Vielen Dank für Ihren Auftrag.', net).gross).toBeUndefined();
    const taxed = stated('Reverse charge for EU customers only.', [
      ...net,
      line(row(15), ['USt 19 %', 0.5, 0.6], ['19,00 €', 0.81, 0.9]),
    ]);
    expect(taxed.gross).toBeUndefined();
  });

  it('reads Czech "Cena bez daně" and its totals grouped in thousands by points, beside English labels', () => {
    const bilingual = (gross: string) =>
      read([
        page([
          line(row(0), ['Faktura 198900000001', 0.5, 0.8]),
          line(row(1), ['Invoice 198900000001', 0.5, 0.8]),
          line(row(14), ['Cena bez daně:', 0.56, 0.68], ['Kč 10.000', 0.84, 0.93]),
          line(row(15), ['Subtotal:', 0.56, 0.63]),
          line(row(16), ['DPH 21 %:', 0.56, 0.64], ['Kč 2.100', 0.85, 0.93]),
          line(row(17), ['Tax:', 0.56, 0.6]),
          line(row(18), ['Celkem:', 0.56, 0.62], [gross, 0.8, 0.93]),
          line(row(19), ['Total:', 0.56, 0.6]),
        ]),
      ]).totals;
    expect(bilingual('Kč 12.100,-')).toEqual({ net: '10000', vat: '2100', gross: '12100' });
    // Points that add up to nothing are read neither way.
    expect(bilingual('Kč 12.200,-').net).toBeUndefined();
  });

  it('does not take "Gesamtbetrag der Zuschläge" for the gross', () => {
    const d = read([
      germanInvoice([
        line(row(13), ['Gesamtbetrag der Zuschläge', 0.5, 0.7], ['5,00', 0.84, 0.9]),
        line(row(14), ['Nettobetrag', 0.5, 0.64], ['100,00', 0.8, 0.9]),
        line(row(15), ['USt 19 %', 0.5, 0.6], ['19,00', 0.81, 0.9]),
        line(row(16), ['Gesamtbetrag', 0.5, 0.66], ['119,00', 0.8, 0.9]),
      ]),
    ]);
    expect(d.totals.gross).toBe('119.00');
  });

  it('keeps a gross that two strong labels agree on, without VAT lines, at 0.86', () => {
    const d = read([
      germanInvoice([
        line(row(14), ['Gesamtbetrag', 0.5, 0.66], ['250,00', 0.8, 0.9]),
        line(row(16), ['Zahlbetrag', 0.5, 0.62], ['250,00', 0.8, 0.9]),
      ]),
    ]);
    expect(d.totals).toEqual({ gross: '250.00' });
    expect(d.provenance['totals.gross']!.confidence).toBe(0.86);
    expect(d.provenance['totals.gross']!.bbox![1]).toBeCloseTo(row(14));
  });

  it('reads the rows of a totals table under its column headers', () => {
    const d = read([
      germanInvoice([
        line(row(13), ['Nettobetrag', 0.4, 0.52], ['MwSt.', 0.6, 0.66], ['Gesamtbetrag', 0.78, 0.9]),
        line(row(14), ['100,00', 0.44, 0.52], ['19,00', 0.61, 0.66], ['119,00', 0.82, 0.9]),
      ]),
    ]);
    expect(d.totals).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
    expect(d.provenance['totals.gross']!.bbox![1]).toBeCloseTo(row(14));
  });
});

describe('readTextInvoice: plain English total rows', () => {
  it('reads "Subtotal", "VAT 20%" and a bare "Total" as net, VAT and gross', () => {
    const d = read(
      [
        page([
          line(row(1), ['Invoice No. INV-2024-9', 0.1, 0.4]),
          line(row(20), ['Subtotal', 0.6, 0.7], ['100.00', 0.85, 0.92]),
          line(row(21), ['VAT 20%', 0.6, 0.7], ['20.00', 0.86, 0.92]),
          line(row(22), ['Total', 0.6, 0.66], ['120.00', 0.85, 0.92]),
        ]),
      ],
      { country: 'gb' },
    );
    expect(d.totals).toMatchObject({ net: '100.00', vat: '20.00', gross: '120.00' });
    expect(d.provenance['totals.gross']?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it('reads "Total without VAT" and its spoken-out kin as the net, not as the gross', () => {
    for (const label of [
      'Total without VAT',
      'Total (excl. tax)',
      'Total before VAT',
      'Amount before tax',
      'Pre-tax total',
    ]) {
      const d = read(
        [
          page([
            line(row(1), ['Invoice No. INV-2024-9', 0.1, 0.4]),
            line(row(20), [label, 0.55, 0.7], ['43.00 EUR', 0.82, 0.92]),
            line(row(21), ['VAT Paid', 0.55, 0.7], ['8.60 EUR', 0.83, 0.92]),
            line(row(22), ['Total paid with VAT', 0.55, 0.72], ['51.60 EUR', 0.82, 0.92]),
          ]),
        ],
        { country: 'gb' },
      );
      expect(d.totals, label).toMatchObject({ net: '43.00', vat: '8.60', gross: '51.60' });
    }
  });

  it('does not take an IBAN-shaped number without an IBAN label when it fails its checksum', () => {
    const d = read([
      page([
        line(row(1), ['Rechnung Nr. 17 vom 14.03.2024', 0.1, 0.5]),
        line(row(3), ['Zählpunkt:', 0.1, 0.2], ['DE0001346484600000000000000100038', 0.3, 0.7]),
      ]),
    ]);
    expect(d.payment.accounts).toEqual([]);
  });
});

describe('readTextInvoice: a credit note', () => {
  it('reads the totals of an invoice correction whose gross lost its minus sign', () => {
    const d = read([
      page([
        line(row(1), ['Rechnungskorrektur Nr. RK21012345 vom 16.09.2018', 0.1, 0.6]),
        line(row(20), ['Rechnungssumme ohne USt.', 0.5, 0.7], ['7,67', 0.85, 0.9]),
        line(row(21), ['Steuerbetrag', 0.5, 0.65], ['-1,12', 0.85, 0.9]),
        line(row(22), ['Bruttosumme', 0.5, 0.65], ['8,79', 0.85, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '-7.67', vat: '-1.12', gross: '-8.79' });
  });

  it('reads "Taxes" printed without its sign, and no share capital on the VAT id\'s line as the VAT', () => {
    const d = read([
      page([
        line(row(0), [
          'TVA : FR11999999998 - SIRET : 99999999800010 - SARL au capital de 120 000,00 €',
          0.3,
          0.9,
        ]),
        line(row(3), ['Avoir AV-2017-0005', 0.1, 0.3]),
        line(row(20), ['Total HT', 0.7, 0.78], ['-218,48 €', 0.85, 0.93]),
        line(row(21), ['Taxes', 0.72, 0.78], ['14,99 €', 0.86, 0.93]),
        line(row(22), ['Total TTC', 0.7, 0.78], ['-233,47 €', 0.85, 0.93]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '-218.48', vat: '-14.99', gross: '-233.47' });
    expect(d.provenance['totals.vat']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    // Not even a candidate for review: the amount on the VAT id's line is the share capital.
    const capital = read([
      page([
        line(row(0), ['TVA : FR11999999998 - SARL au capital de 120 000,00 €', 0.3, 0.9]),
        line(row(20), ['Total HT', 0.7, 0.78], ['218,48 €', 0.85, 0.93]),
      ]),
    ]);
    expect(capital.totals.vat).toBeUndefined();
  });
});

describe('readTextInvoice: totals rows in other forms', () => {
  it('reads "19% VAT", "Total € Incl. VAT" and "Due payable" rows', () => {
    const d = read([
      page([
        line(row(1), ['Invoice 103767', 0.1, 0.3]),
        line(row(20), ['Subtotal', 0.58, 0.65], ['573.00', 0.9, 0.95]),
        line(row(21), ['19% VAT', 0.58, 0.65], ['108.87', 0.9, 0.95]),
        line(row(22), ['Total € Incl. VAT', 0.58, 0.72], ['681.87', 0.9, 0.95]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '573.00', vat: '108.87', gross: '681.87' });
    const due = read([
      page([
        line(row(1), ['Invoice # RE-5 issued at 2019-06-10', 0.1, 0.5]),
        line(row(20), ['Net total: 496.00 €', 0.1, 0.3]),
        line(row(21), ['VAT total: 75.04 €', 0.26, 0.4]),
        line(row(22), ['Due payable: 571.04 €', 0.1, 0.3]),
      ]),
    ]);
    expect(due.totals).toMatchObject({ net: '496.00', vat: '75.04', gross: '571.04' });
  });

  it('reads a VAT total printed without decimals ("Steuerbetrag in EUR  0"), when the sums agree', () => {
    const doc = (vat: string) =>
      read([
        page([
          line(row(1), ['Rechnung Nr. 6039999999 vom 31.08.2026', 0.1, 0.5]),
          line(row(20), ['Rechnungssumme ohne USt.', 0.38, 0.6], ['824,88', 0.87, 0.92]),
          line(row(21), ['Steuerbetrag in EUR', 0.38, 0.55], [vat, 0.89, 0.92]),
          line(row(22), ['Bruttosumme', 0.38, 0.5], ['824,88', 0.87, 0.92]),
        ]),
      ]);
    expect(doc('0').totals).toMatchObject({ net: '824.88', vat: '0', gross: '824.88' });
    expect(doc('0').provenance['totals.vat']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    // 824.88 + 7 is not 824.88: a whole number that does not add up stays a doubtful candidate.
    expect(doc('7').provenance['totals.vat']?.confidence ?? 0).toBeLessThan(CONFIDENCE_BAR);
  });

  it('does not read a tax category code in a table row ("19% UST(S)") as the VAT total', () => {
    const d = read([
      page([
        line(row(1), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.5]),
        line(row(20), ['Rechnungssumme ohne USt.', 0.38, 0.6], ['100,00', 0.87, 0.92]),
        line(row(21), ['Steuerbetrag', 0.38, 0.55], ['19,00', 0.87, 0.92]),
        line(row(22), ['Bruttosumme', 0.38, 0.5], ['119,00', 0.87, 0.92]),
        line(row(24), ['Transportkosten', 0.1, 0.3], ['19% UST(S)', 0.73, 0.8], ['3,00', 0.89, 0.92]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '100.00', vat: '19.00', gross: '119.00' });
  });
});

describe('readTextInvoice: totals under column headers and beside two-line labels', () => {
  it('stops a totals column at a row labelled as another amount ("Acompte")', () => {
    const d = read([
      page([
        line(row(1), ['Facture F20220023', 0.1, 0.3]),
        line(row(20), ['TOTAL HT', 0.59, 0.65], ['TOTAL TVA', 0.67, 0.74], ['TOTAL TTC', 0.76, 0.84]),
        line(row(21), ['100,00', 0.6, 0.65], ['4,90', 0.68, 0.72], ['104,90', 0.79, 0.84]),
        line(row(22), ['Acompte :', 0.68, 0.74], ['0,00', 0.8, 0.84]),
        line(row(23), ['0,00', 0.6, 0.65], ['0,00', 0.8, 0.84]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '100.00', vat: '4.90', gross: '104.90' });
  });

  it("takes no line amount under an item table's amount heading for a total (a small business's hours)", () => {
    // "Bezeichnung | Stunden | €/h | Gesamt": the hours table of a service invoice, its "Gesamt"
    // column the lines' amounts down to the foot of the first page; the total, stated without VAT
    // (§ 19 UStG), on its own row on the next.
    const item = (r: number, what: string) =>
      line(row(r), [what, 0.13, 0.4], ['4,0', 0.6, 0.62], ['25', 0.74, 0.76], ['100,00 €', 0.83, 0.9]);
    const d = read([
      page([
        line(row(0), ['Silas Muster', 0.19, 0.35]),
        line(row(2), ['Rechnung', 0.12, 0.22], ['Rechnungsdatum', 0.55, 0.68], ['21.05.2025', 0.81, 0.9]),
        line(
          row(4),
          ['Bezeichnung', 0.13, 0.23],
          ['Stunden', 0.56, 0.62],
          ['€/h', 0.74, 0.76],
          ['Gesamt', 0.84, 0.89],
        ),
        ...Array.from({ length: 12 }, (_, i) => [
          item(5 + 2 * i, `Wartung ${i + 1}`),
          line(row(6 + 2 * i), [`${10 + i}.01.2025 09:00 - 13:00 Uhr`, 0.13, 0.35]),
        ]).flat(),
      ]),
      page(
        [
          line(row(5), ['Gesamtbetrag:', 0.65, 0.74], ['1.200,00 €', 0.83, 0.9]),
          line(row(7), [
            'Als Kleinunternehmer im Sinne von § 19 UStG wird keine Umsatzsteuer berechnet.',
            0.1,
            0.8,
          ]),
        ],
        2,
      ),
    ]);
    expect(d.totals).toMatchObject({ net: '1200.00', gross: '1200.00' });
    // The hours and the rate per hour are the table's quantity and price.
    expect(d.lines).toHaveLength(12);
    expect(d.lines[0]).toMatchObject({ quantity: '4.0', unit_price: '25', net_amount: '100.00' });
  });

  it('does not take the first row under a column header for an amount beside it', () => {
    const d = read([
      page([
        line(row(1), ['Factuur VF1005193039', 0.1, 0.3]),
        line(row(19), ['Factuur totaal EUR', 0.69, 0.8], ['49,99', 0.88, 0.92]),
        line(row(20), ['BTW %', 0.58, 0.63], ['Grondslag BTW bedrag', 0.66, 0.84], ['Totaal', 0.88, 0.92]),
        line(
          row(20) + 0.011,
          ['21 %', 0.6, 0.63],
          ['41,31', 0.69, 0.73],
          ['8,68', 0.8, 0.83],
          ['49,99', 0.89, 0.92],
        ),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '41.31', vat: '8.68', gross: '49.99' });
  });

  it('reads the amount set level with the middle of a label on two lines', () => {
    const d = read([
      page([
        line(row(1), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.5]),
        line(row(20), ['Rechnungssumme ohne USt.', 0.5, 0.7], ['100,00', 0.86, 0.9]),
        line(row(21), ['Steuerbetrag in', 0.5, 0.62]),
        line(row(21) + 0.006, ['19,00', 0.87, 0.9]),
        line(row(22), ['EUR', 0.5, 0.53]),
        line(row(23), ['Bruttosumme', 0.5, 0.6], ['119,00', 0.86, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '100.00', vat: '19.00', gross: '119.00' });
  });
});

describe('readTextInvoice: a summary table of totals', () => {
  const summary = (...rows: Array<[string, string, string]>) =>
    page([
      line(row(1), ['Facture N° F20220023 du 01/02/2022', 0.1, 0.5]),
      line(row(20), ['TOTAL MT', 0.62, 0.66], ['TOTAL TVA', 0.7, 0.74], ['TOTAL TTC', 0.78, 0.83]),
      ...rows.map(([net, vat, gross], i) =>
        line(row(21 + i), [net, 0.62, 0.65], [vat, 0.71, 0.73], [gross, 0.81, 0.84]),
      ),
    ]);

  it('reads the net of its one row of amounts beside the VAT and the total, its heading misread', () => {
    const d = read([summary(['100,00', '4,90', '104,90'])], { source: 'ocr' });
    expect(d.totals).toMatchObject({ net: '100.00', vat: '4.90', gross: '104.90' });
    expect(d.provenance['totals.net']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it('takes no first row of a table of several (a VAT breakdown by rate) for the totals', () => {
    const d = read([summary(['321,40', '61,07', '382,47'], ['127,59', '8,93', '136,52'])], { source: 'ocr' });
    expect(d.totals.net).not.toBe('321.40');
  });
});

describe('readTextInvoice: OCR slips in totals rows', () => {
  it('restores a decimal comma OCR dropped ("17743") only where the sums then add up', () => {
    const rows = (net: string, vat: string) =>
      page([
        line(row(1), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.5]),
        line(row(20), ['Rechnungssumme ohne USt.', 0.37, 0.6], [net, 0.86, 0.9]),
        line(row(21), ['Steuerbetrag', 0.37, 0.5], [vat, 0.86, 0.9]),
        line(row(22), ['Bruttosumme', 0.37, 0.5], ['197,58', 0.86, 0.9]),
      ]);
    expect(read([rows('17743', '20,15')], { source: 'ocr' }).totals).toMatchObject({
      net: '177.43',
      vat: '20.15',
      gross: '197.58',
    });
    // A currency sign after the amount is not part of it ("Net total 207676 €").
    expect(read([rows('17743 €', '20,15')], { source: 'ocr' }).totals).toMatchObject({
      net: '177.43',
      vat: '20.15',
      gross: '197.58',
    });
    // Two amounts without their commas are not repaired together, and a text layer prints what it means.
    expect(read([rows('17743', '2015')], { source: 'ocr' }).totals.net).not.toBe('177.43');
    expect(read([rows('17743', '20,15')], { source: 'text' }).totals.net).not.toBe('177.43');
  });

  it('reads "18310, 63" (a space after the decimal comma) on a totals row', () => {
    const d = read(
      [
        page([
          line(row(1), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.5]),
          line(row(20), ['Rechnungssumme ohne USt.', 0.5, 0.7], ['15387,08', 0.84, 0.9]),
          line(row(21), ['Steuerbetrag', 0.5, 0.65], ['2923,55', 0.85, 0.9]),
          line(row(22), ['Bruttosumme', 0.5, 0.65], ['18310, 63', 0.84, 0.9]),
        ]),
      ],
      { source: 'ocr' },
    );
    expect(d.totals).toMatchObject({ net: '15387.08', vat: '2923.55', gross: '18310.63' });
  });

  it('reads "18310 63" (the decimal comma read as a gap) as an amount, its partners on another page', () => {
    const pages = (gross: string) => [
      page([
        line(row(1), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.5]),
        line(row(40), ['Steuerbetrag', 0.5, 0.65], ['2923,55', 0.85, 0.9]),
      ]),
      page(
        [
          line(row(2), ['Rechnungssumme ohne USt', 0.5, 0.7], ['15387.08', 0.84, 0.9]),
          line(row(3), ['Bruttosumme', 0.5, 0.65], [gross, 0.84, 0.9]),
        ],
        2,
      ),
    ];
    expect(read(pages('18310 63'), { source: 'ocr' }).totals).toMatchObject({
      net: '15387.08',
      vat: '2923.55',
      gross: '18310.63',
    });
    // A dropped comma is a guess that only partners on its own page confirm; a text layer's gap is no comma.
    expect(read(pages('1831063'), { source: 'ocr' }).totals.gross).not.toBe('18310.63');
    expect(read(pages('18310 63'), { source: 'text' }).totals.gross).not.toBe('18310.63');
  });

  it("reads a total with the VAT it contains: a receipt and 1C's invoice form", () => {
    const receipt = read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 01.03.2024', 0.08, 0.45]),
        line(row(4), ['Gesamtbetrag', 0.5, 0.66], ['19,99 €', 0.8, 0.9]),
        line(row(5), ['inkl. 19 % MwSt.', 0.5, 0.66], ['3,19 €', 0.81, 0.9]),
      ]),
    ]);
    expect(receipt.totals).toEqual({ net: '16.80', vat: '3.19', gross: '19.99' });
    const oneC = read([
      page([
        line(row(0), ['Счет на оплату № 17 от 5 апреля 2024 г.', 0.08, 0.6]),
        line(row(4), ['Итого:', 0.6, 0.7], ['25 000,00', 0.78, 0.9]),
        line(row(5), ['В том числе НДС (20%):', 0.45, 0.7], ['4 166,67', 0.8, 0.9]),
        line(row(6), ['Всего к оплате:', 0.55, 0.7], ['25 000,00', 0.78, 0.9]),
      ]),
    ]);
    expect(oneC.totals).toMatchObject({ net: '20833.33', vat: '4166.67', gross: '25000.00' });
    expect(oneC.number).toBe('17');
    expect(oneC.issue_date).toBe('2024-04-05');
  });

  it('takes a total without VAT that the item columns of two tables above it add up to', () => {
    const items = [
      line(row(6), ['Invoice To:', 0.08, 0.2], ['INV#', 0.7, 0.75], ['INV0001', 0.79, 0.9]),
      line(row(10), ['ITEM', 0.08, 0.13], ['DESCRIPTION', 0.2, 0.35], ['SUB TOTAL(£)', 0.74, 0.86]),
      line(row(11), ['1', 0.08, 0.09], ['Random Project', 0.2, 0.35], ['300.00', 0.78, 0.84]),
      line(row(13), ['EXPENSE', 0.08, 0.16], ['DESCRIPTION', 0.2, 0.35], ['SUB TOTAL(£)', 0.74, 0.86]),
      line(row(14), ['1', 0.08, 0.09], ['Travel cost', 0.2, 0.32], ['20.00', 0.79, 0.84]),
    ];
    const footer = line(row(24), ['Account Name: Foo Bar Account', 0.08, 0.4]);
    const total = line(row(16), ['Total', 0.57, 0.62], ['£320.00', 0.77, 0.84]);
    expect(read([page([...items, total, footer])]).totals).toEqual({ gross: '320.00' });
    // Items that do not add up to it leave the total unconfirmed.
    const off = read([
      page([...items.slice(0, 4), line(row(14), ['Travel cost', 0.2, 0.32], ['25.00', 0.79, 0.84]), total]),
    ]);
    expect(off.provenance['totals.gross']?.confidence ?? 0).toBeLessThan(CONFIDENCE_BAR);
  });

  it('reads a summary grid of whole amounts under its headings, not the first row of an item table', () => {
    const heads = line(row(8), ['Exkl moms', 0.08, 0.18], ['Moms kr', 0.4, 0.48], ['ATT BETALA', 0.75, 0.86]);
    const sums = line(row(9), ['38290', 0.08, 0.13], ['0', 0.4, 0.41], ['38290', 0.75, 0.8]);
    const start = [line(row(0), ['Faktura', 0.45, 0.55]), line(row(1), ['Fakturanr 463', 0.45, 0.6])];
    const grid = read([
      page([...start, heads, sums, line(row(11), ['Artikel', 0.08, 0.15], ['Antal', 0.5, 0.56])]),
    ]);
    expect(grid.totals).toMatchObject({ net: '38290', vat: '0', gross: '38290' });
    // The same headings over item rows priced in whole amounts: the first row is one of many.
    const items = read([
      page([
        ...start,
        heads,
        sums,
        line(row(10), ['12000', 0.08, 0.13], ['0', 0.4, 0.41], ['12000', 0.75, 0.8]),
      ]),
    ]);
    expect(items.totals.net).toBeUndefined();
  });

  it('takes a total over one item row when the amount due on another row names it too', () => {
    const doc = (due: string) =>
      read([
        page([
          line(row(0), ['Amazing Company', 0.08, 0.3], ['INVOICE', 0.45, 0.55]),
          line(row(3), ['Bill To:', 0.08, 0.18], ['Balance Due:', 0.55, 0.68], [due, 0.8, 0.9]),
          line(
            row(8),
            ['Item', 0.08, 0.13],
            ['Quantity', 0.4, 0.5],
            ['Rate', 0.6, 0.65],
            ['Amount', 0.82, 0.9],
          ),
          line(
            row(9),
            ['Amazing service', 0.08, 0.25],
            ['1', 0.4, 0.41],
            ['259,00 $', 0.6, 0.68],
            ['259,00 $', 0.8, 0.9],
          ),
          line(row(12), ['Total:', 0.55, 0.6], ['259,00 $', 0.8, 0.9]),
        ]),
      ]);
    expect(doc('259,00 $').totals).toMatchObject({ gross: '259.00' });
    expect(doc('259,00 $').provenance['totals.gross']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    // One item row alone does not confirm a total the amount due contradicts.
    expect(doc('300,00 $').provenance['totals.gross']?.confidence ?? 0).toBeLessThan(CONFIDENCE_BAR);
  });

  it('reads Dutch totals whichever amount "Subtotaal" names: arithmetic decides', () => {
    const doc = (first: [string, string]) =>
      read([
        page([
          line(row(0), ['Factuurnummer: 2024-0457', 0.08, 0.4]),
          line(row(4), [first[0], 0.5, 0.66], [first[1], 0.8, 0.9]),
          line(row(5), ['BTW 21%', 0.5, 0.6], ['€ 168,00', 0.81, 0.9]),
          line(row(6), ['Totaal', 0.5, 0.6], ['€ 968,00', 0.8, 0.9]),
        ]),
      ]);
    const totals = (first: [string, string]) => doc(first).totals;
    // "Subtotaal" before VAT (most invoices) is the net; after it (Coolblue's, the total incl.
    // BTW) it adds up as nothing, and the net comes from "Exclusief BTW".
    expect(totals(['Subtotaal', '€ 800,00'])).toEqual({ net: '800.00', vat: '168.00', gross: '968.00' });
    expect(totals(['Exclusief BTW', '€ 800,00'])).toEqual({ net: '800.00', vat: '168.00', gross: '968.00' });
    const after = doc(['Subtotaal', '€ 968,00']);
    expect(after.provenance['totals.net']?.confidence ?? 0).toBeLessThan(CONFIDENCE_BAR);
  });

  it('reads an insurance premium with the tax it contains, set in parentheses as an aside', () => {
    const d = read([
      page([
        line(row(0), ['Beitragsrechnung Nr. 00.123.456.7', 0.08, 0.5]),
        line(
          row(4),
          ['vierteljährlicher Beitrag inklusive 19 % Versicherungsteuer', 0.08, 0.6],
          ['220,00 €', 0.8, 0.9],
        ),
        line(
          row(5),
          ['in diesem Beitrag enthaltene Versicherungsteuer', 0.08, 0.6],
          ['(35,13 €)', 0.79, 0.9],
        ),
      ]),
    ]);
    expect(d.totals).toEqual({ net: '184.87', vat: '35.13', gross: '220.00' });
  });

  it("reads net and VAT from the columns of a total's row that add up to it (a УПД)", () => {
    const upd = (net: string) =>
      read([
        page([
          line(row(0), ['Счет-фактура № 77 от 01.02.2024', 0.08, 0.5]),
          line(
            row(6),
            ['Всего к оплате', 0.08, 0.25],
            [net, 0.45, 0.55],
            ['X', 0.6, 0.62],
            ['4 166,67', 0.7, 0.78],
            ['25 000,00', 0.85, 0.95],
          ),
        ]),
      ]);
    const d = upd('20 833,33');
    expect(d.totals).toEqual({ net: '20833.33', vat: '4166.67', gross: '25000.00' });
    expect(d.provenance['totals.net']!.bbox![0]).toBeCloseTo(0.45);
    // Columns that do not add up to the total name no net or VAT.
    expect(upd('20 000,00').totals.net).toBeUndefined();
  });

  it('reads the columns of a total\'s row with their currency ("Celkem  324,23 Kč  46,97 Kč  371,20 Kč")', () => {
    const d = read([
      page([
        line(row(0), ['Faktura - daňový doklad 20250001', 0.5, 0.9]),
        line(
          row(6),
          ['Celkem', 0.48, 0.55],
          ['324,23 Kč', 0.64, 0.7],
          ['46,97 Kč', 0.76, 0.8],
          ['371,20 Kč', 0.87, 0.93],
        ),
      ]),
    ]);
    expect(d.totals).toEqual({ net: '324.23', vat: '46.97', gross: '371.20' });
  });

  it("reads a total's row whose net and VAT, summed line by line, are a cent off its gross", () => {
    const total = (gross: string) =>
      read([
        page([
          line(row(0), ['JUSTIFICATIF DE VENTE (valant facture)', 0.05, 0.5]),
          line(
            row(6),
            ['Total facturé :', 0.42, 0.55],
            ['135,81 €', 0.61, 0.67],
            ['27,16 €', 0.76, 0.8],
            [gross, 0.89, 0.95],
          ),
        ]),
      ]).totals;
    expect(total('162,98 €')).toEqual({ net: '135.81', vat: '27.16', gross: '162.98' });
    // Two cents off is no rounding: no net, no VAT.
    expect(total('162,99 €').net).toBeUndefined();
  });

  it('reads "Endsumme", a VAT "incl. MwSt." and a net, VAT and total that add up as printed', () => {
    // A mail-order invoice: its subtotal is the gross already, the VAT contained in it.
    const shop = read([
      page([
        line(row(20), ['Zwischensumme EUR', 0.62, 0.75], ['51,26', 0.84, 0.88]),
        line(
          row(21),
          ['incl. MwSt. mit Steuercode', 0.31, 0.5],
          ['19,00', 0.57, 0.6],
          ['% von', 0.63, 0.66],
          ['43,08', 0.73, 0.77],
          ['8,18', 0.85, 0.88],
        ),
        line(row(22), ['Endsumme EUR', 0.66, 0.75], ['51,26', 0.84, 0.88]),
      ]),
    ]).totals;
    expect(shop).toEqual({ net: '43.08', vat: '8.18', gross: '51.26' });
    // A holiday flat's Word form: "SUMME", the contained VAT and the net, which add up although
    // 7,35 is not 7 % of 105,00 to the cent.
    const flat = (net: string) =>
      read([
        page([
          line(row(20), ['SUMME', 0.4, 0.46], ['105,00 €', 0.8, 0.86]),
          line(row(21), ['enthaltene MwSt.', 0.36, 0.48], ['7 %', 0.7, 0.72], ['7,35 €', 0.82, 0.86]),
          line(row(22), ['Netto', 0.41, 0.45], [net, 0.81, 0.86]),
        ]),
      ]).totals;
    expect(flat('97,65 €')).toEqual({ net: '97.65', vat: '7.35', gross: '105.00' });
    expect(flat('96,65 €').vat).toBeUndefined();
  });

  it('reads an Italian professional\'s totals: the VAT row\'s base, the withholding no VAT, "nostro avere" to pay', () => {
    // Architects' fee with the 4 % pension surcharge, VAT on both, then the 20 % withholding tax.
    const d = read([
      page([
        line(row(0), ['FATTURA', 0.22, 0.3], ['37/2026', 0.59, 0.65], ['30/07/2026', 0.71, 0.78]),
        line(row(20), ['TOTALE IMPONIBILE', 0.22, 0.38], ['€', 0.79, 0.8], ['3.000,00', 0.84, 0.9]),
        line(
          row(21),
          ['Maggiorazione 4% C.N.P.A.I.A.', 0.22, 0.45],
          ['€', 0.79, 0.8],
          ['120,00 +', 0.86, 0.9],
        ),
        line(row(22), ['€', 0.79, 0.8], ['3.120,00', 0.84, 0.9]),
        line(row(23), ['I.V.A. 22% su € 3.120,00', 0.22, 0.42], ['€', 0.79, 0.8], ['686,40 +', 0.86, 0.9]),
        line(row(24), ['TOTALE', 0.22, 0.28], ['€', 0.79, 0.8], ['3.806,40', 0.84, 0.9]),
        line(
          row(25),
          ['Ritenuta Acconto 20% su € 3.000,00', 0.22, 0.48],
          ['€', 0.79, 0.8],
          ['600,00 -', 0.86, 0.9],
        ),
        line(
          row(27),
          ['TOTALE NOSTRO AVERE S.E.& O.', 0.22, 0.45],
          ['€', 0.79, 0.8],
          ['3.206,40', 0.84, 0.9],
        ),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '3120.00', vat: '686.40', gross: '3806.40', payable: '3206.40' });
  });

  it('reads a Norwegian item table\'s "Sum" row of net, VAT and total columns', () => {
    const d = read([
      page([
        line(row(0), ['FAKTURA', 0.69, 0.78]),
        line(
          row(18),
          ['Enh.pris', 0.57, 0.62],
          ['Beløp', 0.71, 0.75],
          ['Mva', 0.8, 0.83],
          ['Beløp', 0.9, 0.94],
        ),
        line(row(19), ['Beskrivelse', 0.06, 0.14], ['Antall', 0.48, 0.52]),
        line(
          row(20),
          ['(ekskl. mva)', 0.54, 0.6],
          ['(ekskl. mva)', 0.65, 0.71],
          ['(25 %)', 0.78, 0.81],
          ['(inkl. mva)', 0.86, 0.92],
        ),
        line(
          row(21),
          ['Arbeid etter avtale.', 0.06, 0.3],
          ['1', 0.51, 0.52],
          ['22 000,00', 0.56, 0.62],
          ['22 000,00', 0.67, 0.73],
          ['5 500,00', 0.77, 0.82],
          ['27 500,00', 0.86, 0.92],
        ),
        line(
          row(22),
          ['Materialet.', 0.06, 0.2],
          ['1', 0.51, 0.52],
          ['13 311,41', 0.56, 0.62],
          ['13 311,41', 0.67, 0.73],
          ['3 327,85', 0.77, 0.82],
          ['16 639,26', 0.86, 0.92],
        ),
        line(
          row(24),
          ['Sum', 0.06, 0.09],
          ['35 311,41', 0.67, 0.73],
          ['8 827,85', 0.77, 0.82],
          ['44 139,26', 0.86, 0.92],
        ),
      ]),
    ]);
    expect(d.totals).toEqual({ net: '35311.41', vat: '8827.85', gross: '44139.26' });
  });

  it('reads a total to pay rounded to the whole unit, with its rounding printed, as gross + rounding', () => {
    // Visma's Swedish layout: the rounding and the amount to pay side by side on the last row.
    const sv = (rounding: string, payable: string) =>
      read([
        page([
          line(row(0), ['Faktura', 0.6, 0.7]),
          line(row(1), ['Fakturanummer', 0.6, 0.7], ['20877', 0.85, 0.9]),
          line(row(20), ['Exkl. moms', 0.45, 0.52], ['10 650,00', 0.6, 0.66]),
          line(row(21), ['Moms (25 %)', 0.45, 0.52], ['2 662,50', 0.6, 0.66]),
          line(
            row(22),
            ['Avrundning', 0.45, 0.52],
            [rounding, 0.62, 0.66],
            ['Att betala', 0.7, 0.76],
            [payable, 0.88, 0.94],
          ),
        ]),
      ]).totals;
    // EN 16931's gross (BT-112) is before the rounding; the printed total is the amount payable.
    expect(sv('0,50', '13 313,00')).toEqual({
      net: '10650.00',
      vat: '2662.50',
      gross: '13312.50',
      rounding: '0.50',
      payable: '13313.00',
    });
    // A rounding that does not make the sums add up, or one too large to be a rounding, is none.
    expect(sv('0,40', '13 313,00').gross).not.toBe('13312.50');
    expect(sv('0,40', '13 313,00').rounding).toBeUndefined();
    const large = read([
      page([
        line(row(20), ['Summa', 0.45, 0.52], ['100,00', 0.6, 0.66]),
        line(row(21), ['Moms', 0.45, 0.52], ['25,00', 0.6, 0.66]),
        line(row(22), ['Avrundning', 0.45, 0.52], ['3,00', 0.6, 0.66]),
        line(row(23), ['Att betala', 0.45, 0.52], ['128,00', 0.6, 0.66]),
      ]),
    ]).totals;
    expect(large.rounding).toBeUndefined();
    expect(large.gross).not.toBe('125.00');
  });
});

describe('readTextInvoice: totals in whole amounts and shared labels', () => {
  it('reads labelled totals printed as whole numbers only when they add up ("Nettó érték:  131 000")', () => {
    const hu = (gross: string) =>
      read([
        page([
          line(row(0), ['Számla', 0.08, 0.2]),
          line(row(1), ['Számla sorszáma:', 0.08, 0.25], ['2026/118', 0.3, 0.4]),
          line(row(10), ['Nettó érték:', 0.49, 0.6], ['131 000', 0.85, 0.92]),
          line(row(11), ['ÁFA 27%:', 0.49, 0.6], ['35 370', 0.86, 0.92]),
          line(row(12), ['Összesen:', 0.49, 0.6], [gross, 0.84, 0.92]),
        ]),
      ]);
    expect(hu('166 370').totals).toMatchObject({ net: '131000', vat: '35370', gross: '166370' });
    // Whole numbers that do not add up are no totals.
    expect(hu('166 371').totals.gross).toBeUndefined();
  });

  it('knows a Greek page by its labels with their accents or set in capitals without them', () => {
    const greek = (net: string, vat: string, gross: string) =>
      read([
        page([
          line(row(18), [net, 0.49, 0.6], ['49.500 EUR', 0.83, 0.92]),
          line(row(19), [vat, 0.49, 0.6], ['11.880 EUR', 0.83, 0.92]),
          line(row(20), [gross, 0.49, 0.6], ['61.380 EUR', 0.81, 0.92]),
        ]),
      ]).totals;
    const whole = { net: '49500', vat: '11880', gross: '61380' };
    expect(greek('Καθαρό ποσό', 'ΦΠΑ 24 %', 'Γενικό σύνολο')).toEqual(whole);
    expect(greek('ΚΑΘΑΡΟ ΠΟΣΟ', 'ΦΠΑ 24 %', 'ΓΕΝΙΚΟ ΣΥΝΟΛΟ')).toEqual(whole);
  });

  it('reads "9.700" as thousands where the labels are of languages that all write decimal commas', () => {
    // Spanish labels that Portuguese and Italian share ("Total", "IVA"): no one language is ahead.
    const d = read([
      page([
        line(row(0), ['Factura', 0.08, 0.2]),
        line(
          row(10),
          ['Tipo IVA', 0.35, 0.45],
          ['Base imponible', 0.47, 0.6],
          ['Cuota', 0.7, 0.76],
          ['Total', 0.9, 0.95],
        ),
        line(
          row(11),
          ['21 %', 0.37, 0.41],
          ['9.700', 0.54, 0.6],
          ['2.037', 0.71, 0.76],
          ['11.737', 0.89, 0.95],
        ),
        line(
          row(12),
          ['10 %', 0.37, 0.41],
          ['17.800', 0.53, 0.6],
          ['1.780', 0.71, 0.76],
          ['19.580', 0.89, 0.95],
        ),
        line(
          row(13),
          ['Total', 0.26, 0.3],
          ['27.500', 0.53, 0.6],
          ['3.817', 0.71, 0.76],
          ['31.317', 0.89, 0.95],
        ),
        line(row(15), ['Total factura:', 0.56, 0.7], ['EUR 31.317', 0.83, 0.95]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '27500', vat: '3817', gross: '31317' });
  });

  it('reads "Totale IVA inclusa" as the gross and a VAT table\'s "Súčet" row as its sums', () => {
    const it_ = read([
      page([
        line(row(0), ['Fattura FT73413', 0.08, 0.3]),
        line(row(10), ['Totale imponibile:', 0.5, 0.65], ["61'212.34", 0.86, 0.95]),
        line(row(11), ['IVA 8.1%:', 0.5, 0.6], ["4'958.20", 0.87, 0.95]),
        line(row(12), ['Totale IVA inclusa:', 0.5, 0.68], ["66'170.54", 0.85, 0.95]),
      ]),
    ]);
    expect(it_.totals).toMatchObject({ net: '61212.34', vat: '4958.20', gross: '66170.54' });
    const sk = read([
      page([
        line(row(0), ['Faktúra č. 26576351', 0.08, 0.3]),
        line(
          row(10),
          ['Sadzba DPH', 0.3, 0.4],
          ['Základ', 0.5, 0.58],
          ['DPH', 0.7, 0.74],
          ['Spolu', 0.88, 0.94],
        ),
        line(
          row(11),
          ['23%', 0.37, 0.4],
          ['39 725,50', 0.5, 0.6],
          ['9 136,87', 0.68, 0.76],
          ['48 862,37', 0.86, 0.95],
        ),
        line(
          row(12),
          ['19%', 0.37, 0.4],
          ['12 056,66', 0.5, 0.6],
          ['2 290,77', 0.68, 0.76],
          ['14 347,43', 0.86, 0.95],
        ),
        line(
          row(13),
          ['Súčet', 0.25, 0.3],
          ['51 782,16', 0.5, 0.6],
          ['11 427,64', 0.67, 0.76],
          ['63 209,80', 0.86, 0.95],
        ),
      ]),
    ]);
    expect(sk.totals).toMatchObject({ net: '51782.16', vat: '11427.64', gross: '63209.80' });
    // The same sum row in whole amounts, "Razem" (pl).
    const pl = read([
      page([
        line(row(0), ['Faktura 17/11', 0.11, 0.3]),
        line(
          row(10),
          ['Stawka VAT', 0.34, 0.45],
          ['Wartość netto', 0.5, 0.62],
          ['Kwota VAT', 0.68, 0.76],
          ['Wartość brutto', 0.82, 0.95],
        ),
        line(
          row(11),
          ['23%', 0.38, 0.41],
          ['83500', 0.54, 0.6],
          ['19205', 0.71, 0.76],
          ['102705', 0.86, 0.92],
        ),
        line(row(12), ['8%', 0.39, 0.41], ['43100', 0.54, 0.6], ['3448', 0.72, 0.76], ['46548', 0.87, 0.92]),
        line(
          row(13),
          ['Razem', 0.26, 0.31],
          ['126600', 0.53, 0.6],
          ['22653', 0.71, 0.76],
          ['149253', 0.86, 0.92],
        ),
      ]),
    ]);
    expect(pl.totals).toMatchObject({ net: '126600', vat: '22653', gross: '149253' });
  });
});

describe('readTextInvoice: totals of further forms', () => {
  it('reads whole amounts under a rate with decimals, never the rate as an amount ("TVA 19.25%")', () => {
    const d = read([
      page([
        line(row(0), ['FACTURE N° FAC006', 0.1, 0.4]),
        line(row(20), ['TOTAL HT', 0.4, 0.5], ['3 248 500', 0.8, 0.9]),
        line(row(21), ['TVA 19.25%', 0.4, 0.5], ['625 336', 0.8, 0.9]),
        line(row(22), ['TOTAL TTC', 0.4, 0.5], ['3 873 836', 0.8, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '3248500', vat: '625336', gross: '3873836' });
  });

  it('reads a balance’s net ("SOLDE HT") under the order’s total', () => {
    const d = read([
      page([
        line(row(0), ['FACTURE N° FAC004', 0.1, 0.4]),
        line(row(20), ['TOTAL HT', 0.4, 0.5], ['14 228 000', 0.8, 0.9]),
        line(row(21), ['SOLDE HT', 0.4, 0.5], ['7 114 000', 0.8, 0.9]),
        line(row(22), ['TVA SUR SOLDE 19.25%', 0.35, 0.5], ['1 369 445', 0.8, 0.9]),
        line(row(23), ['TOTAL TTC', 0.4, 0.5], ['8 483 445', 0.8, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '7114000', vat: '1369445', gross: '8483445' });
  });

  it('reads a subtotal’s row that carries the net, the rate, the VAT and the total', () => {
    const d = read([
      page([
        line(row(0), ['FACTURA Seria SRV nr. 1499', 0.1, 0.4]),
        line(
          row(20),
          ['Subtotaluri –RON–', 0.24, 0.4],
          ['16.310,00', 0.59, 0.66],
          ['19,0', 0.68, 0.71],
          ['3.098,90', 0.75, 0.82],
          ['19.408,90', 0.86, 0.94],
        ),
        line(
          row(21),
          ['Valoare totală de plată factura curentă – incl. TVA –RON–', 0.07, 0.6],
          ['19.408,90', 0.86, 0.94],
        ),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '16310.00', vat: '3098.90', gross: '19408.90' });
  });

  it('reads the net after a discount ("Net HT" under "Total HT" and "Remise")', () => {
    const d = read([
      page([
        line(row(0), ['FACTURE', 0.08, 0.2]),
        line(row(20), ['Total HT', 0.71, 0.78], ['16,256.86 €', 0.87, 0.95]),
        line(row(21), ['Remise', 0.71, 0.76], ['200.00 €', 0.89, 0.95]),
        line(row(22), ['Net HT', 0.71, 0.76], ['16,056.86 €', 0.87, 0.95]),
        line(row(23), ['TVA (20%)', 0.71, 0.78], ['3,211.37 €', 0.88, 0.95]),
        line(row(24), ['Total TTC', 0.71, 0.78], ['19,268.23 €', 0.85, 0.95]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '16056.86', vat: '3211.37', gross: '19268.23' });
  });
});

describe('readTextInvoice: a breakdown of several rates under the totals’ headings', () => {
  const breakdown = (sum: LayoutLine[]) =>
    read([
      page([
        line(row(0), ['Rechnung RE-4711', 0.45, 0.7]),
        line(row(2), ['Rechnungsdatum: 10.01.2025', 0.52, 0.8]),
        line(row(20), ['Summe nach Steuersatz', 0.1, 0.35]),
        line(
          row(21),
          ['Steuersatz', 0.1, 0.2],
          ['Nettobetrag', 0.45, 0.56],
          ['MwSt. Betrag', 0.59, 0.7],
          ['Gesamtbetrag', 0.81, 0.93],
        ),
        line(
          row(22),
          ['A = 19%', 0.1, 0.17],
          ['30,00 €', 0.49, 0.55],
          ['5,70 €', 0.65, 0.7],
          ['35,70 €', 0.87, 0.93],
        ),
        line(
          row(23),
          ['B = 7%', 0.1, 0.16],
          ['50,00 €', 0.49, 0.55],
          ['3,50 €', 0.65, 0.7],
          ['53,50 €', 0.87, 0.93],
        ),
        ...sum,
      ]),
    ]).totals;

  it("takes no single rate's row for the totals: its rows added up, when the total is printed", () => {
    const sum = [line(row(24), ['Summe:', 0.63, 0.7], ['89,20 €', 0.87, 0.93])];
    expect(breakdown(sum)).toMatchObject({ net: '80.00', vat: '9.20', gross: '89.20' });
  });

  it('leaves the totals unread when no total says that no row was lost', () => {
    const t = breakdown([]);
    expect(t.net).toBeUndefined();
    expect(t.vat).toBeUndefined();
  });
});

describe('readTextInvoice: an item row and the sum row of one rate', () => {
  it("keeps the sum row's totals where the one item's row checks at the same rate", () => {
    const d = read([
      page([
        line(row(0), ['Faktura VAT nr 1/2025', 0.3, 0.7]),
        line(
          row(10),
          ['netto', 0.53, 0.58],
          ['netto', 0.62, 0.67],
          ['VAT', 0.77, 0.8],
          ['brutto', 0.85, 0.9],
        ),
        line(
          row(11),
          ['Usługi programistyczne', 0.07, 0.3],
          ['1 usł. 2845,53 2845,53 23% 654,47', 0.45, 0.8],
          ['3500,00', 0.84, 0.9],
        ),
        line(row(12), ['Razem', 0.52, 0.58], ['2845,53 23% 654,47 3500,00', 0.61, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '2845.53', vat: '654.47', gross: '3500.00' });
  });
});

describe('readTextInvoice: Norwegian totals', () => {
  it('reads "Delsum", "MVA", "Totalsum" and "Totalbeløp forfaller"', () => {
    const d = read([
      page([
        line(row(0), ['FAKTURA', 0.4, 0.5]),
        line(row(2), ['Fakturanummer:', 0.36, 0.5], ['E08007UINW', 0.6, 0.75]),
        line(row(20), ['Delsum', 0.05, 0.1], ['84,00', 0.89, 0.93]),
        line(row(21), ['MVA', 0.05, 0.08], ['(0,000%)', 0.11, 0.16], ['0,00', 0.9, 0.93]),
        line(row(22), ['Totalsum', 0.05, 0.12], ['84,00', 0.89, 0.93], ['NOK', 0.94, 0.97]),
        line(row(24), ['Totalbeløp forfaller:', 0.12, 0.3], ['84,00', 0.58, 0.62], ['NOK', 0.63, 0.66]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '84.00', vat: '0.00', gross: '84.00', payable: '84.00' });
  });
});

describe('readTextInvoice: Bulgarian totals', () => {
  it('reads "Размер на данъка" as the VAT, its value glued to the colon', () => {
    const d = read(
      [
        page([
          line(row(0), ['ФАКТУРА', 0.46, 0.56]),
          line(row(20), ['Данъчна основа: 741.67', 0.84, 0.97]),
          line(row(21), ['Дан. ставка(ДДС) 20%', 0.85, 0.97]),
          line(row(22), ['Размер на данъка:148.33', 0.83, 0.97]),
          line(row(23), ['Сума за плащане:890.00', 0.83, 0.97]),
        ]),
      ],
      { country: 'BG' },
    );
    expect(d.totals).toMatchObject({ net: '741.67', vat: '148.33', payable: '890.00' });
    // read on its own row, not worked out from the others
    expect(d.provenance['totals.vat']!.bbox![1]).toBeCloseTo(row(22));
  });
});
