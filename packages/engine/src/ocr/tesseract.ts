// OCR with tesseract.js (LSTM, local models only). Runs inside the engine's page worker; one warm
// Tesseract instance per language set is kept for the life of the worker. Pages are prepared
// first (preprocess.ts), then read in two bands of its lines (bands.ts), the second handed to another
// worker of the pool when one is free (PAGE_BANDS). A page read with low confidence is tried upside
// down on a small copy of a band of its text, since the profiles that straighten a page cannot tell
// 0° from 180°. A page whose words are of another language than those it was read with is read
// again with that language first (page-language.ts).
import type { PSM } from 'tesseract.js';
import type { Raster } from '../image/load.js';
import { handOff } from '../workers/hand-off.js';
import type { BandResult, PageTask } from '../workers/page-tasks.js';
import { maskedBands } from './bands.js';
import type { GreyImage } from './grey-image.js';
import { spixOf } from './leptonica-image.js';
import { tesseractModelDir } from './models.js';
import type { OcrLine, OcrPage } from './ocr-page.js';
import { languagesToReadAgain } from './page-language.js';
import { isBlank, type Prepared, preparePage, scaled, turned } from './preprocess.js';

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js')['createWorker']>>;
const workers = new Map<string, Promise<TesseractWorker>>();

/**
 * Tesseract's page segmentation mode, set explicitly: 6 (one uniform block of text) is what
 * tesseract.js used by default, and what the extraction, which finds columns itself from the word
 * boxes, was tuned with. The OCR bench runs native Tesseract with the same mode.
 */
export const TESSERACT_PSM = '6' as PSM;

/**
 * The bands a page is read in: two, each the page with every other slice of its lines (bands.ts),
 * so that a one-page scan is recognised on two cores: about 0.55 of the whole page's wall time
 * for the same CPU (on 10 corpus pages, 23.1 s of recognition in bands against 23.6 s whole; the
 * larger band 13.1 s). `INVOICE_OCR_BANDS` (1-4) overrides it; 1 reads the page whole. Never one
 * per core: a page must read the same on every machine, and the bands are the same whichever
 * worker reads them (a band no worker is free for is read by the page's own).
 */
export const PAGE_BANDS = 2;
/** Slices of the page each band keeps (bands.ts: every band then holds text of every kind). */
export const SLICES_PER_BAND = 4;

export function bandCount(env = process.env.INVOICE_OCR_BANDS): number {
  const n = Number(env);
  return env && Number.isInteger(n) && n >= 1 && n <= 4 ? n : PAGE_BANDS;
}

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
  const density = textDpi(prepared);
  let lines = await recognizeInBands(img, density, langs);
  // A page with hardly any words is blank or a picture, not text upside down.
  if (wordCount(lines) >= MIN_WORDS && meanConfidence(lines) < DOUBTFUL) {
    const small = inkBand(await scaled(img, 0.5));
    const [asIs, flipped] = [
      meanConfidence(await recognize(worker, small, density / 2)),
      meanConfidence(await recognize(worker, await turned(small, 180), density / 2)),
    ];
    if (flipped > asIs + FLIP_MARGIN) {
      img = await turned(img, 180);
      lines = await recognizeInBands(img, density, langs);
    }
  }
  // A page in another language than its country's (an invoice from abroad) is read again in it.
  const again = languagesToReadAgain(lines, langs);
  if (again) lines = await recognizeInBands(img, density, again);
  return { page, widthPx: img.width, heightPx: img.height, lines: lines.map((l) => inFractions(l, img)) };
}

/**
 * The resolution Tesseract is told for a prepared page. Without a known one the page is taken
 * for A4 (or US Letter) by its long side: what Tesseract needs is the text size in pixels, and
 * invoices are mostly that size.
 */
export function textDpi(prepared: Prepared): number {
  return prepared.dpi ?? Math.min(600, Math.max(70, Math.max(prepared.width, prepared.height) / 11.3));
}

/**
 * The page's lines, word boxes in its pixels: read in `bands` bands of its lines, the first here
 * while the others are offered to the pool's other workers (read here too when none is free), and
 * put back together top to bottom.
 */
export async function recognizeInBands(
  img: GreyImage,
  dpi: number,
  langs: string[],
  bands = bandCount(),
): Promise<OcrLine[]> {
  const worker = await tesseractWorker(langs);
  const [first, ...others] = maskedBands(img, bands, SLICES_PER_BAND);
  const handed = others.map((band) =>
    handOff<BandResult>({
      kind: 'ocr-band',
      // A copy is moved to the other worker: the band stays here, to be read here if none takes it.
      bytes: new Uint8Array(band.data),
      width: band.width,
      height: band.height,
      dpi,
      langs,
    } satisfies PageTask),
  );
  const read = await recognize(worker, first!, dpi);
  if (!others.length) return read;
  for (const [i, band] of others.entries()) {
    const { lines } = await handed[i]!.result(async () => ({ lines: await recognize(worker, band, dpi) }));
    read.push(...lines);
  }
  // Top to bottom, as the page read whole gives them (the extraction sorts them again anyway).
  return read.sort((a, b) => a.words[0]!.bbox[1] - b.words[0]!.bbox[1]);
}

/** A band of a page handed off by another worker's page (`ocr-band`): its lines, boxes in its pixels. */
export async function recognizeBand(task: Extract<PageTask, { kind: 'ocr-band' }>): Promise<OcrLine[]> {
  const img = {
    data: Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
    width: task.width,
    height: task.height,
  };
  return recognize(await tesseractWorker(task.langs), img, task.dpi);
}

/** `line` with its boxes as fractions of `img` instead of pixels. */
function inFractions(line: OcrLine, img: GreyImage): OcrLine {
  const [w, h] = [img.width, img.height];
  return {
    words: line.words.map((word) => {
      const [x0, y0, x1, y1] = word.bbox;
      return { ...word, bbox: [x0 / w, y0 / h, x1 / w, y1 / h] };
    }),
  };
}

/** Tesseract's lines of `img`, word boxes in its pixels. */
async function recognize(worker: TesseractWorker, img: GreyImage, dpi: number): Promise<OcrLine[]> {
  await worker.setParameters({
    user_defined_dpi: String(Math.round(dpi)),
    tessedit_pageseg_mode: TESSERACT_PSM,
  });
  const { data } = await worker.recognize(spixOf(img), {}, { blocks: true, text: false });
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const words = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({
            text: w.text.trim(),
            bbox: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1] as [number, number, number, number],
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
