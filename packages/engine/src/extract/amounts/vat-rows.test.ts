// Totals from a VAT breakdown whose rows check themselves (vat-rows.ts), on OCR'd pages whose
// total labels came out unreadable.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_BAR } from '../../project/field-sets.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import { readText as read } from '../../test-support/text-invoices.js';
import { segmentPage } from '../page/layout.js';
import { breakdownCandidates } from './vat-rows.js';

/** A photo's last page as OCR read it: every total label garbled, the breakdown's rows intact. */
const photo = (rows: string[], gross = 'Sruttowmme 529,87') =>
  page([
    line(row(0), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.6]),
    line(row(2), ['Kroner Waenwert Zu-/Abschtag Sarnbetrag Steuersatz [%) Steuerdetrag', 0.1, 0.9]),
    ...rows.map((text, i) => line(row(3 + i), [text, 0.1, 0.8])),
    line(row(8), ['Rechnunguuusmma ohne US. 471,00', 0.1, 0.8]),
    line(row(9), ['Steverbetrag in EUR ss', 0.1, 0.8]),
    line(row(10), [gross, 0.1, 0.8]),
  ]);
const twoRates = ['lysatesteuer IS 275,00 7 19,25', 'Umesatisteuer (5 198,00 19 37,62'];
const totals = (d: ReturnType<typeof read>) => ({
  net: d.totals.net,
  vat: d.totals.vat,
  gross: d.totals.gross,
  confirmed: ['net', 'vat', 'gross'].every(
    (k) => (d.provenance[`totals.${k}`]?.confidence ?? 0) >= CONFIDENCE_BAR,
  ),
});

