// OCR with tesseract.js (LSTM, local models only). Runs inside the engine's page worker; one warm
// Tesseract instance per language set is kept for the life of the worker. Pages are prepared
// first (preprocess.ts); a page read with low confidence is tried upside down on a small copy of
// a band of its text, since the profiles that straighten a page cannot tell 0° from 180°.
import type { PSM } from 'tesseract.js';
import type { Raster } from '../image/load.js';
import { tesseractModelDir } from './models.js';
import type { OcrLine, OcrPage } from './ocr-page.js';
import { type GreyImage, isBlank, pgmOf, preparePage, scaled, turned } from './preprocess.js';

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js')['createWorker']>>;
const workers = new Map<string, Promise<TesseractWorker>>();

/**
 * Tesseract's page segmentation mode, set explicitly: 6 (one uniform block of text) is what
 * tesseract.js used by default, and what the extraction, which finds columns itself from the word
 * boxes, was tuned with. The OCR bench runs native Tesseract with the same mode.
 */
export const TESSERACT_PSM = '6' as PSM;

/** Below this mean word confidence a page may be upside down. */
const DOUBTFUL = 0.6;
/** Fewer words than this say nothing about the page's orientation. */
const MIN_WORDS = 5;
/** An upside-down trial must beat the page as it is by this much to be believed. */
const FLIP_MARGIN = 0.15;

/**
 * The warm Tesseract of this thread for a language set, shared by the whole-page and the hybrid
 * reader: each call sets the page segmentation mode it reads with, since that is state of the
 * instance.
 */
export function tesseractWorker(langs: string[]): Promise<TesseractWorker> {
  const key = langs.join('+');
  let w = workers.get(key);
  if (!w) {
    const langPath = tesseractModelDir(langs);
    w = import('tesseract.js').then(({ createWorker, OEM }) =>
      createWorker(langs, OEM.LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true, logger: () => {} }),
    );
    workers.set(key, w);
  }
  return w;
}

/** Words and lines of one page raster, boxes as fractions of the upright page, confidences 0..1. */
export async function recognizeTesseract(
  raster: Raster,
  page: number,
  langs: string[],
  dpi?: number,
): Promise<OcrPage> {
  const worker = await tesseractWorker(langs);
  const prepared = await preparePage(raster, { dpi });
  let img: GreyImage = prepared;
  // A blank page's noise would only come back as made-up words, slowly.
  if (isBlank(img)) return { page, widthPx: img.width, heightPx: img.height, lines: [] };
  // Without a known resolution the page is taken for A4 (or US Letter) by its long side: what
  // Tesseract needs is the text size in pixels, and invoices are mostly that size.
  const density = prepared.dpi ?? Math.min(600, Math.max(70, Math.max(img.width, img.height) / 11.3));
  let lines = await recognize(worker, img, density);
  // A page with hardly any words is blank or a picture, not text upside down.
  if (wordCount(lines) >= MIN_WORDS && meanConfidence(lines) < DOUBTFUL) {
    const small = inkBand(await scaled(img, 0.5));
    const [asIs, flipped] = [
      meanConfidence(await recognize(worker, small, density / 2)),
      meanConfidence(await recognize(worker, await turned(small, 180), density / 2)),
    ];
    if (flipped > asIs + FLIP_MARGIN) {
      img = await turned(img, 180);
      lines = await recognize(worker, img, density);
    }
  }
  return { page, widthPx: img.width, heightPx: img.height, lines };
}

async function recognize(worker: TesseractWorker, img: GreyImage, dpi: number): Promise<OcrLine[]> {
  await worker.setParameters({
    user_defined_dpi: String(Math.round(dpi)),
    tessedit_pageseg_mode: TESSERACT_PSM,
  });
  const { data } = await worker.recognize(pgmOf(img), {}, { blocks: true, text: false });
  const fx = (x: number) => x / img.width;
  const fy = (y: number) => y / img.height;
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const words = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({
            text: w.text.trim(),
            bbox: [fx(w.bbox.x0), fy(w.bbox.y0), fx(w.bbox.x1), fy(w.bbox.y1)] as [
              number,
              number,
              number,
              number,
            ],
            confidence: wordConfidence(w),
            heightPx: w.bbox.y1 - w.bbox.y0,
          }));
        if (words.length) lines.push({ words });
      }
    }
  }
  return lines;
}

/**
 * How surely Tesseract read a word. Its own word confidence weighs whether the word is spelled as
 * in its dictionary, which says much about a word of letters and nothing about a number: a date or
 * an amount read with every digit at 99 % scores 57 as a word. A word without letters is rated by
 * its least sure character instead.
 */
export function wordConfidence(w: {
  text: string;
  confidence: number;
  symbols?: Array<{ confidence: number }> | null;
}): number {
  const symbols = w.symbols ?? [];
  const numeric = !/\p{L}/u.test(w.text) && symbols.length > 0;
  return (numeric ? Math.min(...symbols.map((s) => s.confidence)) : w.confidence) / 100;
}

/** The middle third of the rows that carry ink (all of them when fewer): enough text to tell
 * which way up a page is, at a fraction of the cost of reading the whole page both ways. */
function inkBand(img: GreyImage): GreyImage {
  let first = -1;
  let last = -1;
  for (let y = 0; y < img.height; y++) {
    const row = img.data.subarray(y * img.width, (y + 1) * img.width);
    if (row.some((v) => v < 128)) {
      if (first < 0) first = y;
      last = y;
    }
  }
  if (first < 0) return img;
  const extent = last - first + 1;
  const height = Math.min(extent, Math.max(1, Math.ceil(img.height / 3)));
  const top = first + Math.floor((extent - height) / 2);
  return { data: img.data.subarray(top * img.width, (top + height) * img.width), width: img.width, height };
}

const wordCount = (lines: OcrLine[]) => lines.reduce((n, l) => n + l.words.length, 0);

/** Mean word confidence, 0 for a page without words. */
export function meanConfidence(lines: OcrLine[]): number {
  let sum = 0;
  let n = 0;
  for (const l of lines)
    for (const w of l.words) {
      sum += w.confidence;
      n++;
    }
  return n ? sum / n : 0;
}
