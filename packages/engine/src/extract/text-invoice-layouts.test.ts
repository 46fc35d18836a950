// The text reader on layouts and languages met on born-digital invoices of many billing programs:
// labels of the supported countries' languages (lexicon/), the document's title over its number,
// a party heading set as a row's label, names in capitals over several lines, a footer's legal
// line, sender lines without separators, whole amounts with a currency sign, totals confirmed by
// the item column, a buyer's name under its own label.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_BAR } from '../project/field-sets.js';
import { line, page, row } from '../test-support/layout-pages.js';
import { readText as read } from '../test-support/text-invoices.js';

describe('labels of the supported languages', () => {
  it('reads a Polish invoice: number with its series, dates, parties and totals', () => {
    const d = read([
      page([
        line(row(0), ['Wystawiono dnia: 2021-05-02, Wilanów', 0.05, 0.4]),
        line(row(1), ['Faktura VAT nr FV 3/05/2021', 0.6, 0.9]),
        line(row(2), ['Termin płatności:', 0.6, 0.72], ['2021-05-09', 0.75, 0.85]),
        line(row(4), ['Sprzedawca:', 0.05, 0.15], ['Nabywca:', 0.6, 0.68]),
        line(row(5), ['Firma krzak sp.z.o.o', 0.05, 0.2], ['FUNDACJA MUZEUM MOTORYZACJI', 0.6, 0.85]),
        line(row(6), ['Wilanowska 13', 0.05, 0.16], ['AUTOMOBILKLUBU WIELKOPOLSKI', 0.6, 0.84]),
        line(row(7), ['05-122 Wilanów', 0.05, 0.16], ['DZIEDZICTWA', 0.6, 0.7]),
        line(row(8), ['ul. Towarowa 35/37', 0.6, 0.75]),
        line(row(9), ['61-896 Poznań', 0.6, 0.72]),
        line(row(14), ['Wartość netto', 0.5, 0.62], ['519,99', 0.8, 0.9]),
        line(row(15), ['Kwota VAT', 0.5, 0.6], ['119,60', 0.8, 0.9]),
        line(row(16), ['Razem do zapłaty', 0.5, 0.66], ['639,59 PLN', 0.8, 0.9]),
      ]),
    ]);
    expect(d.number).toBe('FV 3/05/2021');
    expect(d.issue_date).toBe('2021-05-02');
    expect(d.due_date).toBe('2021-05-09');
    // ("Firma" before a name is the German word for a company, left out)
    expect(d.seller.name).toBe('krzak sp.z.o.o');
    // The name in capitals goes on over three lines, down to the street.
    expect(d.buyer.name).toBe('FUNDACJA MUZEUM MOTORYZACJI AUTOMOBILKLUBU WIELKOPOLSKI DZIEDZICTWA');
    expect(d.totals).toMatchObject({ net: '519.99', vat: '119.60', gross: '639.59' });
  });

  it('reads Swedish, Estonian and Czech labels and a Czech number glued to its word ("č.FV504")', () => {
    const sv = read([
      page([
        line(row(0), ['Fakturanummer', 0.05, 0.2], ['116', 0.3, 0.35]),
        line(row(1), ['Fakturadatum', 0.05, 0.2], ['2020-12-01', 0.3, 0.4]),
        line(row(2), ['Förfallodatum', 0.05, 0.2], ['2020-12-16', 0.3, 0.4]),
        line(row(10), ['Exkl. moms', 0.5, 0.6], ['50 588,00', 0.8, 0.9]),
        line(row(11), ['Momsbelopp', 0.5, 0.6], ['12 647,00', 0.8, 0.9]),
        line(row(12), ['Att betala SEK', 0.5, 0.62], ['63 235,00', 0.8, 0.9]),
      ]),
    ]);
    expect([sv.number, sv.issue_date, sv.due_date]).toEqual(['116', '2020-12-01', '2020-12-16']);
    expect(sv.totals).toMatchObject({ net: '50588.00', vat: '12647.00', gross: '63235.00' });
    // Estonian "KM" (käibemaks) before its rate; a distance in km is no label.
    const et = read([
      page([
        line(row(10), ['Summa käibemaksuta', 0.5, 0.65], ['EUR 51830.19', 0.82, 0.9]),
        line(row(11), ['KM 0 % (51830.19)', 0.5, 0.65], ['EUR 0.00', 0.85, 0.9]),
        line(row(12), ['Kokku', 0.5, 0.55], ['EUR 51830.19', 0.8, 0.9]),
      ]),
    ]);
    expect(et.totals).toMatchObject({ net: '51830.19', vat: '0.00', gross: '51830.19' });
    const cs = read([page([line(row(0), ['Faktura - daňový doklad č.FV5040011231', 0.4, 0.9])])]);
    expect(cs.number).toBe('FV5040011231');
    // Column titles run together in one segment: "Datum vystavení dokladu" is one title.
    const grid = read([
      page([
        line(row(0), ['Číslo dokladu', 0.08, 0.2], ['Datum vystavení dokladu Datum splatnosti', 0.25, 0.55]),
        line(row(1), ['FV20261741', 0.08, 0.18], ['9. 11. 2026', 0.25, 0.32], ['9. 12. 2026', 0.41, 0.48]),
      ]),
    ]);
    expect([grid.number, grid.issue_date, grid.due_date]).toEqual(['FV20261741', '2026-11-09', '2026-12-09']);
  });

  it('reads French totals "hors TVA" and Belgian "HTVA"/"TVAC" as net and gross', () => {
    const totals = (net: string, vat: string, gross: string) =>
      read([
        page([
          line(row(10), [net, 0.5, 0.65], ['1 241,03 €', 0.82, 0.9]),
          line(row(11), [vat, 0.5, 0.65], ['238,82 €', 0.82, 0.9]),
          line(row(12), [gross, 0.5, 0.65], ['1 479,85 €', 0.82, 0.9]),
        ]),
      ]).totals;
    const want = { net: '1241.03', vat: '238.82', gross: '1479.85' };
    expect(totals('Total hors TVA', 'TVA 20 %', 'Total TTC')).toMatchObject(want);
    expect(totals('Total HTVA', 'TVA 21 %', 'Total TVAC')).toMatchObject(want);
  });

  it('reads numbers with any dash or in another script, and more labels of the languages', () => {
    const number = (label: string, value: string) =>
      read([page([line(row(0), [label, 0.05, 0.25], [value, 0.4, 0.55])])]).number;
    expect(number('N. fattura', '151/2026')).toBe('151/2026');
    expect(number('Factura n.º:', 'A–7146')).toBe('A–7146');
    expect(number('Número da fatura:', 'FT A2026/8672')).toBe('FT A2026/8672');
    expect(number('Sorszám:', 'E-2026/3037')).toBe('E-2026/3037');
    expect(number('Αριθμός τιμολογίου', 'ΤΔΑ-9812')).toBe('ΤΔΑ-9812');
  });

  it('reads a date written with a month name of another language ("2. března 2024")', () => {
    const d = read([page([line(row(0), ['Datum vystavení:', 0.05, 0.2], ['2. března 2024', 0.3, 0.45])])]);
    expect(d.issue_date).toBe('2024-03-02');
    // "listopad" is October in Croatian, November in Czech and Polish: the labels' language decides.
    const month = (rows: Array<[string, string]>) =>
      read([page(rows.map(([label, value], i) => line(row(i), [label, 0.05, 0.25], [value, 0.3, 0.5])))]);
    const hr = month([
      ['Broj računa:', 'R-2026-7901'],
      ['Datum računa:', '24. listopada 2026.'],
      ['Rok plaćanja:', '3. studenoga 2026.'],
    ]);
    expect([hr.issue_date, hr.due_date]).toEqual(['2026-10-24', '2026-11-03']);
    const pl = month([
      ['Numer faktury:', 'FV 1584/2026'],
      ['Data wystawienia:', '24 listopada 2026'],
      ['Termin płatności:', '8 grudnia 2026'],
    ]);
    expect([pl.issue_date, pl.due_date]).toEqual(['2026-11-24', '2026-12-08']);
  });
});