describe('totals from a VAT breakdown whose rows check themselves', () => {
  it('adds up the rows when the gross they make is printed elsewhere', () => {
    const d = read([photo(twoRates)], { source: 'ocr' });
    expect(totals(d)).toEqual({ net: '473.00', vat: '56.87', gross: '529.87', confirmed: true });
  });

  it('takes no rows of one rate rounded one by one to other than the rate of their joint base', () => {
    // A ZUGFeRD hybrid's page: goods and shipping each taxed at 19 % and rounded apart; its XML
    // taxes the joint base once (153,77), the page's rows make 153,78 and an "Endsumme" a cent on.
    const page2 = (shipping: string) => [
      page([
        line(row(0), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.6]),
        line(row(10), ['Positionen netto', 0.43, 0.55], ['804,35 €', 0.88, 0.95]),
        line(row(11), ['Positionen USt. 19,00% auf 804,35 €', 0.43, 0.7], ['152,83 €', 0.88, 0.95]),
        line(row(12), [`Versandkosten USt. 19,00% auf ${shipping}`, 0.43, 0.7], ['0,95 €', 0.89, 0.95]),
        line(row(13), ['Endsumme', 0.43, 0.5], [shipping === '4,99 €' ? '963,12 €' : '963,13 €', 0.88, 0.95]),
      ]),
    ];
    expect(breakdownCandidates(page2('4,99 €').map(segmentPage))).toEqual([]);
    // Rows that round to the joint base's tax count as before.
    expect(breakdownCandidates(page2('5,00 €').map(segmentPage)).map((c) => c.value)).toEqual([
      '809.35',
      '153.78',
      '963.13',
    ]);
  });

  it('reads a row in either order, rate first or base first, and a credit note negative', () => {
    const rateFirst = read([photo(['19% 198,00 37,62'], 'Summe 235,62')], { source: 'ocr' });
    expect(totals(rateFirst)).toEqual({ net: '198.00', vat: '37.62', gross: '235.62', confirmed: true });
    const credit = read([photo(['Umsatzsteuer (S) -5,00 19 -0,95'], 'Bruttosumme -5,95')], { source: 'ocr' });
    expect(totals(credit)).toEqual({ net: '-5.00', vat: '-0.95', gross: '-5.95', confirmed: true });
  });

  it('takes nothing when the gross is not printed, or a row does not check', () => {
    const noGross = breakdownCandidates([segmentPage(photo(twoRates, 'Sruttowmme ss'))]);
    expect(noGross).toEqual([]);
    // 275,00 at 7 % is 19,25: a tax misread as 19,35 makes the row no evidence, so the rows
    // left (198,00 at 19 %) do not make the printed gross.
    const misread = ['lysatesteuer IS 275,00 7 19,35', 'Umesatisteuer (5 198,00 19 37,62'];
    expect(breakdownCandidates([segmentPage(photo(misread))])).toEqual([]);
  });

  it('takes a gross of 100.00 or more printed with one digit misread, never a smaller one', () => {
    // The photo's summary reads "Bruttosumme 300,96" for 340,96; its breakdown row is whole.
    const misreadGross = read([photo(['Umsatzsteuer (S) 286,52 19 54,44'], 'Bruttosumme 300,96')], {
      source: 'ocr',
    });
    expect(totals(misreadGross)).toEqual({ net: '286.52', vat: '54.44', gross: '340.96', confirmed: true });
    // Two digits apart: a row may have been lost.
    const twoApart = photo(['Umsatzsteuer (S) 286,52 19 54,44'], 'Bruttosumme 300,06');
    expect(breakdownCandidates([segmentPage(twoApart)])).toEqual([]);
    // 8,79 against a printed 4,79: with three digits a chance match is too likely.
    const small = photo(['Umsatzsteuer (S) 4,85 19 0,92', 'Umsatzsteuer (S) 2,82 7 0,20'], 'Zahlbetrag 4,79');
    expect(breakdownCandidates([segmentPage(small)])).toEqual([]);
  });

  it('takes two rows or more whose net is printed elsewhere, also with its decimal comma lost', () => {
    // The gross is printed nowhere; "Positionssumme 47300" is the rows' 473,00 without its comma.
    const netOnly = (net: string) =>
      page([
        line(row(0), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.6]),
        ...twoRates.map((text, i) => line(row(3 + i), [text, 0.1, 0.8])),
        line(row(8), [`Pautmonurme ${net}`, 0.1, 0.8]),
        line(row(9), ['Steverbetrag in EUR ss', 0.1, 0.8]),
      ]);
    for (const net of ['47300', '473,00'])
      expect(totals(read([netOnly(net)], { source: 'ocr' }))).toEqual({
        net: '473.00',
        vat: '56.87',
        gross: '529.87',
        confirmed: true,
      });
    // One row and a net printed elsewhere: the row's base is a line item's amount as often as not.
    const oneRow = page([
      line(row(0), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.6]),
      line(row(3), ['Umsatzsteuer (5) 198,00 19 37,62', 0.1, 0.8]),
      line(row(8), ['Positionssumme 198,00', 0.1, 0.8]),
    ]);
    expect(breakdownCandidates([segmentPage(oneRow)])).toEqual([]);
    // Another net than the rows': a row was lost.
    expect(breakdownCandidates([segmentPage(netOnly('47400'))])).toEqual([]);
  });

  it('takes a zero-rated breakdown only when its sum is printed on two other lines', () => {
    const exempt = (...sums: string[]) =>
      page([
        line(row(0), ['Rechnung Nr. 6069999998 vom 31.01.2025', 0.1, 0.6]),
        line(row(3), ['Umsatzsteuerbefreit nach 1 163,40 0 0.00', 0.1, 0.8]),
        ...sums.map((text, i) => line(row(8 + i), [text, 0.1, 0.8])),
      ]);
    // "1 163,40": the base split at its thousands by OCR is 1163,40, not 163,40.
    const d = read(
      [exempt('Rechnungssumme ohne USt 1.163,40', 'Steuerbetrag in EUR [)', 'Zahibetrag 1.163,40')],
      {
        source: 'ocr',
      },
    );
    expect(totals(d)).toEqual({ net: '1163.40', vat: '0.00', gross: '1163.40', confirmed: true });
    // Printed once, the base may be a line item's amount while a taxed row was lost.
    expect(breakdownCandidates([segmentPage(exempt('Positionssumme 1.163,40'))])).toEqual([]);
  });

  it('takes a base whose decimal comma OCR lost when its tax checks and the gross is printed as it is', () => {
    // A photo: "Umsatzsteuer (5) 841 ? 0,59" for 8,41 at 7 %, the rate read "?", the gross 9,00.
    const guessed = (rowText: string, gross: string) => photo([rowText], gross);
    expect(
      totals(read([guessed('Umsatzsteuer (5) 841 ? 0,59', 'Oruttosumme 9,00')], { source: 'ocr' })),
    ).toEqual({
      net: '8.41',
      vat: '0.59',
      gross: '9.00',
      confirmed: true,
    });
    // The rate printed on the row decides: 8,41 at 19 % is not 0,59.
    expect(
      breakdownCandidates([segmentPage(guessed('Umsatzsteuer (5) 841 19 0,59', 'Oruttosumme 9,00'))]),
    ).toEqual([]);
    // No gross printed as it is (a misread digit is not enough for a guessed base).
    expect(
      breakdownCandidates([segmentPage(guessed('Umsatzsteuer (5) 841 ? 0,59', 'Oruttosumme 9,06'))]),
    ).toEqual([]);
    // A tax no usual rate makes of the base.
    expect(
      breakdownCandidates([segmentPage(guessed('Umsatzsteuer (5) 841 ? 0,71', 'Oruttosumme 9,12'))]),
    ).toEqual([]);
  });

  it('is used on a text layer only where the labelled totals do not add up', () => {
    // A text layer printing its VAT only as the rows of its table ("19,00  33.61  6.39"), the
    // gross elsewhere; its 7 % row taxes nothing ("7,00  0.00  0.00": no base of 7.00 at 0 %).
    const table = read([
      page([
        line(row(0), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.6]),
        line(row(10), ['Summe', 0.16, 0.22], ['33.61', 0.9, 0.95]),
        line(
          row(11),
          ['Umsatzsteuer %', 0.16, 0.3],
          ['0,00', 0.43, 0.47],
          ['0.00', 0.71, 0.74],
          ['0.00', 0.92, 0.95],
        ),
        line(row(12), ['7,00', 0.43, 0.47], ['0.00', 0.71, 0.74], ['0.00', 0.92, 0.95]),
        line(row(13), ['19,00', 0.42, 0.47], ['33.61', 0.7, 0.74], ['6.39', 0.92, 0.95]),
        line(row(15), ['Endbetrag', 0.16, 0.25], ['EUR', 0.72, 0.75], ['40.00', 0.91, 0.95]),
      ]),
    ]);
    expect(totals(table)).toEqual({ net: '33.61', vat: '6.39', gross: '40.00', confirmed: true });
    // Labelled totals that add up are read as printed, whatever the rows say.
    const labelled = read([
      page([
        line(row(0), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.6]),
        line(row(3), ['Umsatzsteuer 19 % auf 100,00', 0.1, 0.5], ['19,00', 0.8, 0.9]),
        line(row(5), ['Nettobetrag', 0.1, 0.3], ['100,00', 0.8, 0.9]),
        line(row(6), ['Umsatzsteuer', 0.1, 0.3], ['19,00', 0.8, 0.9]),
        line(row(7), ['Gesamtbetrag', 0.1, 0.3], ['119,00', 0.8, 0.9]),
      ]),
    ]);
    expect(totals(labelled)).toEqual({ net: '100.00', vat: '19.00', gross: '119.00', confirmed: true });
    // Rows whose sum is not the labelled gross (a discount after them, a cent of rounding) give
    // nothing, though that sum is printed somewhere.
    const discounted = read([
      page([
        line(row(0), ['Factura N° 0001-00000012', 0.1, 0.6]),
        line(row(8), ['IVA 21%', 0.1, 0.2], ['100,00', 0.5, 0.6], ['21,00', 0.8, 0.9]),
        line(row(9), ['Importe 121,00', 0.1, 0.4]),
        line(row(11), ['Total', 0.1, 0.2], ['122,00', 0.8, 0.9]),
      ]),
    ]);
    expect(discounted.totals.net).toBeUndefined();
    expect(discounted.provenance['totals.gross']?.confidence ?? 0).toBeLessThan(CONFIDENCE_BAR);
  });
});
