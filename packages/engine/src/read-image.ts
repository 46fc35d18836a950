// Reads a photo or scan (PNG, JPEG): a payment QR code first, else OCR of the page.

import type { Document } from './document.js';
import { ReadError } from './errors.js';
import { takeQrScan } from './qr/kept-scans.js';
import { paymentQrOf, type QrScan } from './qr/read-qr.js';
import { ocrImage, readOcrPagesOffThread, withSecondRead } from './read-ocr.js';
import { qrFailure } from './read-pdf.js';
import { asFailure, Failure, looksLikeInvoice, type ReadContext, type Reading, timeLeft } from './reading.js';
import type { Mode, RequestedMode } from './result.js';
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
  if (mode === 'ocr') return readScan(bytes, ctx, []);
  let scan: QrScan;
  try {
    // The estimate at submission may have searched this file already (qr/kept-scans.ts).
    scan =
      takeQrScan(bytes, ctx.country) ??
      paymentQrOf((await runPageTask({ kind: 'qr-image', bytes }, timeLeft(ctx))).codes);
  } catch (err) {
    asFailure(err, mode === 'auto' ? null : mode, 1);
  }
  if (scan.found) return { mode: 'qr', document: scan.found.document, pages: 1, pagesScanned: 0 };
  const why = qrFailure(scan, 1);
  if (mode === 'qr' || !imageNeedsOcr(scan)) throw why;
  return readScan(bytes, ctx, ['qr'], why.message);
}

/**
 * Whether an image goes to OCR (the only reading that is charged) after its payment code search:
 * not when it shows a valid payment code (read from the code), nor when its payment code is
 * invalid (that is the answer: the read fails, unscanned). The estimate asks the same.
 */
export function imageNeedsOcr(scan: QrScan): boolean {
  return !scan.found && !scan.invalid.length;
}

/** OCR of the image: the only reading that is charged (one scanned page). */
async function readScan(
  bytes: Uint8Array,
  ctx: ReadContext,
  tried: Mode[],
  before?: string,
): Promise<Reading> {
  const all: Mode[] = [...tried, 'ocr'];
  let document: Document;
  try {
    const started = Date.now();
    const first = await readOcrPagesOffThread(await ocrImage(bytes, ctx), ctx);
    document = await withSecondRead(first, started, ctx, (backend, _pages, own) =>
      ocrImage(bytes, own, backend),
    );
  } catch (err) {
    if (err instanceof ReadError) throw new Failure(err.code, err.message, all[0]!, 1, all);
    throw err;
  }
  if (!looksLikeInvoice(document)) {
    const why = 'the scanned page names no invoice number, date or total';
    throw new Failure('not_an_invoice', before ? `${before}; ${why}` : why, all[0]!, 1, all);
  }
  return { mode: 'ocr', document, pages: 1, pagesScanned: 1, tried: all };
}
