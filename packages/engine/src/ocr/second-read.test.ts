// Combining two OCR reads of one document: values both reads agree on are surer, values only
// the second read found fill the gaps, disagreements are never confirmed, and totals, accounts
// and addresses move as wholes. A second read is asked for only when the first left the core
// (number, date, totals that add up) incomplete, and only when the read has time for it.
import { describe, expect, it } from 'vitest';
import { type Document, emptyDocument } from '../document.js';
import { setPath } from '../document-path.js';
import { ReadError } from '../errors.js';
import { CONFIDENCE_BAR } from '../project/field-sets.js';
import { SECOND_READ_MARGIN_MS, withSecondRead } from '../read-ocr.js';
import { ocrPage, ocrWord } from '../test-support/ocr-pages.js';
import { capByOcrConfidence, type OcrPage } from './ocr-page.js';
import { combineReads, needsSecondRead, SECOND_READ_PAGES, secondReadPages } from './second-read.js';

/** A document with `values` (dotted path → value), each read at `confidence`. */
function read(values: Record<string, string>, confidence = 0.9): Document {
  const d = emptyDocument('ocr');
  for (const [path, value] of Object.entries(values)) {
    setPath(d, path, value);
    d.provenance[path] = {
      source: 'ocr',
      reader: 'tesseract',
      page: 1,
      bbox: [0.1, 0.1, 0.2, 0.12],
      confidence,
    };
  }
  return d;
}

const complete = {
  number: 'RE-17',
  issue_date: '2024-03-14',
  'totals.net': '100.00',
  'totals.vat': '19.00',
  'totals.gross': '119.00',
  'seller.name': 'ACME GmbH',
  'buyer.name': 'Kunde AG',
  currency: 'EUR',
};

describe('needsSecondRead', () => {
  it('asks for a second read when the number, the date or totals that add up are missing', () => {
    expect(needsSecondRead(read(complete), undefined)).toBe(false);
    expect(needsSecondRead(read({ ...complete, number: '' }), undefined)).toBe(true);
    expect(needsSecondRead(read({ ...complete, 'totals.gross': '118.00' }), undefined)).toBe(true);
    // Present but below the confidence bar counts as missing.
    expect(needsSecondRead(read(complete, CONFIDENCE_BAR - 0.05), undefined)).toBe(true);
    // Turned off for measurement.
    expect(needsSecondRead(read({}), '0')).toBe(false);
  });

  it("asks for a second read when the seller's or the buyer's name is missing or unconfirmed", () => {
    expect(needsSecondRead(read({ ...complete, 'buyer.name': '' }), undefined)).toBe(true);
    const doubtedSeller = read(complete);
    doubtedSeller.provenance['seller.name']!.confidence = CONFIDENCE_BAR - 0.1;
    expect(needsSecondRead(doubtedSeller, undefined)).toBe(true);
  });

  it('asks for a second read when the currency is only guessed from the country', () => {
    // Tesseract dropped the "Währung: EUR" line of a photo that prints no currency sign; PP-OCR's
    // line detection finds it.
    expect(needsSecondRead(read({ ...complete, currency: '' }), undefined)).toBe(true);
    const guessed = read(complete);
    guessed.provenance.currency!.confidence = 0.6;
    expect(needsSecondRead(guessed, undefined)).toBe(true);
  });
});

