// Parties found without a heading of their own (through readTextInvoice, on hand-made A4 pages in
// 10 pt type): the address under a letterhead name, the recipient in the window of a letter, the
// seller's name above its registration number. Blocks under headings: parties.test.ts.
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

describe('readParties: the recipient in the address window', () => {
  it('reads a British window whose town and postcode stand on lines of their own', () => {
    const d = read([
      line(row(0), ['Taylor & Walker Limited', 0.54, 0.75]),
      line(row(1), ['92 Victoria Road', 0.78, 0.92]),
      line(row(4), ['Taylor & Walker Limited · 92 Victoria Road · Leeds · LS1 4AP', 0.55, 0.95]),
      line(row(5), ['Brown & Taylor LLP', 0.55, 0.7]),
      line(row(6), ['5 Victoria Road', 0.55, 0.68]),
      line(row(7), ['Edinburgh', 0.55, 0.63]),
      line(row(8), ['EH1 1YZ', 0.55, 0.61]),
    ]);
    expect(d.buyer.name).toBe('Brown & Taylor LLP');
    expect(d.buyer.address).toMatchObject({
      lines: ['5 Victoria Road'],
      postcode: 'EH1 1YZ',
      city: 'Edinburgh',
    });
  });

  it("reads the window when a box of the customer's details repeats its address", () => {
    const lines = (street: string) => [
      line(row(0), ['Fibre Telecom', 0.07, 0.25]),
      line(row(1), ['75371 Paris Cedex 08', 0.07, 0.25]),
      line(row(5), ['Alexis Martin', 0.5, 0.62]),
      line(row(6), ['35 rue du Lac', 0.5, 0.64]),
      line(row(7), ['69100 Villeurbanne', 0.5, 0.64]),
      line(row(15), ["Nom de l'abonné", 0.43, 0.55]),
      line(row(16), ['Alexis Martin', 0.43, 0.55]),
      line(row(17), ["Adresse de l'installation", 0.43, 0.6]),
      line(row(18), [street, 0.43, 0.57]),
      line(row(19), ['69100 Villeurbanne', 0.43, 0.57]),
      line(row(22), ['Facture n°562044387 du 02 Juillet 2015', 0.07, 0.4]),
    ];
    const d = read(lines('35 rue du Lac'));
    expect(d.buyer.name).toBe('Alexis Martin');
    expect(d.buyer.address).toMatchObject({ lines: ['35 rue du Lac'], postcode: '69100' });
    // Another address in the box: two recipients, neither taken.
    expect(read(lines('2 place Bellecour')).buyer.name).toBeUndefined();
  });

  it("reads the window when a buyer's heading named no one (a label: the customer's number)", () => {
    const d = read([
      line(row(0), ['Yritys Oy', 0.1, 0.18], ['LASKU', 0.48, 0.55]),
      line(row(1), ['Yritystie 11', 0.1, 0.2]),
      line(row(2), ['40000 Jyväskylä', 0.1, 0.22]),
      line(row(7), ['Matti Meikäläinen', 0.1, 0.25], ['Laskun nro:', 0.48, 0.56], ['4321', 0.58, 0.62]),
      line(row(8), ['Meikäläisenkatu 5', 0.1, 0.25], ['Asiakas:', 0.48, 0.55], ['1234567-8', 0.58, 0.66]),
      line(row(9), ['00790 Helsinki', 0.1, 0.22], ['Päivämäärä:', 0.48, 0.56], ['18.01.2014', 0.58, 0.66]),
    ]);
    expect(d.buyer.name).toBe('Matti Meikäläinen');
    expect(d.buyer.address).toMatchObject({ postcode: '00790', city: 'Helsinki' });
  });

  it("takes the page's one address over the letter's greeting for the recipient, not the sender", () => {
    const letter = (sender: LayoutLine[]) =>
      read([
        ...sender,
        line(row(1), ['Kunden AG Mitte', 0.12, 0.26]),
        line(row(2), ['Kundenstraße 15', 0.12, 0.25]),
        line(row(3), ['69876 Frankfurt', 0.12, 0.25]),
        line(row(6), ['Invoice R-2024/00001', 0.12, 0.35]),
        line(row(9), ['Dear customer,', 0.12, 0.25]),
        line(row(10), ['We take the liberty of invoicing you for the following items', 0.12, 0.6]),
      ]);
    const alone = letter([]);
    expect(alone.seller.name).toBeUndefined();
    expect(alone.buyer.name).toBe('Kunden AG Mitte');
    // Beside the sender's own letterhead, the greeting changes nothing.
    const sent = letter([
      line(row(0), ['Lieferant GmbH', 0.65, 0.8]),
      line(row(1), ['Lieferantenstraße 20', 0.65, 0.82]),
      line(row(2), ['80333 München', 0.65, 0.8]),
    ]);
    expect(sent.seller.name).toBe('Lieferant GmbH');
  });

  it('reads a window whose postcode stands alone over its town', () => {
    const d = read([
      line(row(0), ['Rainer GmbH | Schwerwa 22 | 51235 Mittelbembra', 0.08, 0.45]),
      line(row(3), ['Reute GmbH', 0.08, 0.2]),
      line(row(4), ['Ali Baba', 0.08, 0.18]),
      line(row(5), ['Feldweg 22', 0.08, 0.2]),
      line(row(6), ['88441', 0.08, 0.13]),
      line(row(7), ['Mittelbiberach', 0.08, 0.22]),
      line(row(10), ['Rechnung Nr. 1001', 0.08, 0.3]),
    ]);
    expect(d.buyer.name).toBe('Reute GmbH');
    expect(d.buyer.address).toMatchObject({ postcode: '88441', city: 'Mittelbiberach' });
    // A number over a field's label, or a line apart from the word under it, makes no place.
    const apart = (gap: number, word: string) =>
      read([
        line(row(0), ['Rainer GmbH | Schwerwa 22 | 51235 Mittelbembra', 0.08, 0.45]),
        line(row(3), ['Reute GmbH', 0.08, 0.2]),
        line(row(5), ['Feldweg 22', 0.08, 0.2]),
        line(row(6), ['4711', 0.08, 0.13]),
        line(row(6 + gap), [word, 0.08, 0.22]),
      ]).buyer.name;
    expect(apart(1, 'Mittelbiberach')).toBe('Reute GmbH');
    expect(apart(1, 'Rechnungsdatum')).toBeUndefined();
    expect(apart(3, 'Mittelbiberach')).toBeUndefined();
    // A Dutch postcode printed without its space, alone over its town, beside the letterhead.
    const dutch = read([
      line(row(0), ['Vereniging Delft', 0.63, 0.8]),
      line(row(1), ['Kanaalweg 4', 0.63, 0.75]),
      line(row(2), ['2628 EB Delft', 0.63, 0.76]),
      line(row(4), ['Vereniging Utrecht', 0.1, 0.25]),
      line(row(5), ['Princetonplein 9', 0.1, 0.22]),
      line(row(6), ['3584CC', 0.1, 0.15]),
      line(row(7), ['Utrecht', 0.1, 0.16]),
      line(row(10), ['Factuur 2023-001', 0.1, 0.3]),
    ]);
    expect(dutch.buyer.name).toBe('Vereniging Utrecht');
    expect(dutch.buyer.address).toMatchObject({ postcode: '3584CC', city: 'Utrecht' });
  });

  it('reads the block under a one-line sender address as the buyer, not as the seller', () => {
    const d = read([
      line(row(0), ['weclapp.com | Somestreet 42 | 08155 Some city', 0.08, 0.45], ['weclapp.com', 0.7, 0.85]),
      line(row(1), ['Beispiel AG', 0.08, 0.2], ['Somestreet 42', 0.7, 0.85]),
      line(row(2), ['Feldstraße 34', 0.08, 0.22], ['08155 Some city', 0.7, 0.85]),
      line(row(3), ['54321 Hithausen', 0.08, 0.24]),
      line(row(6), ['Rechnung RE1001', 0.08, 0.3]),
    ]);
    expect(d.buyer.name).toBe('Beispiel AG');
    expect(d.buyer.address).toEqual({ lines: ['Feldstraße 34'], postcode: '54321', city: 'Hithausen' });
    // The recipient's legal form never makes it the letterhead: the sender line names the seller.
    expect(d.seller.name).toBe('weclapp.com');
  });

  it('reads a sender line set apart by small squares ("TPT Schaude ▪ Ennostr. 10 ▪ 89604 Ennahofen")', () => {
    const d = read([
      line(row(0), ['TPT Schaude ▪ Ennostr. 10 ▪ 89604 Ennahofen', 0.09, 0.4]),
      line(row(1), ['Schalltec GmbH', 0.09, 0.2], ['TPT Schaude', 0.67, 0.76]),
      line(row(2), ['Hans Schaude', 0.09, 0.19], ['Annina Geprägs', 0.67, 0.78]),
      line(row(3), ['Steißlinger Str. 4', 0.09, 0.22], ['Ennostr. 10', 0.67, 0.75]),
      line(row(4), ['89604 Weilersteußlingen', 0.09, 0.28], ['89604 Ennahofen', 0.67, 0.79]),
      line(row(8), ['Rechnung', 0.09, 0.18]),
    ]);
    expect(d.buyer.name).toBe('Schalltec GmbH');
    expect(d.seller.name).toBe('TPT Schaude');
  });

  it('reads a sender line whose middle dots OCR read as colons, and "Firma" over the name', () => {
    const d = read([
      line(row(0), ['Müller Bürotechnik GmbH : Industriestraße 5 : 70565 Stuttgart', 0.08, 0.5]),
      line(row(1), ['Firma', 0.08, 0.14]),
      line(row(2), ['Schneider & Partner KG', 0.08, 0.3]),
      line(row(3), ['Hauptstraße 12', 0.08, 0.22]),
      line(row(4), ['80331 München', 0.08, 0.22]),
    ]);
    expect(d.buyer.name).toBe('Schneider & Partner KG');
    expect(d.buyer.address).toEqual({ lines: ['Hauptstraße 12'], postcode: '80331', city: 'München' });
  });

  it('reads a recipient under a salutation whose street and place share a line', () => {
    const d = read([
      line(row(0), ['Rossi Forniture S.r.l.', 0.08, 0.35]),
      line(row(1), ['Via Roma 12, 20121 Milano', 0.08, 0.4]),
      line(row(4), ['Spett.le', 0.55, 0.65]),
      line(row(5), ['Bianchi S.p.A.', 0.55, 0.7]),
      line(row(6), ['Corso Italia 5, 10121 Torino', 0.55, 0.85]),
    ]);
    expect(d.buyer.name).toBe('Bianchi S.p.A.');
    expect(d.buyer.address).toEqual({ lines: ['Corso Italia 5'], postcode: '10121', city: 'Torino' });
    expect(d.seller.name).toBe('Rossi Forniture S.r.l.');
  });

  it('follows a window block whose lines stand two and a half lines apart', () => {
    // Rows at half steps: the name, the street and the place 2.5 rows apart (a scan whose address
    // lines sit level with a wider-spaced column beside them).
    const half = (i: number) => row(0) + (i * 7) / 842;
    const d = read([
      line(row(0), ['Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen', 0.14, 0.5]),
      line(half(2), ['Theodor Est', 0.12, 0.22]),
      line(half(7), ['Bahnstr. 42', 0.12, 0.21]),
      line(half(12), ['88802 Spielkreis', 0.12, 0.26]),
    ]);
    expect(d.buyer.name).toBe('Theodor Est');
  });

  it('finds the place of a French sender line after the street number', () => {
    const d = read([
      line(row(0), ["Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène - France", 0.2, 0.65]),
      line(row(4), ['Adresse de livraison', 0.06, 0.22]),
      line(row(5), ['Ma jolie boutique', 0.06, 0.19], ['Ma jolie boutique', 0.55, 0.69]),
      line(row(6), ['35 rue de la République', 0.06, 0.24], ['Alexandre Payet', 0.55, 0.68]),
      line(row(7), ['69001 Lyon', 0.06, 0.15], ['35 rue de la République', 0.55, 0.74]),
      line(row(8), ['France', 0.06, 0.11], ['69001 Lyon', 0.55, 0.64]),
    ]);
    expect(d.buyer.name).toBe('Ma jolie boutique');
    expect(d.buyer.address?.lines).toEqual(['35 rue de la République']);
  });

  it('reads a sender line whose name, street and place run on without separators', () => {
    const d = read([
      line(row(0), ['Tennismehl', 0.77, 0.9]),
      line(row(3), ['TENNISMEHL GmbH Hundsberg 13 97950 Großrinderfeld', 0.1, 0.42]),
      line(row(4), ['TG Höchberg -TA-', 0.1, 0.22]),
      line(row(5), ['Herrn Andreas Dallner', 0.1, 0.26]),
      line(row(6), ['Albrecht-Dürer-Straße 44', 0.1, 0.28]),
      line(row(7), ['97204 Höchberg', 0.1, 0.2]),
    ]);
    expect(d.buyer.name).toBe('TG Höchberg -TA-');
    expect(d.buyer.address?.city).toBe('Höchberg');
    // Without a legal form ending the name, the run-on line is no sender line: no recipient.
    const bare = read([
      line(row(3), ['Tennismehl Hundsberg 13 97950 Großrinderfeld', 0.1, 0.4]),
      line(row(4), ['TG Höchberg -TA-', 0.1, 0.22]),
      line(row(6), ['Albrecht-Dürer-Straße 44', 0.1, 0.28]),
      line(row(7), ['97204 Höchberg', 0.1, 0.2]),
    ]);
    expect(bare.buyer.name).toBeUndefined();
  });

  it("names the seller from the sender line when the letterhead prints only the sender's address", () => {
    const d = read([
      line(row(0), ['25 Market Street', 0.8, 0.95]),
      line(row(1), ['London', 0.87, 0.95]),
      line(row(2), ['EC1A 1BB', 0.85, 0.95]),
      line(row(5), ['Brown & Walker Limited · 25 Market Street · London · EC1A 1BB', 0.55, 0.95]),
      line(row(6), ['Smith Design LLP', 0.55, 0.7]),
      line(row(7), ['12 High Street', 0.55, 0.68]),
      line(row(8), ['Leeds LS1 4AP', 0.55, 0.67]),
    ]);
    expect(d.seller.name).toBe('Brown & Walker Limited');
    expect(d.buyer.name).toBe('Smith Design LLP');
    // A legal form set after a comma is the name's ("Dvořák & Novotný, s.r.o."), not a part of its own.
    const comma = read([
      line(row(0), ['Na Příkopě 36', 0.8, 0.95]),
      line(row(1), ['301 00 Plzeň', 0.82, 0.95]),
      line(row(5), ['Dvořák & Novotný, s.r.o. · Na Příkopě 36 · 301 00 Plzeň', 0.08, 0.5]),
      line(row(6), ['Kučera Úklidové služby v.o.s.', 0.08, 0.3]),
      line(row(7), ['Na Příkopě 1', 0.08, 0.2]),
      line(row(8), ['779 00 Olomouc', 0.08, 0.2]),
    ]);
    expect(comma.seller.name).toBe('Dvořák & Novotný, s.r.o.');
    // Over a headed buyer's block alike; never from a sender line far above the block.
    const headed = (at: number) =>
      read([
        line(row(0), ['25 Market Street', 0.8, 0.95]),
        line(row(1), ['EC1A 1BB London', 0.8, 0.95]),
        line(row(4), ['Brown & Walker Limited · 25 Market Street · London · EC1A 1BB', 0.55, 0.95]),
        line(row(at), ['Bill to:', 0.55, 0.62]),
        line(row(at + 1), ['Smith Design LLP', 0.55, 0.7]),
        line(row(at + 2), ['12 High Street', 0.55, 0.68]),
        line(row(at + 3), ['Leeds LS1 4AP', 0.55, 0.67]),
      ]);
    expect(headed(5).seller.name).toBe('Brown & Walker Limited');
    expect(headed(5).buyer.name).toBe('Smith Design LLP');
    expect(headed(12).seller.name).toBeUndefined();
    // Where the name may run over two parts (no street number, no legal form after the first),
    // the sender line names no one.
    const twoParts = read([
      line(row(3), ['Klline - Freude am Arbeitsplatz - Technologiepark - 8510 Stainz', 0.1, 0.5]),
      line(row(4), ['Keller Grundbau Ges.m.b.H.', 0.1, 0.3]),
      line(row(5), ['Packer Straße 167', 0.1, 0.25]),
      line(row(6), ['8561 Söding', 0.1, 0.2]),
    ]);
    expect(twoParts.buyer.name).toBe('Keller Grundbau Ges.m.b.H.');
    expect(twoParts.seller.name).toBeUndefined();
  });

  it('reads the name under a salutation ("Herrn") as the buyer, without it', () => {
    const d = read([
      line(row(0), ['MVM Musterhafter', 0.08, 0.25]),
      line(row(1), ['Versicherungsverein Musterstadt a.G.', 0.08, 0.35]),
      line(row(3), ['Herrn', 0.08, 0.14]),
      line(row(4), ['Max Mustermann', 0.08, 0.24]),
      line(row(5), ['Musterstr. 11', 0.08, 0.2]),
      line(row(6), ['12346 Bad Musterhausen', 0.08, 0.3]),
    ]);
    expect(d.buyer.name).toBe('Max Mustermann');
    expect(d.seller.name).toBe('Versicherungsverein Musterstadt a.G.');
  });

  it("reads the window beside the letterhead's column as the buyer when OCR lost the sender line", () => {
    const page = (recipientX: number) => [
      line(row(0), ['Bei Spiel GmbH', 0.75, 0.86]),
      line(row(1), ['Ecke 12', 0.75, 0.8]),
      line(row(2), ['12345 Stadthausen', 0.75, 0.86]),
      line(row(3), ['Theodor Est', recipientX, recipientX + 0.12], ['fon (555) 23 78 0', 0.75, 0.86]),
      line(row(4), ['Bahnstr. 42', recipientX, recipientX + 0.1], ['fax (555) 23 78 -51', 0.75, 0.87]),
      line(row(5), ['88802 Spielkreis', recipientX, recipientX + 0.14]),
    ];
    const d = read(page(0.12));
    expect(d.seller.name).toBe('Bei Spiel GmbH');
    expect(d.buyer.name).toBe('Theodor Est');
    expect(d.buyer.address).toMatchObject({ postcode: '88802', city: 'Spielkreis' });
    // In the letterhead's own column, the block is the sender's address, not a recipient.
    expect(read(page(0.75)).buyer.name).toBeUndefined();
  });

  it("reads a recipient in the sender's own town: its street is another", () => {
    const d = read([
      line(row(0), ['Baláž & Tóth s.r.o.', 0.08, 0.3]),
      line(row(4), ['Baláž & Tóth s.r.o. · Štúrova 146 · 080 01 Prešov', 0.09, 0.5]),
      line(row(5), ['Upratovacie služby Kováč, spol. s r.o.', 0.09, 0.4]),
      line(row(6), ['Štúrova 100', 0.09, 0.2]),
      line(row(7), ['080 01 Prešov', 0.09, 0.2]),
    ]);
    expect(d.buyer.name).toBe('Upratovacie služby Kováč, spol. s r.o.');
    // The sender's own block under its sender line (same street and postcode) is no recipient.
    const own = read([
      line(row(0), ['Baláž & Tóth · Štúrova 146 · 080 01 Prešov', 0.09, 0.5]),
      line(row(1), ['Upratovanie Baláž a Tóth', 0.09, 0.4]),
      line(row(2), ['Štúrova 146', 0.09, 0.2]),
      line(row(3), ['080 01 Prešov', 0.09, 0.2]),
    ]);
    expect(own.buyer.name).toBeUndefined();
  });

  it('reads the block standing apart under the letterhead and its address as the buyer', () => {
    const d = read([
      line(row(0), ['Ohjelmistot Hämäläinen Oy', 0.07, 0.4]),
      line(row(1), ['Aleksanterinkatu 168', 0.07, 0.2]),
      line(row(2), ['20100 Turku', 0.07, 0.15]),
      line(row(3), ['Sähköposti info@ohjelmistothamalainen.fi', 0.07, 0.4]),
      line(row(6), ['Laine Sähkö Ky', 0.07, 0.2]),
      line(row(7), ['Att. Laura Virtanen', 0.07, 0.2]),
      line(row(8), ['Puistokatu 150', 0.07, 0.2]),
      line(row(9), ['90100 Oulu', 0.07, 0.15]),
    ]);
    expect(d.seller.name).toBe('Ohjelmistot Hämäläinen Oy');
    expect(d.buyer.name).toBe('Laine Sähkö Ky');
    expect(d.buyer.address).toEqual({ lines: ['Puistokatu 150'], postcode: '90100', city: 'Oulu' });
  });

  it('reads an Irish window whose Eircode stands under its town, and the town-first places of lv and et', () => {
    const irish = read([
      line(row(0), ['Doyle Software Ltd', 0.08, 0.3], ['Cork', 0.89, 0.92]),
      line(row(1), ['T12 R5CP', 0.86, 0.92]),
      line(row(5), ['Walsh Design Teoranta', 0.08, 0.3]),
      line(row(6), ['135 Patrick Street', 0.08, 0.25]),
      line(row(7), ['Galway', 0.08, 0.15]),
      line(row(8), ['H91 E2K3', 0.08, 0.15]),
    ]);
    expect(irish.buyer.name).toBe('Walsh Design Teoranta');
    expect(irish.buyer.address).toMatchObject({ postcode: 'H91 E2K3', city: 'Galway', country: 'IE' });
    const latvian = read([
      line(row(0), ['AS "Programmatūra Kalniņš" · Elizabetes iela 27 · Liepāja, LV-3401', 0.08, 0.6]),
      line(row(1), ['SIA "Jansons Uzkopšana"', 0.08, 0.3]),
      line(row(2), ['Lāčplēša iela 131', 0.08, 0.25]),
      line(row(3), ['Jelgava, LV-3001', 0.08, 0.25]),
    ]);
    expect(latvian.buyer.name).toBe('SIA "Jansons Uzkopšana"');
    expect(latvian.buyer.address).toMatchObject({ postcode: '3001', city: 'Jelgava', country: 'LV' });
  });

  it('makes no sender line of two columns side by side', () => {
    // The seller's identifiers at the left and the buyer's place at the right share a line: no
    // sender line over the delivery address below.
    const d = read([
      line(
        row(0),
        ['SIRET : 12345678200077 - DUNS : DUNS1235487', 0.14, 0.35],
        ['06000 MA VILLE, FR', 0.49, 0.6],
      ),
      line(row(4), ['DEL Name', 0.51, 0.55]),
      line(row(5), ['DEL line 2', 0.51, 0.56]),
      line(row(6), ['06000 NICE, FR', 0.51, 0.57]),
    ]);
    expect(d.buyer.name).toBeUndefined();
  });

  it('takes no recipient without a sender line or salutation, nor from two candidate blocks', () => {
    const plain = read([
      line(row(0), ['Adatum Corporation', 0.08, 0.25], ['CRONUS DE', 0.6, 0.75]),
      line(row(1), ['Station Road, 21', 0.08, 0.22], ['Hofstraße 12', 0.6, 0.72]),
      line(row(2), ['48436 Düsseldorf', 0.08, 0.22], ['20097 Hamburg', 0.6, 0.72]),
    ]);
    expect(plain.buyer).toEqual({});
    const two = read([
      line(row(0), ['ACME GmbH · Hauptstr. 1 · 10115 Berlin', 0.08, 0.4]),
      line(row(2), ['Kunde Eins GmbH', 0.08, 0.25], ['Kunde Zwei GmbH', 0.6, 0.75]),
      line(row(3), ['Weg 2', 0.08, 0.16], ['Pfad 3', 0.6, 0.68]),
      line(row(4), ['20097 Hamburg', 0.08, 0.22], ['80331 München', 0.6, 0.72]),
    ]);
    expect(two.buyer).toEqual({});
  });

  it('leaves the window to a buyer heading when there is one', () => {
    const d = read([
      line(row(0), ['ACME GmbH · Hauptstr. 1 · 10115 Berlin', 0.08, 0.4]),
      line(row(2), ['Lager Nord', 0.08, 0.2]),
      line(row(3), ['Weg 2', 0.08, 0.16]),
      line(row(4), ['20097 Hamburg', 0.08, 0.22]),
      line(row(6), ['Rechnungsempfänger', 0.6, 0.8]),
      line(row(7), ['Kunde AG', 0.6, 0.72]),
    ]);
    expect(d.buyer.name).toBe('Kunde AG');
  });
});

