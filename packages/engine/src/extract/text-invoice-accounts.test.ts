// The text-layer reader's accounts and VAT ids on hand-made pages: whose IBAN and VAT id it is
// (the seller's, the buyer's, a direct-debit account), by the party blocks and by the labels.
import { describe, expect, it } from 'vitest';
import { line, page, row } from '../test-support/layout-pages.js';
import { readText as read } from '../test-support/text-invoices.js';

describe('readTextInvoice: accounts', () => {
  it('does not take the buyer’s direct-debit IBAN for the seller’s', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 01.02.2024', 0.08, 0.45]),
        line(row(2), ['Käufer-IBAN: DE02 1203 0000 0000 2020 51', 0.08, 0.5]),
      ]),
    ]);
    expect(d.payment.accounts).toEqual([]);
  });

  it('takes the seller’s IBAN after a direct-debit line', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 01.02.2024', 0.08, 0.45]),
        line(row(2), ['Der Betrag wird per Lastschrift eingezogen von', 0.08, 0.6]),
        line(row(3), ['Käufer-IBAN: DE02 1203 0000 0000 2020 51', 0.08, 0.5]),
        line(row(5), ['IBAN: DE89 3704 0044 0532 0130 00', 0.08, 0.5]),
      ]),
    ]);
    expect(d.payment.accounts.map((a) => a.iban)).toEqual(['DE89370400440532013000']);
    expect(d.provenance['payment.accounts.0.iban']!.bbox![1]).toBeCloseTo(row(5));
  });

  it('does not take an IBAN standing in the buyer’s block', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 4711', 0.08, 0.3]),
        line(row(2), ['Rechnungsempfänger', 0.08, 0.3]),
        line(row(3), ['Kunden AG', 0.08, 0.2]),
        line(row(4), ['DE02 1203 0000 0000 2020 51', 0.08, 0.35]),
      ]),
    ]);
    expect(d.payment.accounts).toEqual([]);
  });

  it('does not take the buyer’s VAT id for the seller’s', () => {
    const d = read([
      page([
        line(row(0), ['Rechnung Nr. 4711', 0.08, 0.3]),
        line(row(2), ['Kunde', 0.08, 0.16]),
        line(row(3), ['Kunden AG', 0.08, 0.2]),
        line(row(4), ['USt-IdNr. DE136695976', 0.08, 0.35]),
      ]),
    ]);
    expect(d.seller.vat_id).toBeUndefined();
    expect(d.buyer.vat_id).toBe('DE136695976');
  });

  it('takes a VAT id among the customer’s details for the customer’s where the page prints another', () => {
    // A grid of the customer's details (Suez): "N° Client | N° TVA Intracommunautaire" over the
    // values; the seller's own id in its footer.
    const grid = read([
      page([
        line(row(0), ['Facture N° 050196513', 0.08, 0.3]),
        line(row(6), ['Date', 0.05, 0.1], ['N° Client', 0.2, 0.3], ['N° TVA Intracommunautaire', 0.4, 0.62]),
        line(row(7), ['30/09/2024', 0.05, 0.14], ['7848-575758', 0.2, 0.3], ['FR87444567127', 0.43, 0.55]),
        line(row(50), ['TVA CE : FR05701980203', 0.05, 0.3]),
      ]),
    ]);
    expect([grid.seller.vat_id, grid.buyer.vat_id]).toEqual(['FR05701980203', 'FR87444567127']);
    // Form rows flush left with the customer's number ("Debiteurnummer : 120855").
    const rows = read([
      page([
        line(row(4), ['Debiteurnummer : 120855', 0.05, 0.3], ['Factuurdatum : 14-08-2024', 0.6, 0.9]),
        line(row(5), ['Btw-nummer : NL004421957B08', 0.05, 0.35], ['Pagina : 1', 0.6, 0.75]),
        line(row(6), ['Factuurnummer : 600627', 0.05, 0.3]),
        line(row(50), ['KVK 08113875, BTW NL813941155B01', 0.2, 0.6]),
      ]),
    ]);
    expect(rows.seller.vat_id).toBe('NL813941155B01');
    // The seller's Dutch id printed without its "NL" in the footer: its form (nine digits, B, two
    // digits) after "BTW" is the VAT id all the same, and the customer's stays the customer's.
    const bare = read([
      page([
        line(row(4), ['Debiteurnummer : 120855', 0.05, 0.3], ['Factuurdatum : 14-08-2024', 0.6, 0.9]),
        line(row(5), ['Btw-nummer : NL004421957B08', 0.05, 0.35], ['Pagina : 1', 0.6, 0.75]),
        line(row(50), ['KVK 08113875, BTW 813941155B01, IBAN NL78 INGB 0680 0009 17', 0.2, 0.8]),
      ]),
    ]);
    expect([bare.seller.vat_id, bare.buyer.vat_id]).toEqual(['NL813941155B01', 'NL004421957B08']);
    // Nor one whose check digits fail (the last digit changed).
    const wrong = read([
      page([
        line(row(5), ['Btw-nummer : NL004421957B08', 0.05, 0.35]),
        line(row(50), ['BTW 813941156B01', 0.2, 0.8]),
      ]),
    ]);
    expect(wrong.seller.vat_id).toBe('NL004421957B08');
    // The page's one VAT id beside the customer's number stays the seller's.
    const alone = read([
      page([
        line(row(4), ['Kundennummer: 4711', 0.05, 0.3]),
        line(row(5), ['USt-IdNr.: DE136695976', 0.05, 0.35]),
      ]),
    ]);
    expect(alone.seller.vat_id).toBe('DE136695976');
  });

  it('knows the buyer’s VAT id by its label when no block says whose it is', () => {
    for (const label of [
      'N° TVA client',
      'Customer VAT Number',
      'Ihre USt-IdNr.:',
      'USt-IdNr. des Kunden:',
    ]) {
      const d = read([
        page([
          line(row(0), ['Facture N° 4711', 0.08, 0.3]),
          line(row(2), [`${label} FR19787878784`, 0.08, 0.5]),
          line(row(20), ['SARL - TVA : FR11999999998 - SIRET 999 999 998 00010', 0.08, 0.7]),
        ]),
      ]);
      expect([d.seller.vat_id, d.buyer.vat_id], label).toEqual(['FR11999999998', 'FR19787878784']);
    }
    // Beside the customer number, the id is the seller's.
    const d = read([
      page([line(row(2), ['Kunden-Nr. 4711', 0.08, 0.25], ['USt-IdNr.: DE136695976', 0.5, 0.8])]),
    ]);
    expect([d.seller.vat_id, d.buyer.vat_id]).toEqual(['DE136695976', undefined]);
  });

  it("takes a VAT id under the address in the letter's window for the buyer's, and the foot's for the seller's", () => {
    const d = read([
      page([
        line(row(0), ['Invoice: 4711', 0.6, 0.8]),
        line(row(6), ['Muster Hosting GmbH · Hauptstraße 32 · 81549 München', 0.1, 0.45]),
        line(row(8), ['Kunde Digital', 0.1, 0.2]),
        line(row(9), ['Marktplatz 5', 0.1, 0.2]),
        line(row(10), ['48143 Münster', 0.1, 0.19]),
        line(row(11), ['VAT-ID: DE136695976', 0.1, 0.23]),
        line(row(50), ['Muster Hosting GmbH', 0.1, 0.25], ['IBAN: DE89 3704 0044 0532 0130 00', 0.5, 0.85]),
        line(row(51), ['Hauptstraße 32', 0.1, 0.2], ['VAT-ID: DE811569869', 0.5, 0.65]),
      ]),
    ]);
    expect(d.buyer.name).toBe('Kunde Digital');
    expect([d.seller.vat_id, d.buyer.vat_id]).toEqual(['DE811569869', 'DE136695976']);
  });

  it('knows the buyer’s VAT id under its label in a grid, and with other text between', () => {
    // Labels in one row, values in the row under them: the buyer's id comes first.
    const grid = read([
      page([
        line(row(0), ['Faktura nr', 0.05, 0.15], ['Kundens momsreg.nr', 0.4, 0.55], ['Momsreg.nr', 0.7, 0.8]),
        line(row(1), ['220243', 0.05, 0.12], ['SE580612742801', 0.4, 0.52], ['SE521612837001', 0.7, 0.82]),
      ]),
    ]);
    expect([grid.seller.vat_id, grid.buyer.vat_id]).toEqual(['SE521612837001', 'SE580612742801']);
    // The buyer's id run together with the previous cell's date, under its own label.
    const runTogether = read([
      page([
        line(row(0), ['Fecha de entrega', 0.42, 0.58], ['NIF cliente', 0.75, 0.85]),
        line(row(1), ['16 de febrero de 2026', 0.59, 0.74], ['ES B32502460', 0.741, 0.84]),
        line(row(3), ['NIF:', 0.09, 0.12], ['ESB05840954', 0.28, 0.4]),
      ]),
    ]);
    expect([runTogether.seller.vat_id, runTogether.buyer.vat_id]).toEqual(['ESB05840954', 'ESB32502460']);
    // The seller's label over a value is no buyer's.
    const sellers = read([
      page([
        line(row(0), ['Rechnung Nr.', 0.05, 0.15], ['USt-IdNr.', 0.7, 0.8]),
        line(row(1), ['4711', 0.05, 0.12], ['DE136695976', 0.7, 0.82]),
      ]),
    ]);
    expect([sellers.seller.vat_id, sellers.buyer.vat_id]).toEqual(['DE136695976', undefined]);
    // A window's street set on the line of the meta's label, between it and the id.
    const between = read([
      page([
        line(
          row(0),
          ['Kliendi KMKR nr:', 0.05, 0.2],
          ['Drottninggatan 72', 0.55, 0.7],
          ['SE511572161401', 0.75, 0.9],
        ),
        line(row(1), ['KMKR:', 0.05, 0.1], ['111 52 Stockholm', 0.55, 0.7], ['EE 103212290', 0.75, 0.9]),
      ]),
    ]);
    expect([between.seller.vat_id, between.buyer.vat_id]).toEqual(['EE103212290', 'SE511572161401']);
    // Labels of the languages: "Uw btw-nummer", "Cod fiscal client", "ИН по ЗДДС на получателя".
    for (const [label, id] of [
      ['Uw btw-nummer', 'NL452602658B01'],
      ['Cod fiscal client', 'RO909763609'],
      ['ИН по ЗДДС на получателя', 'BG280957573'],
      ['Contribuinte do cliente:', 'PT536113998'],
    ]) {
      const d = read([page([line(row(0), [label!, 0.05, 0.3], [id!, 0.4, 0.55])])]);
      expect(d.buyer.vat_id, label).toBe(id);
      expect(d.seller.vat_id, label).toBeUndefined();
    }
  });
});

