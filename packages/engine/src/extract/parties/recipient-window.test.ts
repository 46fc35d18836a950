// The recipient in a letter's address window, found without a heading (through readTextInvoice,
// on hand-made A4 pages in 10 pt type): under a sender line, a salutation or beside the letterhead,
// under a letterhead whose address is in the foot, the one block at the right or under a logo with
// the sender's address in the foot, and windows whose street has no number. The other parties
// without a heading: parties-unheaded.test.ts.
import { describe, expect, it } from 'vitest';
import type { Document } from '../../document.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import type { LayoutLine } from '../page/layout.js';
import { readTextInvoice } from '../text-invoice.js';

const read = (lines: LayoutLine[]): Document =>
  readTextInvoice([page(lines)], { source: 'text', reader: 'test', country: 'DE' });

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

  it("reads the name under a salutation over an address line with no number nor street word (an industrial area's)", () => {
    const window = (salutation: string) =>
      read([
        line(row(0), ['Regololab di Lo Tito Leonardo', 0.67, 0.9]),
        line(row(1), ['Via dei Confinati Politici 75020', 0.67, 0.92]),
        line(row(3), ['P.IVA: 01335720775', 0.75, 0.92]),
        line(row(7), [salutation, 0.1, 0.16]),
        line(row(8), ['COS.MET. S.R.L. FRATELLI RUBOLINO', 0.1, 0.4]),
        line(row(9), ["Svincolo Val d'Agri Area Artigianale", 0.1, 0.38]),
        line(row(10), ['75020 SCANZANO JONICO (MT)', 0.1, 0.33]),
      ]).buyer.name;
    expect(window('Spett.le:')).toBe('COS.MET. S.R.L. FRATELLI RUBOLINO');
    // Without the salutation nothing shows the block is a window.
    expect(window('Progetto:')).toBeUndefined();
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

describe("readParties: the one address block under a logo, the sender's address in the foot", () => {
  it('reads it as the recipient’s window when the foot prints an address of another postcode', () => {
    const lines = (foot: string) => [
      line(row(8), ['Bouwbedrijf De Vries B.V.', 0.08, 0.3]),
      line(row(9), ['Industrieweg 12', 0.08, 0.2]),
      line(row(10), ['3771 MB Barneveld', 0.08, 0.22]),
      line(row(14), ['Factuur', 0.08, 0.16]),
      line(row(15), ['Factuurnummer', 0.08, 0.2], ['2024-118', 0.3, 0.38]),
      line(row(16), ['Factuurdatum', 0.08, 0.2], ['12-03-2024', 0.3, 0.39]),
      line(row(55), [foot, 0.08, 0.6]),
    ];
    const d = readTextInvoice([page(lines('Voorbeeldweg 6, 3851 SR Ermelo, T 0341 36 33 12'))], {
      source: 'text',
      reader: 'test',
      country: 'NL',
    });
    expect(d.buyer.name).toBe('Bouwbedrijf De Vries B.V.');
    expect(d.buyer.address).toMatchObject({ postcode: '3771 MB', city: 'Barneveld' });
    expect(d.seller.name).not.toBe('Bouwbedrijf De Vries B.V.');
    // A foot without an address (a page number, a bank line) shows no sender: the block stays unread.
    const bare = readTextInvoice([page(lines('Pagina 1 van 1'))], {
      source: 'text',
      reader: 'test',
      country: 'NL',
    });
    expect(bare.buyer.name).toBeUndefined();
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
