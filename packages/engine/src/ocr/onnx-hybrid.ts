// The hybrid reader: PP-OCR's DBNet finds the text lines, Tesseract reads each line on its own
// (page segmentation mode 7, one line). Tesseract's own page layout analysis is skipped, which is
// where it loses lines in tables and boxes, while its language models (umlauts, accents,
// Cyrillic) still do the reading, which PP-OCR's Chinese + ASCII recogniser cannot.
import type { PSM } from 'tesseract.js';
import type { Raster } from '../image/load.js';
import type { GreyImage } from './grey-image.js';
import { spixOf } from './leptonica-image.js';
import type { OcrPage } from './ocr-page.js';
import { type DetectOptions, detectLines, type LineBox } from './onnx-detect.js';
import { joinRows, ocrLines, type PxWord } from './onnx-layout.js';
import { crop } from './onnx-recognize.js';
import { languagesToReadAgain } from './page-language.js';
import { preparePage, scaleFactor } from './preprocess.js';
import { tesseractWorker, wordConfidence } from './tesseract.js';

/** Tesseract's page segmentation mode 7: the image is one text line. */
const SINGLE_LINE = '7' as PSM;

/** Line boxes lower than this many pixels are read enlarged to it, at most MAX_ENLARGE times. */
export const SMALL_LINE_PX = 48;
const MAX_ENLARGE = 3;

/** A line crop enlarged `k` times (Lanczos), for small print. */
async function enlarged(img: { data: Uint8Array; width: number; height: number }, k: number) {
  const { default: sharp } = await import('sharp');
  const width = Math.max(1, Math.round(img.width * k));
  const height = Math.max(1, Math.round(img.height * k));
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
}

export interface HybridOptions extends DetectOptions {
  dpi?: number;
}

/** Words and lines of one page raster, boxes as fractions of the prepared (upright) page. */
export async function recognizeHybrid(
  raster: Raster,
  page: number,
  langs: string[],
  opts: HybridOptions = {},
): Promise<OcrPage> {
  const gray = await preparePage(raster, { dpi: opts.dpi });
  const pageEnlarged = scaleFactor(Math.max(raster.width, raster.height), opts.dpi) > 1;
  const boxes = await detectLines(gray, opts);
  // The page's resolution, as the whole-page reader tells it (A4 by the long side when unknown):
  // a line crop alone says nothing about the size of its text.
  const dpi = gray.dpi ?? Math.min(600, Math.max(70, Math.max(gray.width, gray.height) / 11.3));
  const read = async (withLangs: string[]) =>
    ocrLines(joinRows(await readLines(withLangs, gray, boxes, dpi, pageEnlarged)), gray);
  let lines = await read(langs);
  // A page in another language than its country's (an invoice from abroad) is read again in it.
  const again = languagesToReadAgain(lines, langs);
  if (again) lines = await read(again);
  return { page, widthPx: gray.width, heightPx: gray.height, lines };
}

/** Each line box of `gray` read by Tesseract on its own: its words, boxes in the page's pixels. */
async function readLines(
  langs: string[],
  gray: GreyImage,
  boxes: LineBox[],
  dpi: number,
  pageEnlarged: boolean,
): Promise<PxWord[][]> {
  // The whole-page reader's instance, switched to single lines for this page: one warm Tesseract
  // per language set and thread (each holds its models, a few hundred MB).
  const worker = await tesseractWorker(langs);
  // debug_file: Tesseract prints statistics of a line it finds no text in to stderr.
  await worker.setParameters({
    user_defined_dpi: String(Math.round(dpi)),
    tessedit_pageseg_mode: SINGLE_LINE,
    debug_file: '/dev/null',
  });
  const pieces: PxWord[][] = [];
  for (const b of boxes) {
    const c = crop(gray, b);
    const x0 = Math.max(0, Math.floor(b.x0));
    const y0 = Math.max(0, Math.floor(b.y0));
    // Small print (a line box under SMALL_LINE_PX: 6-7 pt type on a 200 dpi scan) is read from a
    // crop enlarged to that height: Tesseract confuses the digits of glyphs a dozen pixels tall
    // ("DE…0643489830" for …0648489890, "+7,90" for -7,90), read larger it does not.
    // Not on a page the preparation already enlarged (a phone photo, a coarse scan): its pixels
    // hold no more detail, and enlarging them again only blurs.
    const k = !pageEnlarged && c.height < SMALL_LINE_PX ? Math.min(MAX_ENLARGE, SMALL_LINE_PX / c.height) : 1;
    const line = k > 1 ? await enlarged(c, k) : c;
    if (k > 1) await worker.setParameters({ user_defined_dpi: String(Math.round(dpi * k)) });
    const { data } = await worker.recognize(spixOf(line), {}, { blocks: true, text: false });
    if (k > 1) await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) });
    const at = (v: number) => v / k;
    const words: PxWord[] = [];
    for (const block of data.blocks ?? [])
      for (const para of block.paragraphs)
        for (const line of para.lines)
          for (const w of line.words) {
            const text = w.text.trim();
            if (!text) continue;
            words.push({
              text,
              box: [x0 + at(w.bbox.x0), y0 + at(w.bbox.y0), x0 + at(w.bbox.x1), y0 + at(w.bbox.y1)],
              confidence: wordConfidence(w),
            });
          }
    pieces.push(words);
  }
  return pieces;
}
