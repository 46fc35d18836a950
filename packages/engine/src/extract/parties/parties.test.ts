// Seller and buyer from page text: readParties (through
// readTextInvoice, on hand-made A4 pages in 10 pt type) takes names and addresses from the blocks
// under party headings, or the seller's name from the letterhead. Parties found without a heading
// of their own: parties-unheaded.test.ts.
import { describe, expect, it } from 'vitest';
import type { Document } from '../../document.js';
import { countryOf } from '../../project/countries.js';
import { project } from '../../project/field-sets.js';
import { line, page, row } from '../../test-support/layout-pages.js';
import type { LayoutLine } from '../page/layout.js';
import { readTextInvoice } from '../text-invoice.js';
import { isName, ruLegalForm } from './party-lines.js';

const read = (lines: LayoutLine[]): Document => {
  return readTextInvoice([page(lines)], { source: 'text', reader: 'test', country: 'DE' });
};

describe('readParties', () => {
  it('reads a seller block of "Name:" form rows', () => {
    const d = read([
      line(row(0), ['Rechnung Nr. 4711', 0.6, 0.85]),
      line(row(2), ['Verkäufer', 0.08, 0.2]),
      line(row(3), ['Name:', 0.08, 0.14], ['Muster Lieferant GmbH', 0.35, 0.6]),
      line(row(4), ['Anschrift: Hauptstraße 1', 0.08, 0.28]),
      line(row(5), ['DE 99199 Musterhausen', 0.08, 0.28]),
    ]);
    expect(d.seller.name).toBe('Muster Lieferant GmbH');
    expect(d.seller.address).toEqual({
      lines: ['Hauptstraße 1'],
      postcode: '99199',
      city: 'Musterhausen',
      country: 'DE',
    });
    expect(d.provenance['seller.name']).toMatchObject({ source: 'text', page: 1, confidence: 0.9 });
    expect(d.provenance['seller.name']!.bbox![0]).toBeCloseTo(0.35);
    expect(d.provenance['seller.address.city']).toMatchObject({ page: 1, confidence: 0.85 });
  });

  it('takes a form block\'s name from its name row only ("Identificatorul TVA   RO…" over "Nume   …")', () => {
    const form = (name: string) =>
      read([
        line(row(0), ['Factura Nr. 4711', 0.6, 0.85]),
        line(row(2), ['VANZATOR', 0.02, 0.12]),
        line(row(3), ['Identificatorul TVA', 0.02, 0.12], ['RO0000000', 0.13, 0.25]),
        line(row(4), ['Nume', 0.02, 0.06], [name, 0.12, 0.3]),
        line(row(5), ['Oras', 0.02, 0.05], ['Cluj-Napoca', 0.12, 0.2]),
      ]).seller.name;
    expect(form('Lemnul Verde S.R.L.')).toBe('Lemnul Verde S.R.L.');
    // A name whose letters the font could not map ("?") is none, and the row above is no name.
    expect(form('S.C. Vnz?tor S.R.L.')).toBeUndefined();
    // A street's label beside its street is no name either.
    const street = read([
      line(row(0), ['Factura Nr. 4711', 0.6, 0.85]),
      line(row(2), ['CUMPARATOR', 0.02, 0.12]),
      line(row(3), ['Strada', 0.02, 0.06], ['Str. Viorelelor, nr. 13', 0.12, 0.3]),
      line(row(4), ['Oras', 0.02, 0.05], ['SECTOR6', 0.12, 0.2]),
    ]);
    expect(street.buyer.name).toBeUndefined();
  });

  it('takes no heading of a table of the buyer\'s details for its name ("Šifra | Naziv kupca | Mjesto")', () => {
    const d = readTextInvoice(
      [
        page([
          line(row(0), ['Poduzetnički inkubator BIOS d.o.o.', 0.07, 0.35]),
          line(row(10), ['(e) Račun 24/1/1', 0.06, 0.2]),
          line(row(12), ['Kupac', 0.06, 0.1]),
          line(
            row(13),
            ['Šifra', 0.06, 0.09],
            ['Naziv kupca', 0.13, 0.19],
            ['Mjesto', 0.4, 0.44],
            ['Ulica i kbr.', 0.45, 0.52],
          ),
          line(row(14), ['1047 Kopčić obrt d.o.o. Čepin kardinala F.Šepera 29', 0.09, 0.6]),
        ]),
      ],
      { source: 'text', reader: 'test', country: 'HR' },
    );
    expect(d.buyer.name ?? '').not.toMatch(/kupca|Šifra|1047/);
  });

  it('reads the blocks under headings centred over them ("SPRZEDAWCA", "NABYWCA")', () => {
    const d = readTextInvoice(
      [
        page([
          line(row(0), ['FAKTURA', 0.06, 0.16], ['Nr: 110/06/2025', 0.79, 0.95]),
          line(row(3), ['SPRZEDAWCA', 0.23, 0.33], ['NABYWCA', 0.69, 0.76]),
          line(row(4), ['Rabaa Balkowski Arkadiusz', 0.08, 0.3], ['Jan Madeyski', 0.52, 0.62]),
          line(row(5), ['Sztuk Pięknych 1/28', 0.08, 0.24], ['Żeromskiego 4E / 3', 0.52, 0.66]),
          line(row(6), ['01-255 Warszawa, Polska', 0.08, 0.28], ['01-861 Warszawa', 0.52, 0.65]),
        ]),
      ],
      { source: 'text', reader: 'test', country: 'PL' },
    );
    expect([d.seller.name, d.buyer.name]).toEqual(['Rabaa Balkowski Arkadiusz', 'Jan Madeyski']);
    // "Facturé par" heads the seller's block.
    const fr = read([
      line(row(3), ['FACTURÉ PAR', 0.08, 0.2], ['FACTURÉ À', 0.5, 0.6]),
      line(row(4), ['Fouées du Terroir', 0.08, 0.25], ['Tiphonet Raphaël', 0.5, 0.65]),
      line(row(5), ['361 Rue de la Croix Blanche', 0.08, 0.32], ['rtiphonet@gmail.com', 0.5, 0.68]),
      line(row(6), ['16430 Champniers', 0.08, 0.24]),
    ]);
    expect([fr.seller.name, fr.buyer.name]).toEqual(['Fouées du Terroir', 'Tiphonet Raphaël']);
  });

  it('reads the parties named after headings side by side on one line ("From: … Bill To: …")', () => {
    const d = read([
      line(row(0), ['INVOICE', 0.08, 0.2]),
      line(
        row(3),
        ['From: Alpine Plumbing AG', 0.08, 0.35],
        ['Bill To: Swiss Property Management GmbH', 0.59, 0.92],
      ),
      line(
        row(4),
        ['Bahnhofstrasse 42, 8001 Zurich, Switzerland', 0.08, 0.45],
        ['Seestrasse 15, 6300 Zug', 0.59, 0.8],
      ),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Alpine Plumbing AG', 'Swiss Property Management GmbH']);
  });

  it('reads a German heading with its umlaut spelled out ("Rechnungsempfaenger:")', () => {
    const d = read([
      line(row(0), ['Muster GmbH', 0.08, 0.25]),
      line(row(1), ['Musterstrasse 1', 0.08, 0.25]),
      line(row(2), ['10115 Berlin', 0.08, 0.22]),
      line(row(6), ['Rechnungsempfaenger:', 0.08, 0.3]),
      line(row(7), ['Bundesamt fuer Muster', 0.08, 0.32]),
      line(row(8), ['Amtsstrasse 10', 0.08, 0.24]),
      line(row(9), ['53113 Bonn', 0.08, 0.2]),
    ]);
    expect(d.buyer.name).toBe('Bundesamt fuer Muster');
  });

  it('parts the words of a heading spaced out letter by letter at the wider gap ("F A C T U R É   À")', () => {
    // Letters 2.7 pt apart, the words 3.6 pt: as WeasyPrint sets CSS letter-spacing.
    const spaced = (words: string[], x0: number, y: number): LayoutLine => {
      const out: LayoutLine['words'] = [];
      let x = x0 * 595;
      for (const [wi, word] of words.entries()) {
        if (wi) x += 3.6 - 2.7;
        for (const ch of word) {
          out.push({ text: ch, bbox: [x / 595, y, (x + 5) / 595, y + 10 / 842], fontSize: 10 });
          x += 5 + 2.7;
        }
      }
      return {
        text: out.map((w) => w.text).join(' '),
        bbox: [out[0]!.bbox[0], y, out.at(-1)!.bbox[2], y + 10 / 842],
        words: out,
      };
    };
    const d = read([
      line(row(0), ["Trait d'Union Studio", 0.05, 0.3], ['FACTURE', 0.8, 0.9]),
      spaced(['FACTURÉ', 'À'], 0.53, row(6)),
      line(row(7), ["Trait d'Union Studio", 0.06, 0.25], ['Boutique Créole', 0.53, 0.68]),
      line(row(8), ['123 Rue de la Création', 0.06, 0.25], ['15 Rue des Palmiers', 0.53, 0.7]),
      line(row(9), ['75001 Paris, France', 0.06, 0.22], ['97300 Cayenne', 0.53, 0.66]),
    ]);
    expect(d.buyer.name).toBe('Boutique Créole');
  });

  it('reads party headings spaced out letter by letter ("É M E T TE U R", "C L I E N T")', () => {
    const d = readTextInvoice(
      [
        page([
          line(row(0), ['Jane Doe', 0.05, 0.15], ['FACTURE', 0.8, 0.9]),
          line(row(1), ['12 rue de la Paix', 0.05, 0.2], ['2026F02-001', 0.8, 0.9]),
          line(row(2), ['69001 Lyon', 0.05, 0.15]),
          line(row(6), ['É M E T TE U R', 0.1, 0.2], ['C L I E N T', 0.55, 0.63]),
          line(row(7), ['Jane Doe', 0.1, 0.2], ['Acme Corp', 0.55, 0.65]),
          line(row(8), ['12 rue de la Paix', 0.1, 0.25], ['42 avenue des Champs-Élysées', 0.55, 0.8]),
          line(row(9), ['69001 Lyon', 0.1, 0.2], ['75008 Paris', 0.55, 0.65]),
        ]),
      ],
      { source: 'text', reader: 'test', country: 'FR' },
    );
    expect(d.seller.name).toBe('Jane Doe');
    expect(d.buyer.name).toBe('Acme Corp');
    // The text layer's pieces uneven ("É MET TEUR", "C LIENT"): the capitals run together.
    const uneven = readTextInvoice(
      [
        page([
          line(row(0), ['Jane Doe', 0.05, 0.15], ['FACTURE', 0.8, 0.9]),
          line(row(6), ['É MET TEUR', 0.1, 0.2], ['C LIENT', 0.55, 0.63]),
          line(row(7), ['Jane Doe', 0.1, 0.2], ['Acme Corp', 0.55, 0.65]),
          line(row(8), ['12 rue de la Paix', 0.1, 0.25], ['42 avenue des Champs-Élysées', 0.55, 0.8]),
          line(row(9), ['69001 Lyon', 0.1, 0.2], ['75008 Paris', 0.55, 0.65]),
        ]),
      ],
      { source: 'text', reader: 'test', country: 'FR' },
    );
    expect([uneven.seller.name, uneven.buyer.name]).toEqual(['Jane Doe', 'Acme Corp']);
  });

  it("reads the parties of an e-invoice's visualisation, whose rows name no address", () => {
    const d = read([
      line(row(0), ['Facture n° F-2026-17', 0.1, 0.4]),
      line(row(2), ['Acheteur', 0.1, 0.2]),
      line(
        row(3),
        ["Nom de l'acheteur:", 0.1, 0.22],
        ['LES COACHS SOLIDAIRES', 0.24, 0.45],
        ['Code Pays:', 0.55, 0.63],
        ['FR', 0.69, 0.71],
      ),
      line(row(5), ['Vendeur', 0.1, 0.2]),
      line(
        row(6),
        ['Nom du vendeur:', 0.1, 0.22],
        ['COMPAGNIE DES NAPPES', 0.24, 0.45],
        ['Code Pays:', 0.55, 0.63],
        ['FR', 0.69, 0.71],
      ),
      line(row(8), ['Données de facturation', 0.1, 0.3]),
      line(row(9), ['Date de la facture:', 0.1, 0.22], ['18-08-2026', 0.24, 0.32]),
    ]);
    expect(d.seller.name).toBe('COMPAGNIE DES NAPPES');
    expect(d.buyer.name).toBe('LES COACHS SOLIDAIRES');
    // The next section's heading is no street.
    expect(d.seller.address).toBeUndefined();
  });

  it("reads the name beside a form's heading ending with a colon, across a wide label column", () => {
    const d = read([
      line(row(0), ['Számla', 0.84, 0.95]),
      line(
        row(2),
        ['Szállító:', 0.053, 0.105],
        ['Nett Front Kft', 0.255, 0.384],
        ['Vevő:', 0.543, 0.586],
        ['DIVIAN - MEGA KFT', 0.692, 0.856],
      ),
      line(row(3), ['Hungary 5650, Mezőberény Gyomai út 26.', 0.053, 0.335], ['6724 Szeged', 0.692, 0.777]),
      line(row(5), ['Teljesítés kelte:', 0.053, 0.15], ['2026. 01. 21.', 0.26, 0.33]),
      line(row(6), ['Számla kelte:', 0.053, 0.13], ['2026. 01. 20.', 0.26, 0.33]),
    ]);
    expect(d.seller.name).toBe('Nett Front Kft');
    expect(d.buyer.name).toBe('DIVIAN - MEGA KFT');
    // The form's dates under the name are no street.
    expect(d.seller.address).toBeUndefined();
  });

  it("takes the party from its heading's row, not from the form's next rows under the heading", () => {
    const d = read([
      line(row(0), ['Rechnung Nr. 77', 0.1, 0.3]),
      line(
        row(2),
        ['Leistungserbringer', 0.03, 0.15],
        ['CuraSoft Spitex GmbH, Weinbergstrasse 10, 8001 Zürich', 0.19, 0.55],
      ),
      line(row(3), ['Versicherte Person', 0.03, 0.15], ['Hans Weber', 0.19, 0.28]),
      line(row(5), ['Klient', 0.03, 0.08], ['452, Herr Hans Weber, Rämistrasse 28, 8001 Zürich', 0.19, 0.55]),
      line(row(6), ['Geburtsdatum', 0.03, 0.12], ['22.07.1947', 0.19, 0.26]),
    ]);
    expect(d.seller.name).toBe('CuraSoft Spitex GmbH');
    expect(d.seller.address).toMatchObject({
      lines: ['Weinbergstrasse 10'],
      postcode: '8001',
      city: 'Zürich',
    });
    // A row opening with the customer's number names no one; its address is no name either.
    expect(d.buyer.name).toBeUndefined();
  });

  it("takes no item table's name column far under a block without a place line for its name", () => {
    const d = read([
      line(row(0), ['FACTURĂ', 0.08, 0.2]),
      line(row(2), ['FURNIZOR:', 0.08, 0.18], ['CLIENT:', 0.51, 0.58]),
      line(row(3), ['Finance Technologies S.R.L.', 0.08, 0.3], ['Jane Street', 0.51, 0.6]),
      line(row(4), ['CIF: 23453212', 0.08, 0.2]),
      line(row(5), ['Reg. com.: Z022018', 0.08, 0.22]),
      line(row(6), ['Adresă: Strada George Barițiu', 0.08, 0.3]),
      line(row(7), ['Județ: Brașov', 0.08, 0.2]),
      line(row(8), ['Bancă: IMAGINARY BANK', 0.08, 0.25]),
      line(row(10), ['SERVICII:', 0.08, 0.16]),
      line(
        row(12),
        ['#', 0.09, 0.1],
        ['Denumire', 0.12, 0.2],
        ['Cant.', 0.6, 0.64],
        ['Valoare (USD)', 0.81, 0.92],
      ),
      line(
        row(13),
        ['1', 0.09, 0.1],
        ['Software development', 0.12, 0.28],
        ['40', 0.61, 0.63],
        ['$ 7800.00', 0.84, 0.92],
      ),
    ]);
    expect(d.seller.name).toBe('Finance Technologies S.R.L.');
    // Nor a labelled row ("Reg. com.: Z022018") for its street.
    expect(d.seller.address).toBeUndefined();
  });

  it("takes no letter's greeting for a name, and a builder-owner's block for the buyer's", () => {
    const greeted = read([
      line(row(0), ['Elektrotechnik Huber GmbH', 0.07, 0.35]),
      line(row(4), ['Rechnung an:', 0.07, 0.16]),
      line(row(5), ['Sehr geehrte Familie Maria & Stefan Berger', 0.07, 0.4]),
      line(row(6), ['Olympiastraße 45', 0.07, 0.2]),
      line(row(7), ['6020 Innsbruck', 0.07, 0.18]),
    ]);
    expect(greeted.buyer.name).toBeUndefined();
    const built = read([
      line(row(0), ['Bau-Meister Tirol GmbH', 0.05, 0.3]),
      line(row(4), ['BAUHERR', 0.06, 0.14], ['ARCHITEKT', 0.37, 0.46]),
      line(row(5), ['Wohnbau Tirol GmbH', 0.06, 0.2], ['Architektur Alpen ZT GmbH', 0.37, 0.55]),
      line(row(6), ['Südtiroler Platz 8', 0.06, 0.18]),
      line(row(7), ['6020 Innsbruck', 0.06, 0.16]),
    ]);
    expect(built.buyer.name).toBe('Wohnbau Tirol GmbH');
  });

  it('gives an address of a place line alone its empty street lines (the fields read it whole)', () => {
    const d = read([
      line(row(0), ['Lieferant', 0.08, 0.2]),
      line(row(1), ['Muster GmbH', 0.08, 0.28]),
      line(row(2), ['80333 München', 0.08, 0.28]),
    ]);
    expect(d.seller.address).toEqual({ lines: [], postcode: '80333', city: 'München' });
    const { fields_detailed } = project(d, [], countryOf('DE')!);
    expect(fields_detailed.find((f) => f.key === 'seller_address')?.value).toBe('80333 München');
  });

  it('takes no other label\'s value after "Name:" for the name ("Name: Lief-Nr: 549910")', () => {
    // In the label's segment, or in a segment of its own beside it.
    const rows = [
      line(row(1), ['Name: Lief-Nr: 549910', 0.08, 0.4]),
      line(row(1), ['Name:', 0.08, 0.14], ['Lief-Nr: 549910', 0.2, 0.4]),
    ];
    for (const nameRow of rows) {
      const d = read([
        line(row(0), ['Verkäufer', 0.08, 0.2]),
        nameRow,
        line(row(2), ['MUSTERLIEFERANT GMBH', 0.2, 0.45]),
        line(row(3), ['Anschrift: BAHNHOFSTRASSE 99', 0.08, 0.45]),
        line(row(4), ['DE 99199 MUSTERHAUSEN', 0.2, 0.45]),
      ]);
      expect(d.seller.name).toBe('MUSTERLIEFERANT GMBH');
    }
  });

  it('takes no "Name" label below the block\'s place line (a table\'s column heading ran into it)', () => {
    const d = read([
      line(row(0), ['Клиент:', 0.11, 0.2]),
      line(row(1), ['Иванов & Димитров ООД', 0.11, 0.35]),
      line(row(2), ['бул. Витоша № 173', 0.11, 0.3]),
      line(row(3), ['Варна 9000', 0.11, 0.2]),
      line(row(4), ['Кредитно известие', 0.1, 0.3]),
      line(row(5), ['Наименование на стоката/услугата', 0.1, 0.45], ['Сума', 0.87, 0.92]),
    ]);
    expect(d.buyer.name).toBe('Иванов & Димитров ООД');
  });

  it('takes a "Name:" value written in the same segment', () => {
    const d = read([
      line(row(0), ['Lieferant', 0.08, 0.2]),
      line(row(1), ['Name: Muster GmbH', 0.08, 0.28]),
      line(row(2), ['Hauptstraße 1', 0.08, 0.25]),
      line(row(3), ['99199 Musterhausen', 0.08, 0.28]),
    ]);
    expect(d.seller.name).toBe('Muster GmbH');
    expect(d.seller.address).toMatchObject({ lines: ['Hauptstraße 1'], postcode: '99199' });
  });

  it('skips a salutation at the head of the buyer block', () => {
    const d = read([
      line(row(0), ['Kunde', 0.08, 0.16]),
      line(row(1), ['Herrn', 0.08, 0.14]),
      line(row(2), ['Max Mustermann', 0.08, 0.25]),
      line(row(3), ['Musterweg 3', 0.08, 0.22]),
      line(row(4), ['80331 München', 0.08, 0.24]),
    ]);
    expect(d.buyer.name).toBe('Max Mustermann');
    expect(d.buyer.address).toEqual({ lines: ['Musterweg 3'], postcode: '80331', city: 'München' });
    expect(d.provenance['buyer.name']).toMatchObject({ source: 'text', page: 1, confidence: 0.85 });
    expect(d.provenance['buyer.name']!.bbox![1]).toBeCloseTo(row(2));
  });

  it('takes no GTIN or GLN line, column heading, label, street or place line OCR left first in the block, for a name', () => {
    const streets = [
      '1, rue du fournisseur',
      "rue d'ici, Setter ine 2",
      'Lieferantenstraße 20',
      '12 Main Street',
    ];
    const places = ['29000 Quimper, FR', '10115 Berlin'];
    const headings = [
      'Beschreibung',
      'Nettopreis',
      'Nos références',
      'Références sur la facture',
      '# ligne BC',
      'Ligne! CODE ARTICLE, NOM & DESIGNATION',
      'Pos Artikel Qté P.U. HT',
      'Name.',
      'Nom :',
      // The document's title alone, and a slogan: printed over the address window.
      'FACTUUR.',
      'Invoice:',
      'Dat betaal ik zelf wel.',
      // The word "address" alone, a block's label: Polish, Czech, Spanish.
      'Adres',
      'Adresa:',
      'Dirección',
    ];
    for (const notAName of [
      '333741000005 (GTIN)',
      '. 4333741000005 (GTIN)',
      ...headings,
      ...streets,
      ...places,
    ]) {
      const d = read([
        line(row(0), ['Kunde', 0.08, 0.16]),
        line(row(1), [notAName, 0.08, 0.3]),
        line(row(2), ['Musterweg 3', 0.08, 0.22]),
        line(row(3), ['80331 München', 0.08, 0.24]),
      ]);
      expect(d.buyer.name, notAName).not.toBe(notAName);
    }
  });

  it('skips a contact line at the head of the buyer block', () => {
    const d = read([
      line(row(0), ['Bill to', 0.08, 0.16]),
      line(row(1), ['Attn. Jane Doe', 0.08, 0.24]),
      line(row(2), ['Globex Ltd', 0.08, 0.2]),
      line(row(3), ['1 Main Street', 0.08, 0.22]),
      line(row(4), ['SW1A 1AA London', 0.08, 0.26]),
    ]);
    expect(d.buyer.name).toBe('Globex Ltd');
    // "contact" as OCR misreads it on a photo is a contact line still.
    for (const contact of ['Buyer contoct nome. Buyer dep', 'Buyer contact name'])
      expect(
        read([line(row(0), ['Bill to', 0.08, 0.16]), line(row(1), [contact, 0.08, 0.3])]).buyer.name,
        contact,
      ).toBeUndefined();
    expect(d.buyer.address).toEqual({
      lines: ['1 Main Street'],
      postcode: 'SW1A 1AA',
      city: 'London',
      country: 'GB',
    });
  });

  it('ends the address at the place line and leaves labelled lines out of it', () => {
    const d = read([
      line(row(0), ['Käufer', 0.08, 0.16]),
      line(row(1), ['Kunden AG', 0.08, 0.2]),
      line(row(2), ['Tel. 089 123456', 0.08, 0.24]),
      line(row(3), ['Marktplatz 5', 0.08, 0.22]),
      line(row(4), ['80331 München', 0.08, 0.24]),
      line(row(5), ['Bayern', 0.08, 0.16]),
    ]);
    expect(d.buyer.name).toBe('Kunden AG');
    expect(d.buyer.address).toEqual({ lines: ['Marktplatz 5'], postcode: '80331', city: 'München' });
  });

  it('reads seller and buyer blocks side by side', () => {
    const d = read([
      line(row(0), ['Verkäufer', 0.08, 0.2], ['Käufer', 0.55, 0.64]),
      line(row(1), ['ACME GmbH', 0.08, 0.22], ['Kunden AG', 0.55, 0.68]),
      line(row(2), ['Hauptstraße 1', 0.08, 0.25], ['Marktplatz 5', 0.55, 0.7]),
      line(row(3), ['10115 Berlin', 0.08, 0.22], ['80331 München', 0.55, 0.72]),
    ]);
    expect([d.seller.name, d.seller.address?.city]).toEqual(['ACME GmbH', 'Berlin']);
    expect([d.buyer.name, d.buyer.address?.city]).toEqual(['Kunden AG', 'München']);
  });

  it('takes no place line for a letterhead name, though its postcode reads as a legal form ("1012 AB")', () => {
    const d = read([
      line(row(0), ['Meijer & Visser V.O.F.', 0.64, 0.9]),
      line(row(1), ['Molenstraat 148', 0.82, 0.92]),
      line(row(2), ['1012 AB Amsterdam', 0.79, 0.92]),
    ]);
    expect(d.seller.name).toBe('Meijer & Visser V.O.F.');
  });

  it('knows the legal forms of the supported countries and the contact lines of their languages', () => {
    for (const name of [
      'Larsson Design Aktiebolag',
      'Heikkinen Konsultointi Tmi',
      'Kask & Mägi FIE',
      'Byrne Rénovation DAC',
    ])
      expect(read([line(row(0), [name, 0.08, 0.4])]).seller.name, name).toBe(name);
    for (const contact of [
      'Kontaktisik Lars Nilsson',
      'Do rąk Jan Kowalski',
      'T.a.v. Jan de Vries',
      'Υπόψη Γιώργος',
    ]) {
      const d = read([
        line(row(0), ['Bill to', 0.08, 0.16]),
        line(row(1), [contact, 0.08, 0.3]),
        line(row(2), ['Globex Ltd', 0.08, 0.2]),
        line(row(3), ['1 Main Street', 0.08, 0.22]),
        line(row(4), ['SW1A 1AA London', 0.08, 0.26]),
      ]);
      expect(d.buyer.name, contact).toBe('Globex Ltd');
    }
  });

  it("takes the recipient's block for the buyer's only when no block is headed as the buyer's", () => {
    const sideBySide = (right: string) =>
      read([
        line(row(0), ['Sprzedawca', 0.08, 0.2], [right, 0.55, 0.64]),
        line(row(1), ['Firma Nowak sp. z o.o.', 0.08, 0.3], ['Kowalski S.A.', 0.55, 0.68]),
        line(row(2), ['ul. Długa 1', 0.08, 0.25], ['ul. Krótka 5', 0.55, 0.7]),
        line(row(3), ['00-001 Warszawa', 0.08, 0.22], ['30-001 Kraków', 0.55, 0.72]),
      ]);
    for (const heading of ['Odbiorca', 'Příjemce', 'Destinatario']) {
      expect(sideBySide(heading).buyer.name, heading).toBe('Kowalski S.A.');
    }
    // Garp's Swedish layout: "adressat" over the customer number, then the addressee's block.
    const garp = read([
      line(row(0), ['leveransadress', 0.03, 0.12], ['adressat', 0.45, 0.52]),
      line(row(1), ['5070', 0.45, 0.49]),
      line(row(2), ['House of Dagmar AB', 0.45, 0.62]),
      line(row(3), ['Nybrogatan 34', 0.45, 0.57]),
      line(row(4), ['114 39 Stockholm', 0.45, 0.58]),
    ]);
    expect(garp.buyer.name).toBe('House of Dagmar AB');
    // Beside a buyer's heading, the recipient is another party (the goods' receiver).
    const both = read([
      line(row(0), ['Sprzedawca', 0.08, 0.2], ['Nabywca', 0.4, 0.5], ['Odbiorca', 0.7, 0.8]),
      line(
        row(1),
        ['Nowak sp. z o.o.', 0.08, 0.3],
        ['Kowalski S.A.', 0.4, 0.55],
        ['Magazyn Zachód', 0.7, 0.85],
      ),
      line(row(2), ['ul. Długa 1', 0.08, 0.25], ['ul. Krótka 5', 0.4, 0.55], ['ul. Polna 9', 0.7, 0.85]),
      line(
        row(3),
        ['00-001 Warszawa', 0.08, 0.22],
        ['30-001 Kraków', 0.4, 0.55],
        ['60-001 Poznań', 0.7, 0.85],
      ),
    ]);
    expect(both.buyer.name).toBe('Kowalski S.A.');
  });

  it('reads the XRechnung viewer\'s party sections ("Informationen zum Käufer", "Firmenname:")', () => {
    const kosit = (sellerName: string) =>
      read([
        line(row(2), ['Informationen zum Käufer', 0.11, 0.3]),
        line(
          row(3),
          ['Leitweg-ID:', 0.1, 0.18],
          ['99000000-01514-29', 0.23, 0.4],
          ['Land:', 0.55, 0.6],
          ['CN', 0.68, 0.7],
        ),
        line(
          row(4),
          ['Name:', 0.1, 0.14],
          ['Deutsches Patent - und Markenamt', 0.23, 0.5],
          ['Kennung:', 0.55, 0.62],
        ),
        line(row(5), ['Adresszeile 1:', 0.1, 0.2], ['Straße Rechnungsempfänger 1', 0.23, 0.45]),
        line(row(7), ['Informationen zum Verkäufer', 0.11, 0.32]),
        line(
          row(8),
          ['Firmenname:', 0.1, 0.19],
          [sellerName, 0.23, 0.45],
          ['Ländercode:', 0.55, 0.63],
          ['DK', 0.68, 0.7],
        ),
        line(
          row(9),
          ['Adresszeile 1:', 0.1, 0.2],
          ['Straße Rechnungssteller 1', 0.23, 0.43],
          ['Kennung:', 0.55, 0.62],
        ),
        line(
          row(10),
          ['Adresszeile 2:', 0.1, 0.2],
          ['Erweiterte Anschrift', 0.23, 0.4],
          ['Name:', 0.55, 0.6],
          ['EntServ Deutschland', 0.68, 0.85],
        ),
        line(row(11), ['PLZ:', 0.1, 0.14], ['12345', 0.23, 0.28]),
        line(row(13), ['Rechnungsdaten', 0.11, 0.25]),
      ]);
    const d = kosit('EntServ Deutschland GmbH');
    expect([d.seller.name, d.buyer.name]).toEqual([
      'EntServ Deutschland GmbH',
      'Deutsches Patent - und Markenamt',
    ]);
    // A letter and its point before a company's name is its initial, no salutation.
    expect(kosit('M. Meier Handwerk GbR').seller.name).toBe('M. Meier Handwerk GbR');
  });

  it('takes the company under an Italian "Spett." for the recipient, never for the letterhead', () => {
    const d = read([
      line(row(0), ['Spett.', 0.54, 0.58]),
      line(row(1), ['3 ESSE S.A.S. DI SALETTI CARLO & C.', 0.53, 0.8]),
      line(row(1.7), ['Vantini Oliosi Nardon Architetti', 0.13, 0.4]),
      line(row(2.5), ['Via Crivelin 7 - 37010 - Affi (VR)', 0.13, 0.42]),
      line(row(3), ['VIA G. ROSSINI, 1', 0.53, 0.66]),
      line(row(4.5), ['37017 LAZISE (VR)', 0.53, 0.66]),
    ]);
    expect(d.seller.name).not.toBe('3 ESSE S.A.S. DI SALETTI CARLO & C.');
  });

  it('takes the seller from a letterhead sender line when there is no seller heading', () => {
    const d = read([
      line(row(0), ['ACME GmbH · Hauptstr. 1 · 12345 Berlin', 0.08, 0.45]),
      line(row(2), ['Kunden AG', 0.08, 0.2]),
      line(row(3), ['Marktplatz 5', 0.08, 0.22]),
      line(row(6), ['Rechnung Nr. 4711', 0.08, 0.3]),
    ]);
    expect(d.seller.name).toBe('ACME GmbH');
    expect(d.provenance['seller.name']).toMatchObject({ source: 'text', page: 1, confidence: 0.84 });
  });

  it("takes the sender line's company for a letterhead that names it after other words (a division)", () => {
    const d = read([
      line(row(6), ['Geschäftsbereich Muster Technik GmbH', 0.67, 0.88]),
      line(row(7), ['Muster Technik GmbH - Industriestraße 7 - 48527 Nordhorn', 0.06, 0.42]),
      line(row(10), ['Kunden AG', 0.1, 0.25], ['Belegnummer: RE1234', 0.53, 0.75]),
      line(row(11), ['Marktplatz 5', 0.1, 0.22]),
      line(row(12), ['27639 Wurster Nordseeküste', 0.1, 0.3]),
    ]);
    expect(d.seller.name).toBe('Muster Technik GmbH');
  });

  it("reads the window's name on the line of the seller's one-line address in the other column", () => {
    const d = read([
      line(row(0), ['Fattura n. 73 del 14/11/2022', 0.65, 0.95]),
      line(row(6), ['ROSSI E BIANCHI S.R.L.', 0.04, 0.3], ['Spettabile', 0.58, 0.68]),
      line(row(8), ['VIA ROMA snc, 02021 Borgorose (RI)', 0.04, 0.35], ['VERDI MARIO', 0.58, 0.7]),
      line(row(9.5), ['Via delle Fiocine, 45', 0.58, 0.8]),
      line(row(11), ['00054 Fiumicino (RM)', 0.58, 0.75]),
    ]);
    expect(d.buyer.name).toBe('VERDI MARIO');
  });

  it('reads the supplier under "Dienstverlener:", its name beside a label of the other column', () => {
    const d = read([
      line(row(0), ['FACTUUR', 0.83, 0.95]),
      line(row(8), ['Bedrijfsnaam:', 0.07, 0.18]),
      line(row(9), ['Klant Handel B.V.', 0.07, 0.3], ['Dienstverlener:', 0.5, 0.62]),
      line(row(10), ['Zakelijk adres:', 0.07, 0.19], ['Muster Services GmbH', 0.5, 0.7]),
      line(row(11), ['Hauptstraße 1, Hanau,', 0.07, 0.3], ['Adres van dienstverlener:', 0.5, 0.7]),
      line(row(12), ['Hessen, 63456, DE', 0.07, 0.2], ['Marktplatz 12, 80807 München, Duitsland', 0.5, 0.9]),
    ]);
    expect(d.seller.name).toBe('Muster Services GmbH');
  });

  it('takes the company a delivery address repeats for the customer, never the seller, nor its VAT id', () => {
    const d = read([
      line(row(0), ['DATA', 0.55, 0.6], ['N. DOCUMENTO', 0.68, 0.78]),
      line(row(1), ['17/01/2026', 0.53, 0.6], ['INR0012345', 0.68, 0.77]),
      line(
        row(3),
        ['FATTURA', 0.03, 0.12],
        ['INDIRIZZO LEGALE', 0.2, 0.33],
        ['INDIRIZZO DI SPEDIZIONE', 0.49, 0.66],
      ),
      line(row(4), ['ROSSI TRASPORTI SRL', 0.2, 0.33], ['ROSSI TRASPORTI SRL', 0.49, 0.62]),
      line(row(5), ['PIAZZA NAZIONALE 46', 0.2, 0.33], ['PIAZZA NAZIONALE 46', 0.49, 0.62]),
      line(row(6), ['80143 NAPOLI', 0.2, 0.28], ['80143 NAPOLI', 0.49, 0.57]),
      line(row(7), ['P.IVA / C.F. IT13255720966', 0.2, 0.38]),
    ]);
    expect(d.seller.name).toBeUndefined();
    expect(d.seller.vat_id).toBeUndefined();
    expect(d.buyer.name).toBe('ROSSI TRASPORTI SRL');
  });

  it('keeps the letterhead the seller where a payee block, no delivery address, names it again', () => {
    const d = read([
      line(row(0), ['Muster Technik GmbH', 0.08, 0.3]),
      line(row(1), ['Industriestraße 7, 48527 Nordhorn', 0.08, 0.35]),
      line(row(4), ['Rechnung Nr. RE-2025-7', 0.08, 0.35]),
      line(row(30), ['Zahlungsempfänger', 0.08, 0.25]),
      line(row(31), ['Muster Technik GmbH', 0.08, 0.3]),
      line(row(32), ['IBAN DE89 3704 0044 0532 0130 00', 0.08, 0.4]),
    ]);
    expect(d.seller.name).toBe('Muster Technik GmbH');
  });

  it("reads a self-billing invoice's letterhead as the buyer and its named supplier as the seller", () => {
    const doc = (title: string) =>
      read([
        line(row(4), ['Foodrides Limited', 0.65, 0.85]),
        line(row(5), ['1 Cousin Lane', 0.65, 0.8]),
        line(row(6), ['London', 0.65, 0.72]),
        line(row(7), ['EC4R 3TE', 0.65, 0.72]),
        line(row(10), ['Name: Anna Rider', 0.06, 0.25]),
        line(row(11), ['Address: L8 0QX, Liverpool, UK', 0.06, 0.35]),
        line(row(13), [title, 0.06, 0.3]),
        line(row(16), ['Invoice Date: 22 February 2022', 0.06, 0.35]),
      ]);
    const d = doc('Self-Billing Invoice');
    expect([d.seller.name, d.buyer.name]).toEqual(['Anna Rider', 'Foodrides Limited']);
  });

  it('takes a short letterhead line with a legal form whole', () => {
    const d = read([
      line(row(0), ['Muster Software AG', 0.08, 0.3]),
      line(row(3), ['Rechnung Nr. 4711', 0.08, 0.3]),
    ]);
    expect(d.seller.name).toBe('Muster Software AG');
  });

  it('takes no copyright notice for a letterhead name ("e.V." in "(c) AWV e.V. 2020")', () => {
    // A photo's OCR drops the "(c)": a name ending in a year is none either.
    for (const notice of [
      '(c) AWV e.V. 2020',
      '© Muster Verlag GmbH',
      'Copyright ACME Ltd 2024',
      'AWV e.V. 2020',
    ]) {
      const d = read([
        line(row(0), [notice, 0.08, 0.3]),
        line(row(1), ['Muster Software AG', 0.08, 0.3]),
        line(row(3), ['Rechnung Nr. 4711', 0.08, 0.3]),
      ]);
      expect(d.seller.name, notice).toBe('Muster Software AG');
    }
  });

  it('takes no line cut off after a preposition for a letterhead name ("SARL au" of "SARL au capital")', () => {
    const d = read([
      line(row(0), ['SARL au', 0.08, 0.3]),
      line(row(1), ['Muster Software AG', 0.08, 0.3]),
      line(row(3), ['Rechnung Nr. 4711', 0.08, 0.3]),
    ]);
    expect(d.seller.name).toBe('Muster Software AG');
  });

  it('takes no legal form standing alone for a letterhead name ("oy" read from a logo)', () => {
    const d = read([
      line(row(0), ['oy', 0.58, 0.6]),
      line(row(1), ['Muster Software AG', 0.08, 0.3]),
      line(row(3), ['Rechnung Nr. 4711', 0.08, 0.3]),
    ]);
    expect(d.seller.name).toBe('Muster Software AG');
  });

  it('prefers the seller block to the letterhead', () => {
    const d = read([
      line(row(0), ['Briefkopf Holding GmbH', 0.08, 0.35]),
      line(row(2), ['Verkäufer', 0.08, 0.2]),
      line(row(3), ['Muster Lieferant KG', 0.08, 0.3]),
      line(row(4), ['Hauptstraße 1', 0.08, 0.25]),
    ]);
    expect(d.seller.name).toBe('Muster Lieferant KG');
    expect(d.provenance['seller.name']!.confidence).toBe(0.85);
  });

  it('does not take a company name from the lower part of the page as the letterhead', () => {
    const d = read([
      line(row(0), ['Rechnung Nr. 4711', 0.08, 0.3]),
      line(0.9, ['Bank: Muster Bank AG', 0.08, 0.3]),
    ]);
    expect(d.seller.name).toBeUndefined();
    const low = read([
      line(row(0), ['Rechnung Nr. 4711', 0.08, 0.3]),
      line(0.5, ['Muster Software AG', 0.08, 0.3]),
    ]);
    expect(low.seller.name).toBeUndefined();
  });

  it('never takes the letterhead name from the buyer block', () => {
    // The sender is only a logo: the first company name on the page is the buyer's.
    const d = read([
      line(row(0), ['Factuuradres', 0.08, 0.2]),
      line(row(1), ['Strategic Corp', 0.08, 0.22]),
      line(row(2), ['Fakestreet 46', 0.08, 0.22]),
      line(row(3), ['3500 MJ Utrecht', 0.08, 0.22]),
      line(row(6), ['Factuur VF1005193039', 0.08, 0.3]),
    ]);
    expect(d.buyer.name).toBe('Strategic Corp');
    expect(d.seller.name).toBeUndefined();
  });

  it("takes no line below the block's place line for its name, nor a heading for the letterhead", () => {
    // A seller block under "SELLER TRADE NAME" whose name OCR lost: its street, its place, then
    // the references and the item table that ran into it, and nothing of that is the seller.
    const d = read([
      line(row(0), ['SELLER TRADE NAME', 0.08, 0.3]),
      line(row(1), ['1, rue du fournisseur', 0.08, 0.3]),
      line(row(2), ['29000 Quimper, FR', 0.08, 0.3]),
      line(row(3), ['FACT', 0.08, 0.14]),
      line(row(4), ['REFERENCE', 0.08, 0.2]),
    ]);
    expect(d.seller.name).toBeUndefined();
    // Above the place line, the name is read as before.
    const named = read([
      line(row(0), ['SELLER TRADE NAME', 0.08, 0.3]),
      line(row(1), ['LE FOURNISSEUR', 0.08, 0.3]),
      line(row(2), ['1, rue du fournisseur', 0.08, 0.3]),
      line(row(3), ['29000 Quimper, FR', 0.08, 0.3]),
    ]);
    expect(named.seller.name).toBe('LE FOURNISSEUR');
  });

  it('reads a party set on one line, its name, street and place apart by commas', () => {
    const d = read([
      line(row(0), ['Cliente:', 0.1, 0.16]),
      line(row(1), ['Lucus Informatica srl, via Puglia 12, 75020 Marconia (MT)', 0.1, 0.55]),
      line(row(2), ['c.f./p.iva 01268100771', 0.1, 0.3]),
    ]);
    expect(d.buyer.name).toBe('Lucus Informatica srl');
    expect(d.buyer.address).toMatchObject({ lines: ['via Puglia 12'], postcode: '75020', city: 'Marconia' });
    const commaInName = read([
      line(row(0), ['Kunde:', 0.1, 0.16]),
      line(row(1), ['Müller, Schmidt & Partner, Hauptstr. 1, 10115 Berlin', 0.1, 0.55]),
    ]);
    expect(commaInName.buyer.name).toBe('Müller, Schmidt & Partner');
  });

  it('takes the company under a contact person, unless the name was wrapped onto the next line', () => {
    const d = read([
      line(row(0), ['Bill To:', 0.05, 0.12]),
      line(row(1), ['John Doe', 0.05, 0.13]),
      line(row(2), ['Acme Corp', 0.05, 0.14]),
      line(row(3), ['john.doe@example.com', 0.05, 0.25]),
      line(row(4), ['522 Main Street, New York', 0.05, 0.3]),
    ]);
    expect(d.buyer.name).toBe('Acme Corp');
  });

  it('joins a company name broken over two lines when the second carries the legal form', () => {
    const d = read([
      line(row(0), ['Verkäufer:', 0.08, 0.2]),
      line(row(1), ['MVM Musterhafter', 0.08, 0.25]),
      line(row(2), ['Versicherungsverein Musterstadt a.G.', 0.08, 0.35]),
      line(row(3), ['Musterstr. 12', 0.08, 0.22]),
      line(row(4), ['12345 Musterstadt', 0.08, 0.25]),
      line(row(6), ['Käufer:', 0.08, 0.2]),
      line(row(7), ['Kunden AG Mitte', 0.08, 0.25]),
      line(row(8), ['Hans Muster', 0.08, 0.22]),
      line(row(9), ['Kundenstraße 15', 0.08, 0.25]),
    ]);
    expect(d.seller.name).toBe('MVM Musterhafter Versicherungsverein Musterstadt a.G.');
    expect(d.seller.address?.lines).toEqual(['Musterstr. 12']);
    // A contact person under a name that has its legal form is not part of the name.
    expect(d.buyer.name).toBe('Kunden AG Mitte');
  });

  it('reads no party from a page without headings or a letterhead', () => {
    const d = read([
      line(row(0), ['Rechnung Nr. 4711', 0.08, 0.3]),
      line(row(2), ['Vielen Dank', 0.08, 0.3]),
    ]);
    expect(d.seller).toEqual({});
    expect(d.buyer).toEqual({});
  });
});

describe('ruLegalForm', () => {
  it('reads the digit 0 as the letter О in a Russian legal form before a quoted name', () => {
    expect(ruLegalForm('000 "Ромашка"')).toBe('ООО "Ромашка"');
    expect(ruLegalForm('ПА0 «Сбербанк»')).toBe('ПАО «Сбербанк»');
    expect(ruLegalForm('А0 «Василёк»')).toBe('АО «Василёк»');
    // Not before a Latin name, nor a number that is a number.
    expect(ruLegalForm('000 "ACME"')).toBe('000 "ACME"');
    expect(ruLegalForm('000 руб.')).toBe('000 руб.');
  });
});

describe("readParties: a party named on its heading's line", () => {
  it('reads 1C\'s "Поставщик (Исполнитель): ООО «Ромашка», ИНН …" and a "Buyer:" row', () => {
    const d = read([
      line(row(0), ['ПАО СБЕРБАНК г. Москва', 0.08, 0.4], ['БИК 044525225', 0.55, 0.75]),
      line(row(4), [
        'Поставщик (Исполнитель): ООО "Ромашка", ИНН 7707083893, КПП 773601001, Москва',
        0.08,
        0.9,
      ]),
      line(
        row(5),
        ['Покупатель (Заказчик):', 0.08, 0.3],
        ['ООО «Василёк, Лютик и К», ИНН 5003052454', 0.32, 0.8],
      ),
    ]);
    // Not the bank's name at the top of the page, which carries a legal form too.
    expect(d.seller.name).toBe('ООО "Ромашка"');
    expect(d.provenance['seller.name']).toMatchObject({ page: 1, confidence: 0.88 });
    // A comma inside the quotes is part of the name.
    expect(d.buyer.name).toBe('ООО «Василёк, Лютик и К»');
    expect(read([line(row(0), ['Buyer: ACME Ltd, 1 High Street, London', 0.08, 0.6])]).buyer.name).toBe(
      'ACME Ltd',
    );
  });

  it('mends a legal form OCR read with zeros in a block under its heading too', () => {
    const d = read([line(row(0), ['Продавец:', 0.08, 0.2]), line(row(1), ['000 «Ромашка»', 0.08, 0.3])]);
    expect(d.seller.name).toBe('ООО «Ромашка»');
  });

  it('takes no number or label after the colon for a name', () => {
    const d = read([
      line(row(0), ['Kunde: 100234', 0.08, 0.3]),
      line(row(1), ['Lieferant: Tel. 030 1234', 0.08, 0.4]),
    ]);
    expect(d.buyer.name).toBeUndefined();
    expect(d.seller.name).toBeUndefined();
  });
});

describe('readParties: headings and names of further forms', () => {
  it('reads the customer under a Spanish or Portuguese billing address heading', () => {
    for (const heading of ['DIRECCIÓN DE FACTURACIÓN', 'Morada de faturação']) {
      const d = read([
        line(row(2), [heading, 0.06, 0.3], ['DIRECCIÓN DE ENVÍO', 0.35, 0.55]),
        line(row(3), ['Josep GUARDIOLA', 0.06, 0.2], ['JOSEP Guardiola', 0.35, 0.5]),
        line(row(4), ['C/ Saleretes 10', 0.06, 0.2], ['C/ Saleretes 10', 0.35, 0.5]),
        line(row(5), ["12110 Alcora (l'), España", 0.06, 0.25], ["12110 Alcora (l'), España", 0.35, 0.55]),
      ]);
      expect(d.buyer.name).toBe('Josep GUARDIOLA');
    }
  });

  it('reads "Sprzedawca/podatnik" as the seller’s heading and a legal form the line broke', () => {
    const d = read([
      line(row(0), ['Faktura nr F/2025/12/MG/0042', 0.05, 0.4]),
      line(row(2), ['Sprzedawca/podatnik', 0.05, 0.2], ['Nabywca/płatnik', 0.6, 0.72]),
      line(row(3), ['Przykład Dystrybucja Spółka z ograniczoną', 0.05, 0.35], ['Anna Nowak', 0.6, 0.72]),
      line(row(4), ['odpowiedzialnością Sp.k', 0.05, 0.2]),
      line(row(5), ['Polna 7/12', 0.05, 0.15], ['Leśna 3', 0.6, 0.7]),
      line(row(6), ['05-800 Pruszków', 0.05, 0.17], ['85-001 Bydgoszcz', 0.6, 0.72]),
    ]);
    expect(d.seller.name).toBe('Przykład Dystrybucja Spółka z ograniczoną odpowiedzialnością Sp.k');
    expect(d.buyer.name).toBe('Anna Nowak');
  });

  it('reads a consignee’s block as the buyer’s where no block is headed as the buyer’s', () => {
    const d = read([
      line(row(0), ['Näidis Baltic OY', 0.05, 0.25], ['INVOICE 000100042', 0.6, 0.85]),
      line(row(2), ['Consignee', 0.05, 0.13], ['Example Stores Ltd', 0.2, 0.4]),
      line(row(3), ['1 High Street', 0.2, 0.35]),
      line(row(4), ['London, SW1A 1AA', 0.2, 0.35]),
    ]);
    expect(d.buyer.name).toBe('Example Stores Ltd');
  });

  it('takes no copy of the buyer’s block for the letterhead’s seller', () => {
    const d = read([
      line(row(0), ['FACTURA', 0.04, 0.15]),
      line(row(1), ['CLIENTE', 0.04, 0.12]),
      line(row(2), ['TASCA EJEMPLO S.L.', 0.04, 0.16], ['TASCA EJEMPLO S.L.', 0.52, 0.64]),
      line(row(3), ['C/ MAYOR 2', 0.04, 0.12], ['C/ MAYOR 2', 0.52, 0.6]),
      line(row(4), ['28005 MADRID', 0.04, 0.13], ['28005 MADRID', 0.52, 0.61]),
    ]);
    expect(d.buyer.name).toBe('TASCA EJEMPLO S.L.');
    expect(d.seller.name).toBeUndefined();
  });
});

describe('readParties: a centred foot naming the company over its legal mention', () => {
  // A French letter: the sender's block at the head's left, the customer's window at the right
  // with its own VAT id and SIRET, and the foot: NAME / ADDRESS / "SASU au capital … – TVA …".
  const pacano = (foot: boolean) =>
    read([
      line(row(0), ['FACTURE', 0.79, 0.93]),
      line(row(8), ['Société Hôtelière du Pacano', 0.07, 0.29]),
      line(row(9), ['2, rue de la Paix', 0.07, 0.2]),
      line(row(10), ['75000 Paris', 0.07, 0.16]),
      line(row(11), ['info@hotel-du-pacano.fr', 0.07, 0.25]),
      line(row(14), ['Securibox SARL', 0.67, 0.78]),
      line(row(15), ['27, Rue de Bassano', 0.67, 0.82]),
      line(row(16), ['75008 Paris', 0.67, 0.76]),
      line(row(18), ['TVA : FR38500003710', 0.67, 0.83]),
      line(row(19), ['SIRET : 50000371000034', 0.67, 0.87]),
      ...(foot
        ? [
            line(row(63), ['Société Hôtelière du Pacano', 0.43, 0.57]),
            line(row(64), ['2, rue de la Paix – 75000 Paris – Tel: +33 1 01 12 34 56', 0.35, 0.65]),
            line(row(65), [
              'SASU au capital de 200000€ - SIRET 12345682400016 – R.C.S Paris 123 456 789 – TVA FR40123456824',
              0.17,
              0.83,
            ]),
          ]
        : []),
    ]);

  it("takes the foot's name and VAT id for the seller's, and the window for the buyer", () => {
    const d = pacano(true);
    expect([d.seller.name, d.seller.vat_id]).toEqual(['Société Hôtelière du Pacano', 'FR40123456824']);
    expect(d.buyer.name).toBe('Securibox SARL');
  });

  it("without the foot, takes no company for the seller by the customer's SIRET alone", () => {
    // (the guard: the head's block with its own ids is read as before)
    const d = pacano(false);
    expect(d.seller.vat_id).toBe('FR38500003710');
  });
});

describe('readParties: more blocks and names', () => {
  it('reads a name with its VAT id after it on its line ("Vivero Plantas del Atlántico NIF/CIF: B38667788")', () => {
    const d = read([
      line(row(0), ['FACTURA', 0.1, 0.2], ['Nº F-2024/020', 0.77, 0.9]),
      line(row(6), ['PROVEEDOR', 0.1, 0.2], ['CLIENTE', 0.51, 0.6]),
      line(
        row(7),
        ['Vivero Plantas del Atlántico NIF/CIF: B38667788', 0.1, 0.45],
        ['Pepita Gómez NIF: 125478938W', 0.51, 0.7],
      ),
      line(row(9), ['DETALLE DE CONCEPTOS', 0.1, 0.3]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Vivero Plantas del Atlántico', 'Pepita Gómez']);
  });

  it('reads the buyer under "Verkauf an:"', () => {
    const d = read([
      line(row(6), ['Verkaufsbeleg für BIO-Rindfleisch', 0.13, 0.45]),
      line(row(8), ['Verkauf an: Renate Pichler', 0.13, 0.4]),
    ]);
    expect(d.buyer.name).toBe('Renate Pichler');
  });

  it("reads the page's opening name over its owners' names and its address", () => {
    const opening = (address: boolean) =>
      read([
        line(row(3.5), ['Biohof Hansal', 0.42, 0.55]),
        line(row(5), ['Tanja und Andreas Kienegger', 0.42, 0.65]),
        ...(address
          ? [line(row(6), ['Hohenau 17/2', 0.42, 0.52]), line(row(7), ['A-8241 Dechantskirchen', 0.42, 0.6])]
          : []),
        line(row(20), ['Belegnummer: 10724', 0.13, 0.3]),
      ]).seller.name;
    expect(opening(true)).toBe('Biohof Hansal');
    // Not two lines of names without an address under them.
    expect(opening(false)).toBeUndefined();
  });

  it('takes no tax registration statement for a name ("Godkänd för F-skatt")', () => {
    expect(isName('Godkänd för F-skatt')).toBe(false);
  });
});

describe('readParties: a heading glued to its name by its colon', () => {
  it('reads the blocks under "Получател:NAME" and "Доставчик:NAME", each with its own VAT id', () => {
    const d = read([
      line(row(0), ['Получател:МИКРО ВИЖЪН ЕООД', 0.08, 0.3], ['Доставчик:МИСТРАЛ СОФТУЕР ЕООД', 0.5, 0.75]),
      line(row(1), ['Град: 1220 СОФИЯ', 0.08, 0.2], ['Град: 1510 София', 0.5, 0.62]),
      line(row(2), ['Адрес:Ж.К. НАДЕЖДА 1 БЛ. 150', 0.08, 0.3], ['Адрес:ул. Васил Кънчев No 26', 0.5, 0.72]),
      line(row(3), ['ДДС Ном.: BG203594528', 0.08, 0.25], ['ДДС Ном.: BG175213853', 0.5, 0.67]),
      line(row(8), ['ФАКТУРА', 0.46, 0.56]),
    ]);
    expect([d.seller.name, d.seller.vat_id]).toEqual(['МИСТРАЛ СОФТУЕР ЕООД', 'BG175213853']);
    expect([d.buyer.name, d.buyer.vat_id]).toEqual(['МИКРО ВИЖЪН ЕООД', 'BG203594528']);
  });

  it('takes no block under a heading whose words after the colon are no name ("Livraison: adresse, références")', () => {
    const d = read([
      line(row(0), ['FACTURE N° F20260023', 0.5, 0.8]),
      line(row(2), ['Vendeur', 0.14, 0.25], ['Acheteur', 0.5, 0.6]),
      line(row(3), ['LE FOURNISSEUR SARL', 0.14, 0.3], ['LE CLIENT SAS', 0.5, 0.62]),
      line(row(12), ['Livraison: adresse, références', 0.5, 0.7]),
      line(row(13), ['DEL Name', 0.5, 0.6]),
      line(row(14), ['DEL ADRESSE LIGNE 1', 0.5, 0.7]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['LE FOURNISSEUR SARL', 'LE CLIENT SAS']);
  });

  it('reads "Vastaanottaja: NAME" under a company in its address block as its contact, no block of its own', () => {
    const d = read([
      line(row(0), ['NIEMINEN RAKENNUS KY', 0.31, 0.5]),
      line(row(2), ['Mannerheimintie 173 · 02100 Espoo', 0.36, 0.6]),
      line(row(7), ['Sähkö Mäkinen, Ky', 0.07, 0.2]),
      line(row(8), ['Vastaanottaja: Laura Virtanen', 0.07, 0.28]),
      line(row(9), ['Mannerheimintie 115', 0.07, 0.22]),
      line(row(10), ['20100 Turku', 0.07, 0.16]),
      line(row(13), ['Lasku', 0.83, 0.9]),
    ]);
    expect(d.buyer.name).toBe('Sähkö Mäkinen, Ky');
  });

  it('reads the seller after "Von:" on a one-line address', () => {
    const d = read([
      line(row(0), ['RECHNUNG', 0.08, 0.2]),
      line(row(3), ['Von: Mustermann GmbH, Hauptstrasse 10, 10115 Berlin', 0.08, 0.5]),
      line(row(4), ['An: Schmidt AG, Industrieweg 5, 80333 Muenchen', 0.08, 0.5]),
    ]);
    expect([d.seller.name, d.buyer.name]).toEqual(['Mustermann GmbH', 'Schmidt AG']);
  });
});