describe('readParties: the window under a letterhead whose address is in the foot', () => {
  it('reads the block under the letterhead’s lines as the recipient’s when the foot gives the sender’s address', () => {
    const d = read([
      line(row(0), ['Piet Muster', 0.09, 0.2]),
      line(row(1), ['Teeltadvies en -verkoop', 0.09, 0.3]),
      line(row(3.6), ['Voorbeeld Groep', 0.09, 0.22]),
      line(row(4.6), ['Dorpsstraat 4', 0.09, 0.17]),
      line(row(5.6), ['2771 AA Boskoop', 0.09, 0.22]),
      line(row(8), ['Factuur', 0.09, 0.17]),
      line(row(9), ['Factuurnummer', 0.09, 0.2], ['202500002', 0.47, 0.56]),
      line(row(47), ['Piet Muster', 0.115, 0.2], ['KvK: 12345678', 0.57, 0.68]),
      line(row(48), ['Kerklaan 1', 0.115, 0.23], ['Btw Id: NL000099998B57', 0.3, 0.5]),
      line(row(49), ['2675 AA Honselersdijk', 0.115, 0.28], ['IBAN: NL91ABNA0417164300', 0.57, 0.79]),
    ]);
    expect(d.seller.name).toBe('Piet Muster');
    expect(d.buyer.name).toBe('Voorbeeld Groep');
  });
});

