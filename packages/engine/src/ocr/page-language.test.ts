// A page in another language than its country's is read again in that language: a German invoice
// sent to a business in Britain keeps its umlauts, which English's model has no letters for.
import { describe, expect, it } from 'vitest';
import { loadImage } from '../image/load.js';
import { SAMPLE_INVOICE_LINES, textPageImage } from '../test-support/scan-pages.js';
import { tesseractLangs } from './models.js';
import type { OcrLine } from './ocr-page.js';
import { recognizeHybrid } from './onnx-hybrid.js';
import { languagesToReadAgain, markerCounts } from './page-language.js';
import { recognizeTesseract } from './tesseract.js';

const linesOf = (...texts: string[]): OcrLine[] =>
  texts.map((t) => ({
    words: t.split(' ').map((text) => ({ text, bbox: [0, 0, 0.1, 0.01], confidence: 0.9, heightPx: 20 })),
  }));

describe('languagesToReadAgain', () => {
  it('reads a German page read with English alone again in German first', () => {
    const lines = linesOf('Rechnungsnummer: 471102', 'Lieferdatum 05.03.2018', 'Gesamtbetrag 235,62 EUR');
    expect(markerCounts(lines).deu).toBeGreaterThanOrEqual(3);
    expect(languagesToReadAgain(lines, tesseractLangs('gb'))).toEqual(['deu', 'eng']);
  });

  it('reads a French page read for a German business again in French', () => {
    const lines = linesOf('FACTURE N° F2022-23', 'Montant HT 100,00', 'TVA 20 % 20,00', 'Total TTC 120,00');
    expect(languagesToReadAgain(lines, tesseractLangs('de'))).toEqual(['fra', 'deu', 'eng']);
  });

  it('leaves a page read in its own language, and a bilingual one read with either', () => {
    expect(
      languagesToReadAgain(linesOf('Rechnung Datum Betrag Summe'), tesseractLangs('de')),
    ).toBeUndefined();
    const bilingual = linesOf(
      'Rechnung / Invoice',
      'Betrag / Amount',
      'Kunde / Customer',
      'Zahlung / Payment',
    );
    expect(languagesToReadAgain(bilingual, tesseractLangs('gb'))).toBeUndefined();
  });

  it('says nothing from fewer than three marker words, or from words shared by languages', () => {
    expect(languagesToReadAgain(linesOf('Muster GmbH', 'Summe 100,00'), ['eng'])).toBeUndefined();
    expect(languagesToReadAgain(linesOf('Total Date Client Netto 100,00'), ['eng'])).toBeUndefined();
  });
});

describe('a German invoice read for a business in Britain', () => {
  it.each([
    ['Tesseract', recognizeTesseract],
    ['the hybrid', recognizeHybrid],
  ])(
    'keeps the letters English has no model for (%s)',
    async (_, recognize) => {
      const png = await textPageImage(SAMPLE_INVOICE_LINES, { dpi: 200 });
      const page = await recognize(await loadImage(png), 1, tesseractLangs('gb'));
      const text = page.lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n');
      expect(text).toContain('Hauptstraße');
      expect(text).toContain('RE-2024-0815');
    },
    120_000,
  );
});
