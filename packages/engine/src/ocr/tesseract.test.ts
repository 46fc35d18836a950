// Tesseract on prepared pages: a page scanned upside down or on its side is still read, because
// the profiles stand it up and a doubtful read is tried the other way round; a page read in two
// bands reads as it does whole, and the same whether the pool's other worker reads a band or not.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadImage } from '../image/load.js';
import { corpusDir } from '../test-support/mutations.js';
import { SAMPLE_INVOICE_LINES, textPageImage, turned } from '../test-support/scan-pages.js';
import { runPageTask, shutdownPageWorkers } from '../workers/page-tasks.js';
import { maskedBands } from './bands.js';
import { tesseractLangs } from './models.js';
import type { OcrLine } from './ocr-page.js';
import { preparePage } from './preprocess.js';
import {
  meanConfidence,
  recognizeInBands,
  recognizeTesseract,
  SLICES_PER_BAND,
  tesseractWorker,
  textDpi,
  wordConfidence,
} from './tesseract.js';

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

describe('a page read in bands', () => {
  const scan = path.join(corpusDir, 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png');
  const langs = tesseractLangs('de');
  const text = (l: OcrLine) => l.words.map((w) => w.text).join(' ');
  afterAll(async () => {
    await shutdownPageWorkers();
  });

  it('reads the lines of the page read whole, boxes in page coordinates', async () => {
    const img = await preparePage(await loadImage(readFileSync(scan)));
    expect(maskedBands(img, 2, SLICES_PER_BAND).length).toBe(2);
    const whole = await recognizeInBands(img, textDpi(img), langs, 1);
    const banded = await recognizeInBands(img, textDpi(img), langs, 2);
    // Tesseract finds the lines of each band on its own, so a doubtful word may read otherwise.
    const bandedLines = new Set(banded.map(text));
    const same = whole.filter((l) => bandedLines.has(text(l)));
    expect(same.length).toBeGreaterThanOrEqual(whole.length * 0.9);
    expect(banded.length).toBeLessThanOrEqual(whole.length + 2);
    // Each line where the page read whole has it: across to the pixel, and down over the same
    // rows (Tesseract may take a little more or less ink into a word's height). A box in a band's
    // own rows, as stacked bands gave, would be off by the rows left out.
    expect(same.length).toBeGreaterThan(10);
    for (const line of same) {
      const twin = banded.find((b) => text(b) === text(line))!;
      for (const [i, w] of line.words.entries()) {
        const [x0, y0, x1, y1] = twin.words[i]!.bbox;
        expect(Math.abs(x0 - w.bbox[0]) + Math.abs(x1 - w.bbox[2])).toBeLessThanOrEqual(4);
        expect(y0 < w.bbox[3] && y1 > w.bbox[1]).toBe(true);
      }
    }
    // Top to bottom, as a page read whole.
    const tops = banded.map((l) => l.words[0]!.bbox[1]);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
  }, 120_000);

  it('reads the same whether a band is handed to another worker or read here', async () => {
    const png = readFileSync(scan);
    const here = await recognizeTesseract(await loadImage(png), 1, langs);
    const pooled = await runPageTask({ kind: 'ocr-image', bytes: png, langs }, 120_000);
    expect(pooled.pages[0]!.lines).toEqual(here.lines);
  }, 120_000);

  it('loads the models once per thread and language set', async () => {
    expect(await tesseractWorker(langs)).toBe(await tesseractWorker([...langs]));
  });
});
