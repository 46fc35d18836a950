// Tesseract on prepared pages: a page scanned upside down or on its side is still read, because
// the profiles stand it up and a doubtful read is tried the other way round.
import { describe, expect, it } from 'vitest';
import { loadImage } from '../image/load.js';
import { SAMPLE_INVOICE_LINES, textPageImage, turned } from '../test-support/scan-pages.js';
import { tesseractLangs } from './models.js';
import { meanConfidence, recognizeTesseract } from './tesseract.js';

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
