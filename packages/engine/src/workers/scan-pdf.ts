// The page work for a scanned PDF, inside a page worker: each page is rendered once, looked at
// for a payment QR code when it is one of the pages searched for codes, and recognised by OCR
// from the same pixels. Pages are rendered one at a time, so a long scan never holds more than
// the few rasters kept from the code search (at most four) in memory.
import { ReadError } from '../errors.js';
import type { Raster } from '../image/load.js';
import type { OcrPage } from '../ocr/ocr-page.js';
import { recognizeTesseract } from '../ocr/tesseract.js';
import { openPdf } from '../pdf/open.js';
import { renderPage } from '../pdf/render.js';
import { detectQrCodes, type QrCode } from '../qr/detect.js';
import { paymentQrOf } from '../qr/read-qr.js';
import type { PageTask, ScanResult } from './page-tasks.js';

/** DPI for OCR of PDF pages: scans inside PDFs are 150-300 dpi; 200 keeps text legible. */
export const OCR_DPI = 200;

export async function scanPdf(task: Extract<PageTask, { kind: 'scan-pdf' }>): Promise<ScanResult> {
  const doc = await openPdf(task.bytes);
  try {
    const ocr = new Set(task.ocrPages);
    const codes: QrCode[] = [];
    // Rasters of pages searched for codes that OCR will need: rendering is the costly half of
    // the code search, so they are kept for OCR rather than rendered a second time.
    const kept = new Map<number, Raster>();
    let rendered = 0;
    const render = (page: number, dpi?: number) => {
      rendered++;
      return renderPage(doc, page, dpi ? { dpi } : {});
    };
    for (const page of task.qrPages) {
      let raster: Raster;
      try {
        raster = await render(page, ocr.has(page) ? OCR_DPI : undefined);
      } catch (err) {
        // A page that cannot be rendered carries no code we can read; the others still count.
        if (!(err instanceof ReadError) || ocr.has(page)) throw err;
        continue;
      }
      codes.push(...detectQrCodes(raster, page));
      if (ocr.has(page)) kept.set(page, raster);
    }
    if (task.stopOnPaymentQr && paymentQrOf(codes).found) return { codes, pages: [], rendered };
    const pages: OcrPage[] = [];
    for (const page of task.ocrPages) {
      const raster = kept.get(page) ?? (await render(page, OCR_DPI));
      kept.delete(page);
      pages.push(await recognizeTesseract(raster, page, task.langs, OCR_DPI));
    }
    return { codes, pages, rendered };
  } finally {
    await doc.destroy().catch(() => {});
  }
}
