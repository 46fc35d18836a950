// The PP-OCR backend and the hybrid on a rendered page with known text, and the parts that turn
// network output into words: region boxes, the Latin class mask, word cutting and rows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReadError } from '../errors.js';
import type { Raster } from '../image/load.js';
import { openPdf } from '../pdf/open.js';
import { renderPage } from '../pdf/render.js';
import { buildPdf } from '../test-support/pdf-builder.js';
import type { OcrPage } from './ocr-page.js';
import { recognizeOnnx } from './onnx.js';
import { regions } from './onnx-detect.js';
import { recognizeHybrid, SMALL_LINE_PX } from './onnx-hybrid.js';
import { joinRows, type PxWord } from './onnx-layout.js';
import { latinClass } from './onnx-recognize.js';
import { recognizeTesseract } from './tesseract.js';

const TEXT = ['Invoice 2024-0117', 'Total due 1,234.56 EUR', 'Customer Hans Muster'];

const words = (p: OcrPage) => p.lines.flatMap((l) => l.words.map((w) => w.text));
const find = (p: OcrPage, text: string) => p.lines.flatMap((l) => l.words).find((w) => w.text === text);

describe('PP-OCR on a rendered page', () => {
  let raster: Raster;
  beforeAll(async () => {
    const doc = await openPdf(buildPdf({ text: TEXT.join('\n') }));
    raster = await renderPage(doc, 1, { dpi: 200 });
    await doc.destroy();
  });

  it('reads the words, one line per row, with boxes and confidences', async () => {
    const p = await recognizeOnnx(raster, 1, { dpi: 200 });
    expect(p.lines.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(TEXT);
    const total = find(p, 'Total')!;
    const amount = find(p, '1,234.56')!;
    // Same row, the amount to the right, both a little over 12 pt tall at 200 dpi (about 25 px).
    expect(amount.bbox[0]).toBeGreaterThan(total.bbox[2]);
    expect(Math.abs(amount.bbox[1] - total.bbox[1])).toBeLessThan(0.005);
    expect(total.heightPx).toBeGreaterThan(15);
    expect(total.heightPx).toBeLessThan(40);
    for (const l of p.lines) for (const w of l.words) expect(w.confidence).toBeGreaterThan(0.5);
  }, 60_000);

  it('reads the same words with Tesseract on the detected lines (hybrid)', async () => {
    const p = await recognizeHybrid(raster, 1, ['eng'], { dpi: 200 });
    expect(words(p)).toEqual(TEXT.flatMap((t) => t.split(' ')));
    // 12 pt at 200 dpi is small print for a line read (its box under SMALL_LINE_PX): read from an
    // enlarged crop, its words keep their boxes on the page, where Tesseract's page read puts them.
    const whole = await recognizeTesseract(raster, 1, ['eng'], 200);
    for (const text of ['Total', '1,234.56', 'Muster']) {
      const [a, b] = [find(p, text)!, find(whole, text)!];
      expect(a.heightPx).toBeLessThan(SMALL_LINE_PX);
      for (let i = 0; i < 4; i++) expect(Math.abs(a.bbox[i]! - b.bbox[i]!)).toBeLessThan(0.006);
    }
  }, 60_000);
});

describe('models', () => {
  const saved = process.env.INVOICE_MODELS_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.INVOICE_MODELS_DIR;
    else process.env.INVOICE_MODELS_DIR = saved;
  });

  it('names a missing model and the command that places it', async () => {
    process.env.INVOICE_MODELS_DIR = mkdtempSync(path.join(tmpdir(), 'no-models-'));
    const blank: Raster = {
      data: new Uint8ClampedArray(64 * 64 * 4).fill(255),
      width: 64,
      height: 64,
      channels: 4,
    };
    const err = await recognizeOnnx(blank, 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadError);
    expect((err as ReadError).code).toBe('model_missing');
    expect((err as ReadError).message).toMatch(/ch_PP-OCRv4_det_infer\.onnx .*npm run models/);
  });
});

describe('regions', () => {
  it('boxes each connected area above the threshold, grown by the unclip distance', () => {
    const w = 40;
    const h = 20;
    const prob = new Float32Array(w * h);
    for (let y = 5; y < 9; y++) for (let x = 4; x < 24; x++) prob[y * w + x] = 0.9; // 20 x 4
    for (let y = 14; y < 16; y++) for (let x = 30; x < 32; x++) prob[y * w + x] = 0.9; // too small
    const boxes = regions(prob, w, h);
    expect(boxes).toHaveLength(1);
    const d = (20 * 4 * 1.5) / (2 * 24); // 2.5
    expect(boxes[0]).toMatchObject({ x0: 4 - d, y0: 5 - d, x1: 24 + d, y1: 9 + d });
    expect(boxes[0]!.score).toBeCloseTo(0.9);
  });

  it('drops an area whose mean probability is under the box threshold', () => {
    const prob = new Float32Array(20 * 10).fill(0.4);
    expect(regions(prob, 20, 10)).toEqual([]);
    expect(regions(prob, 20, 10, { boxThreshold: 0.3 })).toHaveLength(1);
  });
});

describe('latinClass', () => {
  it('keeps Latin letters, digits, punctuation and full-width forms, masks Chinese', () => {
    for (const c of ['A', 'z', '0', ',', 'é', 'ü', '€', '，', '１']) expect(latinClass(c), c).toBe(true);
    for (const c of ['品', '正', 'Д']) expect(latinClass(c), c).toBe(false);
  });
});

describe('joinRows', () => {
  const w = (text: string, x0: number, y0: number, x1: number, y1: number): PxWord => ({
    text,
    box: [x0, y0, x1, y1],
    confidence: 0.9,
  });

  it('joins pieces of one row left to right and keeps the next row apart', () => {
    const rows = joinRows([
      [w('1.234,56', 800, 102, 900, 126)],
      [w('Gesamt', 100, 100, 200, 124)],
      [w('Datum', 100, 140, 180, 164)],
      [w('EUR', 920, 103, 970, 127)],
    ]);
    expect(rows.map((r) => r.map((x) => x.text))).toEqual([['Gesamt', '1.234,56', 'EUR'], ['Datum']]);
  });

  it('follows a slightly tilted row from piece to piece', () => {
    const rows = joinRows([
      [w('a', 0, 100, 300, 124)],
      [w('b', 320, 110, 620, 134)],
      [w('c', 640, 120, 940, 144)],
      [w('d', 0, 130, 300, 154)],
    ]);
    expect(rows.map((r) => r.map((x) => x.text))).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
