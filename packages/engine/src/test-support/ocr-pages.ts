// Hand-made OCR results for tests of what happens after recognition: page 1, 1000 x 1400 px,
// words placed by their boxes in page fractions.
import type { OcrPage, OcrWord } from '../ocr/ocr-page.js';

type Box = [number, number, number, number];

/** A word seen at `confidence`, 20 px tall. */
export const ocrWord = (text: string, bbox: Box, confidence: number): OcrWord => ({
  text,
  bbox,
  confidence,
  heightPx: 20,
});

/** Page 1 with one OCR line per array of words. */
export const ocrPage = (...lines: OcrWord[][]): OcrPage => ({
  page: 1,
  widthPx: 1000,
  heightPx: 1400,
  lines: lines.map((words) => ({ words })),
});
