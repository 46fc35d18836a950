// The QR codes a search for a payment code finds, inside a worker: on an image, or on the given
// pages of a PDF (the read's qrPages), each page in the pixels the read searches (searchRaster).
// The read runs it in the page pool and the estimate at submission in the read pool: the same
// search, so both come to the same answer (paymentQrOf decides which code is a payment code).
import { ReadError } from '../errors.js';
import { loadImage } from '../image/load.js';
import { openPdf } from '../pdf/open.js';
import { scanJpegsOf, searchRaster } from '../workers/scan-pdf.js';
import { detectQrCodes, type QrCode } from './detect.js';
import { paymentQrOf } from './read-qr.js';

export async function imageCodes(bytes: Uint8Array, maxPixels?: number): Promise<QrCode[]> {
  return detectQrCodes(await loadImage(bytes, { maxPixels }), 1);
}

/**
 * The codes on `pages`, searched in that order, up to the first page that shows a valid payment
 * code (the pages after it cannot change the answer). `scanned` are the pages the read will OCR:
 * they are searched in OCR's pixels, as the read searches them. A page that cannot be drawn
 * carries no code we can read; the others still count.
 */
export async function pdfCodes(
  bytes: Uint8Array,
  pages: number[],
  scanned: number[] = [],
): Promise<QrCode[]> {
  const doc = await openPdf(bytes);
  try {
    const jpegs = scanned.length ? scanJpegsOf(bytes, doc) : new Map();
    const codes: QrCode[] = [];
    for (const page of pages) {
      try {
        const { raster } = await searchRaster(doc, page, scanned.includes(page), jpegs.get(page));
        codes.push(...detectQrCodes(raster, page));
      } catch (err) {
        if (!(err instanceof ReadError)) throw err;
        continue;
      }
      if (paymentQrOf(codes).found) break;
    }
    return codes;
  } finally {
    await doc.destroy().catch(() => {});
  }
}
