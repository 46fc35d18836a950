// The page work for a scanned PDF, inside a page worker: each page is rendered once, looked at
// for a payment QR code when it is one of the pages searched for codes, and recognised by OCR
// from the same pixels. Pages are rendered one at a time, so a long scan never holds more than
// the few rasters kept from the code search (at most four) in memory. Every other page to OCR is
// offered to another worker of the pool (hand-off.ts) while this one reads the next.
import { ReadError } from '../errors.js';
import type { Raster } from '../image/load.js';
import type { OcrPage } from '../ocr/ocr-page.js';
import { recognizePage } from '../ocr/recognize-page.js';
import { imageScale } from '../pdf/image-scale.js';
import { openPdf, type PdfDocument } from '../pdf/open.js';
import { renderPage } from '../pdf/render.js';
import { scanImage } from '../pdf/scan-image.js';
import { decodeScanJpeg, type ScanJpeg, scanJpegPages } from '../pdf/scan-jpeg.js';
import { detectQrCodes, type QrCode } from '../qr/detect.js';
import { paymentQrOf } from '../qr/read-qr.js';
import { type HandedOff, handOff } from './hand-off.js';
import type { OcrResult, PageTask, ScanResult } from './page-tasks.js';

interface Rendered {
  page: number;
  raster: Raster;
  dpi?: number;
}

/** A rendered page as a task for another worker (a copy of its pixels: it stays here too). */
function rasterTask(
  r: Rendered,
  task: Extract<PageTask, { kind: 'scan-pdf' }>,
): Extract<PageTask, { kind: 'ocr-raster' }> {
  return {
    kind: 'ocr-raster',
    bytes: new Uint8Array(r.raster.data),
    width: r.raster.width,
    height: r.raster.height,
    page: r.page,
    ...(r.dpi ? { dpi: r.dpi } : {}),
    langs: task.langs,
    ...(task.backend ? { backend: task.backend } : {}),
  };
}

/** DPI for OCR of PDF pages without an image: 200 keeps text legible. */
export const OCR_DPI = 200;
/** A scan is rendered at its own resolution (imageScale), within these bounds in dpi. */
const MIN_SCAN_DPI = 72;
const MAX_SCAN_DPI = 300;

/**
 * The dpi to render a page at for OCR: a scan's own resolution, else OCR_DPI. Only the latter is
 * told to Tesseract: a scan's page size says little about its text size (scanning software
 * often places an A4 scan at 72 or 96 ppi on an oversized page).
 */
export async function ocrDpi(doc: PdfDocument, page: number): Promise<{ dpi: number; scan: boolean }> {
  const scale = await imageScale(doc, page).catch(() => undefined);
  if (!scale) return { dpi: OCR_DPI, scan: false };
  return { dpi: Math.min(MAX_SCAN_DPI, Math.max(MIN_SCAN_DPI, scale * 72)), scan: true };
}

/**
 * The dpi a page that is one JPEG over the whole page is rendered at for OCR (as ocrDpi finds it
 * from pdf.js's operator list), when rendering it would draw exactly the JPEG's pixels; undefined
 * when the page is to be rendered.
 */
export function jpegScanDpi(s: ScanJpeg): number | undefined {
  const scale = Math.max(s.width / s.placedWide, s.height / s.placedHigh);
  const dpi = scale * 72;
  if (dpi < MIN_SCAN_DPI || dpi > MAX_SCAN_DPI) return undefined;
  const ok = Math.floor(s.pointsWide * scale) === s.width && Math.floor(s.pointsHigh * scale) === s.height;
  return ok ? dpi : undefined;
}

/**
 * The pages of `bytes` that are just a scanner's JPEG (scan-jpeg.ts), by page number; none when
 * that reader and pdf.js (`doc`) count the pages differently.
 */
export function scanJpegsOf(bytes: Uint8Array, doc: PdfDocument): Map<number, ScanJpeg> {
  const jpegs = scanJpegPages(bytes);
  return jpegs.count === doc.numPages ? jpegs.scans : new Map();
}