describe('readTextInvoice: an account in running text', () => {
  // An insurer's letter: the transfer account in a sentence wrapped after its IBAN label, a test
  // IBAN failing its checksum, and a debit mandate offered in the next sentence.
  const letter = (tail: string) =>
    read([
      page([
        line(row(0), ['Rechnung Nr. 4711 vom 01.02.2024', 0.08, 0.45]),
        line(row(10), ['Bitte überweisen Sie den Beitrag auf folgende Bankverbindung: IBAN', 0.08, 0.9]),
        line(row(11), [`DE75123456780000001234, BIC WELADED1MST, Sparkasse ${tail}`, 0.08, 0.9]),
        line(row(12), ['es, wenn Sie uns ein SEPA-Lastschriftmandat erteilen.', 0.08, 0.7]),
      ]),
    ]);

  it('takes the account after an IBAN label that ends the line before, and the BIC beside it', () => {
    const d = letter('Ost. Einfacher für Sie ist');
    expect(d.payment.accounts).toEqual([{ iban: 'DE75123456780000001234', bic: 'WELADED1MST' }]);
  });

  it('takes no IBAN whose own sentence goes on into a debit mandate (the payer’s account)', () => {
    // No sentence ends after the IBAN: the next line's mandate is about this account.
    expect(letter('Ost, abgebucht wird').payment.accounts).toEqual([]);
  });
});

