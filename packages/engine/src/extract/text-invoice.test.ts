// The text-layer reader on hand-made pages (A4, 595 x 842 pt, 10 pt type): every value it finds
// carries provenance (source, reader, page, box, confidence), ambiguous dates are left unread,
// and the buyer's direct-debit account is not the seller's. Through the checks and the
// projection, a clean invoice confirms all of Set A. Totals: text-invoice-totals.test.ts; words
// read by OCR: text-invoice-ocr.test.ts; accounts and VAT ids: text-invoice-accounts.test.ts.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../check/document-checks.js';
import { countryOf } from '../project/countries.js';
import { CONFIDENCE_BAR, FIELD_SETS, project } from '../project/field-sets.js';
import { line, page, row } from '../test-support/layout-pages.js';
import { germanInvoice, readText as read } from '../test-support/text-invoices.js';

const de = countryOf('de')!;

describe('readTextInvoice: a German invoice', () => {
  const d = read([germanInvoice()], { country: 'DE' });

  it('reads every value', () => {
    expect(d.syntax).toBe('text');
    expect(d.number).toBe('RE-2024-17');
    expect(d.issue_date).toBe('2024-03-14');
    expect(d.due_date).toBe('2024-03-28');
    expect(d.payment.due_date).toBe('2024-03-28');
    expect(d.currency).toBe('EUR');
    expect(d.seller).toEqual({
      name: 'ACME Software GmbH',
      vat_id: 'DE136695976',
      address: { lines: ['Hauptstraße 1'], postcode: '10115', city: 'Berlin' },
    });
    expect(d.buyer).toEqual({
      name: 'Kunden AG',
      address: { lines: ['Marktplatz 5'], postcode: '80331', city: 'München' },
    });
    expect(d.payment.accounts).toEqual([{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }]);
    expect(d.totals).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
  });

  it('records provenance for every value: source, reader, page, box and confidence', () => {
    const paths = [
      'number',
      'issue_date',
      'due_date',
      'seller.name',
      'seller.vat_id',
      'seller.address.lines.0',
      'seller.address.city',
      'buyer.name',
      'payment.accounts.0.iban',
      'payment.accounts.0.bic',
      'totals.net',
      'totals.vat',
      'totals.gross',
    ];
    for (const p of paths) {
      const prov = d.provenance[p];
      expect(prov, p).toMatchObject({ source: 'text', reader: 'test', page: 1 });
      expect(prov!.confidence, p).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
      expect(prov!.confidence, p).toBeLessThanOrEqual(1);
      const [x0, y0, x1, y1] = prov!.bbox!;
      expect(x0, p).toBeLessThan(x1);
      expect(y0, p).toBeLessThan(y1);
      for (const v of prov!.bbox!) expect(v, p).toBeGreaterThanOrEqual(0);
      for (const v of prov!.bbox!) expect(v, p).toBeLessThanOrEqual(1);
    }
    // The currency is inferred from the € signs: no single place on the page.
    expect(d.provenance.currency).toMatchObject({ source: 'text', reader: 'test' });
    expect(d.provenance.currency!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it('points each box at the text the value was read from', () => {
    const box = (p: string) => d.provenance[p]!.bbox!;
    // The gross is the amount on the Gesamtbetrag row, not the item row with the same column.
    expect(box('totals.gross')[0]).toBeCloseTo(0.8);
    expect(box('totals.gross')[1]).toBeCloseTo(row(16));
    expect(box('totals.net')[1]).toBeCloseTo(row(14));
    expect(box('totals.vat')[1]).toBeCloseTo(row(15));
    expect(box('number')[1]).toBeCloseTo(row(2));
    expect(box('due_date')[1]).toBeCloseTo(row(18));
    expect(box('seller.vat_id')[1]).toBeCloseTo(row(9));
    expect(box('payment.accounts.0.iban')[0]).toBeCloseTo(0.08);
    expect(box('payment.accounts.0.bic')[0]).toBeCloseTo(0.6);
    expect(box('buyer.name')[0]).toBeCloseTo(0.55);
    expect(box('buyer.name')[1]).toBeCloseTo(row(5));
  });

  it('confirms every Set A field through the checks and the projection', () => {
    const checks = runChecks(d, '2024-06-01');
    expect(checks.filter((c) => c.outcome === 'fail')).toEqual([]);
    const { fields, fields_detailed } = project(d, checks, de);
    expect(fields).toEqual({
      invoice_no: 'RE-2024-17',
      invoice_date: '2024-03-14',
      due_date: '2024-03-28',
      currency: 'EUR',
      seller_name: 'ACME Software GmbH',
      seller_address: 'Hauptstraße 1, 10115 Berlin',
      seller_vat_id: 'DE136695976',
      seller_iban: 'DE89370400440532013000',
      seller_bic: 'COBADEFFXXX',
      buyer_name: 'Kunden AG',
      net_amount: '100.00',
      vat_amount: '19.00',
      gross_amount: '119.00',
    });
    expect(fields_detailed.map((f) => f.key)).toEqual([...FIELD_SETS.A]);
    for (const f of fields_detailed) {
      expect(f.status, f.key).toBe('confirmed');
      expect(f.source, f.key).toBe('text');
      expect(f.page, f.key).toBe(1);
    }
  });

  it('reads the same invoice from the second page with page 2 in its provenance', () => {
    const second = read([page([line(row(0), ['Anlage', 0.08, 0.2])], 1), { ...germanInvoice(), page: 2 }], {
      country: 'DE',
    });
    expect(second.totals.gross).toBe('119.00');
    expect(second.provenance['totals.gross']!.page).toBe(2);
    expect(second.provenance['payment.accounts.0.iban']!.page).toBe(2);
  });
});

describe('readTextInvoice: numbers and dates', () => {
  /** An English invoice from a seller whose country the reader is not told. */
  const english = (date: string, ...payments: string[]) =>
    page([
      line(row(0), ['Globex Ltd', 0.08, 0.25]),
      line(row(2), ['Invoice number: INV-88', 0.08, 0.4]),
      line(row(3), ['Invoice date: ' + date, 0.08, 0.4]),
      line(row(6), ['Net amount', 0.5, 0.62], ['100.00', 0.8, 0.9]),
      line(row(7), ['Sales tax', 0.5, 0.6], ['20.00', 0.81, 0.9]),
      line(row(8), ['Amount due', 0.5, 0.62], ['120.00', 0.8, 0.9]),
      ...payments.map((p, i) => line(row(10 + i), ['Wire transfer ' + p, 0.08, 0.4])),
    ]);

  it('leaves an ambiguous date on an English invoice unread when the country does not settle it', () => {
    const d = read([english('03/04/2024')]);
    expect(d.number).toBe('INV-88');
    expect(d.issue_date).toBeUndefined();
    expect(d.provenance.issue_date).toBeUndefined();
    expect(read([english('03/04/2024')], { country: 'DE' }).issue_date).toBeUndefined();
  });

  it('reads the date month first for a US invoice and day first for a UK one', () => {
    expect(read([english('03/04/2024')], { country: 'US' }).issue_date).toBe('2024-03-04');
    expect(read([english('03/04/2024')], { country: 'us' }).issue_date).toBe('2024-03-04');
    expect(read([english('03/04/2024')], { lang: 'en-US' }).issue_date).toBe('2024-03-04');
    expect(read([english('03/04/2024')], { country: 'GB' }).issue_date).toBe('2024-04-03');
    // A British business's invoice whose program writes month first, as its due date shows.
    expect(read([english('5/1/2023', '5/31/2023')], { country: 'GB' }).issue_date).toBe('2023-05-01');
  });

  it("reads an ambiguous date in the order the page's unambiguous dates show", () => {
    expect(read([english('03/04/2024', '04/17/2024')]).issue_date).toBe('2024-03-04');
    expect(read([english('03/04/2024', '17/04/2024')]).issue_date).toBe('2024-04-03');
    // Pages that show both orders, or only dotted dates (day first everywhere), settle nothing.
    expect(read([english('03/04/2024', '04/17/2024', '17/04/2024')]).issue_date).toBeUndefined();
    expect(read([english('03/04/2024', '17.04.2024')]).issue_date).toBeUndefined();
    // A country that settles the order outranks the page.
    expect(read([english('03/04/2024', '17/04/2024')], { country: 'US' }).issue_date).toBe('2024-03-04');
  });

  it('reads an unambiguous slashed date without a country', () => {
    expect(read([english('25/04/2024')]).issue_date).toBe('2024-04-25');
    expect(read([english('2024-04-03')]).issue_date).toBe('2024-04-03');
  });

  it('reads the English totals', () => {
    const d = read([english('2024-04-03')]);
    expect(d.totals).toEqual({ net: '100.00', vat: '20.00', gross: '120.00' });
  });

  it('prefers a labelled invoice number and date to the title line', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung', 0.08, 0.2]),
        line(row(1), ['Rechnungsnummer:', 0.08, 0.28], ['2024-0815', 0.4, 0.52]),
        line(row(2), ['Rechnungsdatum:', 0.08, 0.27], ['02.05.2024', 0.4, 0.52]),
      ]),
    ]);
    expect(d.number).toBe('2024-0815');
    expect(d.issue_date).toBe('2024-05-02');
    expect(d.provenance.number).toMatchObject({ confidence: 0.9, page: 1 });
    // The box spans label and value.
    expect(d.provenance.number!.bbox![0]).toBeCloseTo(0.08);
    expect(d.provenance.number!.bbox![2]).toBeCloseTo(0.52);
  });

  it('reads the number alone in a title ("Rechnung RE1001")', () => {
    expect(read([page([line(row(0), ['Rechnung RE1001', 0.08, 0.3])])]).number).toBe('RE1001');
  });

  it('reads the number under or after a number word alone ("Nr.") on a page titled as an invoice', () => {
    const grid = (title: string) =>
      read([
        page([
          line(row(0), [title, 0.07, 0.3]),
          line(row(2), ['Nr.', 0.07, 0.1], ['Data', 0.24, 0.3], ['Kliento Nr.', 0.57, 0.65]),
          line(row(3), ['PVM19229', 0.07, 0.15], ['2026-03-07', 0.24, 0.32], ['18115', 0.57, 0.62]),
        ]),
      ]).number;
    expect(grid('SĄSKAITA FAKTŪRA')).toBe('PVM19229');
    // Without a title naming an invoice, a bare "Nr." could number anything.
    expect(grid('Pristatymo lapas')).toBeUndefined();
    expect(
      read([page([line(row(0), ['Rēķins', 0.07, 0.2]), line(row(2), ['Nr.: 2025/4519', 0.58, 0.7])])]).number,
    ).toBe('2025/4519');
    // The Greek word for "number" spelled out, over a number in Greek letters.
    expect(
      read([
        page([
          line(row(0), ['Τιμολόγιο Πώλησης', 0.07, 0.3]),
          line(row(2), ['Αριθμός:', 0.58, 0.66], ['ΤΠΥ 54848', 0.83, 0.92]),
        ]),
      ]).number,
    ).toBe('ΤΠΥ 54848');
    // After other text on its line, a number word numbers that ("Dépannage : n° 1234567890").
    expect(
      read([
        page([
          line(row(0), ['Facture du 29/01/2021', 0.37, 0.6]),
          line(row(2), ['Dépannage électricité Enedis :', 0.04, 0.3], ['n° 1234567890', 0.37, 0.5]),
        ]),
      ]).number,
    ).toBeUndefined();
    // The "Nr." heading an item table's column numbers its rows.
    const table = read([
      page([
        line(row(0), ['Rechnung', 0.07, 0.2]),
        line(row(4), ['Nr.', 0.07, 0.1], ['Bezeichnung', 0.15, 0.3], ['Menge', 0.6, 0.66]),
        line(row(5), ['100', 0.07, 0.1], ['Beratung', 0.15, 0.3], ['2', 0.6, 0.62]),
      ]),
    ]);
    expect(table.number).toBeUndefined();
  });

  it('takes no date of a grid of labels over values for the letter\'s date ("Date limite de paiement")', () => {
    const d = read([
      page([
        line(row(0), ['Facture', 0.08, 0.2]),
        line(
          row(2),
          ['Code client', 0.08, 0.18],
          ['Facture n°', 0.29, 0.38],
          ['Date', 0.49, 0.53],
          ['Date limite de paiement', 0.7, 0.9],
        ),
        line(
          row(3),
          ['K-25653', 0.08, 0.15],
          ['F2026-7152', 0.29, 0.38],
          ['27 juillet 2026', 0.49, 0.6],
          ['6 août 2026', 0.7, 0.8],
        ),
      ]),
    ]);
    expect([d.issue_date, d.due_date]).toEqual(['2026-07-27', '2026-08-06']);
  });

  it('reads a number written like a slashed date under its label on a page dating with dots', () => {
    const pl = (issued: string) =>
      read([
        page([
          line(row(0), ['Faktura', 0.11, 0.2]),
          line(row(2), ['Nr faktury:', 0.11, 0.2], ['17/11/2026', 0.23, 0.3]),
          line(row(3), ['Data faktury:', 0.11, 0.2], [issued, 0.23, 0.3]),
          line(row(8), ['Prosimy o wpłatę do dnia 18.11.2026.', 0.11, 0.4]),
        ]),
      ]);
    const d = pl('08.11.2026');
    expect([d.number, d.issue_date, d.due_date]).toEqual(['17/11/2026', '2026-11-08', '2026-11-18']);
    // Where the page writes its dates with slashes, "17/11/2026" may be one: no number.
    expect(pl('08/11/2026').number).toBeUndefined();
  });

  it('reads an Italian invoice: "Fattura n. 118 del …", a "Partita IVA" without its prefix, "entro il"', () => {
    const d = read(
      [
        page([
          line(row(0), ['Rossi Forniture S.r.l.', 0.08, 0.35]),
          line(row(1), ['Via Roma 12 - 20121 Milano (MI)', 0.08, 0.4]),
          line(row(2), ['Partita IVA 12345670017 - C.F. 12345670017', 0.08, 0.5]),
          line(row(4), ['Fattura n. 118 del 14/03/2024', 0.08, 0.4]),
          line(row(6), ['Modalità di pagamento: bonifico bancario entro il 13/04/2024', 0.08, 0.7]),
        ]),
      ],
      { country: 'IT' },
    );
    expect(d.number).toBe('118');
    expect(d.issue_date).toBe('2024-03-14');
    expect(d.due_date).toBe('2024-04-13');
    expect(d.seller.vat_id).toBe('IT12345670017');
    expect(d.seller.address).toEqual({ lines: ['Via Roma 12'], postcode: '20121', city: 'Milano' });
    // Eleven digits whose check digit fails are no VAT id.
    const wrong = read([page([line(row(0), ['P.IVA 12345670018', 0.08, 0.4])])]);
    expect(wrong.seller.vat_id).toBeUndefined();
  });

  it("offers the receiving country's currency below the bar when no amount names one", () => {
    const lines = [
      line(row(0), ['Rechnung Nr. 2024-031 vom 14.03.2024', 0.08, 0.5]),
      line(row(2), ['Brutto 355,81', 0.08, 0.3]),
    ];
    const d = read([page(lines)], { country: 'DE' });
    expect(d.currency).toBe('EUR');
    expect(d.provenance.currency!.confidence).toBeLessThan(CONFIDENCE_BAR);
    expect(read([page(lines)], { country: 'CH' }).currency).toBe('CHF');
    expect(read([page(lines)]).currency).toBeUndefined();
  });

  it('reads the date of a title from the next line when that line starts with "vom"', () => {
    const d = read([
      page([
        line(row(0), ['Gutschrift (Selbst ausgestellte Rechnung) Nr. 47110818', 0.08, 0.6]),
        line(row(1), ['vom 31.10.2018', 0.08, 0.22]),
      ]),
    ]);
    expect(d.number).toBe('47110818');
    expect(d.issue_date).toBe('2018-10-31');
  });

  it('takes a number of one or two digits from a title only with its date after it', () => {
    const dated = read([page([line(row(0), ['Счёт на оплату № 5 от 14 марта 2024 г.', 0.08, 0.5])])]);
    expect(dated.number).toBe('5');
    expect(dated.issue_date).toBe('2024-03-14');
    expect(read([page([line(row(0), ['Счёт на оплату № 17', 0.08, 0.3])])]).number).toBeUndefined();
  });

  it('reads a number printed in groups of digits whole ("726 752 5181")', () => {
    const d = read([page([line(row(0), ['Rechnungsnummer', 0.6, 0.75], ['726 752 5181', 0.85, 0.95])])]);
    expect(d.number).toBe('726 752 5181');
  });

  it('reads a number of short and long digit groups, ten digits or more in all, whole ("1 24 0005 0001201345")', () => {
    const d = read([page([line(row(0), ['Factura', 0.06, 0.15], ['1 24 0005 0001201345', 0.25, 0.45])])]);
    expect(d.number).toBe('1 24 0005 0001201345');
    // (not a short run of small groups: an amount or a date's parts)
    expect(
      read([page([line(row(0), ['Factura', 0.06, 0.15], ['1 24 05', 0.25, 0.45])])]).number,
    ).toBeUndefined();
  });

  it("reads a platform's long reference or a UUID as the number, up to 40 signs", () => {
    const uber = read([
      page([line(row(0), ['Numéro de facture: UBERFRAEATS-FIFCCEJA-01-2025-0000038', 0.06, 0.6])]),
    ]);
    expect(uber.number).toBe('UBERFRAEATS-FIFCCEJA-01-2025-0000038');
    const uuid = read([page([line(row(0), ['Beleg-Nr.: 458c10e4-fbd7-4a7f-948a-e22c8c3a00c1', 0.5, 0.95])])]);
    expect(uuid.number).toBe('458c10e4-fbd7-4a7f-948a-e22c8c3a00c1');
    const long = read([
      page([line(row(0), ['Rechnungsnummer: A1234567890123456789012345678901234567890', 0.3, 0.95])]),
    ]);
    expect(long.number).toBeUndefined();
  });

  it('reads the document\'s own number and date under their "document" labels, also stacked in several languages', () => {
    const d = read([
      page([
        line(row(0), ['INVOICE', 0.06, 0.2]),
        line(row(2), ['Document No.: 9400012345', 0.55, 0.85]),
        line(row(3), ['Document Date: 14.03.2024', 0.55, 0.85]),
      ]),
    ]);
    expect([d.number, d.issue_date]).toEqual(['9400012345', '2024-03-14']);
    const stacked = read([
      page([
        line(row(2), ['Beleg-Nr../Document No./', 0.61, 0.85]),
        line(row(3), ['No. du document/Num. de comprobante', 0.61, 0.9]),
        line(row(4), ['458c10e4-fbd7-4a7f-948a-e22c8c3a00c1', 0.61, 0.9]),
      ]),
    ]);
    expect(stacked.number).toBe('458c10e4-fbd7-4a7f-948a-e22c8c3a00c1');
  });

  it('takes no first group of a number that goes on after a comma ("00,00,0001")', () => {
    const d = read([page([line(row(0), ['Rechnungsnummer: 00,00,0001', 0.58, 0.85])])]);
    expect(d.number).toBeUndefined();
    expect(read([page([line(row(0), ['Rechnungsnummer: 2023-17, vom 14.03.2024', 0.58, 0.9])])]).number).toBe(
      '2023-17',
    );
  });

  it('does not take a date or a version number for the invoice number', () => {
    const d = read([
      page([
        line(row(0), ['XRechnung 1.2', 0.08, 0.3]),
        line(row(1), ['Rechnung Nr. 14.03.2024', 0.08, 0.4]),
      ]),
    ]);
    expect(d.number).toBeUndefined();
  });

  it('keeps a due date read from a sentence of payment terms below the bar', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 01.03.2024', 0.08, 0.45]),
        line(row(2), ['Zahlbar innerhalb 14 Tagen bis 15.03.2024 ohne Abzug.', 0.08, 0.7]),
      ]),
    ]);
    expect(d.due_date).toBe('2024-03-15');
    expect(d.provenance.due_date!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('confirms a due date from a sentence that holds no other number', () => {
    for (const sentence of [
      'Please remit until 2019-07-01.',
      'Bitte überweisen Sie bis zum 01.07.2019.',
      'Моля, платете до 01.07.2019 г.',
      'Betales senest 1/7 2019.',
      'Palume tasuda hiljemalt 1. juuli 2019.',
      'Prašome apmokėti iki 2019 m. liepos 1 d.',
      'Lūdzam apmaksāt līdz 2019. gada 1. jūlijs.',
      'Kérjük, az összeget 2019.07.01. napjáig utalja át.',
      'Gelieve te betalen vóór 1 juli 2019.',
      'Pagamento até 1 de julho de 2019.',
      'Vă rugăm să achitați până la 01.07.2019.',
      // "by" before the date and the word for paying after it.
      'Der Rechnungsbetrag ist bis zum 01.07.2019 fällig.',
      'Der Betrag ist bis 01.07.2019 zu bezahlen.',
    ]) {
      const d = read([
        page([
          line(row(0), ['Invoice # RE-20190610/507 issued at 2019-06-10', 0.08, 0.6]),
          line(row(2), [sentence, 0.08, 0.5]),
        ]),
      ]);
      expect(d.due_date, sentence).toBe('2019-07-01');
      expect(d.provenance.due_date!.confidence, sentence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    }
  });

  it('passes over a due label whose value is the invoice date amid other text, to the next due label', () => {
    // A grid's values run together under its headings; the same fields follow as a list.
    const d = read([
      page([
        line(
          row(0),
          ['Numer faktury', 0.11, 0.2],
          ['Data wystawienia', 0.27, 0.4],
          ['Termin płatności', 0.43, 0.56],
        ),
        line(
          row(1),
          ['FV 1584/2026', 0.11, 0.2],
          ['17 października 2026 16 r. listopada 2026 r.', 0.27, 0.7],
        ),
        line(row(3), ['Data wystawienia: 17 października 2026 r.', 0.11, 0.4]),
        line(row(4), ['Termin płatności: 16 listopada 2026 r.', 0.11, 0.4]),
      ]),
    ]);
    expect([d.issue_date, d.due_date]).toEqual(['2026-10-17', '2026-11-16']);
  });

  it('reads a date that reads either way day first on a page whose labels are of a language other than English', () => {
    const d = read([
      page([
        line(row(0), ['Fatura Nº FT A2025/4352', 0.09, 0.4]),
        line(row(2), ['Data da fatura', 0.09, 0.2], ['NIPC', 0.51, 0.56]),
        line(row(3), ['12-01-2025', 0.09, 0.17], ['PT 520640101', 0.51, 0.62]),
        line(row(10), ['Total', 0.5, 0.56], ['1.234,56 €', 0.8, 0.9]),
      ]),
    ]);
    expect(d.issue_date).toBe('2025-01-12');
  });

  it("confirms a due date from a sentence whose date reads either way, in the page's date order", () => {
    const d = read([
      page([
        line(row(0), ['Factura F25-27307 de 23-08-2025', 0.08, 0.5]),
        line(row(2), ['Forma de pago: transferencia bancaria antes del 07-10-2025.', 0.08, 0.6]),
      ]),
    ]);
    expect(d.due_date).toBe('2025-10-07');
    expect(d.provenance.due_date!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it('takes no due date from a "by" date that a word for paying does not follow in the same clause', () => {
    for (const sentence of [
      'Lieferung bis 01.07.2019, zahlbar sofort.',
      'Leistungszeitraum bis 01.07.2019; Zahlung per Lastschrift.',
    ]) {
      const d = read([
        page([
          line(row(0), ['Rechnung Nr. 4711 vom 10.06.2019', 0.08, 0.45]),
          line(row(2), [sentence, 0.08, 0.5]),
        ]),
      ]);
      expect(d.due_date, sentence).toBeUndefined();
    }
  });

  it('reads the date of a title that names no number, and only a title standing alone', () => {
    const dated = (text: string, y = row(6)) =>
      read([
        page([
          line(row(0), ['FICTIOCORP', 0.08, 0.3]),
          line(y, [text, 0.37, 0.6]),
          line(y + 0.012, ['n° 1234567890', 0.37, 0.5]),
        ]),
      ]);
    for (const [text, want] of [
      ['Facture du 29/01/2021', '2021-01-29'],
      ['Rechnung vom 29.01.2021', '2021-01-29'],
      ['Invoice dated 29 January 2021', '2021-01-29'],
      // (after a pictogram a symbol font maps to a capital letter)
      ['K Facture du 29/01/2021', '2021-01-29'],
    ] as const) {
      const d = dated(text);
      expect(d.issue_date, text).toBe(want);
      expect(d.provenance.issue_date!.confidence, text).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    }
    // Another invoice named in a sentence, or a title low on the page (a detail page's heading).
    expect(dated('Korrektur zur Rechnung vom 29.01.2021').issue_date).toBeUndefined();
    expect(dated('Facture du 29/01/2021', row(40)).issue_date).not.toBe('2021-01-29');
    // The number under it after "n°", printed in groups of digits.
    const grouped = read([
      page([
        line(row(0), ['FICTIOCORP', 0.08, 0.3]),
        line(row(6), ['K Facture du 29/01/2021', 0.36, 0.6]),
        line(row(7), ['N° 12 345 678 901', 0.39, 0.55], ['146,62 €', 0.82, 0.9]),
      ]),
    ]);
    expect(grouped.number).toBe('12 345 678 901');
  });

  it("takes the title's date but not a number whose first letter OCR read as a symbol", () => {
    const title = (text: string) => read([page([line(row(0), [text, 0.09, 0.6])])], { source: 'ocr' });
    const misread = title('Handelsrechnung (380) Nr £2018092011804 vom 20.09.2018');
    expect(misread.number).toBeUndefined();
    expect(misread.issue_date).toBe('2018-09-20');
    const clean = title('Handelsrechnung (380) Nr E2018092011804 vom 20.09.2018');
    expect([clean.number, clean.issue_date]).toEqual(['E2018092011804', '2018-09-20']);
  });

  it('reads number and date from a title carrying a document type code ("BUCHUNGSHILFE (751) Nr.")', () => {
    const d = read([page([line(row(0), ['BUCHUNGSHILFE (751) Nr. 471102 vom 05.03.2020', 0.09, 0.5])])]);
    expect(d.number).toBe('471102');
    expect(d.issue_date).toBe('2020-03-05');
    // A telephone area code in parentheses is no such code.
    const phone = read([page([line(row(0), ['Telefon (089) 12345 Nr. 7788 vom 05.03.2020', 0.09, 0.5])])]);
    expect(phone.number).toBeUndefined();
  });

  it('keeps a labelled due date equal to the invoice date (payment at once)', () => {
    const d = read([
      page([
        line(row(0), ['Facture FA-2017-0010', 0.08, 0.4]),
        line(row(2), ['Date de facture', 0.08, 0.25], ['16/11/2017', 0.35, 0.45]),
        line(row(3), ["Date d'échéance", 0.08, 0.25], ['16/11/2017', 0.35, 0.45]),
      ]),
    ]);
    expect(d.due_date).toBe('2017-11-16');
    expect(d.provenance.due_date!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it('takes no due date equal to the invoice date out of a sentence under a label', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 06.12.2018', 0.08, 0.45]),
        line(row(2), ['Fälligkeit 06.12.2018 den Beitrag von dem uns bekannten', 0.08, 0.6]),
      ]),
    ]);
    expect(d.due_date).toBeUndefined();
  });

  it('reads a "Fälligkeitstag" label', () => {
    const d = read([
      page([
        line(row(0), ['Beitragsrechnung Nr. 00.123.456.7 vom 11.03.2014', 0.08, 0.6]),
        line(row(2), ['Fälligkeitstag: 01.04.2014', 0.08, 0.3]),
      ]),
    ]);
    expect(d.due_date).toBe('2014-04-01');
    expect(d.provenance.due_date!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it('takes a labelled currency code over the symbols', () => {
    const d = read([
      page([line(row(0), ['Rechnung Nr. 4711', 0.08, 0.3]), line(row(1), ['Währung: CHF', 0.08, 0.25])]),
    ]);
    expect(d.currency).toBe('CHF');
    expect(d.provenance.currency!.bbox).toBeDefined();
  });

  it('takes only an ISO 4217 code under the currency label ("LUR" is a misread EUR)', () => {
    const labelled = (text: string) =>
      read([page([line(row(0), ['Rechnung Nr. 4711', 0.08, 0.3]), line(row(1), [text, 0.08, 0.25])])], {
        country: 'DE',
      });
    expect(labelled('Währung: LUR').provenance.currency?.bbox).toBeUndefined();
    expect(labelled('Währung: LUR').provenance.currency?.confidence).toBeLessThan(CONFIDENCE_BAR);
    expect(labelled('Währung: ISO EUR').currency).toBe('EUR');
  });
});

describe('readTextInvoice: numbers and dates of other documents', () => {
  it('does not take the number of an associated invoice or the date of an order', () => {
    const d = read([
      page([
        line(row(1), ['FACTURE', 0.1, 0.3]),
        line(row(3), ['N° DE FACTURE ASSOCIÉE :', 0.1, 0.4], ['F20260003', 0.45, 0.6]),
        line(row(4), ['DATE DE FACTURE ASSOCIÉE :', 0.1, 0.4], ['01/01/2026', 0.45, 0.6]),
        line(row(5), ['Datum der Bestellung:', 0.1, 0.35], ['02.01.2026', 0.45, 0.6]),
        line(row(6), ['DATE DE DEBUT DE PRESTATION :', 0.1, 0.4], ['01/01/2026', 0.45, 0.6]),
        line(row(7), ['DATE DE FIN DE PRESTATION :', 0.1, 0.4], ['31/12/2026', 0.45, 0.6]),
      ]),
    ]);
    expect(d.number).toBeUndefined();
    expect(d.issue_date).toBeUndefined();
  });

  it('does not take the end of an offer or a contract for the due date (an Italian bill\'s "Data scadenza offerta")', () => {
    const bill = (label: string) =>
      read([
        page([
          line(row(1), ['Bolletta n. KE-26-E59593BF-004', 0.1, 0.4]),
          line(row(10), [label, 0.07, 0.3]),
          line(row(11), ['31/12/2026', 0.07, 0.15]),
        ]),
      ]);
    expect(bill('DATA SCADENZA OFFERTA:').due_date).toBeUndefined();
    expect(bill('DATA SCADENZA CONTRATTO:').due_date).toBeUndefined();
    expect(bill('DATA SCADENZA:').due_date).toBe('2026-12-31');
  });

  it('does not take an order number from a sentence that mentions the invoice', () => {
    const d = read([
      page([
        line(row(1), ['Rechnung gemäß Bestellung Nr. 2013-471331', 0.5, 0.9]),
        line(row(2), ['Positionen aus der Lieferung Nr. 2013-51112 in Rechnung zu stellen:', 0.1, 0.8]),
      ]),
    ]);
    expect(d.number).toBeUndefined();
  });

  it('reads the date of a title "Invoice # X issued at <date>"', () => {
    const d = read([
      page([
        line(row(1), ['Invoice # RE-20190610/507 issued at 2019-06-10', 0.1, 0.6]),
        line(row(2), ['Date of delivery 2019-06-09', 0.1, 0.4]),
      ]),
    ]);
    expect(d.number).toBe('RE-20190610/507');
    expect(d.issue_date).toBe('2019-06-10');
  });
});

describe('readTextInvoice: currency, letter date, policy numbers and the payer account', () => {
  it('takes the invoice currency, not the currency the VAT is booked in', () => {
    const d = read([
      page([
        line(row(1), ['Rechnung Nr. 4711 vom 05.03.2018', 0.1, 0.5]),
        line(row(2), ['Rechnungswährung', 0.1, 0.3], [': GBP', 0.35, 0.45]),
        line(row(3), ['Währung der Umsatzsteuerbuchung : EUR', 0.1, 0.5]),
      ]),
    ]);
    expect(d.currency).toBe('GBP');
  });

  it('reads the date of the letter over a generic "Datum" print stamp', () => {
    const d = read([
      page([
        line(row(2), ['Rechnungsnummer:', 0.5, 0.65], ['2015738820', 0.7, 0.85]),
        line(row(3), ['München, den', 0.5, 0.62], ['01.11.2024', 0.7, 0.8]),
        line(row(50), ['Datum:', 0.1, 0.16], ['30.10.2024', 0.2, 0.3], ['Zeit: 04:59:13', 0.4, 0.55]),
      ]),
    ]);
    expect(d.issue_date).toBe('2024-11-01');
  });

  it('reads a letter\'s date with its month named first, as English letters write it ("Musterstadt, November 2, 2015")', () => {
    const letter = (place: string) =>
      read(
        [
          page([
            line(row(0), ['Max Mustermann • Musterstraße 37 • 12345 Musterstadt', 0.1, 0.6]),
            line(row(2), ['Erika Mustermann', 0.1, 0.3]),
            line(row(3), ['Musterallee 1', 0.1, 0.25]),
            line(row(4), ['12345 Musterstadt', 0.1, 0.28]),
            line(row(7), [place, 0.55, 0.85]),
            line(row(9), ['Invoice #2015-117', 0.1, 0.3]),
          ]),
        ],
        { country: 'DE' },
      ).issue_date;
    expect(letter('Musterstadt, November 2, 2015')).toBe('2015-11-02');
    expect(letter('London, Nov. 2, 2015')).toBe('2015-11-02');
    // A place and a country is no date.
    expect(letter('Berlin, Germany')).toBeUndefined();
  });

  it('reads the letter\'s "place, date" line and a title spaced out letter by letter', () => {
    // A fuel station's collective invoice: "69469 Weinheim, 01.10.2025" over "R E C H N U N G  Nr.
    // 6866", then receipts each with its own date ("Bon 377457 vom 03.09.2025") and, on the
    // signature sheet, a "Datum / Uhrzeit" column.
    const d = read([
      page([
        line(row(8), ['Andreas Schenk', 0.09, 0.25]),
        line(row(10), ['69469 Weinheim', 0.09, 0.25]),
        line(row(11), ['69469 Weinheim, 01.10.2025', 0.63, 0.9]),
        line(
          row(14),
          ['R E C H N U N G', 0.08, 0.22],
          ['Nr. 6866', 0.29, 0.36],
          ['Kundennr.: 61', 0.62, 0.75],
        ),
        line(row(17), ['Bon 377457 vom 03.09.2025 / 09:17', 0.08, 0.45]),
      ]),
      page(
        [
          line(row(4), ['Bonnummer', 0.09, 0.18], ['Datum / Uhrzeit', 0.2, 0.33], ['Betrag', 0.51, 0.57]),
          line(row(5), ['377457', 0.09, 0.15], ['03.09.2025 / 09:17', 0.2, 0.33], ['65.91 EUR', 0.56, 0.64]),
        ],
        2,
      ),
    ]);
    expect(d.issue_date).toBe('2025-10-01');
    expect(d.number).toBe('6866');
    // Letters of a word are joined only in a run of four or more of one case.
    const codes = read([page([line(row(2), ['Rechnung Nr. A B C', 0.1, 0.4])])]);
    expect(codes.number).not.toBe('ABC');
  });

  it('reads an IBAN set with letter-spacing, its groups apart by wider gaps ("F R 7 6   1 0 2 7")', () => {
    // Chrome's print of CSS letter-spacing: a space after every character, a wider one between
    // the groups; each character a word of the line.
    const spaced = (groups: string[]) => {
      const words: Array<[string, number, number]> = [];
      let x = 0.1;
      for (const g of groups) {
        for (const ch of g) {
          words.push([ch, x, x + 0.006]);
          x += 0.01;
        }
        x += 0.012;
      }
      return words;
    };
    const d = read([
      page([
        line(row(1), ['Facture N° FA-2025-12-002', 0.6, 0.9]),
        line(row(20), ['BIC', 0.09, 0.12], ['CMCIFR2A', 0.45, 0.52]),
        line(row(21), ...spaced(['FR76', '1027', '8060', '2000', '0200', '0750', '590'])),
      ]),
    ]);
    expect(d.payment.accounts[0]).toMatchObject({ iban: 'FR7610278060200002000750590', bic: 'CMCIFR2A' });
  });

  it('reads an amount set with letter-spacing, its decimal comma among its digits ("2 5 , 0 0 €")', () => {
    const spaced = (text: string, x0: number): Array<[string, number, number]> =>
      [...text].map((ch, k) => [ch, x0 + k * 0.01, x0 + k * 0.01 + 0.006]);
    const d = read([
      page([
        line(row(1), ['Rechnung Nr. 4711 vom 15.07.2023', 0.05, 0.4]),
        line(row(20), ['Nettobetrag', 0.6, 0.75], ...spaced('20,00', 0.85), ['€', 0.91, 0.92]),
        line(row(21), ['MwSt. 25 %', 0.6, 0.75], ...spaced('5,00', 0.86), ['€', 0.91, 0.92]),
        line(row(22), ['Gesamtbetrag', 0.6, 0.75], ...spaced('25,00', 0.85), ['€', 0.91, 0.92]),
      ]),
    ]);
    expect(d.totals).toMatchObject({ net: '20.00', vat: '5.00', gross: '25.00' });
  });

  it('reads a short number with its date on the next line ("Fattura n° 15" / "del 09/06/2023")', () => {
    const d = read([
      page([
        line(row(5), ['Fattura n°', 0.68, 0.75], ['15', 0.88, 0.9]),
        line(row(6), ['del', 0.73, 0.76], ['09/06/2023', 0.81, 0.9]),
      ]),
    ]);
    expect([d.number, d.issue_date]).toEqual(['15', '2023-06-09']);
    // Without its date, a number of two digits is none.
    expect(
      read([page([line(row(5), ['Fattura n°', 0.68, 0.75], ['15', 0.88, 0.9])])]).number,
    ).toBeUndefined();
  });

  it('reads the number set apart from its title on the title line ("Faktura - daňový doklad    20250001")', () => {
    const number = (title: string, value: string) =>
      read([page([line(row(0), ['Dodavatel', 0.08, 0.2], [title, 0.57, 0.75], [value, 0.83, 0.92])])]).number;
    expect(number('Faktura - daňový doklad', '20250001')).toBe('20250001');
    // A page counter after the title's number ("Invoice INV-5, Page 1 of 2", "Rechnung 4711 Seite 1/2").
    const counted = (text: string) => read([page([line(row(1), [text, 0.04, 0.4])])]).number;
    expect(counted('Invoice INV-5, Page 1 of 2')).toBe('INV-5');
    expect(counted('Rechnung 4711 Seite 1/2')).toBe('4711');
    // Its year after a slash set apart with spaces: one number.
    expect(counted('Faktura br. 1 / 2020')).toBe('1/2020');
    expect(number('Rechnung', 'RE-2024-17')).toBe('RE-2024-17');
    // Not a date beside the title.
    expect(number('Invoice', '12.03.2024')).toBeUndefined();
  });

  it('reads the number alone under a title alone, set flush with it ("Zálohová faktúra" / "MSK22000042")', () => {
    const under = (title: string, value: [string, number, number]) =>
      read([page([line(row(0), [title, 0.8, 0.95]), line(row(1), value)])]).number;
    expect(under('Zálohová faktúra', ['MSK22000042', 0.79, 0.95])).toBe('MSK22000042');
    expect(under('Rechnung', ['RE-2024-17', 0.8, 0.9])).toBe('RE-2024-17');
    // Not one set elsewhere under it, nor a date.
    expect(under('Zálohová faktúra', ['MSK22000042', 0.6, 0.75])).toBeUndefined();
    expect(under('Rechnung', ['12.03.2024', 0.8, 0.9])).toBeUndefined();
    // Nor the start of a reference made of an e-mail address ("REG3@EXAMPLE.COM-BEST2-FACT1").
    expect(under('Factuur', ['REG3@EXAMPLE.COM-BEST2-FACT1', 0.8, 0.99])).toBeUndefined();
  });

  it('reads the number after a number word under a title alone ("FAKTURA VAT" / "Numer: #FV 27/09/2024")', () => {
    const under = (title: string, value: [string, number, number]) =>
      read([page([line(row(0), [title, 0.69, 0.85]), line(row(1), value)])]).number;
    expect(under('FAKTURA VAT', ['Numer: #FV 27/09/2024', 0.69, 0.92])).toBe('FV 27/09/2024');
    expect(under('Rechnung', ['Nr. RE-2024-17', 0.69, 0.85])).toBe('RE-2024-17');
    // Not another number's label after the number word ("Nr. klienta: 4711"), nor a date.
    expect(under('FAKTURA VAT', ['Nr klienta: 4711', 0.69, 0.85])).toBeUndefined();
    expect(under('Rechnung', ['Nr. 12.03.2024', 0.69, 0.85])).toBeUndefined();
  });

  it('reads the number under "FAKTURA VAT", another column\'s line set a little higher between them', () => {
    const d = read([
      page([
        line(row(0), ['FAKTURA VAT', 0.7, 0.92]),
        line(row(0.8), ['Nabywca:', 0.09, 0.2]),
        line(row(0.9), ['31415/BR/2025', 0.68, 0.92]),
      ]),
    ]);
    expect(d.number).toBe('31415/BR/2025');
    // A total's label over an amount is no title: "Invoice Total" / "1234.00".
    const total = read([
      page([line(row(0), ['Invoice Total', 0.7, 0.92]), line(row(1), ['1234.00', 0.8, 0.92])]),
    ]);
    expect(total.number).toBeUndefined();
  });

  it('reads a date set right of the title line, and not a policy number as the invoice number', () => {
    const d = read([
      page([
        line(
          row(10),
          ['Beitragsrechnung zur Kraftfahrtversicherung Nr. 00.123.456.7', 0.1, 0.6],
          ['11. März 2014', 0.75, 0.9],
        ),
      ]),
    ]);
    expect(d.issue_date).toBe('2014-03-11');
    expect(d.number).toBeUndefined();
  });

  it("reads a date spelled out at the right end of the letter's reference line", () => {
    const reference = (left: string, date: string) =>
      read([page([line(row(10), [left, 0.1, 0.45], [date, 0.75, 0.9])])]).issue_date;
    expect(reference('Sachversicherungsvertrag Nr: 00.123.456.7', '18. April 2014')).toBe('2014-04-18');
    // Another date under its own word, or a date in digits (a form's, under a label), is not the letter's.
    expect(reference('Leistungsdatum', '18. April 2014')).toBeUndefined();
    expect(reference('Versicherungszeitraum ab', '18. April 2014')).toBeUndefined();
    expect(reference('Sachversicherungsvertrag Nr: 00.123.456.7', '18.04.2014')).toBeUndefined();
    // Nor is a date after a field's label of any language (Bulgarian "Падеж", due).
    expect(reference('Падеж', '10 декември 2026 г.')).toBeUndefined();
  });

  it("does not take the account a direct debit is drawn from ('von Ihrem Konto mit IBAN')", () => {
    const d = read([
      page([
        line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
        line(row(20), [
          'Der Betrag wird am 20.03.2014 von Ihrem Konto mit IBAN DE89 3704 0044 0532 0130 00',
          0.1,
          0.9,
        ]),
        line(row(21), ['und BIC COBADEFFXXX per SEPA-Lastschrift eingezogen.', 0.1, 0.6]),
      ]),
    ]);
    expect(d.payment.accounts).toEqual([]);
  });

  it("takes no template's placeholder account, one digit repeated, though its checksum holds", () => {
    const account = (text: string) =>
      read([page([line(row(1), ['Faktura VAT nr 2/11/2023', 0.1, 0.5]), line(row(20), [text, 0.1, 0.9])])])
        .payment.accounts[0]?.iban;
    expect(account('Numer rachunku bankowego 73111111111111111111111111')).toBeUndefined();
    expect(account('IBAN: PL73 1111 1111 1111 1111 1111 1111')).toBeUndefined();
    expect(account('Numer rachunku bankowego 42114020040000350274778440')).toBe(
      'PL42114020040000350274778440',
    );
  });
});
