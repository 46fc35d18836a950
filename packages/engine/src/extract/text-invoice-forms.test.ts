// The text reader on label families and page forms of further billing programs: Spanish and
// Italian totals' labels, a stamp duty that is no VAT, a label set on two lines, the date of a
// title block without a label, the seller named in the first column of the page's foot, and the
// wording of a due date in a sentence.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_BAR } from '../project/field-sets.js';
import { LINE_H, line, page, row } from '../test-support/layout-pages.js';
import { readText as read } from '../test-support/text-invoices.js';
import { lastAmount } from './amounts/row-amounts.js';
import { matchLabel } from './page/labels.js';

describe('label families', () => {
  it('reads Spanish totals as "total parcial", "total impuestos", "saldo adeudado", and "cobrar a"', () => {
    const d = read([
      page([
        line(row(0), ['FACTURA', 0.12, 0.25]),
        line(row(1), ['INV/2024/00005', 0.12, 0.3]),
        line(row(2), ['Fecha: 05/07/2024', 0.7, 0.9]),
        line(row(6), ['COBRAR A', 0.12, 0.22], ['ENVIE A', 0.51, 0.6]),
        line(row(7), ['Anita Oliver', 0.12, 0.25], ['Pedro Ruiz', 0.51, 0.62]),
        line(row(8), ['Calle Mayor 5', 0.12, 0.25], ['Calle Mayor 7', 0.51, 0.62]),
        line(row(9), ['28013 Madrid', 0.12, 0.25], ['28013 Madrid', 0.51, 0.62]),
        line(row(20), ['TOTAL PARCIAL', 0.65, 0.78], ['1419.00', 0.82, 0.9]),
        line(row(21), ['TOTAL IMPUESTOS', 0.63, 0.78], ['298.00', 0.83, 0.9]),
        line(row(22), ['Saldo adeudado', 0.6, 0.75], ['1717.00', 0.82, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '1419.00', vat: '298.00', gross: '1717.00' });
    // "Envíe a" (ship to) heads a delivery address, not the buyer's.
    expect(d.buyer.name).toBe('Anita Oliver');
  });

  it('reads Italian totals written "Tot." and a due date under "Scadenze"', () => {
    const d = read([
      page([
        line(row(0), ['Fattura n. 145 del 31/05/2024', 0.05, 0.4]),
        line(row(20), ['Pagamento', 0.07, 0.2], ['Scadenze', 0.39, 0.5]),
        line(
          row(21),
          ['Bonifico vista fattura', 0.07, 0.3],
          ['30/06/2024', 0.39, 0.5],
          ['€ 72.430,67', 0.55, 0.65],
        ),
        line(row(24), ['Tot. imponibile', 0.59, 0.7], ['€ 59.369,40', 0.84, 0.95]),
        line(row(25), ['Tot. Iva', 0.59, 0.7], ['€ 13.061,27', 0.84, 0.95]),
        line(row(26), ['Tot. documento', 0.59, 0.7], ['€ 72.430,67', 0.84, 0.95]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '59369.40', vat: '13061.27', gross: '72430.67' });
    expect(d.due_date).toBe('2024-06-30');
  });

  it('takes no stamp duty ("Imposta di bollo") for the VAT of an invoice free of VAT', () => {
    const d = read([
      page([
        line(row(0), ['Fattura n° 15 del 09/06/2023', 0.6, 0.95]),
        line(row(8), ['Voce', 0.1, 0.15], ['IVA', 0.71, 0.74], ['Importo €', 0.79, 0.86]),
        line(row(9), ['Consulenza informatica', 0.1, 0.4], ['ES', 0.71, 0.73], ['336,00', 0.8, 0.86]),
        line(row(10), ['Manutenzione server', 0.1, 0.4], ['ES', 0.71, 0.73], ['160,00', 0.8, 0.86]),
        line(row(36), ['Imponibile', 0.67, 0.75], ['496,00', 0.8, 0.86]),
        line(row(37), ['Totale', 0.71, 0.76], ['496,00', 0.8, 0.86]),
        line(row(38), ['Pagare €', 0.67, 0.75], ['496,00', 0.8, 0.86]),
        line(row(43), ['Imposta di bollo assolta sull’originale id: 01211590700507', 0.1, 0.6]),
        line(row(46), ['0% - In franchigia da IVA art. 1, c. 54-89, L 190/2014', 0.1, 0.6]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '496.00', gross: '496.00' });
    expect(d.totals?.vat ?? '0.00').toBe('0.00');
  });

  it('reads a Croatian invoice free of VAT: "Ukupni iznos", a dash for the VAT of a rate', () => {
    const invoice = (vat: string) =>
      read([
        page([
          line(row(0), ['RAČUN br. 1-1-1', 0.1, 0.3]),
          line(row(20), ['OSNOVICA', 0.65, 0.75], ['513,17 EUR', 0.85, 0.95]),
          line(row(21), ['PDV (25%)', 0.65, 0.75], [vat, 0.86, 0.95]),
          line(row(22), ['UKUPNI IZNOS', 0.65, 0.78], ['513,17 EUR', 0.85, 0.95]),
          line(row(24), ['Napomena: Oslobođeno PDV-a temeljem članka 90. st. 1 Zakona o PDV-u', 0.08, 0.7]),
        ]),
      ]);
    const free = invoice('- EUR');
    expect(free.totals).toMatchObject({ net: '513.17', gross: '513.17' });
    expect(free.provenance['totals.gross']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    // (an amount beside the rate is VAT charged: totals that do not add up stay below the bar)
    expect(invoice('128,29 EUR').provenance['totals.gross']!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('reads a due date in a sentence: "überweise … bis", "régler d’ici le"', () => {
    const de = read([
      page([
        line(row(0), ['Rechnung Nr. 12 vom 23.08.2019', 0.3, 0.7]),
        line(row(20), ['Bitte überweise den Betrag bis 2019-09-06 auf folgendes Konto:', 0.12, 0.7]),
      ]),
    ]);
    expect(de.due_date).toBe('2019-09-06');
    const fr = read([
      page([
        line(row(0), ['Facture N° 7 du 10/03/2024', 0.3, 0.7]),
        line(row(20), ['Merci de régler d’ici le 20/03/2024 par virement', 0.12, 0.7]),
      ]),
    ]);
    expect(fr.due_date).toBe('2024-03-20');
    // Terms that name the net amount's date and a discount's: the net one is the candidate, for a
    // person to confirm (below the bar, as any date out of a sentence with other numbers).
    const terms = (sentence: string) =>
      read([
        page([
          line(row(0), ['Rechnung Nr. 471102 vom 05.03.2013', 0.3, 0.7]),
          line(row(20), [sentence, 0.12, 0.9]),
        ]),
      ]);
    for (const sentence of [
      'Zahlbar innerhalb 30 Tagen netto bis 04.04.2013, 3% Skonto innerhalb 10 Tagen bis 15.03.2013',
      'Zahlbar mit 3% Skonto bis 15.03.2013 oder netto bis 04.04.2013',
    ]) {
      const d = terms(sentence);
      expect(d.due_date, sentence).toBe('2013-04-04');
      expect(d.provenance.due_date!.confidence).toBeLessThan(CONFIDENCE_BAR);
    }
  });

  it('reads the number of a Czech or Slovak tax document ("Daňový doklad č. 4")', () => {
    const title = read([page([line(row(0), ['Daňový doklad č. 4', 0.08, 0.3])])]);
    expect(title.number).toBe('4');
    const noted = read([
      page([
        line(
          row(10),
          ['Daňový doklad č. (Invoice No): 2406000590', 0.1, 0.45],
          ['Datum: 3.10.2006', 0.6, 0.9],
        ),
      ]),
    ]);
    expect(noted.number).toBe('2406000590');
  });

  it('reads a Lithuanian date of issue ("Išrašyta") and total ("VISO")', () => {
    const d = read([
      page([
        line(row(0), ['SĄSKAITA FAKTŪRA', 0.36, 0.6]),
        line(row(1), ['Serija: VVP, Nr. 00001', 0.07, 0.3], ['Išrašyta: 2015-03-31', 0.53, 0.75]),
        line(row(20), ['Prekės pavadinimas', 0.1, 0.3], ['SUMA', 0.85, 0.92]),
        line(row(21), ['Svetainės programavimo darbai', 0.1, 0.4], ['180,00 €', 0.84, 0.92]),
        line(row(22), ['Kitos paslaugos', 0.1, 0.4], ['20,00 €', 0.85, 0.92]),
        line(row(23), ['VISO:', 0.75, 0.8], ['200,00 €', 0.84, 0.92]),
      ]),
    ]);
    expect(d.issue_date).toBe('2015-03-31');
    expect(d.totals?.gross).toBe('200.00');
  });

  it('takes the issuer ("Aussteller") for the seller', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 12 vom 23.08.2019', 0.3, 0.7]),
        line(row(4), ['Empfänger', 0.12, 0.2], ['Aussteller', 0.51, 0.6]),
        line(row(5), ['Gyro Gearloose', 0.12, 0.25], ['Scrooge McDuck', 0.51, 0.65]),
        line(row(6), ['Inventor Drive 23', 0.12, 0.25], ['Killmotor Hill 1', 0.51, 0.65]),
        line(row(7), ['12345 Duckburg', 0.12, 0.25], ['12345 Duckburg', 0.51, 0.65]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Scrooge McDuck', 'Gyro Gearloose']);
  });
});

describe('page forms', () => {
  it('reads the value under a label set on two lines ("DATE" / "D’ÉMISSION" / the date)', () => {
    const d = read([
      page([
        line(row(0), ['FACTURE', 0.82, 0.95]),
        line(row(1), ['FAC-2026-001', 0.84, 0.95]),
        line(row(3), ['DATE', 0.04, 0.09], ['RÉF. DEVIS', 0.15, 0.24]),
        line(row(3.8), ["D'ÉMISSION", 0.04, 0.12], ['DEV-2026-001', 0.15, 0.25]),
        line(row(4.6), ['15/01/2026', 0.04, 0.12]),
      ]),
    ]);
    expect(d.issue_date).toBe('2026-01-15');
  });

  it('reads the value under a grid heading that goes on in small letters ("Data documento" / "destinatario")', () => {
    const d = read([
      page([
        line(row(0), ['Cedente/prestatore (fornitore)', 0.08, 0.35]),
        line(row(8), ['Tipologia', 0.09, 0.18], ['Numero', 0.55, 0.61], ['Data documento', 0.73, 0.84]),
        line(row(8.7), ['documento', 0.09, 0.18], ['documento', 0.54, 0.62], ['destinatario', 0.75, 0.84]),
        line(row(9.6), ['TD01 (fattura)', 0.07, 0.2], ['123', 0.56, 0.58], ['18-12-2014', 0.74, 0.82]),
      ]),
    ]);
    expect(d.issue_date).toBe('2014-12-18');
  });

  it('reads the date standing alone under the number of a title block', () => {
    const block = (under: string) =>
      read([
        page([
          line(row(0), ['FACTURE', 0.86, 0.95]),
          line(row(0.4), ['Jane Doe', 0.07, 0.16]),
          line(row(1), ['2026F02-001', 0.76, 0.95]),
          line(row(2), [under, 0.85, 0.95]),
          line(row(2.4), ['12 rue de la Paix', 0.07, 0.2]),
          line(row(3.4), ['69001 Lyon', 0.07, 0.16]),
        ]),
      ]);
    expect(block('02/03/2026').issue_date).toBe('2026-03-02');
    // Not a date with other words beside it in its cell.
    expect(block('Livré le 02/03/2026').issue_date).toBeUndefined();
  });

  it('reads a sender line wrapped onto a second line, its town alone there', () => {
    const d = read([
      page([
        line(row(0), ['Silas Rathgeber', 0.19, 0.35]),
        line(row(6), ['Silas Rathgeber - Bürgermeister-Martin-Donandt-Platz 22 - 27568', 0.13, 0.48]),
        line(row(6.7), ['Bremerhaven', 0.13, 0.2]),
        line(row(9), ['Claus Middelhuß', 0.13, 0.24]),
        line(row(10), ['Van Heukelum Straße 12a', 0.13, 0.28]),
        line(row(11), ['27568 Bremerhaven', 0.13, 0.25]),
        line(row(12), ['Rechnungsdatum', 0.55, 0.66], ['21.05.2025', 0.81, 0.9]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Silas Rathgeber', 'Claus Middelhuß']);
  });

  it('reads the recipient greeted on its name\'s own line ("Mevrouw M.S. Post")', () => {
    const window = (name: string) =>
      read([
        page([
          line(row(0), ['factuur', 0.05, 0.15]),
          line(row(4), [name, 0.05, 0.2], ['contactpersoon', 0.6, 0.75]),
          line(row(5), ['Fugastraat 10', 0.05, 0.16]),
          line(row(6), ['7534 GC ENSCHEDE', 0.05, 0.18]),
          line(row(9), ['factuurnummer', 0.05, 0.16], ['2209058', 0.3, 0.37]),
        ]),
      ]).buyer.name;
    expect(window('Mevrouw M.S. Post')).toBe('M.S. Post');
    // A company's short name in capitals is no salutation ("MS" is not "Ms"): no one greets it.
    expect(window('MS Solutions B.V.')).toBeUndefined();
  });

  it('takes the BIC printed beside the IBAN where the page gives the account a second time', () => {
    const d = read([
      page([
        line(row(0), ['factuurnummer 2209058', 0.05, 0.3]),
        line(row(30), [
          'Graag binnen 30 dagen overmaken op IBAN: NL62 INGB 0651 7722 65 o.v.v. het',
          0.05,
          0.8,
        ]),
        line(row(32), ['Regel 0 van de voorwaarden', 0.05, 0.5]),
        line(row(33), ['Regel 1 van de voorwaarden', 0.05, 0.5]),
        line(row(34), ['Regel 2 van de voorwaarden', 0.05, 0.5]),
        line(row(35), ['Regel 3 van de voorwaarden', 0.05, 0.5]),
        line(row(36), ['Regel 4 van de voorwaarden', 0.05, 0.5]),
        line(row(37), ['Regel 5 van de voorwaarden', 0.05, 0.5]),
        line(row(48), [
          'IBAN: NL62 INGB 0651 7722 65 / BIC: INGBNL2A / KvK Enschede nr. 08126099',
          0.05,
          0.9,
        ]),
      ]),
    ]);
    expect(d.payment?.accounts?.[0]).toMatchObject({ iban: 'NL62INGB0651772265', bic: 'INGBNL2A' });
  });

  it("names the seller by the first column of the page's foot, beside its ids or over its address", () => {
    const ids = read([
      page([
        line(row(0), ['FACTUUR', 0.37, 0.5], ['Factuurnummer: F-2026-0002', 0.68, 0.95]),
        line(row(1), ['Datum: 28-01-2026', 0.76, 0.95]),
        line(
          row(48),
          ['E&U TRANSPORT', 0.1, 0.25],
          ['T : 0636129223', 0.45, 0.6],
          ['BTW : NL851349985B01', 0.74, 0.95],
        ),
      ]),
    ]);
    expect(ids.seller.name).toBe('E&U TRANSPORT');
    const address = read([
      page([
        line(row(0), ['KONTANTFAKTURA', 0.48, 0.7]),
        line(row(1), ['Faktura nr. 776959', 0.81, 0.95]),
        line(row(48), ['Naprapatlandslaget', 0.05, 0.2], ['E-post:', 0.62, 0.68]),
        line(row(49), ['Surbrunnsgatan 34, 113 48 Stockholm', 0.05, 0.35]),
      ]),
    ]);
    expect(address.seller.name).toBe('Naprapatlandslaget');
    // A footer's column headings name no one ("Anschrift" over the address, "Bankverbindung").
    const headings = read([
      page([
        line(row(0), ['Rechnung Nr. 776959', 0.6, 0.95]),
        line(row(48), ['Anschrift', 0.05, 0.15], ['Kontakt', 0.4, 0.5], ['Bankverbindung', 0.7, 0.85]),
        line(row(49), ['Hauptstraße 34, 10115 Berlin', 0.05, 0.3], ['USt-IdNr. DE136695976', 0.4, 0.6]),
      ]),
    ]);
    expect(headings.seller.name).toBeUndefined();
    // Scoro's foot: the name over its street and place, the country under them beside the VAT id.
    const scoro = read([
      page([
        line(row(0), ['Invoice No. 15293', 0.07, 0.3]),
        line(row(47), ['Sound and Vision OÜ', 0.07, 0.25], ['Phone: 3726512238', 0.35, 0.5]),
        line(row(48), ['Laki põik 6', 0.07, 0.15], ['E-mail: info@soundandvision.ee', 0.35, 0.6]),
        line(row(49), ['12919 Tallinn', 0.07, 0.17], ['Reg. No.: 11327069', 0.35, 0.5]),
        line(row(50), ['Estonia', 0.07, 0.12], ['Tax/VAT No.: EE101103673', 0.35, 0.53]),
      ]),
    ]);
    expect(scoro.seller.name).toBe('Sound and Vision OÜ');
    // A legal form wrapped onto the next line of the column goes on with the name over it.
    const wrappedForm = read([
      page([
        line(row(0), ['Martins Instalações Unipessoal Lda.', 0.44, 0.7]),
        line(row(2), ['Fatura FT 2026/178', 0.58, 0.8]),
        line(row(47), ['Martins Instalações Unipessoal', 0.08, 0.25], ['Tel. +351 468 221 153', 0.28, 0.45]),
        line(row(47.7), ['Lda.', 0.08, 0.1], ['Email', 0.28, 0.32]),
        line(row(48.4), ['Rua Augusta, 173', 0.08, 0.2], ['office@martinsinstalacoes.pt', 0.28, 0.45]),
        line(row(49.1), ['8000-078 Faro', 0.08, 0.18]),
      ]),
    ]);
    expect(wrappedForm.seller.name).toBe('Martins Instalações Unipessoal Lda.');
    // A payment slip's payer at the foot, its address with no ids beside it, names no seller.
    const slip = read([
      page([
        line(row(0), ['Faktura', 0.53, 0.6], ['Fakturadatum 2014-09-29', 0.75, 0.95]),
        line(
          row(47),
          ['DEMO DEMOSSON', 0.1, 0.2],
          ['OCR/FAKTURANUMMER', 0.54, 0.7],
          ['1499993040', 0.77, 0.88],
        ),
        line(row(48), ['Tallbacksvägen 20', 0.1, 0.22]),
        line(
          row(49),
          ['633 69 Skogstorp', 0.1, 0.22],
          ['FÖRFALLODATUM', 0.54, 0.66],
          ['2014-10-13', 0.77, 0.86],
        ),
      ]),
    ]);
    expect(slip.seller.name).toBeUndefined();
  });
});

describe('further forms', () => {
  it('reads "Verkauft an" as the buyer\'s heading and "Versand an" as a delivery address', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung', 0.8, 0.9]),
        line(row(3), ['CALCUSO GmbH', 0.08, 0.2], ['Rechnungsnummer', 0.51, 0.62], ['CAO995406', 0.83, 0.93]),
        line(
          row(4),
          ['MwSt./USt-ID: DE815357189', 0.08, 0.3],
          ['Rechnungsdatum', 0.51, 0.62],
          ['05.11.2024', 0.83, 0.92],
        ),
        line(row(6), ['Verkauft an', 0.08, 0.16], ['Versand an', 0.51, 0.58]),
        line(row(7), ['Sadan Akbari', 0.08, 0.18], ['Lisa Akbari', 0.51, 0.6]),
        line(row(8), ['Fasanenweg 15', 0.08, 0.18], ['Fasanenweg 15', 0.51, 0.6]),
        line(row(9), ['63303 Dreieichenhain', 0.08, 0.22], ['63303 Dreieichenhain', 0.51, 0.65]),
      ]),
    ]);
    expect([d.buyer.name, d.seller.vat_id]).toEqual(['Sadan Akbari', 'DE815357189']);
  });

  it('reads a number whose parts a spaced slash sets apart, and no month of a year for one', () => {
    const number = (text: string) =>
      read([page([line(row(0), ['Rechnung', 0.1, 0.2]), line(row(3), [text, 0.1, 0.4])])]).number;
    expect(number('Rechnungs-Nr. 2022 / 053')).toBe('2022/053');
    expect(number('Rechnungs-Nr. 5 / 12.03.2024')).toBe('5');
    const period = read([
      page([line(row(0), ['Fatura', 0.22, 0.3]), line(row(3), ['Fevereiro/2026', 0.22, 0.35])]),
    ]);
    expect(period.number).toBeUndefined();
  });

  it('reads a number after a leader of dots, after "Facture N :", and under an Austrian "Honorarnote"', () => {
    const number = (text: string) => read([page([line(row(3), [text, 0.08, 0.5])])]).number;
    expect(number('Nº FACTURA ................: 25/030840')).toBe('25/030840');
    expect(number('Facture N : 2026-001')).toBe('2026-001');
    expect(number('Honorarnote 2021-03')).toBe('2021-03');
  });

  it('takes no register number on the title\'s line for the invoice number ("Factuur … KvK-nummer")', () => {
    const d = read([
      page([
        line(row(0), ['SD Solutions BV', 0.68, 0.85]),
        line(row(2), ['Factuur', 0.12, 0.22], ['KvK-nummer: 27124701', 0.68, 0.9]),
      ]),
    ]);
    expect(d.number).toBeUndefined();
  });

  it("reads the sum of an amount column headed as the net's for the net, not the gross", () => {
    const d = read([
      page([
        line(row(0), ['Factuur 2001-106', 0.12, 0.3]),
        line(row(10), ['omschrijving', 0.24, 0.35], ['totaal excl. btw', 0.68, 0.8]),
        line(row(11), ['Oracle Java SE', 0.24, 0.4], ['€ 2480.30', 0.68, 0.76]),
        line(row(12), ['Oracle VM', 0.24, 0.4], ['€ 630.24', 0.68, 0.76]),
        line(row(13), ['totaal', 0.6, 0.66], ['€ 3110.54', 0.68, 0.76]),
      ]),
    ]);
    expect(d.totals?.net).toBe('3110.54');
    expect(d.totals?.gross).toBeUndefined();
  });

  it("reads a sender line that repeats the letterhead's name without separators", () => {
    const d = read([
      page([
        line(row(0), ['Samy Hajar', 0.67, 0.8]),
        line(row(1), ['Dampfbadgasse 1/5/3', 0.67, 0.82]),
        line(row(2), ['1160 Wien', 0.67, 0.75]),
        line(row(8), ['Samy Hajar Dampfbadgasse 1/5/3 1160 Wien', 0.16, 0.45]),
        line(row(11), ['getsby GmbH', 0.12, 0.22]),
        line(row(12), ['Maria Jacobi Gasse 1', 0.12, 0.26]),
        line(row(13), ['1030 Wien', 0.12, 0.2]),
        line(row(16), ['Wien, 08.03.2021', 0.77, 0.9]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Samy Hajar', 'getsby GmbH']);
  });

  it('reads a sender line whose commas have no space after them', () => {
    const d = read([
      page([
        line(row(8), ['K&K Kommunikationssysteme GmbH,Haunstetter Str 19,86161 Augsburg', 0.1, 0.5]),
        line(row(9), ['Salamander Industrieprodukte GmbH', 0.1, 0.35]),
        line(row(10), ['Jakob-Siegle-Str. 58', 0.1, 0.25]),
        line(row(11), ['86842 Türkheim', 0.1, 0.2]),
        line(row(16), ['Rechnung Nr. 202430095', 0.1, 0.3], ['Datum: 01.02.2024', 0.69, 0.9]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual([
      'K&K Kommunikationssysteme GmbH',
      'Salamander Industrieprodukte GmbH',
    ]);
  });

  it("reads the page's opening name over its address past a line of its register number", () => {
    const d = read([
      page([
        line(row(0), ['Atelier Bois & Co', 0.11, 0.3], ['FACTURE', 0.78, 0.92]),
        line(row(1), ['SIRET 123 456 789 00012', 0.11, 0.3]),
        line(row(2), ['12 rue des Artisans, 75011 Paris', 0.11, 0.4]),
        line(row(5), ['Facturé à', 0.11, 0.2], ["Date d'émission : 15/07/2026", 0.71, 0.95]),
        line(row(6), ['Julie Marchand', 0.11, 0.25]),
      ]),
    ]);
    expect(d.seller.name).toBe('Atelier Bois & Co');
  });

  it('reads a party after its heading up to the register number run on after a dash', () => {
    const d = read([
      page([
        line(row(0), ['Facture N° FAC-2024-0042', 0.17, 0.45]),
        line(row(2), ['Fournisseur: ACME SAS - SIREN 123456789', 0.17, 0.55]),
      ]),
    ]);
    expect(d.seller.name).toBe('ACME SAS');
  });

  it('reads the sender named after "Remite:", its legal form after a comma', () => {
    const d = read([
      page([
        line(row(0), ['FACTURA DE ELECTRICIDAD', 0.17, 0.4]),
        line(row(8), [
          'Remite: IBERDROLA CLIENTES, S.A.U. Apartado de Correos 61175 28080 Madrid',
          0.6,
          0.98,
        ]),
        line(row(10), ['MECANIZADOS SINC, S.L.', 0.6, 0.76]),
        line(row(11), ['C/ DELS PLANS, 8', 0.6, 0.72]),
        line(row(12), ['03802 ALCOI', 0.6, 0.7]),
      ]),
    ]);
    expect(d.seller.name).toBe('IBERDROLA CLIENTES, S.A.U.');
  });

  it('reads a short heading that needs its colon on a line of its own ("A:", "To:")', () => {
    for (const heading of ['A:', 'To:', 'An:']) {
      const d = read([
        page([
          line(row(0), ['FATTURA N. 001/2024', 0.74, 0.95]),
          line(row(4), [heading, 0.1, 0.13]),
          line(row(5), ['Mario Rossi', 0.1, 0.2]),
          line(row(6), ['Via Garibaldi, 10', 0.1, 0.22]),
          line(row(7), ['00184, Roma', 0.1, 0.18]),
        ]),
      ]);
      expect(d.buyer.name, heading).toBe('Mario Rossi');
    }
  });

  it('reads a Dutch recipient greeted "Dhr." on its name\'s line without the salutation', () => {
    const d = read([
      page([
        line(row(0), ['bol.com b.v.', 0.05, 0.15], ['Dhr. M el Mathari', 0.5, 0.65]),
        line(row(1), ['Papendorpseweg 100, 3528 BJ Utrecht', 0.05, 0.35], ['Kapittelweg 409', 0.5, 0.62]),
        line(row(2), ['KvK Utrecht: 32147382', 0.05, 0.25], ['1216 JD HILVERSUM', 0.5, 0.64]),
        line(row(8), ['Factuurnummer: 8587333880016', 0.05, 0.4]),
      ]),
    ]);
    expect(d.buyer.name).toBe('M el Mathari');
  });
});

describe('abbreviated labels and wrapped values', () => {
  it('reads French totals whose labels are dotted ("Total T.V.A") and "Total exc. VAT"', () => {
    const french = read([
      page([
        line(row(0), ['Facture n° 21', 0.35, 0.5]),
        line(row(30), ['Total H.T:', 0.77, 0.85], ['164,89€', 0.86, 0.94]),
        line(row(31), ['Total T.V.A:', 0.76, 0.85], ['28,20€', 0.87, 0.94]),
        line(row(32), ['Total T.T.C:', 0.75, 0.85], ['193,09€', 0.86, 0.94]),
      ]),
    ]);
    expect(french.totals).toMatchObject({ net: '164.89', vat: '28.20', gross: '193.09' });
    const issued = read([
      page([
        line(row(0), ['Facture : n° 221002', 0.72, 0.9]),
        line(row(1), ['Émis le : 05/10/2022', 0.72, 0.9]),
      ]),
    ]);
    expect(issued.issue_date).toBe('2022-10-05');
    const english = read([
      page([
        line(row(0), ['Invoice date : 29/05/2018', 0.7, 0.95]),
        line(row(40), ['Total exc. VAT', 0.53, 0.65], ['2599.18', 0.89, 0.95]),
        line(row(41), ['Total VAT', 0.53, 0.62], ['472.72', 0.9, 0.95]),
        line(row(42), ['Total inc. VAT', 0.53, 0.65], ['3071.90', 0.89, 0.95]),
      ]),
    ]);
    expect(english.totals).toMatchObject({ net: '2599.18', vat: '472.72', gross: '3071.90' });
    // "Gross Amount incl. VAT" under a "Total" that is the net by arithmetic.
    const gross = read([
      page([
        line(row(0), ['Invoice No 123100401', 0.1, 0.3]),
        line(row(40), ['Total', 0.51, 0.55], ['381,12 €', 0.89, 0.95]),
        line(row(41), ['VAT 19 %', 0.51, 0.57], ['72,41 €', 0.9, 0.95]),
        line(row(42), ['Gross Amount incl. VAT', 0.51, 0.66], ['453,53 €', 0.89, 0.95]),
      ]),
    ]);
    expect(gross.totals).toMatchObject({ net: '381.12', vat: '72.41', gross: '453.53' });
  });

  it('reads Swedish "fakturabelopp" after a rounding row, and Portuguese "Montante total"', () => {
    const swedish = read([
      page([
        line(row(0), ['FAKTURA', 0.55, 0.65]),
        line(row(30), ['summa', 0.49, 0.53], ['96,887.24', 0.88, 0.95]),
        line(row(31), ['moms', 0.49, 0.53], ['24,221.81', 0.88, 0.95]),
        line(row(32), ['avrundning', 0.49, 0.56], ['-0.05', 0.92, 0.95]),
        line(row(33), ['fakturabelopp', 0.49, 0.58], ['SEK 121,109.00', 0.74, 0.95]),
      ]),
    ]);
    // (the gross before the rounding, EN 16931's BT-112; the rounded total is the amount payable)
    expect(swedish.totals).toMatchObject({ gross: '121109.05', rounding: '-0.05', payable: '121109.00' });
    const portuguese = read([
      page([
        line(row(0), ['FATURA # 0018', 0.07, 0.2]),
        line(
          row(4),
          ['DESCRIÇÃO', 0.07, 0.16],
          ['QTD', 0.54, 0.58],
          ['PREÇO', 0.68, 0.74],
          ['TOTAL', 0.83, 0.88],
        ),
        line(
          row(5),
          ['Suite Familiar', 0.07, 0.2],
          ['1', 0.56, 0.57],
          ['120.00€', 0.68, 0.75],
          ['120.00€', 0.83, 0.9],
        ),
        line(row(20), ['MONTANTE TOTAL:', 0.64, 0.78], ['120.00€', 0.87, 0.94]),
        line(row(22), ['MONTANTE A PAGAR:', 0.62, 0.78], ['120.00€', 0.87, 0.94]),
      ]),
    ]);
    expect(portuguese.totals?.gross).toBe('120.00');
    expect(portuguese.provenance['totals.gross']?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it('reads Slovenian "Neto vrednost" and Italian "Totale imposta"', () => {
    const slovenian = read([
      page([
        line(row(0), ['RAČUN', 0.76, 0.85]),
        line(row(30), ['Vrednost storitev:', 0.12, 0.3], ['9.900,00 €', 0.79, 0.9]),
        line(row(31), ['Popust (60%):', 0.12, 0.3], ['-5.940,00 €', 0.79, 0.9]),
        line(row(32), ['Neto vrednost:', 0.12, 0.3], ['3.960,00 €', 0.79, 0.9]),
        line(row(33), ['DDV (0%):', 0.12, 0.3], ['0,00 €', 0.83, 0.9]),
        line(row(34), ['SKUPAJ ZA PLAČILO:', 0.12, 0.35], ['3.960,00 €', 0.74, 0.9]),
      ]),
    ]);
    expect(slovenian.totals).toMatchObject({ net: '3960.00', gross: '3960.00' });
    const italian = read([
      page([
        line(row(0), ['Fattura n. 123 del 18/12/2014', 0.05, 0.4]),
        line(row(30), ['Totale imponibile', 0.6, 0.75], ['25,00', 0.88, 0.94]),
        line(row(31), ['Totale imposta', 0.6, 0.75], ['5,50', 0.89, 0.94]),
        line(row(32), ['Totale documento', 0.6, 0.75], ['30,50', 0.88, 0.94]),
      ]),
    ]);
    expect(italian.totals).toMatchObject({ net: '25.00', vat: '5.50', gross: '30.50' });
  });

  it('confirms a total printed over its item table by the rows that add up to it', () => {
    const invoice = (second: string) =>
      read([
        page([
          line(row(0), ['Tech Solutions SRL', 0.55, 0.75]),
          line(row(4), ['Fattura #2024/001', 0.1, 0.3]),
          line(row(10), ['Totale Fattura: €1,230.00', 0.1, 0.35]),
          line(
            row(14),
            ['Descrizione', 0.09, 0.2],
            ['Quantità', 0.38, 0.46],
            ['Prezzo Unitario', 0.53, 0.66],
            ['Totale', 0.78, 0.84],
          ),
          line(
            row(16),
            ['Servizio Consulenza', 0.09, 0.27],
            ['10', 0.38, 0.4],
            ['€100.00', 0.53, 0.6],
            ['€1,000.00', 0.78, 0.86],
          ),
          line(
            row(18),
            ['Supporto Tecnico', 0.09, 0.25],
            ['2', 0.38, 0.39],
            [second, 0.53, 0.6],
            ['€230.00', 0.78, 0.84],
          ),
        ]),
      ]);
    const d = invoice('€115.00');
    expect(d.totals?.gross).toBe('1230.00');
    expect(d.provenance['totals.gross']?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    // A row whose quantity times its price is not its amount: the rows prove nothing.
    expect(invoice('€125.00').provenance['totals.gross']?.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('reads an amount to pay alone as the total where the item rows add up to it', () => {
    const d = read([
      page([
        line(row(0), ["VILLE D'IVRY-SUR-SEINE", 0.07, 0.3]),
        line(row(6), ['FACTURE N° 2026-ODP-6', 0.3, 0.5]),
        line(
          row(16),
          ['DÉSIGNATION', 0.08, 0.22],
          ['P.U. HT', 0.6, 0.66],
          ['QTÉ', 0.72, 0.76],
          ['MONTANT HT', 0.82, 0.92],
        ),
        line(
          row(18),
          ['Occupation sol chantier', 0.08, 0.3],
          ['15.60 €', 0.6, 0.66],
          ['20', 0.74, 0.76],
          ['312.00 €', 0.84, 0.92],
        ),
        line(
          row(20),
          ['Poteau provisoire', 0.08, 0.25],
          ['2.50 €', 0.61, 0.66],
          ['12', 0.74, 0.76],
          ['30.00 €', 0.85, 0.92],
        ),
        line(row(30), ['TOTAL À PAYER 342.00 €', 0.66, 0.92]),
        line(row(34), [
          "Opération exonérée de TVA en vertu de l'article 256 B du Code Général des Impôts.",
          0.07,
          0.7,
        ]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '342.00', gross: '342.00' });
  });

  it('reads "À :" as the buyer\'s heading, and a street after "Esplanade" as no name', () => {
    const d = read([
      page([
        line(row(0), ['Esplanade Georges Marrane', 0.73, 0.93]),
        line(row(1), ['94200 Ivry-sur-Seine', 0.78, 0.93]),
        line(row(2), ['SIRET: 219 400 413 00010', 0.74, 0.93]),
        line(row(6), ['Facture', 0.43, 0.5]),
        line(row(10), ['À:', 0.05, 0.07]),
        line(row(12), ['Bureau Des Légendes', 0.05, 0.2]),
        line(row(14), ['36 Boulevard Des Orfèvres', 0.05, 0.22]),
        line(row(15), ['75000 PARIS', 0.05, 0.14]),
      ]),
    ]);
    expect(d.buyer.name).toBe('Bureau Des Légendes');
    expect(d.seller.name).toBeUndefined();
  });

  it('reads a number beside the title word in parts set apart by a slash ("2 / 2024")', () => {
    const d = read([
      page([
        line(row(0), ['Company Name', 0.05, 0.2]),
        line(
          row(8),
          ['Fattura', 0.57, 0.64],
          ['2 / 2024', 0.66, 0.72],
          ['Data', 0.78, 0.82],
          ['23/10/2024', 0.85, 0.95],
        ),
      ]),
    ]);
    expect([d.number, d.issue_date]).toEqual(['2/2024', '2024-10-23']);
  });

  it('reads "Factura Nro:" and a Czech title\'s "C." printed without its háček', () => {
    const spanish = read([
      page([
        line(row(0), ['DESGUAZAME S.L.', 0.39, 0.55]),
        line(row(12), ['Factura Nro: 1', 0.05, 0.18], ['Fecha: 2024-12-11', 0.77, 0.95]),
      ]),
    ]);
    expect([spanish.number, spanish.issue_date]).toEqual(['1', '2024-12-11']);
    const czech = read([page([line(row(0), ['FAKTURA - DOKLAD C. 201900021', 0.11, 0.45])])]);
    expect(czech.number).toBe('201900021');
  });

  it('reads the date after a labelled number ("Nr. Documento 5752579729 del 13/04/2026") and "Da pagare entro il"', () => {
    const d = read([
      page([
        line(
          row(14),
          ['Nr. Documento 5752579729 del 13/04/2026', 0.07, 0.35],
          ['DA PAGARE ENTRO IL', 0.48, 0.6],
          ['25/05/2026', 0.78, 0.85],
        ),
      ]),
    ]);
    expect([d.number, d.issue_date, d.due_date]).toEqual(['5752579729', '2026-04-13', '2026-05-25']);
    // A date after other words is not the number's.
    const other = read([page([line(row(14), ['Nr. Documento 5752579729 scaduto 13/04/2026', 0.07, 0.4])])]);
    expect(other.issue_date).toBeUndefined();
  });

  it('reads a Dutch FPDF form: the sender named by its own host over its ids, "Uw gegevens", "over te maken"', () => {
    const d = read([
      page([
        line(row(0), ['De Kaag Watersport', 0.48, 0.7]),
        line(row(1), ['http://www.dekaag.nl | info@dekaag.nl', 0.48, 0.75]),
        line(row(2), ['KvK 28102735 | BTW 813666181B01 | IBAN NL08 RABO 0102575568', 0.48, 0.95]),
        line(row(3), ['FACTUUR', 0.48, 0.6]),
        line(row(7), ['Uw gegevens', 0.05, 0.15]),
        line(row(8), ['Ricardo Matters', 0.05, 0.17]),
        line(row(12), ['Factuurdatum', 0.05, 0.15], ['04-12-2014', 0.24, 0.32]),
        line(row(13), ['Factuurnummer', 0.05, 0.15], ['ZDK140501', 0.24, 0.32]),
        line(row(40), ['Totaal exclusief BTW', 0.67, 0.8], ['€ 99,17', 0.86, 0.92]),
        line(row(41), ['21% BTW', 0.67, 0.72], ['€ 20,83', 0.86, 0.92]),
        line(row(42), ['Totaal', 0.67, 0.72], ['€ 120,-', 0.86, 0.92]),
        line(row(46), [
          'Wij verzoeken u vriendelijk het volledige bedrag voor 11-12-2014 over te maken op bankrekening',
          0.15,
          0.9,
        ]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name, d.due_date]).toEqual([
      'De Kaag Watersport',
      'Ricardo Matters',
      '2014-12-11',
    ]);
    expect(d.totals).toMatchObject({ net: '99.17', vat: '20.83', gross: '120' });
  });

  it('reads a Romanian series and number under the title ("Seria Z Nr. 4 din 17/01/2021") as the number', () => {
    const romanian = (title: string) =>
      read([
        page([
          line(row(0), [title, 0.08, 0.2]),
          line(row(1), ['Seria Z Nr. 4 din 17/01/2021', 0.08, 0.3], ['Scadentă la 17/01/2021', 0.74, 0.92]),
        ]),
      ]);
    const d = romanian('FACTURĂ');
    expect([d.number, d.issue_date]).toEqual(['Z 4', '2021-01-17']);
    // Under anything but the title, a series names no invoice (a delivery note's line, say).
    expect(romanian('AVIZ DE ÎNSOȚIRE').number).toBeUndefined();
  });

  it('reads a title\'s number with its series set apart and its date after a slash ("FACTURA PROD 69420 / 2024-09-10")', () => {
    const title = (text: string) => read([page([line(row(1), [text, 0.12, 0.4])])]);
    const d = title('FACTURA PROD 69420 / 2024-09-10');
    expect([d.number, d.issue_date]).toEqual(['PROD 69420', '2024-09-10']);
    // A number word is no series.
    expect(title('RECHNUNG NR 12345').number).not.toBe('NR 12345');
    // Portugal's certified programs: the document's type code, its series and the number after a
    // slash ("FATURA FT ESTG-2021-A/17859").
    expect(title('FATURA FT ESTG-2021-A/17859').number).toBe('FT ESTG-2021-A/17859');
    expect(title('FATURA FR A/412').number).toBe('FR A/412');
  });

  it("reads a title of the number and its date after the word before a date, and no car's registration date", () => {
    const d = read([
      page([
        line(row(0), ['FACTURE 2025092631 du 19/09/2025', 0.09, 0.4]),
        line(row(20), ['Vente de véhicule', 0.1, 0.3]),
        line(row(21), ['Date de 1ère mise en circulation : 09/05/2018', 0.1, 0.5]),
      ]),
    ]);
    expect([d.number, d.issue_date]).toEqual(['2025092631', '2025-09-19']);
    const car = read([page([line(row(21), ['Date de 1ère mise en circulation : 09/05/2018', 0.1, 0.5])])]);
    expect(car.issue_date).toBeUndefined();
  });

  it('reads the Portuguese "Data limite pag." as the due date, not the issue date', () => {
    const d = read([
      page([
        line(row(1), ['FATURA FT A/412', 0.6, 0.9]),
        line(row(2), ['Data: 2021-11-02', 0.8, 0.95]),
        line(row(30), ['DATA LIMITE PAG.', 0.41, 0.55], ['2021-11-05', 0.6, 0.7]),
      ]),
    ]);
    expect([d.issue_date, d.due_date]).toEqual(['2021-11-02', '2021-11-05']);
  });

  it('reads a total\'s label wrapped by a narrow cell with the words under it ("TOTAL" / "fără TVA")', () => {
    // Romania's e-invoice viewer: a grid of labels over values at the page's foot.
    const grid = (second: string) =>
      read([
        page([
          line(row(0), ['FACTURA PROD 69420 / 2024-09-10', 0.12, 0.4]),
          line(row(40), ['TVA TOTAL', 0.58, 0.66]),
          line(row(41), ['TOTAL', 0.11, 0.16]),
          line(row(41) + 0.004, ['19.05', 0.59, 0.63], ['TOTAL', 0.83, 0.88]),
          line(row(42), [second, 0.12, 0.18]),
          line(row(43), ['108.95', 0.11, 0.15], ['128', 0.84, 0.86]),
        ]),
      ]).totals;
    expect(grid('fără TVA')).toEqual({ net: '108.95', vat: '19.05', gross: '128' });
  });

  it('reads the number under a bare "Numero" in a row of headings (a FatturaPA print\'s grid)', () => {
    const d = read([
      page([
        line(
          row(0),
          ['Cedente/prestatore (fornitore)', 0.08, 0.35],
          ['Cessionario/committente (cliente)', 0.51, 0.8],
        ),
        line(row(8), ['Tipologia', 0.09, 0.16], ['Numero', 0.66, 0.7], ['Codice', 0.86, 0.9]),
        line(
          row(8) + 0.005,
          ['Causale', 0.35, 0.41],
          ['Art. 73', 0.59, 0.64],
          ['Data documento', 0.73, 0.83],
        ),
        line(row(9), ['documento', 0.09, 0.16], ['documento', 0.65, 0.71], ['destinatario', 0.85, 0.93]),
        line(row(10), ['TD01 (fattura)', 0.07, 0.16], ['123', 0.67, 0.69], ['18-12-2014', 0.74, 0.81]),
      ]),
    ]);
    expect([d.number, d.issue_date]).toEqual(['123', '2014-12-18']);
  });

  it('reads no number cut by a glyph the PDF maps to no character', () => {
    const d = read([
      page([
        line(row(0), ['Invoice', 0.05, 0.15]),
        line(row(2), ['Invoice number 2E9958F3\u00000010', 0.05, 0.35]),
      ]),
    ]);
    expect(d.number).toBeUndefined();
  });

  it('reads the number after a title\'s "N" whose degree sign the font dropped', () => {
    const d = read([
      page([
        line(row(0), ['FACTURE N FAC-2024-0042', 0.17, 0.45]),
        line(row(2), ['Date: 15/03/2024', 0.17, 0.3]),
      ]),
    ]);
    expect(d.number).toBe('FAC-2024-0042');
  });

  it('reads "n °" apart as a number word, and a date under the number after its day of the week', () => {
    const d = read([
      page([
        line(row(0), ['LEB RESEAU', 0.1, 0.2], ['Facture n °03-02-104', 0.76, 0.95]),
        line(row(1), ['04 allée de la treille', 0.1, 0.25], ['Vendredi 31 Aout 2023', 0.78, 0.95]),
        line(row(30), ['Sous total', 0.69, 0.76], ['74 831.22€', 0.83, 0.93]),
        line(row(31), ['TVA 20%', 0.7, 0.76], ['0.00', 0.88, 0.93]),
        line(row(32), ['Total', 0.73, 0.77], ['74 831.22€', 0.83, 0.93]),
      ]),
    ]);
    expect([d.number, d.issue_date]).toEqual(['03-02-104', '2023-08-31']);
    expect(d.totals?.net).toBe('74831.22');
  });

  it("takes no date from a generic label repeated beside other documents' dates", () => {
    const invoice = (second: string) =>
      read([
        page([
          line(row(0), ['SINGH RANJIT - P.IVA 03796680043', 0.27, 0.7]),
          line(row(8), ['Fattura', 0.16, 0.22]),
          line(row(9), ['Numero: 03/AUTO', 0.1, 0.25]),
          line(row(30), ['Documento di trasporto', 0.03, 0.2]),
          line(
            row(31),
            ['Numero', 0.17, 0.23],
            ['6', 0.31, 0.32],
            ['Data', 0.46, 0.5],
            ['04.08.2020', 0.6, 0.68],
          ),
          line(row(33), ['Numero', 0.17, 0.23], ['7', 0.31, 0.32], ['Data', 0.46, 0.5], [second, 0.6, 0.68]),
        ]),
      ]);
    expect(invoice('05.08.2020').issue_date).toBeUndefined();
    // Nor a generic date word another word qualifies: that thing's date.
    const work = read([
      page([
        line(row(0), ['Invoice', 0.57, 0.62], ['89973', 0.88, 0.93]),
        line(row(2), ['Invoice Date:', 0.57, 0.66]),
        line(row(4), ['Date of Work', 0.57, 0.65], ['04/02/2026', 0.87, 0.95]),
        line(row(9), ['Date Reg', 0.64, 0.7]),
        line(row(10), ['14/02/2018', 0.64, 0.7]),
      ]),
    ]);
    expect(work.issue_date).toBeUndefined();
    // Nor a date column headed on two lines as another date ("Date" / "délivrance").
    const column = read([
      page([
        line(row(0), ['JUSTIFICATIF DE VENTE (valant facture)', 0.06, 0.4]),
        line(row(8), ['Date', 0.48, 0.52], ['Montant / Taux', 0.7, 0.8]),
        line(
          row(8) + 0.005,
          ['Référence Qté Libellé', 0.04, 0.2],
          ['Total HT', 0.61, 0.68],
          ['Total TTC', 0.88, 0.95],
        ),
        line(row(9), ['délivrance', 0.46, 0.53], ['TVA', 0.79, 0.82]),
        line(
          row(10),
          ['3857433', 0.05, 0.11],
          ['KCOOK RECHAUD HPV240', 0.18, 0.4],
          ['01/02/2021', 0.46, 0.53],
          ['77,49 €', 0.62, 0.68],
        ),
      ]),
    ]);
    expect(column.issue_date).toBeUndefined();
    // One date beside the label, however often printed, is the invoice's.
    expect(invoice('04.08.2020').issue_date).toBe('2020-08-04');
  });

  it("reads a block's name without its salutation, and no form's word for a value it has not", () => {
    const d = read([
      page([
        line(row(0), ['FACTURE N° : 12345', 0.71, 0.9]),
        line(row(4), ['ÉMETTEUR :', 0.1, 0.2], ['DESTINATAIRE :', 0.78, 0.92]),
        line(row(6), ['01 23 45 67 89', 0.1, 0.2], ['M. ANTOINE DUMAS', 0.75, 0.92]),
        line(row(7), ['12 Rue des Lilas', 0.11, 0.25], ['3 Allée du Château', 0.75, 0.92]),
        line(row(8), ['75014 Paris, France', 0.11, 0.26], ['33000 Bordeaux, France', 0.71, 0.92]),
      ]),
    ]);
    expect(d.buyer.name).toBe('ANTOINE DUMAS');
    const none = read([
      page([
        line(row(0), ['Invoice Number: 123456XX', 0.03, 0.4]),
        line(row(8), ['Customer:', 0.03, 0.12]),
        line(row(9), ['Name: nicht vorhanden', 0.03, 0.25]),
        line(row(10), ['Phone: +49 1234-5678', 0.03, 0.25]),
      ]),
    ]);
    expect(none.buyer.name).toBeUndefined();
  });

  it('reads the tax code "C.F." as no part of a name', () => {
    const d = read([
      page([
        line(row(0), ['Fattura n. 5 del 16/09/2020', 0.05, 0.4]),
        line(row(3), ['Cessionario/committente', 0.41, 0.6]),
        line(row(4), ['LA FAVORITA DI BRUN G. & G. SRL - C.F. 01588530236', 0.41, 0.9]),
        line(row(5), ['Sede: VIA CA MAGRE 38 - 37063 ISOLA DELLA SCALA', 0.41, 0.9]),
      ]),
    ]);
    expect(d.buyer.name).toBe('LA FAVORITA DI BRUN G. & G. SRL');
  });

  it('reads a date a narrow cell wrapped: its year on the next line, flush with the label', () => {
    const d = read([
      page([
        line(row(0), ['RAČUN', 0.76, 0.85]),
        line(row(8), ['Številka računa: 21', 0.14, 0.3], ['Datum izdaje: 12. avgust', 0.64, 0.86]),
        line(row(9), ['2025', 0.64, 0.68]),
        line(row(11), ['Datum zapadlosti: 27.', 0.14, 0.32]),
        line(row(12), ['avgust 2025', 0.14, 0.24]),
      ]),
    ]);
    expect([d.issue_date, d.due_date]).toEqual(['2025-08-12', '2025-08-27']);
  });
});

describe('a Belgian form and further labels', () => {
  // A distributor's form (Dynamic Gear): the seller's block, a grid of dates right of it, the
  // delivery and billing addresses, a grid row "Klant nummer | Betalingsvoorwaarden" and totals
  // as "Totaal zonder BTW", "Bedrag BTW", "Te betalen".
  const d = read([
    page([
      line(row(0), ['Factuur', 0.77, 0.85]),
      line(row(1), ['Factuurnr.', 0.68, 0.75], ['19-2025-00042', 0.84, 0.95]),
      line(row(2), ['Voorbeeldlaan 7', 0.06, 0.25]),
      line(row(3), ['9000 Gent', 0.06, 0.2], ['Datum', 0.68, 0.73], ['01-Jul-2025', 0.85, 0.95]),
      line(
        row(4),
        ['E-mail info@example.be', 0.06, 0.3],
        ['Vervaldag', 0.68, 0.76],
        ['31-Jul-2025', 0.85, 0.95],
      ),
      line(row(6), ['Leveringadres', 0.06, 0.17], ['Facturatieadres', 0.81, 0.92]),
      line(row(7), ['JANSSENS PIETER', 0.06, 0.2], ['V.C. VOORBEELD', 0.83, 0.95]),
      line(row(8), ['KERKSTRAAT 5', 0.06, 0.2], ['MARKT 1', 0.83, 0.95]),
      line(row(9), ['8500 KORTRIJK', 0.06, 0.2], ['8800 ROESELARE', 0.83, 0.95]),
      line(row(11), ['Klant nummer Betalingsvoorwaarden', 0.06, 0.35]),
      line(row(12), ['512.345', 0.08, 0.13], ['30 DAGEN NETTO', 0.15, 0.27]),
      line(row(30), ['Totaal zonder BTW', 0.71, 0.83], ['54,44', 0.89, 0.95]),
      line(row(31), ['ACCOUNT BE 68 539007547034 | BIC OF SWIFT KREDBEBB', 0.06, 0.6]),
      line(row(32), ['Bedrag BTW', 0.71, 0.8], ['11,43', 0.89, 0.95]),
      line(row(33), ['Te betalen', 0.71, 0.8], ['EUR 65,87', 0.86, 0.95]),
    ]),
  ]);

  it('reads "Vervaldag" as the due date, not as the letter’s date', () => {
    expect([d.issue_date, d.due_date]).toEqual(['2025-07-01', '2025-07-31']);
  });

  it('takes "Facturatieadres" for the buyer’s heading and "Klant nummer" for no heading', () => {
    expect(d.buyer.name).toBe('V.C. VOORBEELD');
  });

  it('reads "Totaal zonder BTW" and "Bedrag BTW", and the IBAN after "ACCOUNT"', () => {
    expect(d.totals).toMatchObject({ net: '54.44', vat: '11.43', gross: '65.87' });
    expect(d.payment.accounts[0]).toMatchObject({ iban: 'BE68539007547034', bic: 'KREDBEBB' });
  });
});

describe('a letter’s date after its place', () => {
  it('reads the Polish "Wrocław, dnia 13.05.2025 r." before a sale date', () => {
    const d = read([
      page([
        line(row(0), ['Uniwersytet Przykładowy', 0.05, 0.3], ['Wrocław, dnia 13.05.2025 r.', 0.7, 0.95]),
        line(row(6), ['Faktura VAT nr FV-2025/05/0026', 0.3, 0.6]),
        line(row(12), ['Data sprzedaży: 02.05.2025 r.', 0.05, 0.3]),
      ]),
    ]);
    expect(d.issue_date).toBe('2025-05-13');
  });

  it('reads a letter\'s date without its place, alone on its line under the title ("Le 04/03/2021")', () => {
    const dated = (text: string, beside?: string) =>
      read([
        page([
          line(row(0), ['ÉLECTRO GRAND OUEST', 0.1, 0.35]),
          line(row(8), ['JUSTIFICATIF DE VENTE (valant facture)', 0.05, 0.45]),
          beside ? line(row(9), [text, 0.2, 0.32], [beside, 0.6, 0.8]) : line(row(9), [text, 0.2, 0.32]),
        ]),
      ]).issue_date;
    expect(dated('Le 04/03/2021')).toBe('2021-03-04');
    // Not beside another column's text on its line, nor with words after the date.
    expect(dated('Le 04/03/2021', 'Livraison prévue')).toBeUndefined();
    expect(dated('Le 04/03/2021 à Paris')).toBeUndefined();
  });
});

describe('a label wrapped by a narrow cell, its value beside the second line', () => {
  it('reads "Rechnungsdatum" / "/Lieferdatum   06.02.2025" as the invoice date', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung', 0.84, 0.95]),
        line(row(5), ['Rechnungsdatum', 0.58, 0.69]),
        line(row(5.7), ['/Lieferdatum', 0.58, 0.67], ['06.02.2025', 0.71, 0.79]),
        line(row(6.7), ['Rechnungsnummer', 0.58, 0.7], ['RE-2025-0042', 0.71, 0.85]),
      ]),
    ]);
    expect(d.issue_date).toBe('2025-02-06');
    expect(d.number).toBe('RE-2025-0042');
    // A line of its own under a label with no value is another row: "Lieferdatum   05.02.2025".
    const other = read([
      page([
        line(row(0), ['Rechnung', 0.84, 0.95]),
        line(row(5), ['Rechnungsdatum', 0.58, 0.69]),
        line(row(5.7), ['Lieferdatum', 0.58, 0.67], ['05.02.2025', 0.71, 0.79]),
      ]),
    ]);
    expect(other.issue_date).not.toBe('2025-02-05');
  });
});

describe('the Belgian "Volgnummer"', () => {
  it('reads the sequence number under its heading as the invoice’s number', () => {
    const d = read([
      page([
        line(row(0), ['FACTUUR', 0.11, 0.2]),
        line(row(2), ['Volgnummer', 0.12, 0.22], ['Factuurdatum', 0.33, 0.45], ['Vervaldatum', 0.55, 0.65]),
        line(row(3), ['2025/042/0117', 0.12, 0.25], ['2025-05-04', 0.33, 0.42], ['2025-05-19', 0.55, 0.64]),
      ]),
    ]);
    expect([d.number, d.issue_date, d.due_date]).toEqual(['2025/042/0117', '2025-05-04', '2025-05-19']);
  });
});

describe('due dates under further labels', () => {
  it('reads "Data di scadenza" and the Spanish "Vencimientos" column', () => {
    const it_ = read([
      page([
        line(row(0), ['Fattura n. 100000000042', 0.05, 0.4]),
        line(row(2), ['Data di emissione', 0.05, 0.2], ['17/07/2026', 0.45, 0.55]),
        line(row(3), ['Data di scadenza', 0.6, 0.75], ['06/08/2026', 0.85, 0.95]),
      ]),
    ]);
    expect(it_.due_date).toBe('2026-08-06');
    const es = read([
      page([
        line(row(0), ['Factura', 0.55, 0.62], ['250042', 0.73, 0.8], ['12/11/2025', 0.9, 0.98]),
        line(row(30), ['Vencimientos', 0.05, 0.15], ['Importe', 0.2, 0.27]),
        line(row(31), ['14/11/2025', 0.05, 0.13], ['548,02', 0.23, 0.28]),
      ]),
    ]);
    expect(es.due_date).toBe('2025-11-14');
    const et = read([
      page([
        line(row(0), ['Arve number', 0.6, 0.7], ['A-100042', 0.75, 0.85]),
        line(row(2), ['Arve kuupäev', 0.6, 0.7], ['1.01.2016', 0.75, 0.85]),
        line(row(3), ['Arve maksetähtaeg', 0.6, 0.72], ['30.01.2016', 0.75, 0.85]),
      ]),
    ]);
    expect(et.due_date).toBe('2016-01-30');
  });
});

describe('an issue date under the Italian "Emessa in data"', () => {
  it('reads the date written out after it', () => {
    const d = read([
      page([
        line(row(0), ['Bolletta n. 100000000042', 0.05, 0.4]),
        line(row(1), ['Emessa in data: 07 luglio 2026', 0.05, 0.35]),
      ]),
    ]);
    expect(d.issue_date).toBe('2026-07-07');
  });
});

describe('SAP’s number and date under one label, and its net terms', () => {
  it('reads "Rechnungsnummer / Datum" over "94165608 / 30.08.2018" and the date "ohne Abzug"', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung (Original)', 0.6, 0.8]),
        line(row(2), ['Rechnungsnummer / Datum', 0.6, 0.8]),
        line(row(3), ['94165608 / 30.08.2018', 0.6, 0.75]),
        line(row(30), ['Zahlungsbedingung: Bis zum 09.09.2018 erhalten Sie 3,000 % Skonto.', 0.2, 0.7]),
        line(row(31), ['Bis zum 29.09.2018 ohne Abzug eingehend bei uns.', 0.35, 0.7]),
      ]),
    ]);
    expect([d.number, d.issue_date, d.due_date]).toEqual(['94165608', '2018-08-30', '2018-09-29']);
  });
});

describe('the Belgian reverse charge’s statement', () => {
  it('reads "Verlegging van heffing" as no VAT: the net is the total', () => {
    const d = read([
      page([
        line(row(0), ['FACTUUR', 0.11, 0.2]),
        line(
          row(8),
          ['OMSCHRIJVING', 0.11, 0.25],
          ['AANTAL', 0.39, 0.45],
          ['PRIJS', 0.54, 0.6],
          ['BTW', 0.68, 0.72],
          ['SUBTOTAAL', 0.77, 0.9],
        ),
        line(
          row(9),
          ['wekelijkse schoonmaak', 0.11, 0.3],
          ['1.00', 0.42, 0.46],
          ['€ 1740.0', 0.54, 0.6],
          ['0.0*', 0.69, 0.72],
          ['€ 1740.00', 0.8, 0.88],
        ),
        line(row(20), ['* Verlegging van heffing. Bij gebrek aan schriftelijke betwisting …', 0.11, 0.8]),
        line(row(24), ['Totaal excl BTW:', 0.44, 0.6], ['€ 1740.00', 0.73, 0.85]),
        line(row(25), ['Totaal incl BTW:', 0.44, 0.6], ['€ 1740.00', 0.73, 0.85]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '1740.00', gross: '1740.00' });
  });
});

describe('the Romanian number in the genitive, and a label glued behind a value', () => {
  it('reads "Seria și numărul facturii" and "Nr. facturii" as the invoice number', () => {
    for (const label of ['Seria și numărul facturii:', 'Numărul facturii:', 'Nr. facturii:']) {
      const d = read([
        page([
          line(row(0), ['FACTURĂ', 0.06, 0.15]),
          line(row(1), [`${label} ABC-0417`, 0.06, 0.4]),
          line(row(2), ['Data facturii: 12.02.2025', 0.06, 0.4]),
        ]),
      ]);
      expect(d.number, label).toBe('ABC-0417');
    }
  });

  it('reads a date label set so close behind a bank name that the two are one segment', () => {
    const d = read([
      page([
        line(row(0), ['ZÁLOHOVÁ FAKTURA', 0.26, 0.5]),
        line(row(1), ['Daňový doklad číslo: 70315', 0.6, 0.95]),
        line(
          row(8),
          ['Peněžní ústav:', 0.07, 0.2],
          ['Horní Banka Datum vystavení dokladu:', 0.36, 0.75],
          ['14. 03. 2025', 0.8, 0.92],
        ),
        line(
          row(9),
          ['Číslo účtu:', 0.07, 0.2],
          ['123456789/0100 Datum splatnosti:', 0.36, 0.75],
          ['28. 03. 2025', 0.8, 0.92],
        ),
      ]),
    ]);
    expect(d.issue_date).toBe('2025-03-14');
    expect(d.due_date).toBe('2025-03-28');
  });

  it('takes no generic word glued behind a value for a label, nor one that ends in no colon', () => {
    const d = read([
      page([
        line(row(0), ['FAKTURA', 0.26, 0.5]),
        line(row(8), ['Objednávka Datum:', 0.07, 0.3], ['14. 03. 2025', 0.8, 0.92]),
        line(row(9), ['Horní Banka Datum vystavení dokladu', 0.07, 0.5], ['15. 03. 2025', 0.8, 0.92]),
      ]),
    ]);
    expect(d.issue_date).toBeUndefined();
  });
});

describe('the totals of an e-invoice viewer under the syntax’s own names', () => {
  it('reads "Tax Exclusive Amount", "Tax Inclusive Amount" and "Payable Amount", decimals as printed', () => {
    const d = read([
      page([
        line(row(0), ['Invoice', 0.03, 0.15]),
        line(row(1), ['Invoice Number: 2024-17', 0.03, 0.4]),
        line(row(30), ['Totals:', 0.03, 0.12]),
        line(row(31), ['Line Extension Amount: 120.00 EUR', 0.03, 0.4]),
        line(row(32), ['Tax Exclusive Amount: 120.00 EUR', 0.03, 0.4]),
        line(row(33), ['Tax Inclusive Amount: 142.8 EUR', 0.03, 0.4]),
        line(row(34), ['Total Tax: 22.80 EUR', 0.03, 0.4]),
        line(row(35), ['Payable Amount: 142.8 EUR', 0.03, 0.4]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '120.00', vat: '22.80', gross: '142.8', payable: '142.8' });
  });
});

describe('a title block of the title, its date and its number', () => {
  it('reads the date alone under a title alone, flush with it, the number under the date', () => {
    const d = read([
      page([
        line(row(0), ['FACTURE', 0.79, 0.93]),
        line(row(1), ['20/09/2023', 0.84, 0.93]),
        line(row(2), ['nº 2023-6013', 0.83, 0.93]),
        line(row(40), ['Date limite de règlement : 19/10/2023', 0.07, 0.31]),
      ]),
    ]);
    expect([d.number, d.issue_date, d.due_date]).toEqual(['2023-6013', '2023-09-20', '2023-10-19']);
    // Not a date set apart from the title's edges, nor one with words after it.
    const apart = read([
      page([line(row(0), ['FACTURE', 0.79, 0.93]), line(row(1), ['20/09/2023', 0.5, 0.6])]),
    ]);
    expect(apart.issue_date).toBeUndefined();
    const worded = read([
      page([line(row(0), ['FACTURE', 0.79, 0.93]), line(row(1), ['20/09/2023 Paris', 0.79, 0.93])]),
    ]);
    expect(worded.issue_date).toBeUndefined();
  });

  it('reads "FAKTURA VAT 1/20/S": the VAT word is the title\'s, not the number\'s series', () => {
    const d = read([page([line(row(4), ['FAKTURA VAT 1/20/S', 0.36, 0.6])])]);
    expect(d.number).toBe('1/20/S');
    // A series in capitals before the number stays with it.
    const series = read([page([line(row(4), ['FACTURA PROD 69420', 0.36, 0.6])])]);
    expect(series.number).toBe('PROD 69420');
  });
});

describe('payment terms over an abbreviation', () => {
  it('reads "Zahlen Sie den o.g. Betrag bis zum 26.07.2024." as the due date', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 16.07.2024', 0.1, 0.5]),
        line(row(30), ['Zahlen Sie den o.g. Betrag bis zum 26.07.2024.', 0.1, 0.6]),
      ]),
    ]);
    expect(d.due_date).toBe('2024-07-26');
    // A sentence that ended before "bis" names no due date.
    const ended = read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 16.07.2024', 0.1, 0.5]),
        line(row(30), ['Zahlen Sie den Betrag. Gültig bis 26.07.2024.', 0.1, 0.6]),
      ]),
    ]);
    expect(ended.due_date).toBeUndefined();
  });
});

describe('payment terms wrapped over two lines', () => {
  const terms = (first: string, second: string, x2 = 0.1) =>
    read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 26.05.2024', 0.1, 0.5]),
        line(row(30), [first, 0.1, 0.9]),
        line(row(31), [second, x2, 0.8]),
      ]),
    ]).due_date;

  it('reads the date after "bis zum" on the line under the word of paying', () => {
    expect(
      terms(
        'Bitte zahlen Sie den unten',
        'aufgeführten Gesamtbetrag unter Angabe der Rechnungsnummer (4711) bis zum 26.06.2024',
      ),
    ).toBe('2024-06-26');
    // "Zahlung" is a word of paying too.
    expect(terms('Wir bitten um Zahlung des Betrags', 'bis spätestens 29.11.2025 auf unser Konto.')).toBe(
      '2025-11-29',
    );
  });

  it('reads none when the first line ends its sentence or the second is not of its paragraph', () => {
    expect(terms('Bitte zahlen Sie sofort.', 'Leistungszeitraum bis 26.06.2024')).toBeUndefined();
    expect(terms('Bitte zahlen Sie den unten', 'Leistungszeitraum bis 26.06.2024', 0.5)).toBeUndefined();
  });
});

describe('"Payment until:" labels the due date', () => {
  it('reads it', () => {
    const d = read([
      page([
        line(row(0), ['Invoice UZH-5', 0.07, 0.3]),
        line(row(2), ['Date:', 0.07, 0.12], ['30.06.2023', 0.29, 0.38]),
        line(row(3), ['Payment until:', 0.07, 0.17], ['30.07.2023', 0.29, 0.38]),
      ]),
    ]);
    expect(d.due_date).toBe('2023-07-30');
  });
});

describe("title lines and the letter's date", () => {
  it('reads the number after the Spanish abbreviation "N.º" under the title', () => {
    const d = read([
      page([
        line(row(0), ['FACTURA', 0.08, 0.2]),
        line(row(2), ['N.º VF-2026-0001', 0.08, 0.25]),
        line(row(3), ['Fecha: 2026-05-01', 0.08, 0.25]),
      ]),
    ]);
    expect(d.number).toBe('VF-2026-0001');
  });

  it('knows a Greek title in capitals, which carry no accents', () => {
    const d = read([
      page([
        line(row(9), ['ΤΙΜΟΛΟΓΙΟ', 0.14, 0.3], ['ΑΡΙΘΜΟΣ: 117', 0.43, 0.6]),
        line(row(10), ['ΗΜΕΡΟΜΗΝΙΑ: 31/01/2020', 0.43, 0.7]),
      ]),
    ]);
    expect(d.number).toBe('117');
  });

  it("reads the number and date of a title segment that runs on into the date's label", () => {
    const d = read([
      page([line(row(10), ['Factura F-2026000242 Fecha: 05/02/2026 Cliente Nº 00002905', 0.02, 0.6])]),
    ]);
    expect(d.number).toBe('F-2026000242');
    expect(d.issue_date).toBe('2026-02-05');
    // Another label after the number names no date of the invoice.
    const other = read([
      page([line(row(10), ['Factura F-2026000242 Pedido: 05/02/2026 Cliente Nº 00002905', 0.02, 0.6])]),
    ]);
    expect(other.issue_date).toBeUndefined();
  });

  it("reads the date beside the letter's place, the town an address on the page names", () => {
    const page1 = (town: string) =>
      page([
        line(row(8), ['Rechnung', 0.6, 0.7]),
        line(
          row(9),
          ['Muster GmbH • Am Acker 23 • 91244 Reichenschwand', 0.11, 0.5],
          [town, 0.6, 0.72],
          ['04.07.2023', 0.82, 0.9],
        ),
        line(row(10), ['Rechnungs-Nr', 0.6, 0.68], ['02581', 0.85, 0.9]),
      ]);
    expect(read([page1('Reichenschwand')]).issue_date).toBe('2023-07-04');
    // (a town's name with a hyphen or a point: "Saint-Denis", "St. Gallen")
    const hyphened = read([
      page([
        line(row(8), ['Facture', 0.6, 0.7]),
        line(
          row(9),
          ['Dupont SARL • 2 rue Haute • 93200 Saint-Denis', 0.11, 0.5],
          ['Saint-Denis', 0.6, 0.72],
          ['04.07.2023', 0.82, 0.9],
        ),
      ]),
    ]);
    expect(hyphened.issue_date).toBe('2023-07-04');
    // A word no address names is no place.
    expect(read([page1('Lieferung')]).issue_date).toBeUndefined();
  });
});

describe('total labels: "Total with tax", "Total Neto", "Importe IVA"', () => {
  it('reads the English gross and the Spanish net and VAT', () => {
    const en = read([
      page([
        line(row(0), ['INVOICE', 0.7, 0.8]),
        line(row(20), ['TOTAL', 0.69, 0.75], ['€ 1 000.00', 0.78, 0.9]),
        line(row(21), ['TAX', 0.71, 0.75], ['€ 200.00', 0.78, 0.9]),
        line(row(22), ['TOTAL WITH TAX', 0.61, 0.75], ['€ 1 200.00', 0.78, 0.9]),
      ]),
    ]);
    expect(en.totals).toMatchObject({ vat: '200.00', gross: '1200.00' });
    const es = read([
      page([
        line(row(0), ['Factura F-1', 0.02, 0.2]),
        line(row(20), ['Total Neto', 0.68, 0.8], ['132,38 €', 0.86, 0.93]),
        line(row(21), ['Importe IVA', 0.67, 0.8], ['13,55 €', 0.87, 0.93]),
        line(row(22), ['TOTAL', 0.69, 0.8], ['145,93 €', 0.84, 0.93]),
      ]),
    ]);
    expect(es.totals).toMatchObject({ net: '132.38', vat: '13.55', gross: '145.93' });
  });

  it('reads the amount set a little lower than its label, right of it, and a minus before "€"', () => {
    const d = read([
      page([
        line(row(0), ['INVOICE 42', 0.7, 0.8]),
        line(row(20), ['TOTAL', 0.69, 0.75], ['€ 744 210.99', 0.78, 0.9]),
        line(row(22), ['TOTAL DISCOUNTED', 0.58, 0.75]),
        line(row(22) + 0.6 * LINE_H, ['€ 742 870.99', 0.78, 0.9]),
        line(row(23), ['-€ 1 340.00 / -0.18 %', 0.62, 0.76]),
        line(row(25), ['TAX', 0.71, 0.75], ['€ 120 236.35', 0.78, 0.9]),
        line(row(27), ['TOTAL WITH TAX', 0.61, 0.75], ['€ 863 107.34', 0.78, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '742870.99', vat: '120236.35', gross: '863107.34' });
    expect(lastAmount('-€ 1 340.00 / -0.18 %')).toBe('-1340.00');
    // A hyphen set apart before the amount is a separator, not its sign.
    expect(lastAmount('Total - 1 340.00 x')).toBe('1340.00');
  });

  it('reads "Payment term:" with a date as the due date', () => {
    const d = read([
      page([
        line(row(0), ['INVOICE 42', 0.7, 0.8]),
        line(row(2), ['Date: 2021-03-02', 0.7, 0.9]),
        line(row(40), ['Payment term: 2021-04-02', 0.74, 0.9]),
      ]),
    ]);
    expect(d.due_date).toBe('2021-04-02');
  });
});

describe('a public benefit corporation ("PBC")', () => {
  it('reads its name with its legal form at the head of the page', () => {
    const d = read([
      page([
        line(row(0), ['Invoice', 0.05, 0.15]),
        line(row(2), ['Invoice number', 0.05, 0.15], ['EXMPL-0004', 0.18, 0.3]),
        line(row(6), ['Example Labs, PBC', 0.05, 0.2], ['Bill to', 0.41, 0.48]),
        line(row(7), ['548 Market Street', 0.05, 0.2], ['Jane Roe', 0.41, 0.5]),
        line(row(8), ['San Francisco, California 94104', 0.05, 0.3], ['10020 Rabat', 0.41, 0.5]),
      ]),
    ]);
    expect(d.seller?.name).toBe('Example Labs, PBC');
  });
});

describe("a fourteenth set's classes", () => {
  it('reads "Totaal ex. BTW" as the net, never the gross', () => {
    // (the longest label wins: "Totaal" alone names the gross)
    expect(matchLabel('Totaal ex. BTW', 'net')).toBeGreaterThan(matchLabel('Totaal ex. BTW', 'gross') ?? 0);
  });

  it('reads the total whose label stands a little under its amount', () => {
    const d = read([
      page([
        line(row(0), ['Factuur 2021-0040', 0.08, 0.3]),
        line(row(15), ['Totaal exclusief BTW', 0.12, 0.3], ['€ 300,00', 0.7, 0.78]),
        line(row(17), ['Totaal BTW', 0.12, 0.22], ['€ 63,00', 0.7, 0.76]),
        // (the amount in a larger type, its top a little over the label's)
        {
          text: '€ 363,00',
          bbox: [0.7, row(19), 0.8, row(19) + 1.6 * LINE_H],
          words: [{ text: '€363,00', bbox: [0.7, row(19), 0.8, row(19) + 1.6 * LINE_H], fontSize: 16 }],
        },
        line(row(19) + 0.1 * LINE_H, ['Totaal te betalen', 0.12, 0.3]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '300.00', vat: '63.00', gross: '363.00' });
  });

  it("takes the VAT id under the window's address, past its region and country, for the customer's", () => {
    const d = read([
      page([
        line(row(0), ['My Company', 0.04, 0.2]),
        line(row(1), ['España', 0.04, 0.12]),
        line(row(8), ['Innovaciones S.L.', 0.58, 0.75]),
        line(row(9), ['Calle de la Alcarria 14', 0.58, 0.8]),
        line(row(10), ['28041 Madrid', 0.58, 0.7]),
        line(row(11), ['Madrid', 0.58, 0.65]),
        line(row(12), ['España', 0.58, 0.65]),
        line(row(14), ['NIF: ESA12345674', 0.58, 0.75]),
        line(row(16), ['Factura INV/2026/00001', 0.04, 0.3]),
      ]),
    ]);
    expect(d.seller?.vat_id).toBeUndefined();
  });

  it('takes no name from the second line of a name wrapped after "Y" ("and")', () => {
    const d = read([
      page([
        line(
          row(2),
          ['HOJA: 1 / 1', 0.06, 0.2],
          ['ARAGONESA DE CONDUCCIONES Y', 0.55, 0.8],
          ['J99198285', 0.87, 0.95],
        ),
        line(row(3), ['Pol. Ind. Argualas, Nave 50', 0.06, 0.3], ['REFRIGERACION, S.C.', 0.55, 0.72]),
        line(row(4), ['50012 Zaragoza', 0.06, 0.2], ['MAYOR, 43', 0.55, 0.65]),
        line(row(8), ['FACTURA RECTIFICATIVA', 0.06, 0.28], ['10095637', 0.3, 0.38]),
      ]),
    ]);
    expect(d.seller?.name).toBeUndefined();
  });

  it('reads "Warenwert brutto" as the gross, and "begleichen" as a word of paying', () => {
    expect(matchLabel('Warenwert brutto', 'gross')).toBeGreaterThan(
      matchLabel('Warenwert brutto', 'net') ?? 0,
    );
    const d = read([
      page([
        line(row(4), ['Rechnung 000001', 0.11, 0.3], ['Rechnungsdatum: 29.12.2020', 0.56, 0.8]),
        line(row(30), ['Bitte begleichen Sie den offenen Betrag bis zum 12.01.2021.', 0.11, 0.7]),
      ]),
    ]);
    expect(d.due_date).toBe('2021-01-12');
  });

  it('reads "Re-Nr.", "Número de la factura" and the Italian "P.I." in a foot', () => {
    expect(read([page([line(row(5), ['Re-Nr. 20250807-001', 0.11, 0.3])])]).number).toBe('20250807-001');
    expect(
      read([page([line(row(5), ['Número de la factura', 0.58, 0.75], ['ES61DXYAABEI', 0.82, 0.95])])]).number,
    ).toBe('ES61DXYAABEI');
    const it = read([
      page([
        line(row(2), ['Copia di cortesia Fattura', 0.55, 0.8]),
        line(row(56), ['MP TECHNOLOGIES SRL - P.I.: 11463300969 - Cap.Soc.: 900', 0.27, 0.8]),
      ]),
    ]);
    expect(it.seller?.vat_id).toBe('IT11463300969');
  });
});

describe("a fifteenth set's classes", () => {
  it('reads the name of a party whose name, street and place run on in one line', () => {
    const d = read([
      page([
        line(row(2), ['Rechnung DEMO-001', 0.13, 0.3]),
        line(row(6), ['Rechnungssteller', 0.07, 0.2], ['Rechnungsempfänger', 0.5, 0.65]),
        line(
          row(8),
          ['Friseursalon Schneidekunst', 0.07, 0.3],
          ['Max Mustermann Musterstraße 456 54321 Hamburg', 0.5, 0.85],
        ),
        line(row(9), ['Hauptstraße 123 12345 Berlin', 0.07, 0.3]),
      ]),
    ]);
    expect(d.buyer?.name).toBe('Max Mustermann');
    expect(d.buyer?.address).toMatchObject({ postcode: '54321', city: 'Hamburg' });
  });

  it('reads the block under "Intestatario contratto" as the customer\'s', () => {
    const d = read([
      page([
        line(row(2), ['ENEL ENERGIA SPA', 0.37, 0.6]),
        line(row(8), ['FATTURA N. FT123456789', 0.13, 0.4]),
        line(row(12), ['INTESTATARIO CONTRATTO', 0.13, 0.4]),
        line(row(13), ['Mario Rossi', 0.13, 0.25]),
        line(row(14), ['Via Roma 123', 0.13, 0.25]),
        line(row(15), ['20121 Milano (MI)', 0.13, 0.3]),
      ]),
    ]);
    expect(d.buyer?.name).toBe('Mario Rossi');
  });

  it("takes no country under the foot's place for the seller, past another column's lines", () => {
    const d = read([
      page([
        line(row(10), ['Rechnung', 0.1, 0.2]),
        line(row(11), ['Rechnungsnummer: 153879764', 0.1, 0.3]),
        line(0.93, ['Parfümerie Akzente GmbH', 0.14, 0.27]),
        line(0.94, ['Ferdinand-Braun-Str. 28/3', 0.14, 0.27], ['T 0800 - 1 750 780 1', 0.4, 0.55]),
        line(0.95, ['74074 Heilbronn', 0.14, 0.22], ['E service@example.de', 0.4, 0.55]),
        line(0.9555, ['Nina Pütz', 0.29, 0.36]),
        line(
          0.962,
          ['Deutschland', 0.14, 0.2],
          ['W www.example.de', 0.4, 0.55],
          ['Amtsgericht Stuttgart HRB 581012', 0.75, 0.95],
        ),
      ]),
    ]);
    expect(d.seller?.name).not.toBe('Deutschland');
  });
});

describe("the Canary Islands' IGIC", () => {
  it('reads "Total IGIC" as the VAT, its rows as the breakdown\'s', () => {
    const d = read([
      page([
        line(row(0), ['FACTURA', 0.1, 0.2], ['Nº F-2024/020', 0.77, 0.9]),
        line(row(10), ['Base Imponible:', 0.58, 0.7], ['4.600,00 €', 0.83, 0.92]),
        line(row(11), ['Total IGIC:', 0.62, 0.7], ['271,50 €', 0.85, 0.92]),
        line(row(12), ['TOTAL FACTURA:', 0.52, 0.7], ['4.871,50 €', 0.81, 0.92]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '4600.00', vat: '271.50', gross: '4871.50' });
  });
});

describe('a due date under "Datum valute", with its time of day', () => {
  it('reads the Serbian and Croatian "Datum valute" as the due date, the time after it no other text', () => {
    const d = read(
      [
        page([
          line(row(0), ['Racun izdao:', 0.14, 0.25], ['S.Z.T.R. Primjer V', 0.3, 0.45]),
          line(row(0.4), ['Faktura br. 1 / 2020', 0.56, 0.75]),
          line(row(7), ['Datum fakture:', 0.56, 0.66], ['11/29/20 12:00 AM', 0.68, 0.82]),
          line(row(10), ['Datum valute:', 0.56, 0.66], ['11/29/20 12:00 AM', 0.68, 0.82]),
        ]),
      ],
      { country: 'HR' },
    );
    expect([d.issue_date, d.due_date]).toEqual(['2020-11-29', '2020-11-29']);
  });
});
