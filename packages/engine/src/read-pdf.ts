// Reads a PDF in the order of `auto`: the embedded invoice XML (hybrid PDFs), then a payment QR
// code on its pages, then the text layer; a QR code and the text layer combine. Pages without a
// usable text layer would go to OCR (not available in this version).
import { combineQrAndText } from './combine.js';
import type { Document } from './document.js';
import { type ErrorCode, ReadError } from './errors.js';
import { readTextInvoice } from './extract/text-invoice.js';
import { type Attachment, invoiceCandidates, listAttachments } from './pdf/attachments.js';
import { openPdf, type PdfDocument } from './pdf/open.js';
import { extractText, type PageText } from './pdf/text.js';
import { paymentQrOf, type QrScan } from './qr/read-qr.js';
import { ocrPdfPages, readOcrPages } from './read-ocr.js';
import { asFailure, Failure, type ReadContext, type Reading } from './reading.js';
import type { Mode, RequestedMode } from './result.js';
import { runPageTask } from './workers/page-tasks.js';
import { readXmlInvoice } from './xml/read-xml.js';

export const MAX_PAGES = 100;

export async function readPdf(bytes: Uint8Array, mode: RequestedMode, ctx: ReadContext): Promise<Reading> {
  let doc: PdfDocument;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    asFailure(err, mode === 'auto' ? null : mode);
  }
  const pages = doc.numPages;
  const tried: Mode[] = [];
  const reasons: string[] = [];
  const fail = (code: ErrorCode, reason: string, last: Mode): never => {
    throw new Failure(
      code,
      [...reasons, reason].join('; '),
      tried[0] ?? last,
      pages,
      tried.length ? tried : [last],
    );
  };
  try {
    if (mode === 'auto' || mode === 'xml') {
      const xml = await readEmbeddedXml(doc, pages);
      if (xml.reading) return xml.reading;
      if (xml.error) tried.push('xml');
      if (mode === 'xml' || (xml.error && xml.error.code !== 'malformed_pdf')) {
        // An embedded invoice that cannot be read is the answer: its text layer only shows it.
        const e = xml.error ?? new ReadError('no_embedded_invoice', 'the PDF has no embedded invoice XML');
        fail(e.code, e.message, 'xml');
      }
      if (xml.error) reasons.push(xml.error.message);
    }
    const text = mode === 'auto' || mode === 'text' ? await extractText(doc, { maxPages: MAX_PAGES }) : [];
    const usable = text.filter((p) => p.usable);
    if (mode === 'auto' || mode === 'qr') {
      tried.push('qr');
      const scan = await scanPages(bytes, pages, ctx.timeoutMs);
      if (scan.found) {
        const textDoc = usable.length ? readText(usable, ctx.country) : undefined;
        if (textDoc) tried.push('text');
        const { document, checks } = combineQrAndText(scan.found.document, textDoc);
        return { mode: 'qr', document, pages, pagesScanned: 0, checks, tried };
      }
      const why = qrFailure(scan, pages);
      if (mode === 'qr') fail(why.code, why.message, 'qr');
      reasons.push(why.message);
    }
    if (usable.length && mode !== 'ocr') {
      tried.push('text');
      const document = readText(usable, ctx.country);
      if (!looksLikeInvoice(document))
        fail('not_an_invoice', 'the text layer names no invoice number, date or total', 'text');
      return { mode: 'text', document, pages, pagesScanned: 0, tried };
    }
    if (mode === 'text') fail('no_text_layer', 'the PDF has no usable text layer', 'text');
    // Scanned pages: OCR, the only reading that is charged (pages_scanned).
    tried.push('ocr');
    const scanned = Array.from({ length: Math.min(pages, MAX_PAGES) }, (_, i) => i + 1);
    const document = readOcrPages(await ocrPdfPages(bytes, scanned, ctx.country, ctx.timeoutMs), ctx.country);
    if (!looksLikeInvoice(document))
      fail('not_an_invoice', 'the scanned pages name no invoice number, date or total', 'ocr');
    return { mode: 'ocr', document, pages, pagesScanned: scanned.length, tried };
  } catch (err) {
    asFailure(err, mode === 'auto' ? null : mode, pages);
  } finally {
    await doc.destroy().catch(() => {});
  }
}

async function readEmbeddedXml(
  doc: PdfDocument,
  pages: number,
): Promise<{ reading?: Reading; error?: ReadError }> {
  let attachments: Attachment[] = [];
  let error: ReadError | undefined;
  try {
    attachments = await listAttachments(doc);
  } catch (err) {
    if (!(err instanceof ReadError)) throw err;
    error = err;
  }
  for (const att of invoiceCandidates(attachments)) {
    try {
      const document = readXmlInvoice(att.content);
      return { reading: { mode: 'xml', document, pages, pagesScanned: 0, embeddedFile: att.name } };
    } catch (err) {
      if (!(err instanceof ReadError)) throw err;
      // Another attachment may still be the invoice; remember the first reason this one was not.
      error ??= new ReadError(err.code, `embedded ${att.name}: ${err.message}`);
    }
  }
  return error ? { error } : {};
}

/** Pages scanned for a payment code: all of a short document, else the first two and last two. */
export function qrPages(count: number): number[] {
  if (count <= 4) return Array.from({ length: count }, (_, i) => i + 1);
  return [1, 2, count - 1, count];
}

/** The pages' QR codes, found in the engine's worker pool (rendering is heavy, and a damaged
 * page must not stall or crash the host). */
async function scanPages(bytes: Uint8Array, pages: number, timeoutMs: number): Promise<QrScan> {
  // The payment part of a QR bill is usually on the last page: look there first.
  const { codes } = await runPageTask({ kind: 'qr-pdf', bytes, pages: qrPages(pages).reverse() }, timeoutMs);
  return paymentQrOf(codes);
}

export function qrFailure(scan: QrScan, pages: number): Failure {
  const bad = scan.invalid[0];
  if (bad) return new Failure('invalid_payment_qr', `${bad.error}: ${bad.message}`, 'qr', pages);
  return new Failure(
    'no_qr_code',
    scan.codes ? 'no QR code here is a payment code' : 'no QR code found',
    'qr',
    pages,
  );
}

function readText(pages: PageText[], country: string): Document {
  return readTextInvoice(pages, { source: 'text', reader: 'pdf-text', country });
}

/** Text that names none of number, date and total is no invoice we can read. */
function looksLikeInvoice(d: Document): boolean {
  return !!(d.number || d.issue_date || d.totals.gross || d.totals.net);
}