describe('the Polish KSeF printout', () => {
  it('reads "Nazwa:" rows under "Adres", the rates summary under wide headings and the NRB', () => {
    // The national e-invoice system's visualisation: parties as labelled rows, a rates summary
    // whose headings stand flush left over amounts flush right, the account without "PL".
    const d = read([
      page([
        line(row(0), ['Krajowy System e-Faktur', 0.05, 0.25], ['Numer faktury', 0.85, 0.95]),
        line(row(1), ['2/11/2023', 0.82, 0.9]),
        line(row(4), ['Sprzedawca', 0.05, 0.14], ['Nabywca', 0.5, 0.58]),
        line(row(5), ['NIP: 526-587-76-35', 0.05, 0.18], ['NIP: 6808208874', 0.5, 0.63]),
        line(row(6), ['Nazwa: ABC Developex S.A.', 0.05, 0.27], ['Nazwa: F.H.U. Jan Kowalski', 0.5, 0.72]),
        line(row(7), ['Adres', 0.05, 0.09], ['Adres', 0.5, 0.54]),
        line(
          row(8),
          ['ul. Sadowa 1 m. 3, 00-002 Kraków', 0.05, 0.3],
          ['ul. Polna 1, 00-001 Warszawa', 0.5, 0.72],
        ),
        line(row(9), ['Dane kontaktowe', 0.05, 0.17], ['Dane kontaktowe', 0.5, 0.62]),
        line(row(12), ['Data wystawienia: 2023-11-30', 0.05, 0.3]),
        line(row(20), ['Kwota należności ogółem: 17 115,45PLN', 0.62, 0.95]),
        line(
          row(23),
          ['Stawka podatku', 0.06, 0.16],
          ['Kwota netto', 0.28, 0.36],
          ['Kwota podatku', 0.51, 0.61],
          ['Kwota brutto', 0.73, 0.82],
        ),
        line(
          row(24),
          ['22% lub 23%', 0.06, 0.14],
          ['13 915,00', 0.44, 0.5],
          ['3 200,45', 0.67, 0.72],
          ['17 115,45', 0.89, 0.95],
        ),
        line(row(27), ['Termin płatności: 2023-12-14', 0.05, 0.3]),
        line(row(29), ['Numer rachunku bankowego', 0.06, 0.25], ['57114020040000300201234567', 0.41, 0.7]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['ABC Developex S.A.', 'F.H.U. Jan Kowalski']);
    expect(d.seller.address).toMatchObject({
      lines: ['ul. Sadowa 1 m. 3'],
      postcode: '00-002',
      city: 'Kraków',
    });
    expect(d.totals).toMatchObject({ net: '13915.00', vat: '3200.45', gross: '17115.45' });
    expect(d.provenance['totals.gross']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    expect(d.payment?.accounts?.[0]?.iban).toBe('PL57114020040000300201234567');
    // A NIP without its "PL" is the tax number, not the VAT id as the EU writes it.
    expect(d.seller.vat_id).toBeUndefined();
  });

  it("takes no form's placeholder of one digit repeated for a VAT id printed without its prefix", () => {
    // "Partita IVA 00000000000": its check digit holds, but no company has it.
    const d = read([
      page([
        line(row(0), ['Fattura n. 118', 0.6, 0.9]),
        line(row(1), ['Partita IVA 00000000000', 0.05, 0.3]),
      ]),
    ]);
    expect(d.seller.vat_id).toBeUndefined();
    const real = read([
      page([
        line(row(0), ['Fattura n. 118', 0.6, 0.9]),
        line(row(1), ['Partita IVA 13255720966', 0.05, 0.3]),
      ]),
    ]);
    expect(real.seller.vat_id).toBe('IT13255720966');
    // The label alone in its cell and the number in the next ("C.F. | … | P.IVA | 13255720966").
    const cells = read([
      page([
        line(row(0), ['Fattura n. 118', 0.6, 0.9]),
        line(
          row(1),
          ['C.F.', 0.04, 0.07],
          ['13255720966', 0.11, 0.2],
          ['P.IVA', 0.26, 0.3],
          ['13255720966', 0.33, 0.42],
        ),
      ]),
    ]);
    expect(cells.seller.vat_id).toBe('IT13255720966');
  });

  it('takes no 26 digits for an account without its label, nor with a checksum that fails', () => {
    const lines = (label: string, digits: string) =>
      read([
        page([
          line(row(0), ['Faktura VAT nr FV 1/2024', 0.6, 0.9]),
          line(row(3), [label, 0.06, 0.25], [digits, 0.41, 0.7]),
        ]),
      ]).payment?.accounts?.[0]?.iban;
    expect(lines('Numer zamówienia', '57114020040000300201234567')).toBeUndefined();
    expect(lines('Numer rachunku bankowego', '58114020040000300201234567')).toBeUndefined();
    expect(lines('Nr rachunku:', '57 1140 2004 0000 3002 0123 4567')).toBe('PL57114020040000300201234567');
  });
});

describe('the title over the number', () => {
  it('takes the number under or after the title word, alone', () => {
    const under = read([page([line(row(3), ['RECHNUNG', 0.1, 0.2]), line(row(4), ['2503001', 0.1, 0.17])])]);
    expect(under.number).toBe('2503001');
    const colon = read([page([line(row(0), ['INVOICE: INV-100', 0.7, 0.9])])]);
    expect(colon.number).toBe('INV-100');
  });

  it('takes no address line under a title for its number', () => {
    const d = read([
      page([line(row(3), ['INVOICE', 0.1, 0.2]), line(row(4), ['12 Main Street', 0.1, 0.25])]),
    ]);
    expect(d.number).toBeUndefined();
  });
});

describe('parties', () => {
  it('reads a heading set as a row label with the party right of it', () => {
    const d = read([
      page([
        line(row(6), ['Pirkėjas', 0.05, 0.12], ['UAB Kardanas', 0.2, 0.32]),
        line(row(7), ['Kodas', 0.05, 0.1], ['123456789', 0.2, 0.3]),
        line(row(8), ['Adresas', 0.05, 0.12], ['Kalvarijų 47-18, Vilnius', 0.2, 0.4]),
      ]),
    ]);
    expect(d.buyer.name).toBe('UAB Kardanas');
    // Latvian service headings over "Nosaukums:" rows, the buyer's name set in quotes as a whole.
    const lv = read([
      page([
        line(row(1), ['Pakalpojumu sniedzējs:', 0.05, 0.25]),
        line(row(2), ['Nosaukums: SIA "Izdevniecība iŽurnāli"', 0.05, 0.4]),
        line(row(3), ['PVN numurs: LV40103221835', 0.05, 0.3]),
        line(row(5), ['Norēķinu rekvizīti:', 0.05, 0.2]),
        line(row(6), ['Luminor Bank AS Latvijas filiāle, RIKOLV2X', 0.05, 0.45]),
        line(row(8), ['Pakalpojuma saņēmējs:', 0.05, 0.25]),
        line(row(9), ['Nosaukums: “SIA Piemērs”', 0.05, 0.3]),
      ]),
    ]);
    expect([lv.seller.name, lv.buyer.name]).toEqual(['SIA "Izdevniecība iŽurnāli"', 'SIA Piemērs']);
  });

  it('reads headings in two languages, numbered headings, the heading as the row label of its name', () => {
    const d = read([
      page([
        line(row(1), ['Säljare / Seller:', 0.01, 0.15], ['Tech Components AB', 0.2, 0.35]),
        line(row(2), ['Adress:', 0.01, 0.08], ['Industrivägen 14, 211 24 Malmö', 0.2, 0.45]),
        line(row(6), ['Köpare / Buyer:', 0.01, 0.15], ['Import & Handel GmbH', 0.2, 0.37]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Tech Components AB', 'Import & Handel GmbH']);
    // The two languages apart by a bar, a recipient's word beside the buyer's.
    const barred = read([
      page([
        line(
          row(6),
          ['Rechnungsempfänger | Recipient', 0.08, 0.35],
          ['Leistungserbringer | Supplier', 0.53, 0.8],
        ),
        line(
          row(8),
          ['Digital Solutions GmbH', 0.08, 0.3],
          ['Strategia Business Consulting GmbH', 0.53, 0.85],
        ),
        line(row(9), ['Friedrichstraße 123', 0.08, 0.28], ['Mariahilfer Straße 88-90', 0.53, 0.75]),
        line(row(10), ['10117 Berlin', 0.08, 0.2], ['1070 Wien', 0.53, 0.62]),
      ]),
    ]);
    expect([barred.seller.name, barred.buyer.name]).toEqual([
      'Strategia Business Consulting GmbH',
      'Digital Solutions GmbH',
    ]);
    // The second language in brackets, the blocks' ids under the heading (CZ.NIC's tax documents).
    const bracketed = read([
      page([
        line(row(0), ['CZ.NIC, z.s.p.o.', 0.1, 0.25]),
        line(row(3), ['Odběratel (Client):', 0.1, 0.25]),
        line(row(4), ['IČO:', 0.1, 0.14], ['45021295', 0.29, 0.36]),
        line(row(5), ['DIČ (VAT number):', 0.1, 0.22], ['CZ45021295', 0.29, 0.38]),
        line(row(7), ['IPEX a.s.', 0.55, 0.63]),
        line(row(8), ['Široká 37', 0.55, 0.63]),
        line(row(9), ['370 01 České Budějovice', 0.55, 0.75]),
        line(
          row(11),
          ['Dodavatel (Supplier):', 0.1, 0.25],
          ['CZ.NIC, zájmové sdružení, Americká 23, 120 00 Praha 2', 0.4, 0.85],
        ),
        line(row(12), ['IČO: 67985726', 0.1, 0.2]),
        line(row(13), ['DIČ: CZ67985726', 0.1, 0.2]),
      ]),
    ]);
    expect(bracketed.seller.vat_id).toBe('CZ67985726');
    expect(bracketed.buyer.vat_id).toBe('CZ45021295');
    expect(bracketed.seller.name).toMatch(/^CZ\.NIC(?!.*Americká)/);
    const numbered = read([
      page([
        line(row(4), ['Plačnik: 1001836', 0.05, 0.2]),
        line(row(5), ['Luka Oblak', 0.05, 0.15]),
        line(row(6), ['Delavska cesta 7', 0.05, 0.2]),
        line(row(7), ['4280 Šenčur', 0.05, 0.15]),
      ]),
    ]);
    expect(numbered.buyer.name).toBe('Luka Oblak');
    const labelled = read([
      page([
        line(
          row(2),
          ['Verkäufer:', 0.12, 0.2],
          ['ACME Lösungen GmbH', 0.26, 0.4],
          ['Kunde:', 0.51, 0.56],
          ['Contoso AG', 0.64, 0.75],
        ),
        line(
          row(3),
          ['Adresse:', 0.12, 0.2],
          ['Beispielstraße 1, 10115 Berlin', 0.26, 0.45],
          ['Adresse:', 0.51, 0.58],
          ['Kundenweg 12, 10178 Berlin', 0.64, 0.85],
        ),
      ]),
    ]);
    expect(labelled.buyer.name).toBe('Contoso AG');
  });

  it('reads a block set flush right under a heading at the right', () => {
    const d = read([
      page([
        line(row(3), ['Sprzedawca:', 0.06, 0.15], ['Nabywca:', 0.86, 0.93]),
        line(row(4), ['Milk Corp.', 0.06, 0.14], ['Jan Kowalski', 0.84, 0.93]),
        line(row(5), ['ul. Mleczna 1', 0.06, 0.15], ['ul. Kowalska 1', 0.83, 0.93]),
        line(row(6), ['00-000 Mleczno', 0.06, 0.16], ['00-000 Kowalewo', 0.8, 0.93]),
      ]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Milk Corp.', 'Jan Kowalski']);
  });

  it('takes the seller from the footer legal line and the other company at the head as the buyer', () => {
    const d = read([
      page([
        line(row(0), ['Faktura', 0.6, 0.7]),
        line(row(5), ['Compounds AG', 0.05, 0.18]),
        line(row(50), ['MixCont AB, 23145, Sankta gertrudsvag 10.', 0.3, 0.7]),
      ]),
    ]);
    expect(d.seller.name).toBe('MixCont AB');
    expect(d.buyer.name).toBe('Compounds AG');
  });

  it('cuts a letterhead name after its legal form where the line runs on into the address', () => {
    const d = read([page([line(row(3), ['TENNISMEHL GmbH Hundsberg 13 97950 Großrinderfeld', 0.1, 0.45])])]);
    expect(d.seller.name).toBe('TENNISMEHL GmbH');
  });

  it('takes the name of a sender line without legal form, but no e-mail address', () => {
    const d = read([page([line(row(3), ['readbetter - Lesestraße 111 - 54545 Lesestadt', 0.05, 0.45])])]);
    expect(d.seller.name).toBe('readbetter');
    const mail = read([
      page([line(row(3), ['info@example.com - Lesestraße 111 - 54545 Lesestadt', 0.05, 0.45])]),
    ]);
    expect(mail.seller.name).toBeUndefined();
  });

  it('takes the opening line of the page for the seller when its address follows under it', () => {
    const d = read([
      page([
        line(row(0), ['Amazing Company', 0.08, 0.22]),
        line(row(1), ['Amazing Street 12', 0.08, 0.22], ['INVOICE', 0.75, 0.85]),
        line(row(2), ['San Francisco', 0.08, 0.2]),
      ]),
    ]);
    expect(d.seller.name).toBe('Amazing Company');
    const title = read([
      page([line(row(0), ['Invoice', 0.08, 0.2]), line(row(1), ['Page 1 of 2', 0.08, 0.2])]),
    ]);
    expect(title.seller.name).toBeUndefined();
    // A heading over the document's title line ("Summary" of a statement of invoices) is no name.
    const heading = read([
      page([
        line(row(0), ['Summary', 0.04, 0.2]),
        line(row(1), ['Invoice INV-5, Page 1 of 2', 0.04, 0.3]),
        line(row(2), ['Date: 09/05/2016', 0.04, 0.18]),
      ]),
    ]);
    expect(heading.seller.name).toBeUndefined();
  });

  it('reads the window under a large sender\'s line of its name and place alone, and the party after "An:"', () => {
    const telekom = read([
      page([
        line(
          row(3),
          ['Telekom Deutschland GmbH, 53171 Bonn', 0.1, 0.4],
          ['Datum', 0.6, 0.66],
          ['14.04.2026', 0.87, 0.95],
        ),
        line(row(7), ['Levent Cetin', 0.1, 0.22], ['Kundennummer', 0.6, 0.72], ['274 898 5616', 0.85, 0.95]),
        line(row(8), ['Finkenstr. 8', 0.1, 0.2]),
        line(row(9), ['47057 Duisburg', 0.1, 0.23]),
        line(row(14), ['Guten Tag Levent Cetin,', 0.1, 0.3]),
      ]),
    ]);
    expect([telekom.seller.name, telekom.buyer.name]).toEqual(['Telekom Deutschland GmbH', 'Levent Cetin']);
    const to = read([
      page([
        line(row(0), ['Mustermann GmbH', 0.36, 0.55]),
        line(row(2), ['Hauptstraße 42, 76131 Karlsruhe', 0.11, 0.4]),
        line(row(4), ['An: Hochschule Karlsruhe – Technik und Wirtschaft', 0.11, 0.55]),
        line(row(5), ['Moltkestraße 30, 76133 Karlsruhe', 0.11, 0.4]),
      ]),
    ]);
    expect(to.buyer.name).toBe('Hochschule Karlsruhe – Technik und Wirtschaft');
  });

  it('reads the window under a sender line with the postcodes of pt, el, cs and pl', () => {
    const places = [
      ['8000-078 Faro', '1100-148 Lisboa'],
      ['546 24 Θεσσαλονίκη', '105 57 Αθήνα'],
      ['110 00 Praha', '602 00 Brno'],
      ['00-950 Warszawa', '30-001 Kraków'],
    ];
    for (const [place, buyerPlace] of places) {
      const d = read([
        page([
          line(row(8), [`Costa Design Lda. · Rua de Santa Catarina, 134 · ${place}`, 0.05, 0.6]),
          line(row(10), ['Martins & Costa Lda.', 0.05, 0.25]),
          line(row(11), ['Rua Augusta 12', 0.05, 0.2]),
          line(row(12), [buyerPlace!, 0.05, 0.2]),
        ]),
      ]);
      expect(d.buyer.name, place).toBe('Martins & Costa Lda.');
    }
  });

  it('reads no name under a block that opens with its street', () => {
    const d = read([
      page([
        line(row(8), ['Invoice To:', 0.1, 0.2], ['INV#', 0.7, 0.75], ['INV0001', 0.78, 0.88]),
        line(row(9), ['1 Makebelieve Avenue,', 0.1, 0.3]),
        line(row(10), ['Sim City', 0.1, 0.2]),
      ]),
    ]);
    expect(d.buyer.name).toBeUndefined();
    // Nor the street over the place, named in a language whose street words are not known.
    const sk = read([
      page([
        line(row(8), ['Príjemca:', 0.55, 0.62]),
        line(row(9), ['Kontaktná osoba Zuzana Tóthová', 0.55, 0.75]),
        line(row(10), ['Štúrova 9', 0.55, 0.62]),
        line(row(11), ['080 01 Prešov', 0.55, 0.64]),
      ]),
    ]);
    expect(sk.buyer.name).toBeUndefined();
  });

  it('reads a buyer under its own label, the value under a label without a colon', () => {
    const d = read([
      page([
        line(row(20), ['Nom du client', 0.05, 0.16], ['Les prochaines étapes', 0.37, 0.55]),
        line(row(21), ['JOHN DOE', 0.05, 0.13]),
      ]),
    ]);
    expect(d.buyer.name).toBe('JOHN DOE');
  });

  it('reads labels down the left margin with their values flush right, an address window between', () => {
    const list = (rows: Array<[string, string, string?]>) =>
      page(
        rows.map(([label, value, middle], i) =>
          middle
            ? line(row(2 + i), [label, 0.09, 0.2], [middle, 0.55, 0.7], [value, 0.83, 0.91])
            : line(row(2 + i), [label, 0.09, 0.2], [value, 0.83, 0.91]),
        ),
      );
    const d = read([
      list([
        ['Kunden-Nr.', '219635'],
        ['Rechnungsdatum', '12.07.2025'],
        ['Zahlbar bis', '11.08.2025', 'Hoffmann & Vogel e.K.'],
        ['Lieferdatum', '08.07.2025', 'Hauptstraße 39'],
      ]),
    ]);
    expect([d.issue_date, d.due_date]).toEqual(['2025-07-12', '2025-08-11']);
    // One such line alone is no list: the value far right may be another column's.
    const alone = read([
      page([
        line(
          row(2),
          ['Rechnungsdatum', 0.09, 0.2],
          ['Hauptstraße 39', 0.55, 0.7],
          ['12.07.2025', 0.83, 0.91],
        ),
      ]),
    ]);
    expect(alone.issue_date).toBeUndefined();
  });
});

describe('totals', () => {
  it('reads whole amounts with a currency, and the net as gross less VAT at a usual rate', () => {
    const d = read([
      page([
        line(row(20), ['VAT: 50000 USD', 0.6, 0.9]),
        line(row(21), ['Total (including tax): 550000 USD', 0.5, 0.9]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '500000.00', vat: '50000', gross: '550000' });
    // A tax identifier's label is no VAT amount's, nor is what stands under it.
    const withId = read([
      page([
        line(row(3), ['Tax ID: T1234567890000', 0.78, 0.95]),
        line(row(8), ['550000 USD', 0.78, 0.88]),
        line(row(20), ['VAT: 50000 USD', 0.6, 0.9]),
        line(row(21), ['Total (including tax): 550000 USD', 0.5, 0.9]),
      ]),
    ]);
    expect(withId.totals).toMatchObject({ net: '500000.00', vat: '50000', gross: '550000' });
  });

  it('reads the total of a credit note under its own label ("Gutschriftsbetrag")', () => {
    const d = read([
      page([
        line(row(20), ['Netto:', 0.6, 0.66], ['-290,00', 0.8, 0.86], ['EUR', 0.9, 0.93]),
        line(row(21), ['20 % USt:', 0.58, 0.66], ['-58,00', 0.81, 0.86], ['EUR', 0.9, 0.93]),
        line(row(22), ['Gutschriftsbetrag:', 0.5, 0.66], ['-348,00', 0.8, 0.86], ['EUR', 0.9, 0.93]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '-290.00', vat: '-58.00', gross: '-348.00' });
  });

  it('reads the sales taxes of Canada and others (TPS/TVQ, GST) as the VAT', () => {
    const d = read([
      page([
        line(row(20), ['Sous-total', 0.5, 0.6], ['9.41$', 0.8, 0.86]),
        line(row(21), ['TPS/TVQ', 0.5, 0.6], ['1.41$', 0.8, 0.86]),
        line(row(22), ['Grand total', 0.5, 0.6], ['10.82$', 0.8, 0.86]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '9.41', vat: '1.41', gross: '10.82' });
  });

  it('confirms net and gross of a zero-rated invoice that prints the rate alone', () => {
    const rows = (vat: string) =>
      read([
        page([
          line(row(20), ['Subtotaal', 0.49, 0.58], ['€6', 0.7, 0.73]),
          line(row(21), ['BTW', 0.49, 0.53], [vat, 0.7, 0.74]),
          line(row(22), ['Totaal', 0.49, 0.55], ['€6,-', 0.7, 0.74]),
        ]),
      ]);
    const d = rows('0%');
    expect(d.totals).toEqual({ net: '6', gross: '6' });
    expect(d.provenance['totals.gross']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    expect(rows('21%').provenance['totals.gross']!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('reads a whole amount grouped in threes by the page\'s language ("440.000 HUF" is 440000, never 440.00)', () => {
    const rows = (labels: [string, string, string]) =>
      read([
        page([
          line(row(20), [labels[0], 0.5, 0.65], ['440.000 HUF', 0.8, 0.9]),
          line(row(21), [labels[1], 0.5, 0.6], ['118.800 HUF', 0.8, 0.9]),
          line(row(22), [labels[2], 0.5, 0.66], ['558.800 HUF', 0.8, 0.9]),
        ]),
      ]);
    // Hungarian writes decimals with a comma: the point groups thousands.
    expect(rows(['Összesen nettó:', 'ÁFA (27%):', 'Fizetendő összeg:']).totals).toMatchObject({
      net: '440000',
      vat: '118800',
      gross: '558800',
    });
    // On an English page the point may be a decimal point: no amount is read.
    expect(rows(['Net amount:', 'VAT (27%):', 'Amount due:']).totals).toEqual({});
    // A page of a decimal-comma language whose every comma has three digits after it groups with
    // it (English style): its amounts are left unread, never read as 48.80.
    const lv = read([
      page([
        line(row(20), ['Summa bez PVN:', 0.5, 0.62], ['48,800 €', 0.8, 0.9]),
        line(row(21), ['PVN kopā:', 0.5, 0.6], ['7,962 €', 0.8, 0.9]),
        line(row(22), ['Summa apmaksai:', 0.5, 0.62], ['56,762 €', 0.8, 0.9]),
      ]),
    ]);
    expect(lv.totals).toEqual({});
    // On an English page the same commas group thousands: decimals there take a point.
    const gb = read([
      page([
        line(row(20), ['Net amount', 0.5, 0.62], ['£ 19,800', 0.8, 0.9]),
        line(row(21), ['VAT 20%', 0.5, 0.6], ['£ 3,960', 0.8, 0.9]),
        line(row(22), ['Grand total', 0.5, 0.62], ['£ 23,760', 0.8, 0.9]),
      ]),
    ]);
    expect(gb.totals).toMatchObject({ net: '19800', vat: '3960', gross: '23760' });
  });

  it("reads a VAT table's sum row: whole amounts, and a credit note's negative ones", () => {
    const table = (sum: [string, string, string, string]) =>
      read([
        page([
          line(
            row(20),
            ['Momssats', 0.32, 0.4],
            ['Underlag', 0.49, 0.56],
            ['Moms', 0.68, 0.72],
            ['Totalt', 0.87, 0.92],
          ),
          line(
            row(21),
            ['25 %', 0.32, 0.36],
            [sum[1], 0.49, 0.56],
            [sum[2], 0.68, 0.74],
            [sum[3], 0.86, 0.92],
          ),
          line(
            row(22),
            [sum[0], 0.24, 0.3],
            [sum[1], 0.49, 0.56],
            [sum[2], 0.68, 0.74],
            [sum[3], 0.86, 0.92],
          ),
        ]),
      ]);
    expect(table(['Summa', '138100', '34525', '172625']).totals).toMatchObject({
      net: '138100',
      vat: '34525',
      gross: '172625',
    });
    expect(table(['Total', '-9,822.19', '-2,259.10', '-12,081.29']).totals).toMatchObject({
      net: '-9822.19',
      vat: '-2259.10',
      gross: '-12081.29',
    });
    // Three whole numbers that do not add up are no totals.
    expect(table(['Summa', '138100', '34525', '172626']).totals.gross).toBeUndefined();
  });

  it('confirms a lone total by the item amounts above it adding up to it', () => {
    const items = (last: string) =>
      read([
        page([
          line(row(10), ['Artikel', 0.1, 0.2], ['Bedrag', 0.8, 0.88]),
          line(row(11), ['Laptop', 0.1, 0.2], ['€ 999.99', 0.8, 0.9]),
          line(row(12), ['Muis', 0.1, 0.2], ['€ 50.00', 0.8, 0.9]),
          line(row(13), ['Totaal', 0.6, 0.7], [last, 0.8, 0.9]),
        ]),
      ]);
    // A total the items do not add up to stays a candidate below the bar.
    const sure = (d: ReturnType<typeof read>) =>
      (d.provenance['totals.gross']?.confidence ?? 0) >= CONFIDENCE_BAR;
    const added = items('€ 1049.99');
    expect([added.totals.gross, sure(added)]).toEqual(['1049.99', true]);
    expect(sure(items('€ 1050.99'))).toBe(false);
  });
});

describe('currency', () => {
  const priced = (words: string[]) =>
    read([
      page([
        ...words.map((w, i) => line(row(i), [w, 0.05, 0.5])),
        line(row(20), ['Grand total', 0.5, 0.6], ['10.82$', 0.8, 0.9]),
      ]),
    ]);
  const sure = (d: ReturnType<typeof read>) => (d.provenance.currency?.confidence ?? 0) >= CONFIDENCE_BAR;

  it('takes a bare "$" for the US dollar on an English page only', () => {
    const en = priced(['Thank you for your order', 'Invoice date: 2024-01-05']);
    expect([en.currency, sure(en)]).toEqual(['USD', true]);
    const fr = priced(['Facturé à', 'Désignation', 'Quantité', 'Réglé par chèque', 'Échéance', 'Téléphone']);
    expect([fr.currency, sure(fr)]).toEqual(['USD', false]);
  });
});