/**
 * A page's pixels for OCR: its scanner's JPEG (`jpeg`, from scanJpegsOf) decoded natively rather
 * than by pdf.js; else, for a page that is just its scan, the image's own pixels without drawing
 * them again (scan-image.ts); else the page rendered at ocrDpi. `dpi` only where Tesseract is to
 * be told it (not for scans).
 */
export async function ocrRaster(doc: PdfDocument, page: number, jpeg?: ScanJpeg): Promise<Rendered> {
  const decoded = jpeg && jpegScanDpi(jpeg) ? await decodeScanJpeg(jpeg) : undefined;
  if (decoded) return { page, raster: decoded };
  const how = await ocrDpi(doc, page);
  const raster =
    (how.scan ? await scanImage(doc, page, how.dpi) : undefined) ??
    (await renderPage(doc, page, { dpi: how.dpi }));
  return { page, raster, ...(how.scan ? {} : { dpi: how.dpi }) };
}

/**
 * The pixels a page is searched for a payment QR code in: for a page OCR will read, the raster
 * OCR reads (ocrRaster, so it is drawn once for both), else the page rendered at the default
 * resolution. The read and the estimate before it (qr/page-codes.ts) search the same pixels.
 */
export async function searchRaster(
  doc: PdfDocument,
  page: number,
  forOcr: boolean,
  jpeg?: ScanJpeg,
): Promise<Rendered> {
  return forOcr ? ocrRaster(doc, page, jpeg) : { page, raster: await renderPage(doc, page, {}) };
}

export async function scanPdf(task: Extract<PageTask, { kind: 'scan-pdf' }>): Promise<ScanResult> {
  const doc = await openPdf(task.bytes);
  const jpegs = scanJpegsOf(task.bytes, doc);
  try {
    const ocr = new Set(task.ocrPages);
    const codes: QrCode[] = [];
    // Rasters of pages searched for codes that OCR will need: rendering is the costly half of
    // the code search, so they are kept for OCR rather than rendered a second time.
    let rendered = 0;
    const render = async (page: number, forOcr: boolean): Promise<Rendered> => {
      rendered++;
      return searchRaster(doc, page, forOcr, jpegs.get(page));
    };
    const kept = new Map<number, { raster: Raster; dpi?: number }>();
    for (const page of task.qrPages) {
      let raster: Raster;
      let dpi: number | undefined;
      try {
        ({ raster, dpi } = await render(page, ocr.has(page)));
      } catch (err) {
        // A page that cannot be rendered carries no code we can read; the others still count.
        if (!(err instanceof ReadError) || ocr.has(page)) throw err;
        continue;
      }
      codes.push(...detectQrCodes(raster, page));
      if (ocr.has(page)) kept.set(page, { raster, dpi });
    }
    if (task.stopOnPaymentQr && paymentQrOf(codes).found) return { codes, pages: [], rendered };
    const read = new Map<number, OcrPage>();
    const here = (r: Rendered) => recognizePage(r.raster, r.page, task.langs, r.dpi, task.backend);
    // Every other page is offered to the pool's other workers while this one reads the next
    // (hand-off.ts): the pages of a short scan, whose code search and OCR are one task, then
    // use every core. At most one page is out at a time, so no more rasters are held.
    let out: { rendered: Rendered; result: HandedOff<OcrResult> } | undefined;
    for (const [i, page] of task.ocrPages.entries()) {
      const r = { page, ...(kept.get(page) ?? (await render(page, true))) };
      kept.delete(page);
      if (!out && i < task.ocrPages.length - 1) {
        out = { rendered: r, result: handOff<OcrResult>(rasterTask(r, task)) };
        continue;
      }
      read.set(page, await here(r));
      if (out) {
        const { rendered: o, result } = out;
        out = undefined;
        read.set(o.page, (await result.result(async () => ({ pages: [await here(o)] }))).pages[0]!);
      }
    }
    const pages = task.ocrPages.map((p) => read.get(p)!);
    return { codes, pages, rendered };
  } finally {
    await doc.destroy().catch(() => {});
  }
}