describe('readTextInvoice: the seller-side IBAN label', () => {
  it('takes the IBAN labelled "Verkäufer-IBAN" (Verkäufer is the seller, not the buyer)', () => {
    const d = read([
      page([
        line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
        line(row(20), ['Verkäufer-IBAN', 0.1, 0.3], [': DE89 3704 0044 0532 0130 00', 0.35, 0.7]),
      ]),
    ]);
    expect(d.payment.accounts[0]?.iban).toBe('DE89370400440532013000');
  });
});

describe('readTextInvoice: the BIC beside an IBAN', () => {
  const footer = (...lines: ReturnType<typeof line>[]) =>
    read([page([line(row(0), ['Rechnung Nr. 4711 vom 01.02.2024', 0.08, 0.45]), ...lines])]).payment.accounts;

  it('takes an unlabelled BIC only when it is the bank’s of the IBAN', () => {
    // The bank code in the IBAN's letters (NL, LV, GB, …), or the Bundesbank's BIC for a German one.
    expect(
      footer(
        line(row(20), ['ABN AMRO Bank, ABNANL2A', 0.08, 0.4]),
        line(row(21), ['NL91ABNA0417164300', 0.08, 0.3]),
      ),
    ).toEqual([{ iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' }]);
    expect(
      footer(line(row(20), ['DE02120300000000202051', 0.6, 0.9]), line(row(21), ['BYLADEM1001', 0.6, 0.75])),
    ).toEqual([{ iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }]);
    // Another bank's word of a BIC's shape, with no BIC label on the page: none.
    expect(
      footer(line(row(20), ['INGBNL2A', 0.08, 0.2]), line(row(21), ['NL91ABNA0417164300', 0.08, 0.3])),
    ).toEqual([{ iban: 'NL91ABNA0417164300' }]);
  });

  it('reads a BIC printed in its parts after its label, and under "Kod SWIFT"', () => {
    expect(
      footer(
        line(row(20), ['IBAN DE89 3704 0044 0532 0130 00, BIC (S.W.I.F.T.-Code) COBA DE FF XXX', 0.08, 0.9]),
      ),
    ).toEqual([{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }]);
    expect(
      footer(
        line(row(20), ['Pełny numer rachunku', 0.08, 0.2], ['PL61109010140000071219812874', 0.22, 0.45]),
        line(row(21), ['Kod SWIFT', 0.08, 0.15], ['WBKPPLPP', 0.22, 0.3]),
      ),
    ).toEqual([{ iban: 'PL61109010140000071219812874', bic: 'WBKPPLPP' }]);
  });

  it('reads a German IBAN printed as bank code and account number', () => {
    expect(
      footer(line(row(20), ['IBAN', 0.5, 0.55]), line(row(21), ['DE89 37040044 0532013000', 0.5, 0.8])),
    ).toEqual([{ iban: 'DE89370400440532013000' }]);
  });

  it('takes the BIC that ends a label wrapped over its narrow cell', () => {
    expect(
      footer(
        line(row(20), ['IBAN: EE382200221020145685', 0.6, 0.9]),
        line(row(21), ['Bank identification code', 0.6, 0.85]),
        line(row(22), ['(SWIFT/BIC/Sort', 0.6, 0.8]),
        line(row(23), ['code/BSB/ABA routing', 0.6, 0.85]),
        line(row(24), ['number): HABAEE2X', 0.6, 0.8]),
      ),
    ).toEqual([{ iban: 'EE382200221020145685', bic: 'HABAEE2X' }]);
  });

  it('takes no masked account, nor its BIC: the payer’s own, shown in part', () => {
    expect(
      footer(
        line(row(20), ['Forma de pago: DOMICILIACION BANCARIA', 0.08, 0.5]),
        line(row(21), ['IBAN: ES91 2100 0418 4502 0005 ****', 0.08, 0.5]),
        line(row(22), ['BIC: BBVAESMMXXX', 0.08, 0.3]),
      ),
    ).toEqual([]);
  });
});

describe('readTextInvoice: a VAT id beside the seller’s block', () => {
  it('takes none from a column that repeats the seller block’s labels (the other party’s, its heading lost)', () => {
    const d = read([
      page([
        line(row(0), ['Számla', 0.06, 0.15], ['Sorszám', 0.71, 0.78], ['2017/22', 0.84, 0.92]),
        line(row(2), ['Szállító', 0.06, 0.14]),
        line(row(3), ['Minta Bt.', 0.06, 0.14]),
        line(row(4), ['4024 Debrecen', 0.06, 0.17]),
        line(row(5), ['Adószám: 12345676-1-09', 0.06, 0.25], ['Adószám: 87654323-2-44', 0.51, 0.7]),
        line(row(6), ['Bankszámlaszám:', 0.06, 0.18], ['Eu-adószám: HU87654323', 0.51, 0.7]),
      ]),
    ]);
    expect(d.seller.vat_id).toBeUndefined();
  });
});

describe('readTextInvoice: the seller’s VAT id printed with its account', () => {
  it('takes the VAT id beside the IBAN in the foot, and the block at the head with another for the customer’s', () => {
    const d = read([
      page([
        line(row(0), ['Schoonmaak Voorbeeld', 0.11, 0.2]),
        line(row(3), ['PRAKTIJK VOORBEELD BV', 0.11, 0.3]),
        line(row(4), ['BE0456.789.034', 0.11, 0.25]),
        line(row(5), ['Voorbeeldstraat, 12', 0.11, 0.3]),
        line(row(6), ['3000 Leuven', 0.11, 0.22]),
        line(row(9), ['FACTUUR', 0.11, 0.2]),
        line(row(10), ['Volgnummer', 0.12, 0.22], ['Factuurdatum', 0.33, 0.45]),
        line(row(11), ['2025/042/0117', 0.12, 0.25], ['2025-05-04', 0.33, 0.42]),
        line(row(48), ['BTW BE0876.543.270', 0.4, 0.6]),
        line(row(49), ['IBAN BE68 5390 0754 7034', 0.37, 0.62]),
      ]),
    ]);
    expect(d.seller.vat_id).toBe('BE0876543270');
    expect(d.buyer.name).toBe('PRAKTIJK VOORBEELD BV');
    expect(d.seller.name).not.toBe('PRAKTIJK VOORBEELD BV');
  });
});
