// Reads a photo or scan (PNG, JPEG): a payment QR code first; the rest of the page needs OCR,
// which is not available in this version.
import { paymentQrOf, type QrScan } from './qr/read-qr.js';
import { qrFailure } from './read-pdf.js';
import { asFailure, Failure, type ReadContext, type Reading } from './reading.js';
import type { RequestedMode } from './result.js';
import { runPageTask } from './workers/page-tasks.js';

export async function readImage(bytes: Uint8Array, mode: RequestedMode, ctx: ReadContext): Promise<Reading> {
  if (mode === 'xml' || mode === 'text') {
    throw new Failure(
      'mode_not_applicable',
      `an image has no ${mode === 'xml' ? 'embedded XML' : 'text layer'}`,
      mode,
      1,
    );
  }
  if (mode === 'ocr') {
    throw new Failure('mode_not_available', 'reading scans (OCR) is not available in this version', 'ocr', 1);
  }
  let scan: QrScan;
  try {
    scan = paymentQrOf((await runPageTask({ kind: 'qr-image', bytes }, ctx.timeoutMs)).codes);
  } catch (err) {
    asFailure(err, mode === 'auto' ? null : mode, 1);
  }
  if (scan.found) return { mode: 'qr', document: scan.found.document, pages: 1, pagesScanned: 0 };
  const why = qrFailure(scan, 1);
  if (mode === 'qr' || scan.invalid.length) throw why;
  throw new Failure(
    'mode_not_available',
    `${why.message}; reading scans (OCR) is not available in this version`,
    'qr',
    1,
    ['qr'],
  );
}
