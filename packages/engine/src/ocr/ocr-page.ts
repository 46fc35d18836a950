// What OCR gives back for a page, and how it becomes the laid-out text the field extraction
// reads (the same extraction as for a PDF text layer). OCR confidence then caps the confidence
// of every value read from the words it covers.
import type { Document } from '../document.js';
import type { LayoutPage, LayoutWord } from '../extract/layout.js';
import { union } from '../extract/layout.js';

export interface OcrWord {
  text: string;
  bbox: [number, number, number, number];
  /** 0..1 */
  confidence: number;
  heightPx: number;
}
export interface OcrLine {
  words: OcrWord[];
}
export interface OcrPage {
  page: number;
  widthPx: number;
  heightPx: number;
  lines: OcrLine[];
}

/** OCR lines as a layout page in pixel units (font size from the word height). */
export function ocrLayout(p: OcrPage): LayoutPage {
  const lines = p.lines
    .map((l) => {
      const words: LayoutWord[] = l.words.map((w) => ({
        text: w.text,
        bbox: w.bbox,
        fontSize: Math.max(4, w.heightPx * 1.3),
      }));
      return { text: words.map((w) => w.text).join(' '), bbox: union(words.map((w) => w.bbox)), words };
    })
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  return { page: p.page, width: p.widthPx, height: p.heightPx, lines };
}

/** Lowers each value's confidence to the mean OCR confidence of the words under its box. */
export function capByOcrConfidence(doc: Document, pages: OcrPage[]): void {
  for (const prov of Object.values(doc.provenance)) {
    if (!prov.bbox || !prov.page) continue;
    const page = pages.find((p) => p.page === prov.page);
    if (!page) continue;
    const [x0, y0, x1, y1] = prov.bbox;
    let sum = 0;
    let n = 0;
    for (const line of page.lines) {
      for (const w of line.words) {
        const [a, b, c, d] = w.bbox;
        if (a < x1 && c > x0 && b < y1 && d > y0) {
          sum += w.confidence;
          n++;
        }
      }
    }
    if (n) prov.confidence = Math.round(Math.min(prov.confidence ?? 1, sum / n) * 100) / 100;
  }
}