describe('readParties: the one address block at the right, the sender only a logo', () => {
  it('reads it as the recipient’s window', () => {
    const d = read([
      line(row(5), ['FACTURE', 0.08, 0.2]),
      line(row(6), ['Nº', 0.08, 0.1], ['F10042', 0.18, 0.25], ['RELAIS DE LA PLACE', 0.52, 0.7]),
      line(row(7), ['Date', 0.08, 0.12], ['20-03-2025', 0.18, 0.27], ['14 Place du Marché', 0.52, 0.68]),
      line(row(8), ['RCS / VAT 818534919', 0.08, 0.25], ['83310 GRIMAUD FRANCE', 0.52, 0.7]),
    ]);
    expect(d.buyer.name).toBe('RELAIS DE LA PLACE');
    expect(d.seller.name).toBeUndefined();
  });
});

describe('readParties: windows without a street number', () => {
  it('reads a street printed without its number under a sender line, as the address too', () => {
    const window = (street: string) =>
      read([
        line(row(0), ['Kerstin Humm • Hafenweg 1 • 54321 Potsdam', 0.2, 0.6]),
        line(row(2), ['Erika Mustermann', 0.2, 0.35]),
        line(row(3), [street, 0.2, 0.3]),
        line(row(4), ['12345 Musterstadt', 0.2, 0.34]),
      ]);
    const d = window('Musterallee');
    expect(d.buyer.name).toBe('Erika Mustermann');
    expect(d.buyer.address).toMatchObject({ lines: ['Musterallee'], postcode: '12345' });
    // A line without a street word is the name's (a contact's): no street in the address.
    expect(window('Am Musterblick').buyer.address?.lines ?? []).toEqual([]);
  });

  it("reads a contact's name in place of the street only under a sender line, never the sender's own block", () => {
    const lines = [
      line(row(0), ['MARSters', 0.68, 0.8]),
      line(row(3), ['MARSters – Jungfernstieg 1 – 20354 Hamburg', 0.12, 0.45]),
      line(row(5), ['MARSters GmbH', 0.69, 0.82]),
      line(row(6), ['20354 Hamburg', 0.71, 0.84]),
      line(row(7), ['NASAH AG', 0.12, 0.22]),
      line(row(8), ['Ben Dover', 0.12, 0.22]),
      line(row(9), ['80331 München', 0.12, 0.24]),
    ];
    expect(read(lines).buyer.name).toBe('NASAH AG');
    // Without the sender line, nothing shows the block to be a window.
    expect(read(lines.filter((_, i) => i !== 1)).buyer.name).toBeUndefined();
  });

  it("reads the window beside the letterhead's own address block (Odoo's layout)", () => {
    const d = read([
      line(row(0), ['GRANAINFO', 0.04, 0.16]),
      line(row(1), ['Calle Primavera 26', 0.04, 0.2]),
      line(row(2), ['18006 Granada', 0.04, 0.16]),
      line(row(5), ['Pablo Carrascosa Delgado', 0.58, 0.8]),
      line(row(6), ['calle malaga', 0.58, 0.68]),
      line(row(7), ['18151 granada', 0.58, 0.69]),
      line(row(10), ['Factura INV/2026/00002', 0.04, 0.3]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['GRANAINFO', 'Pablo Carrascosa Delgado']);
  });

  it('reads a window set flush right, one name over its street only', () => {
    const window = (names: string[]) =>
      read([
        line(row(0), ['MD Solutions · Šepera 29 · 31431 Čepin', 0.55, 0.9]),
        ...names.map((n, i) => line(row(2 + i), [n, 0.9 - n.length * 0.011, 0.9])),
        line(row(2 + names.length), ['Ivana Gundulića 62', 0.7, 0.9]),
        line(row(3 + names.length), ['31000, Osijek', 0.76, 0.9]),
      ]);
    expect(window(['Sport Plus Osijek']).buyer.name).toBe('Sport Plus Osijek');
    // A name run over two lines there would be cut: none.
    expect(window(['DACHSER Netherlands Food', 'Logistics B.V']).buyer.name).toBeUndefined();
  });

  it('knows the headings of a page printed without diacritics ("Dodavatel", "Odberatel")', () => {
    const d = read([
      line(row(0), ['FAKTURA - DOKLAD C. 201900021', 0.11, 0.45]),
      line(row(2), ['Dodavatel', 0.14, 0.24], ['Odberatel', 0.56, 0.66]),
      line(row(4), ['Dodavatel Holding a.s.', 0.14, 0.34], ['Jan Novak', 0.56, 0.65]),
      line(row(5), ['Kratka 2', 0.14, 0.22], ['Dlouha 1', 0.56, 0.64]),
      line(row(6), ['60200 Brno', 0.14, 0.24], ['11000 Praha', 0.56, 0.67]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Dodavatel Holding a.s.', 'Jan Novak']);
  });

  it("takes a letterhead's own address set flush right for the sender's, not a window", () => {
    const d = read([
      line(row(0), ['Wagner & Krause AG', 0.65, 0.95]),
      line(row(2), ['Schillerplatz 62', 0.83, 0.95]),
      line(row(3), ['20095 Hamburg', 0.82, 0.95]),
      line(row(7), ['Becker & Müller OHG', 0.08, 0.25]),
      line(row(8), ['Attn. Thomas Becker', 0.08, 0.24]),
      line(row(9), ['Bahnhofstraße 107', 0.08, 0.22]),
      line(row(10), ['70173 Stuttgart', 0.08, 0.2]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Wagner & Krause AG', 'Becker & Müller OHG']);
  });

  it('reads one window from a Dutch postcode printed over its town', () => {
    const d = read([
      line(row(0), ['SD Solutions BV', 0.68, 0.82]),
      line(row(1), ['Leerpark Promenade 100', 0.68, 0.88]),
      line(row(2), ['3312 KW Dordrecht', 0.68, 0.84]),
      line(row(4), ['BTW-nummer: NL123456789B01', 0.68, 0.95]),
      line(row(6), ['PC Jupiter B.V.', 0.12, 0.25]),
      line(row(7), ['Hoofdstraat 503', 0.12, 0.25]),
      line(row(8), ['7947 AC', 0.12, 0.18]),
      line(row(9), ['Rotterdam', 0.12, 0.2]),
    ]);
    expect(d.buyer.name).toBe('PC Jupiter B.V.');
  });

  it("takes the head's block that the footer's company names for the sender's, the other for the window", () => {
    const d = read([
      line(row(0), ['Invoice', 0.85, 0.95]),
      line(row(8), ['Dim Solution', 0.06, 0.18]),
      line(row(9), ['Will Jameson', 0.53, 0.65]),
      line(row(10), ['15 Rue Jean Jaures', 0.06, 0.22], ['20 Rue Victor Hugo', 0.53, 0.7]),
      line(row(11), ['75012 Paris', 0.06, 0.16], ['77340 Pontault-Combault', 0.53, 0.73]),
      line(row(55), ['Dim Solution inc - Registration: 87564738493127', 0.35, 0.7]),
    ]);
    expect(d.seller.address).toMatchObject({ lines: ['15 Rue Jean Jaures'], postcode: '75012' });
    expect(d.buyer.name).toBe('Will Jameson');
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
