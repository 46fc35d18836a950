// Tesseract on prepared pages: a page scanned upside down or on its side is still read, because
// the profiles stand it up and a doubtful read is tried the other way round.
import { describe, expect, it } from 'vitest';
import { loadImage } from '../image/load.js';
import { textPageImage, turned } from '../test-support/scan-pages.js';
import { tesseractLangs } from './models.js';
import { meanConfidence, recognizeTesseract } from './tesseract.js';

const LINES = [
  'Muster GmbH, Hauptstraße 1, 10115 Berlin',
  '',
  'Rechnung Nr. RE-2024-0815',
  'Rechnungsdatum: 14.03.2024',
  '',
  'Nettobetrag 100,00 EUR',
  'MwSt 19 % 19,00 EUR',
  'Gesamtbetrag 119,00 EUR',
];

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
