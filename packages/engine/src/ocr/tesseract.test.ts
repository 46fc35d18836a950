// Tesseract on prepared pages: a page scanned upside down or on its side is still read, because
// the profiles stand it up and a doubtful read is tried the other way round.
import { describe, expect, it } from 'vitest';
import { loadImage } from '../image/load.js';
import { SAMPLE_INVOICE_LINES, textPageImage, turned } from '../test-support/scan-pages.js';
import { tesseractLangs } from './models.js';
import { meanConfidence, recognizeTesseract, wordConfidence } from './tesseract.js';

const LINES = SAMPLE_INVOICE_LINES;

describe('recognizeTesseract', () => {
  it.each([0, 90, 180, 270, 2.5])(
    'reads a page turned by %s°',
    async (deg) => {
      const png = await turned(await textPageImage(LINES, { dpi: 150 }), deg);
      const p = await recognizeTesseract(await loadImage(png), 1, tesseractLangs('de'));
      const text = p.lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n');
      expect(text).toContain('RE-2024-0815');
      expect(text).toContain('119,00');
      expect(meanConfidence(p.lines)).toBeGreaterThan(0.8);
      expect(p.heightPx).toBeGreaterThan(p.widthPx);
    },
    60_000,
  );
});

describe('wordConfidence', () => {
  const symbols = (...c: number[]) => c.map((confidence) => ({ confidence }));

  it('rates a word without letters by its least sure character, not by the dictionary', () => {
    expect(wordConfidence({ text: '471102', confidence: 0, symbols: symbols(99, 98, 99, 97, 99, 99) })).toBe(
      0.97,
    );
    expect(wordConfidence({ text: '05.03.2013', confidence: 57, symbols: symbols(99, 60, 99) })).toBe(0.6);
  });

  it('keeps the word confidence of a word with letters (a name read as garbage stays doubtful)', () => {
    expect(wordConfidence({ text: 'ans', confidence: 31, symbols: symbols(95, 96, 97) })).toBe(0.31);
    expect(wordConfidence({ text: 'uc1_2023025', confidence: 40, symbols: symbols(95, 96) })).toBe(0.4);
    expect(wordConfidence({ text: '471102', confidence: 88 })).toBe(0.88);
  });
});
