// A party's name that the document prints a second time, read a few letters apart
// (name-variants.ts): neither reading is confirmed, even by a second read that agrees with one.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_BAR } from '../project/field-sets.js';
import { readOcrPages } from '../read-ocr.js';
import { ocrPage, ocrWord } from '../test-support/ocr-pages.js';
import type { OcrWord } from './ocr-page.js';
import { combineReads } from './second-read.js';

/** Words set left to right on row `y` of the page, each 0.1 wide. */
const row = (y: number, text: string, confidence = 0.9): OcrWord[] =>
  text.split(' ').map((t, i) => ocrWord(t, [0.1 + i * 0.11, y, 0.2 + i * 0.11, y + 0.012], confidence));

const invoice = (buyerName: string, ...more: OcrWord[][]) =>
  ocrPage(
    row(0.05, 'Rechnung Nr. 4711 vom 05.03.2024'),
    row(0.1, 'Käufer'),
    row(0.12, `Name: ${buyerName}`),
    row(0.14, 'Anschrift: Kundenstraße 15'),
    ...more,
  );
const buyer = (pages: ReturnType<typeof invoice>) => {
  const d = readOcrPages([pages], 'de');
  return {
    name: d.buyer.name,
    confirmed: (d.provenance['buyer.name']?.confidence ?? 0) >= CONFIDENCE_BAR,
    d,
  };
};

describe('doubtNameVariants', () => {
  it('leaves a name unconfirmed when another line prints it with a word a few letters apart', () => {
    expect(buyer(invoice('Usetotte Müllermann')).confirmed).toBe(true);
    const twice = buyer(invoice('Usetotte Müllermann', row(0.3, 'Nummer: Liselotte Müllermann', 0.86)));
    expect([twice.name, twice.confirmed]).toEqual(['Usetotte Müllermann', false]);
  });

  it('keeps a name printed again without its diacritics, which OCR drops far more often than it adds', () => {
    expect(buyer(invoice('Liselotte Müllermann', row(0.3, 'Nummer: Liselotte Mullermann'))).confirmed).toBe(
      true,
    );
    // Another letter besides is a misreading still: "Möller" and "Müller" disagree.
    expect(buyer(invoice('Franz Möller', row(0.3, 'Kontakt: Franz Müller'))).confirmed).toBe(false);
  });

  it('keeps a name whose other printing OCR read unsure of itself', () => {
    // "Grundbeuitz" at 0.53: a guess at the word, no reading to set against the name read whole.
    const unsure = invoice('Grundbesitz GmbH', row(0.3, 'Grundbeuitz GmbH & Co', 0.53));
    expect(buyer(unsure).confirmed).toBe(true);
    expect(buyer(invoice('Grundbesitz GmbH', row(0.3, 'Grundbeuitz GmbH & Co', 0.6))).confirmed).toBe(false);
  });

  it('keeps a name printed again alike, or beside other words', () => {
    expect(buyer(invoice('Kunden AG Mitte', row(0.3, 'Geschäftsführer: Kunden AG Mitte'))).confirmed).toBe(
      true,
    );
    // "Nord" is no misreading of "Mitte"; words under five letters are too many other words a few
    // letters away ("Berg", "Burg").
    expect(buyer(invoice('Kunden AG Mitte', row(0.3, 'Kunden AG Nord'))).confirmed).toBe(true);
    expect(buyer(invoice('Karl Berg', row(0.3, 'Karl Burg'))).confirmed).toBe(true);
    // Five letters and more: "Maier" beside "Franz" disagrees with "Mayer".
    expect(buyer(invoice('Franz Mayer', row(0.3, 'Franz Maier'))).confirmed).toBe(false);
  });

  it('leaves a company whose legal form OCR misread unconfirmed, by both reads alike', () => {
    expect(buyer(invoice('Kunden GmbH')).confirmed).toBe(true);
    const mangled = invoice('Kunden Gabs');
    expect(buyer(mangled).confirmed).toBe(false);
    expect(
      combineReads(buyer(mangled).d, buyer(mangled).d).provenance['buyer.name']!.confidence,
    ).toBeLessThan(CONFIDENCE_BAR);
    expect(buyer(invoice('Global Supplies Ltd.')).confirmed).toBe(true);
    expect(buyer(invoice('Global Supplies Lid.')).confirmed).toBe(false);
    // Another word of four letters is no legal form: "Kunden Gans", "Kunden Haus" stay; nor is a
    // word of three two letters from "Ltd" ("Lee").
    for (const name of ['Kunden Gans', 'Kunden Haus', 'Kunden Lee'])
      expect(buyer(invoice(name)).confirmed, name).toBe(true);
  });

  it('is not confirmed by a second read that agrees with it', () => {
    const doubted = invoice('Usetotte Müllermann', row(0.3, 'Nummer: Liselotte Müllermann'));
    const both = combineReads(buyer(doubted).d, buyer(doubted).d);
    expect(both.buyer.name).toBe('Usetotte Müllermann');
    expect(both.provenance['buyer.name']!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });
});
