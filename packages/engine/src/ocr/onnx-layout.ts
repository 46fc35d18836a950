// Turning detected-and-read line pieces into the OcrPage shape the extraction reads: the grey
// page, tight word boxes from the ink under them, and rows (DBNet cuts a row at every wide gap,
// while the extraction expects "Label      Value" on one line, as Tesseract and a text layer give).
import type { Raster } from '../image/load.js';
import type { OcrLine, OcrWord } from './ocr-page.js';
import type { GrayImage } from './onnx-detect.js';

/** Luma of an RGBA raster (ITU-R BT.601 weights, as sharp's greyscale). */
export function toGray(r: Raster): GrayImage {
  const data = new Uint8Array(r.width * r.height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4)
    data[i] = (r.data[j]! * 299 + r.data[j + 1]! * 587 + r.data[j + 2]! * 114 + 500) / 1000;
  return { data, width: r.width, height: r.height };
}

export type PxBox = [x0: number, y0: number, x1: number, y1: number];

/**
 * The box around the ink inside `box` (pixels darker than halfway between the darkest and the
 * lightest pixel there), or null when the area is blank (too little contrast to hold text).
 * Detection boxes are grown beyond the glyphs; word boxes and font sizes must not be.
 */
export function inkBox(img: GrayImage, box: PxBox): PxBox | null {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(img.width, Math.ceil(box[2]));
  const y1 = Math.min(img.height, Math.ceil(box[3]));
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const v = img.data[y * img.width + x]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (hi - lo < 48) return null;
  const mid = (lo + hi) / 2;
  let ix0 = x1;
  let iy0 = y1;
  let ix1 = x0;
  let iy1 = y0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (img.data[y * img.width + x]! >= mid) continue;
      if (x < ix0) ix0 = x;
      if (x >= ix1) ix1 = x + 1;
      if (y < iy0) iy0 = y;
      if (y >= iy1) iy1 = y + 1;
    }
  return ix1 > ix0 ? [ix0, iy0, ix1, iy1] : null;
}

/**
 * Stretches of ink along a line, [x0, x1) in page pixels, with gaps narrower than `minGap` closed.
 * Only the middle half of the box's height is looked at: that band crosses every letter of the
 * line, while the top and bottom of a box may catch the descenders and accents of the lines next
 * to it.
 */
export function inkRuns(img: GrayImage, box: PxBox, minGap: number): [number, number][] {
  const x0 = Math.max(0, Math.floor(box[0]));
  const x1 = Math.min(img.width, Math.ceil(box[2]));
  const h = box[3] - box[1];
  const y0 = Math.max(0, Math.floor(box[1] + h / 4));
  const y1 = Math.min(img.height, Math.ceil(box[3] - h / 4));
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const v = img.data[y * img.width + x]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (hi - lo < 48) return [];
  const mid = (lo + hi) / 2;
  const runs: [number, number][] = [];
  for (let x = x0; x < x1; x++) {
    let ink = false;
    for (let y = y0; y < y1 && !ink; y++) ink = img.data[y * img.width + x]! < mid;
    if (!ink) continue;
    const last = runs[runs.length - 1];
    if (last && x - last[1] < minGap) last[1] = x + 1;
    else runs.push([x, x + 1]);
  }
  return runs;
}

/** A word in page pixels before it becomes an OcrWord. */
export interface PxWord {
  text: string;
  box: PxBox;
  confidence: number;
}

/** Page-pixel words as OcrWords (boxes as page fractions, like the Tesseract backend's). */
export function ocrWord(w: PxWord, img: { width: number; height: number }): OcrWord {
  const [x0, y0, x1, y1] = w.box;
  return {
    text: w.text,
    bbox: [x0 / img.width, y0 / img.height, x1 / img.width, y1 / img.height],
    confidence: w.confidence,
    heightPx: y1 - y0,
  };
}

/**
 * Pieces of lines (each a run of words) joined into rows: a piece continues the row whose last
 * piece ends left of it and overlaps it vertically by at least half the smaller height. Chaining
 * piece to piece, not to the row's first piece, follows a row across a slightly skewed page.
 */
export function joinRows(pieces: PxWord[][]): PxWord[][] {
  const span = (ws: PxWord[]): PxBox => [
    Math.min(...ws.map((w) => w.box[0])),
    Math.min(...ws.map((w) => w.box[1])),
    Math.max(...ws.map((w) => w.box[2])),
    Math.max(...ws.map((w) => w.box[3])),
  ];
  const items = pieces.filter((p) => p.length).map((words) => ({ words, box: span(words) }));
  items.sort((a, b) => a.box[0] - b.box[0]);
  const rows: { words: PxWord[]; last: PxBox }[] = [];
  for (const it of items) {
    let best: (typeof rows)[number] | undefined;
    let bestOverlap = 0;
    for (const row of rows) {
      const l = row.last;
      // A small overlap in x is tolerated: detection boxes of neighbours may touch.
      if (l[2] > it.box[0] + (l[3] - l[1])) continue;
      const overlap = Math.min(l[3], it.box[3]) - Math.max(l[1], it.box[1]);
      const need = 0.5 * Math.min(l[3] - l[1], it.box[3] - it.box[1]);
      if (overlap >= need && overlap > bestOverlap) {
        best = row;
        bestOverlap = overlap;
      }
    }
    if (best) {
      best.words.push(...it.words);
      best.last = it.box;
    } else rows.push({ words: [...it.words], last: it.box });
  }
  return rows.map((r) => r.words);
}

/** Rows of page-pixel words as OcrLines, top to bottom. */
export function ocrLines(rows: PxWord[][], img: { width: number; height: number }): OcrLine[] {
  return rows
    .map((ws) => ({ words: ws.map((w) => ocrWord(w, img)) }))
    .sort((a, b) => a.words[0]!.bbox[1] - b.words[0]!.bbox[1]);
}
