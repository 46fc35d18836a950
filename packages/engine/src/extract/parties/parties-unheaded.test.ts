// Parties found without a heading of their own (through readTextInvoice, on hand-made A4 pages in
// 10 pt type): the address under a letterhead name, the recipient under a sender line, the seller's
// name above its registration number or in the foot. Blocks under headings: parties.test.ts; the
// recipient in the address window: recipient-window.test.ts.
import { describe, expect, it } from 'vitest';
import type { Document } from '../../document.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import type { LayoutLine } from '../page/layout.js';
import { readTextInvoice } from '../text-invoice.js';

const read = (lines: LayoutLine[]): Document =>
  readTextInvoice([page(lines)], { source: 'text', reader: 'test', country: 'DE' });

describe('readParties: the address under a letterhead name', () => {
  it('reads street lines down to the place, or one line holding both', () => {
    const twoLines = read([
      line(row(0), ['ACME Software GmbH', 0.08, 0.35]),
      line(row(1), ['Hauptstraße 1', 0.08, 0.25]),
      line(row(2), ['10115 Berlin', 0.08, 0.22]),
    ]);
    expect(twoLines.seller.address).toEqual({ lines: ['Hauptstraße 1'], postcode: '10115', city: 'Berlin' });
    const oneLine = read([
      line(row(0), ['Rossi Forniture S.r.l.', 0.08, 0.35]),
      line(row(1), ['Via Roma 12, 20121 Milano', 0.08, 0.4]),
    ]);
    expect(oneLine.seller.address).toEqual({ lines: ['Via Roma 12'], postcode: '20121', city: 'Milano' });
    expect(oneLine.provenance['seller.address.city']).toMatchObject({ page: 1, confidence: 0.85 });
  });

  it("reads the address under a letterhead set flush right, between another column's lines", () => {
    // The left column's title and slogan stand on baselines of their own, between the
    // letterhead's lines, so each is a line of the page to itself.
    const d = read([
      line(0.051, ['FACTUUR.', 0.08, 0.2]),
      line(0.054, ['Coolblue B.V.', 0.75, 0.84]),
      line(0.071, ['Weena 664', 0.75, 0.82]),
      line(0.073, ['Dat betaal ik zelf wel.', 0.08, 0.34]),
      line(0.088, ['3012 CN Rotterdam', 0.75, 0.87]),
    ]);
    expect(d.seller.address).toEqual({
      lines: ['Weena 664'],
      postcode: '3012 CN',
      city: 'Rotterdam',
      country: 'NL',
    });
  });

  it('knows a Croatian craft business ("obrt") as a letterhead name, not the window\'s company', () => {
    const d = read([
      line(row(0), ['Savska cesta 138', 0.77, 0.95]),
      line(row(1), ['Knežević Logistika obrt', 0.07, 0.3], ['23000 Zadar', 0.81, 0.95]),
      line(row(5), ['Jurić Savjetovanje d.d.', 0.55, 0.75]),
      line(row(6), ['Vukovarska ulica 44', 0.55, 0.72]),
      line(row(7), ['10000 Zagreb', 0.55, 0.68]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Knežević Logistika obrt', 'Jurić Savjetovanje d.d.']);
  });

  it('reads no address from lines that are none, or far below the name', () => {
    const slogan = read([
      line(row(0), ['ACME Software GmbH', 0.08, 0.35]),
      line(row(1), ['Ihr Partner für Software', 0.08, 0.3]),
      line(row(2), ['10115 Berlin', 0.08, 0.22]),
    ]);
    expect(slogan.seller.name).toBe('ACME Software GmbH');
    expect(slogan.seller.address).toBeUndefined();
    const far = read([
      line(row(0), ['ACME Software GmbH', 0.08, 0.35]),
      line(row(6), ['10115 Berlin', 0.08, 0.22]),
    ]);
    expect(far.seller.address).toBeUndefined();
  });
});

// A phone photo's OCR lost the seller's name and the recipient's heading.
const LOST_HEAD = [
  line(row(0), ['Lieferantenstraße 20', 0.08, 0.3], ['RECHNUNG', 0.6, 0.75]),
  line(row(1), ['80333 München', 0.08, 0.25], ['Rechnungsnummer 471102', 0.6, 0.9]),
  line(row(2), ['Deutschland', 0.08, 0.2]),
  line(row(3), ['GLN 4000001123452', 0.08, 0.25]),
  line(row(6), ['Kunden AG Mitte', 0.08, 0.25]),
  line(row(7), ['Kundenstraße 15', 0.08, 0.25]),
  line(row(8), ['69876 Frankfurt', 0.08, 0.25]),
];

describe('readParties: the letterhead', () => {
  it('is no name below a postcode line in its column: that opens the next address block', () => {
    expect(read(LOST_HEAD).seller.name).toBeUndefined();
    // In another column, below the sender's address, it still is the letterhead.
    const besides = read([
      line(row(0), ['Lieferantenstraße 20', 0.08, 0.3]),
      line(row(1), ['80333 München', 0.08, 0.25]),
      line(row(2), ['Lieferant GmbH', 0.6, 0.8]),
    ]);
    expect(besides.seller.name).toBe('Lieferant GmbH');
  });
});

describe('readParties: the recipient under the sender address', () => {
  it('reads the one named address block under the address in the letterhead band as the buyer', () => {
    const lostHead = read(LOST_HEAD);
    expect(lostHead.buyer.name).toBe('Kunden AG Mitte');
    expect(lostHead.buyer.address).toEqual({
      lines: ['Kundenstraße 15'],
      postcode: '69876',
      city: 'Frankfurt',
    });
  });

  it('reads none with a second named block on the page (the buyer beside a tax representative)', () => {
    const twoBlocks = read([
      line(row(0), ['25 rue d’ici', 0.08, 0.3]),
      line(row(1), ['75018 PARIS, FR', 0.08, 0.25], ['CLIENT NOM COMMERCIAL', 0.6, 0.9]),
      line(row(2), ['Adresse ligne 2', 0.6, 0.8]),
      line(row(3), ['06000 MA VILLE, FR', 0.6, 0.8]),
      line(row(5), ['SELLER TAX REP', 0.08, 0.25]),
      line(row(6), ['25 rue d’ici', 0.08, 0.25]),
      line(row(7), ['75018 PARIS, FR', 0.08, 0.25]),
    ]);
    expect(twoBlocks.buyer.name).toBeUndefined();
  });
});

describe('readParties: the seller above its registration number', () => {
  it('reads the name over the address over a SIREN line, not the buyer under its heading', () => {
    const d = read([
      line(row(0), ['LOGO LE FOURNISSEUR', 0.06, 0.3]),
      line(row(2), ['SELLER TRADE NAME', 0.06, 0.3], ['Adresse du Client', 0.6, 0.8]),
      line(row(3), ['LE FOURNISSEUR', 0.06, 0.25]),
      line(row(4), ["35 rue d'ici", 0.06, 0.2], ['LE CLIENT', 0.6, 0.72]),
      line(row(5), ['75018 PARIS, FR', 0.06, 0.2], ['58 rue de la mer', 0.6, 0.75]),
      line(row(6), ['@dresse : moi@seller.com', 0.06, 0.3], ['06000 NICE, DE', 0.6, 0.72]),
      line(row(7), ['SIREN : 123 456 782', 0.06, 0.25], ['SIREN : 987 654 321', 0.6, 0.78]),
    ]);
    expect(d.seller.name).toBe('LE FOURNISSEUR');
    expect(d.buyer.name).toBe('LE CLIENT');
  });

  it('reads it over a Dutch chamber of commerce line as over a SIREN line ("KvK 12345678")', () => {
    const d = read([
      line(row(0), ['LOGO HANDELSNAAM', 0.06, 0.3]),
      line(row(2), ['HANDELSNAAM', 0.06, 0.3], ['Factuuradres', 0.6, 0.8]),
      line(row(3), ['De Leverancier', 0.06, 0.25]),
      line(row(4), ['Keizersgracht 12', 0.06, 0.2], ['De Klant', 0.6, 0.72]),
      line(row(5), ['1015 CS Amsterdam', 0.06, 0.2], ['Dorpsstraat 5', 0.6, 0.75]),
      line(row(6), ['info@leverancier.nl', 0.06, 0.3], ['3512 AB Utrecht', 0.6, 0.72]),
      line(row(7), ['KvK 12345678', 0.06, 0.25]),
    ]);
    expect(d.seller.name).toBe('De Leverancier');
    expect(d.buyer.name).toBe('De Klant');
  });
});

describe("readParties: the seller's legal footer", () => {
  it("takes the foot's first column, beside the company's ids, over another company at the head", () => {
    const d = read([
      line(row(1), ['Faktura', 0.53, 0.6]),
      line(row(5), ['Plastal Industri AB', 0.53, 0.65]),
      line(row(6), ['Mölndalsvägen 36', 0.53, 0.65]),
      line(row(7), ['41263 Göteborg', 0.53, 0.63]),
      line(
        0.861,
        ['Meridion AB', 0.06, 0.15],
        ['031-149860', 0.32, 0.4],
        ['556654-4499', 0.59, 0.67],
        ['SE556654449901', 0.76, 0.88],
      ),
      line(0.875, ['Stigbergsliden 5B', 0.06, 0.18]),
      line(0.889, ['41463 GÖTEBORG', 0.06, 0.17]),
    ]);
    expect(d.seller.name).toBe('Meridion AB');
  });

  it("takes no statement of share capital for the seller's name", () => {
    const d = read([
      line(row(0), ['ALEXINUX', 0.65, 0.75]),
      line(row(1), ['27 rue Henri Rolland', 0.65, 0.85]),
      line(row(2), ['69100 Villeurbanne', 0.65, 0.82]),
      line(row(4), ['Facture n° 2022089083', 0.41, 0.6]),
      line(0.944, ['NETPRESSE', 0.47, 0.56]),
      line(0.954, ['Siège social : 16 rue Mollien - 92100 BOULOGNE', 0.23, 0.7]),
      line(0.963, ['Sarl au capital de 10 000€ - RSC Paris B 530 848 134 – Siret 53084813400017', 0.26, 0.8]),
    ]);
    expect(d.seller.name ?? '').not.toMatch(/capital/);
  });

  it("takes the name between a legal form and its share capital in a foot's legal line", () => {
    const d = read([
      line(row(0), ['FACTURE 2025092631 du 19/09/2025', 0.09, 0.4]),
      line(row(2), ['A&C CARROSSERIE', 0.09, 0.25], ['martinez cassandra', 0.57, 0.7]),
      line(
        row(3),
        ['ZA LA GLEBE 15 IMPASSE DU CAYROU', 0.09, 0.35],
        ['6 Cheminement du Général Dugua', 0.57, 0.85],
      ),
      line(row(4), ['12200 SAVIGNAC', 0.09, 0.2], ['31400 Toulouse', 0.57, 0.68]),
      line(0.957, [
        'SAS A&C CARROSSERIE au capital de 1000 Euros – 15 impasse du cayrou 12200 savignac - Siret: 94824331600015',
        0.05,
        0.95,
      ]),
    ]);
    expect(d.seller.name).toBe('SAS A&C CARROSSERIE');
    // (a legal form with nothing after it but the capital names no one)
    const bare = read([
      line(row(0), ['FACTURE 2025092631 du 19/09/2025', 0.09, 0.4]),
      line(0.957, ['SAS au capital de 1000 Euros – 15 impasse du cayrou 12200 savignac', 0.05, 0.95]),
    ]);
    expect(bare.seller.name).toBeUndefined();
  });

  it("takes the name over a street without its number (Spanish 's/n') over the place over the VAT id", () => {
    const d = read([
      line(row(0), ['FACTURA', 0.06, 0.15]),
      line(row(2), ['DECATHLON ESPANA SAU', 0.78, 0.95]),
      line(row(3), ['C/ SALVADOR DE MADARIAGA S/N', 0.73, 0.95]),
      line(row(4), ['28702 SAN SEBASTIAN DE LOS REYES', 0.71, 0.95]),
      line(row(5), ['ESA79935607', 0.85, 0.95]),
    ]);
    expect(d.seller.name).toBe('DECATHLON ESPANA SAU');
  });

  it('takes the company under a salutation ("Spett.le:") for the recipient, not the letterhead', () => {
    const d = read([
      line(row(3), ['Regololab di Lo Tito Leonardo', 0.67, 0.95]),
      line(row(4), ['Via dei Confinati Politici 75020', 0.67, 0.95]),
      line(row(5), ['Marconia – Matera – IT', 0.73, 0.95]),
      line(row(7), ['P.IVA: 01335720775', 0.75, 0.95]),
      line(row(9), ['Fattura n°', 0.68, 0.75], ['15', 0.88, 0.9]),
      line(row(10), ['Spett.le:', 0.1, 0.17]),
      line(row(11), ['Lucus Informatica srl', 0.1, 0.26]),
      line(row(12), ['Via Puglia 12', 0.1, 0.2]),
      line(row(13), ['75015 Marconia (MT)', 0.1, 0.24]),
    ]);
    expect(d.seller.name).not.toBe('Lucus Informatica srl');
    expect(d.buyer.name).toBe('Lucus Informatica srl');
  });

  it('takes no register court for a company: "AG Rom, HRB 123456" is the Amtsgericht', () => {
    const lines = (court: string) => [
      line(row(0), ['Obelix GmbH & Co. KG', 0.62, 0.85]),
      line(row(2), ['Obelix GmbH & Co. KG · Am Steinbruch 1 · 12345 Dorf', 0.08, 0.5]),
      line(row(3), ['Hinkelsteininvest SE', 0.08, 0.3]),
      line(row(4), ['Lager 3', 0.08, 0.16]),
      line(row(5), ['12345 Laudanum', 0.08, 0.25], ['Rechnungsnummer: 1978-001', 0.6, 0.85]),
      line(0.9, ['Obelix GmbH & Co. KG', 0.08, 0.25], ['Bankverbindung', 0.66, 0.8]),
      line(0.91, ['Geschäftsführer: Obelix', 0.08, 0.25]),
      line(0.92, [court, 0.08, 0.25]),
    ];
    expect(read(lines('AG Rom, HRB 123456')).seller.name).toBe('Obelix GmbH & Co. KG');
    expect(read(lines('Amtsgericht Köln, HRA 2041')).seller.name).toBe('Obelix GmbH & Co. KG');
  });

  it('takes the legal line set upright along the page edge, its legal form spelled out', () => {
    // The sender is a logo; the recipient's block (its name with a legal form) stands top right
    // without a sender line; the legal mentions run up the right edge, the VAT id among them.
    const legal =
      'BOUYGUES TELECOM - Société Anonyme au capital de 712 588 399,56 € - Siège social : 37-39, rue Boissière - 75116 PARIS - FR 74 397 480 930';
    const upright: LayoutLine = {
      text: legal,
      bbox: [0.981, 0.44, 0.989, 0.8],
      words: [{ text: legal, bbox: [0.981, 0.44, 0.989, 0.8], fontSize: 6 }],
    };
    const lines = [
      line(row(2), ['Date de facture : 02/11/2019', 0.05, 0.3]),
      line(row(3), ['N° de facture : 11608848301659', 0.05, 0.32]),
      line(row(6), ['N° de ligne : 06 99 XX YY ZZ', 0.05, 0.3], ['M DE LATTRE ALEXIS', 0.53, 0.7]),
      line(row(7), ['ALEXINUX SARL', 0.53, 0.66]),
      line(row(8), ['35 B RUE MONTGOLFIER', 0.53, 0.74]),
      line(row(9), ['69100 VILLEURBANNE', 0.53, 0.72]),
    ];
    const d = read([...lines, upright]);
    expect(d.seller.name).toBe('BOUYGUES TELECOM');
    // Across the page, the same line is no legal footer: the recipient's company is not the seller.
    const across: LayoutLine = {
      ...upright,
      bbox: [0.5, 0.44, 0.508, 0.8],
      words: [{ ...upright.words[0]!, bbox: [0.5, 0.44, 0.508, 0.8] }],
    };
    expect(read([...lines, across]).seller.name).not.toBe('BOUYGUES TELECOM');
  });
});

describe("readParties: the sender's block named by its footer's domain", () => {
  // A Business Central invoice: the customer in the window at the left, the company's own address
  // set flush right at the top, neither headed and no legal form; the footer's contact names it.
  const businessCentral = (footer: string, right = 'CRONUS DE') => [
    line(row(0), ['Invoice 103767', 0.1, 0.28]),
    line(row(3), ['Page 1 / 1', 0.1, 0.17]),
    line(row(4), ['Adatum Corporation', 0.1, 0.25], [right, 0.86, 0.95]),
    line(row(5), ['Station Road, 21', 0.1, 0.22], ['Hofstraße 12', 0.85, 0.95]),
    line(row(6), ['48436 Düsseldorf', 0.1, 0.23], ['Benrath', 0.89, 0.95]),
    line(row(7), ['20097 Hamburg', 0.83, 0.95]),
    line(row(50), ['VAT Registration No.', 0.1, 0.22], ['Email', 0.74, 0.77]),
    line(row(51), ['DE777777777', 0.1, 0.2], [footer, 0.74, 0.87]),
  ];

  it('takes the block whose name spells the domain as the seller, and the window beside it as the buyer', () => {
    const d = read(businessCentral('info@cronus.com'));
    expect(d.seller.name).toBe('CRONUS DE');
    expect(d.buyer.name).toBe('Adatum Corporation');
    expect(read(businessCentral('www.cronus.co.uk')).seller.name).toBe('CRONUS DE');
  });

  it('names no one from a mail provider, a domain no block spells, or a domain outside the footer', () => {
    expect(read(businessCentral('cronus@gmail.com')).seller.name).toBeUndefined();
    expect(read(businessCentral('info@contoso.com')).seller.name).toBeUndefined();
    const inHeader = read([
      line(row(2), ['E-Mail: einkauf@cronus.com', 0.1, 0.4]),
      ...businessCentral('Tel. 040 123456'),
    ]);
    expect(inHeader.seller.name).toBeUndefined();
    // Both blocks unnamed by anything: neither is taken.
    expect(read(businessCentral('Tel. 040 123456')).buyer.name).toBeUndefined();
  });

  it("takes the block whose name spells the host of its own contact lines (a Danish garage's iText form)", () => {
    const garage = (web: string) =>
      read([
        line(row(0), ['CVR: 67517717', 0.78, 0.9]),
        line(row(1), ['Finns Auto-Service', 0.78, 0.92]),
        line(row(2), ['Bluhmesgade 4', 0.78, 0.88]),
        line(row(3), ['9510 - Arden', 0.78, 0.87]),
        line(row(4), ['TLF: 98561106', 0.78, 0.88]),
        line(row(5), ['Nick Pedersen', 0.08, 0.2], ['FAX: 98562314', 0.78, 0.88]),
        line(row(6), ['Flemmingsvej 13', 0.08, 0.2]),
        line(row(7), ['8210 Aarhus V', 0.08, 0.2], [web, 0.78, 0.95]),
        line(row(8), ['Faktura: 2', 0.78, 0.88]),
      ]);
    const d = garage('http://www.finns-autoservice.dk/');
    expect(d.seller.name).toBe('Finns Auto-Service');
    expect(d.seller.address).toMatchObject({ lines: ['Bluhmesgade 4'], postcode: '9510', city: 'Arden' });
    expect(d.buyer.name).toBe('Nick Pedersen');
    expect(garage('http://www.arden-biler.dk/').seller.name).toBeUndefined();
  });

  it('reads a window\'s name wrapped after a joining sign ("Raiffeisen Bezug +" / "Absatz eG")', () => {
    const window = (first: string) =>
      read([
        line(row(0), ['Rechnung (Original)', 0.53, 0.7]),
        line(row(2), ['Dachdecker-Einkauf Süd eG - Postfach 710252 - 68222 Mannheim', 0.08, 0.45]),
        line(row(3), ['Firma', 0.08, 0.12]),
        line(row(4), [first, 0.08, 0.22]),
        line(row(5), ['Absatz eG', 0.08, 0.15]),
        line(row(6), ['Gossetsweiler 101', 0.08, 0.2]),
        line(row(7), ['88263 Horgenzell', 0.08, 0.2]),
      ]);
    const d = window('Raiffeisen Bezug +');
    expect(d.buyer.name).toBe('Raiffeisen Bezug + Absatz eG');
    expect(d.buyer.address).toMatchObject({ lines: ['Gossetsweiler 101'], postcode: '88263' });
    // Without the joining sign the two lines are no one name: a person over a company, whose
    // company is the customer (as under a heading).
    expect(window('Max Mustermann').buyer.name).toBe('Absatz eG');
    expect(window('Max Mustermann').buyer.address).toMatchObject({ lines: ['Gossetsweiler 101'] });
  });

  it('takes the company under a person in the window for the customer, not a company it is reached through', () => {
    const window = (company: string) =>
      read([
        line(row(0), ['FACTURE', 0.53, 0.7]),
        line(row(2), ['Date de facture : 02/11/2019', 0.05, 0.3]),
        line(row(6), ['N° de ligne : 06 99 XX YY ZZ', 0.05, 0.3], ['M DE LATTRE ALEXIS', 0.53, 0.7]),
        line(row(7), [company, 0.53, 0.66]),
        line(row(8), ['35 B RUE MONTGOLFIER', 0.53, 0.74]),
        line(row(9), ['69100 VILLEURBANNE', 0.53, 0.72]),
      ]);
    expect(window('ALEXINUX SARL').buyer.name).toBe('ALEXINUX SARL');
    expect(window('c/o ALEXINUX SARL').buyer.name).toBe('DE LATTRE ALEXIS');
    expect(window('Bâtiment B').buyer.name).toBe('DE LATTRE ALEXIS');
  });

  it("never takes the block named as the sender line's sender for the recipient", () => {
    // A Typst template: the sender's block at the top right, its sender line over the window.
    const d = read([
      line(row(0), ['Alex Mueller', 0.81, 0.9]),
      line(row(1), ['Musterstraße 1', 0.8, 0.9]),
      line(row(2), ['12345 Musterstadt', 0.78, 0.9]),
      line(row(3), ['alex@mustermail.de', 0.76, 0.9]),
      line(row(8), ['Alex Mueller, Musterstraße 1, 12345 Musterstadt', 0.12, 0.35]),
      line(row(11), ['Erika Mustermann', 0.12, 0.25]),
      line(row(12), ['Musterstraße 1', 0.12, 0.22]),
      line(row(13), ['12345 Musterstadt', 0.12, 0.24]),
      line(row(17), ['Rechnung #invoice 12/25-001', 0.12, 0.35], ['Musterstadt, 15.11.2025', 0.73, 0.9]),
    ]);
    expect(d.seller.name).toBe('Alex Mueller');
    expect(d.buyer.name).not.toBe('Alex Mueller');
  });

  it('reads a seller\'s address under its registration number line ("JKLM / Org. Nr. 989 858 300")', () => {
    const d = read([
      line(row(0), ['INVOICE', 0.78, 0.9]),
      line(row(2), ['JKLM', 0.1, 0.16], ['INVOICE # 001', 0.82, 0.95]),
      line(row(3), ['Org. Nr. 989 858 300', 0.1, 0.25]),
      line(row(4), ['Fruens Alle 6, 4623 Kristiansand', 0.1, 0.35]),
      line(row(5), ['post@jklm.no', 0.1, 0.2]),
    ]);
    expect(d.seller.name).toBe('JKLM');
    expect(d.seller.address).toMatchObject({
      lines: ['Fruens Alle 6'],
      postcode: '4623',
      city: 'Kristiansand',
    });
  });
});