describe('combineReads', () => {
  it('fills what only the second read found and raises what both agree on', () => {
    const first = read({ number: 'RE-17', 'seller.name': 'ACME GmbH' }, 0.82);
    const second = read({ number: 'RE-17', issue_date: '2024-03-14' }, 0.9);
    const d = combineReads(first, second);
    expect(d.number).toBe('RE-17');
    expect(d.provenance.number!.confidence).toBe(0.9);
    expect(d.issue_date).toBe('2024-03-14');
    expect(d.provenance.issue_date).toMatchObject({ confidence: 0.9, page: 1 });
    expect(d.seller.name).toBe('ACME GmbH');
    // Neither input is changed.
    expect(first.issue_date).toBeUndefined();
    expect(first.provenance.number!.confidence).toBe(0.82);
  });

  it('confirms neither value where the reads disagree, keeping the surer one for a person', () => {
    const d = combineReads(
      read({ issue_date: '2024-03-14' }, 0.85),
      read({ issue_date: '2024-03-16' }, 0.95),
    );
    expect(d.issue_date).toBe('2024-03-16');
    expect(d.provenance.issue_date!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('keeps a value confirmed when the other read had only a value it already doubted there', () => {
    // OCR that saw other glyphs in the address window ("a pe, none", rated 0.58) is no evidence
    // against the name the other read saw clearly.
    const d = combineReads(
      read({ 'buyer.name': 'a pe, none' }, 0.58),
      read({ 'buyer.name': 'Ma jolie boutique' }, 0.85),
    );
    expect(d.buyer.name).toBe('Ma jolie boutique');
    expect(d.provenance['buyer.name']!.confidence).toBe(0.85);
    // A doubted second read does not put a first read's confirmed value in doubt either.
    const kept = combineReads(read({ 'buyer.name': 'Kunde AG' }, 0.9), read({ 'buyer.name': 'Kumde' }, 0.6));
    expect(kept.buyer.name).toBe('Kunde AG');
    expect(kept.provenance['buyer.name']!.confidence).toBe(0.9);
    // A doubted reading that shares a word with the surer one read the same hard place: doubt stays.
    const alike = combineReads(
      read({ 'seller.name': 'Lieferant GmbH' }, 0.6),
      read({ 'seller.name': 'Lieferant Gabi' }, 0.9),
    );
    expect(alike.provenance['seller.name']!.confidence).toBeLessThan(CONFIDENCE_BAR);
    // Unless the doubted reading holds a word OCR could not read at all ("Cllve", rated 0): then it
    // is no evidence against the surer reading, word in common or not.
    const unread = combineReads(
      read({ 'buyer.name': 'Me gusta Cllve' }, 0.41),
      read({ 'buyer.name': 'Me gusta olive' }, 0.85),
    );
    expect(unread.buyer.name).toBe('Me gusta olive');
    expect(unread.provenance['buyer.name']!.confidence).toBe(0.85);
    // Two values each rated at or above the disagreement level still leave a person to decide.
    const both = combineReads(
      read({ 'buyer.name': 'Kunde AG' }, 0.75),
      read({ 'buyer.name': 'Kumde AG' }, 0.9),
    );
    expect(both.provenance['buyer.name']!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('takes the totals as a whole from the read where they add up', () => {
    const first = read({ 'totals.net': '100.00', 'totals.vat': '19.00', 'totals.gross': '118.00' });
    const second = read({ 'totals.net': '100.00', 'totals.vat': '18.00', 'totals.gross': '118.00' });
    const d = combineReads(first, second);
    expect(d.totals).toEqual({ net: '100.00', vat: '18.00', gross: '118.00' });
    // Totals that add up in the first read stay, whatever the second read says.
    const kept = combineReads(read(complete), second);
    expect(kept.totals).toEqual({ net: '100.00', vat: '19.00', gross: '119.00' });
  });

  it('takes an account or an address whole when the first read has none', () => {
    const second = read({
      'payment.accounts.0.iban': 'DE89370400440532013000',
      'payment.accounts.0.bic': 'COBADEFFXXX',
      'seller.address.lines.0': 'Hauptstraße 1',
      'seller.address.city': 'Berlin',
    });
    const d = combineReads(read({ 'seller.name': 'ACME GmbH' }), second);
    expect(d.payment.accounts).toEqual([{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }]);
    expect(d.seller).toEqual({ name: 'ACME GmbH', address: { lines: ['Hauptstraße 1'], city: 'Berlin' } });
    expect(Object.keys(d.provenance).sort()).toEqual(
      [
        'payment.accounts.0.bic',
        'payment.accounts.0.iban',
        'seller.address.city',
        'seller.address.lines.0',
        'seller.name',
      ].sort(),
    );
  });

  it("takes the second read's account when only its IBAN passes the checksum", () => {
    // DE89 3704 0044 0532 0130 00 with one digit misread by the first read.
    const first = read({ 'payment.accounts.0.iban': 'DE89370400440532018000' });
    const second = read({
      'payment.accounts.0.iban': 'DE89370400440532013000',
      'payment.accounts.0.bic': 'COBADEFFXXX',
    });
    expect(
      needsSecondRead(read({ ...complete, 'payment.accounts.0.iban': 'DE89370400440532018000' }), undefined),
    ).toBe(true);
    const d = combineReads(first, second);
    expect(d.payment.accounts).toEqual([{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }]);
    expect(d.provenance['payment.accounts.0.iban']!.confidence).toBe(0.9);
    // Not the other way round: a first read whose IBAN holds keeps it against a misread one.
    const kept = combineReads(second, first);
    expect(kept.payment.accounts[0]!.iban).toBe('DE89370400440532013000');
    expect(kept.provenance['payment.accounts.0.iban']!.confidence).toBe(0.9);
  });
});

describe('withSecondRead', () => {
  const ctx = (msLeft: number) => ({ country: 'de', deadline: Date.now() + msLeft });

  it('combines a second read of an incomplete document', async () => {
    let asked = '';
    const d = await withSecondRead(
      read({ number: 'RE-17' }),
      Date.now() - 10,
      ctx(60_000),
      async (backend) => {
        asked = backend;
        return [];
      },
    );
    expect(asked).toBe('hybrid');
    expect(d.number).toBe('RE-17');
  });

  it('keeps the first read when it is complete, when time is short, or when the second read fails', async () => {
    const never = async () => {
      throw new Error('not to be called');
    };
    const done = read(complete);
    expect(await withSecondRead(done, Date.now(), ctx(60_000), never)).toBe(done);
    const partial = read({ number: 'RE-17' });
    // The first read took 10 s and 12 s are left: not enough for a second one.
    expect(await withSecondRead(partial, Date.now() - 10_000, ctx(12_000), never)).toBe(partial);
    const failing = async () => {
      throw new ReadError('timeout', 'the read ran out of time');
    };
    expect(await withSecondRead(partial, Date.now(), ctx(60_000), failing)).toBe(partial);
  });

  it("runs the second read to a deadline of its own, before the read's, so a late one is dropped", async () => {
    const read60 = ctx(60_000);
    let given = 0;
    await withSecondRead(read({ number: 'RE-17' }), Date.now(), read60, async (_b, _p, own) => {
      given = own.deadline;
      return [];
    });
    expect(read60.deadline - given).toBe(SECOND_READ_MARGIN_MS);
  });

  it('tries a second read with the time left when the first found no number, date or total', async () => {
    // A phone photo Tesseract read as noise: without a second read the read ends not_an_invoice.
    let asked = false;
    const second = async () => {
      asked = true;
      return [];
    };
    // The first read took 10 s and 12 s are left: short for a second read, but all there is.
    await withSecondRead(read({ 'seller.name': 'ACME GmbH' }), Date.now() - 10_000, ctx(12_000), second);
    expect(asked).toBe(true);
    // No time left before the second read's own deadline: none.
    asked = false;
    await withSecondRead(read({}), Date.now() - 10_000, ctx(SECOND_READ_MARGIN_MS - 100), second);
    expect(asked).toBe(false);
  });
});

describe('combineReads: OCR doubts of two reads that agree', () => {
  /** A page whose one word is `text`, seen at `confidence`, where `read` put its values. */
  const page = (text: string, confidence: number): OcrPage =>
    ocrPage([ocrWord(text, [0.1, 0.1, 0.2, 0.12], confidence)]);
  const capped = (values: Record<string, string>, readAt: number, text: string, ocr: number) => {
    const d = read(values, readAt);
    capByOcrConfidence(d, [page(text, ocr)]);
    return d;
  };

  it('asks for a second read when a value the reading found surely is doubted by OCR alone', () => {
    const withDue = (readAt: number, ocr: number) => {
      const d = read(complete);
      d.due_date = '2025-03-31';
      d.provenance.due_date = {
        source: 'ocr',
        reader: 't',
        page: 1,
        bbox: [0.5, 0.5, 0.6, 0.52],
        confidence: readAt,
      };
      capByOcrConfidence(d, [ocrPage([ocrWord('31.03.2025', [0.5, 0.5, 0.6, 0.52], ocr)])]);
      return d;
    };
    expect(needsSecondRead(withDue(0.88, 0.95), undefined)).toBe(false);
    expect(needsSecondRead(withDue(0.88, 0.78), undefined)).toBe(true);
    // A date out of a sentence of terms is doubted by the reading itself: a second read would not help.
    expect(needsSecondRead(withDue(0.75, 0.78), undefined)).toBe(false);
  });

  it('takes names that differ only in punctuation as agreeing, in the surer spelling', () => {
    const first = read({ 'buyer.name': 'Metallbau Leipzig GmbH & Co, KG' }, 0.7);
    const second = read({ 'buyer.name': 'Metallbau Leipzig GmbH & Co. KG' }, 0.9);
    const both = combineReads(first, second);
    expect(both.buyer.name).toBe('Metallbau Leipzig GmbH & Co. KG');
    expect(both.provenance['buyer.name']!.confidence).toBe(0.9);
    // Other letters are a disagreement.
    const other = combineReads(first, read({ 'buyer.name': 'Metallbau Leipzig GmbH & Co. KB' }, 0.9));
    expect(other.provenance['buyer.name']!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it('combines the OCR confidences of two reads of one value as independent chances', () => {
    const first = capped({ number: '471102' }, 0.88, '471102', 0.6);
    const second = capped({ number: '471102' }, 0.88, '471102', 0.7);
    expect(first.provenance.number!.confidence).toBe(0.6);
    // 1 - 0.4 x 0.3
    expect(combineReads(first, second).provenance.number!.confidence).toBe(0.88);
  });

  it("keeps a name doubted when one read was unsure of a word's diacritic, though both agree", () => {
    /** "Franz Möller" read with its second word at `moeller`, by a read rating the name at 0.9. */
    const named = (moeller: number) => {
      const d = read({ 'buyer.name': 'Franz Möller' }, 0.9);
      capByOcrConfidence(d, [
        ocrPage([
          ocrWord('Franz', [0.1, 0.1, 0.15, 0.12], 0.95),
          ocrWord('Möller', [0.15, 0.1, 0.2, 0.12], moeller),
        ]),
      ]);
      return d;
    };
    // The name's mean (0.845) would pass the bar; the unsure umlaut does not.
    expect(named(0.74).provenance['buyer.name']!.confidence).toBe(0.74);
    // A blurred photo: Tesseract unsure of "Möller", PP-OCR sure of the same misreading of Müller.
    expect(combineReads(named(0.74), named(0.93)).provenance['buyer.name']!.confidence).toBeLessThan(
      CONFIDENCE_BAR,
    );
    expect(combineReads(named(0.93), named(0.74)).provenance['buyer.name']!.confidence).toBeLessThan(
      CONFIDENCE_BAR,
    );
    // Read surely by both, it is confirmed; an unsure word without diacritics is averaged as before.
    expect(combineReads(named(0.9), named(0.93)).provenance['buyer.name']!.confidence).toBeGreaterThanOrEqual(
      CONFIDENCE_BAR,
    );
    const plain = read({ 'buyer.name': 'Franz Moller' }, 0.9);
    capByOcrConfidence(plain, [
      ocrPage([
        ocrWord('Franz', [0.1, 0.1, 0.15, 0.12], 0.95),
        ocrWord('Moller', [0.15, 0.1, 0.2, 0.12], 0.74),
      ]),
    ]);
    expect(plain.provenance['buyer.name']!.confidence).toBe(0.85);
  });

  it('keeps what the reading itself doubts: a due date out of a sentence stays below the bar', () => {
    const first = capped({ due_date: '2013-04-04' }, 0.75, '04.04.2013', 0.7);
    const second = capped({ due_date: '2013-04-04' }, 0.75, '04.04.2013', 0.72);
    expect(combineReads(first, second).provenance.due_date!.confidence).toBe(0.75);
  });
});

describe('secondReadPages', () => {
  const ctx = (msLeft: number) => ({ country: 'de', deadline: Date.now() + msLeft });

  it('reads again only the pages holding the core, the first and the last, when a scan is long', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    const first = read({ number: 'RE-17' });
    first.provenance.number!.page = 40;
    // (the next pages from the start fill what is left of SECOND_READ_PAGES)
    expect(secondReadPages(first, hundred)).toEqual([1, 2, 40, 100]);
    expect(secondReadPages(read({}), [3, 4, 5, 6, 7, 8])).toEqual([3, 4, 5, 8]);
    expect(secondReadPages(read({}), [2])).toEqual([2]);
    let asked: number[] = [];
    await withSecondRead(
      first,
      Date.now() - 10,
      ctx(60_000),
      async (_backend, pages) => {
        asked = pages;
        return [];
      },
      [],
      hundred,
    );
    expect(asked).toEqual([1, 2, 40, 100]);
    expect(asked.length).toBeLessThanOrEqual(SECOND_READ_PAGES);
    // 4 of 100 pages need a twenty-fifth of the time the first read took, not 2.5 times it.
    let called = false;
    await withSecondRead(
      first,
      Date.now() - 20_000,
      ctx(10_000),
      async () => {
        called = true;
        return [];
      },
      [],
      hundred,
    );
    expect(called).toBe(true);
  });
});
