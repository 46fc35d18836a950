// Reads a PDF in the order of `auto`: the embedded invoice XML (hybrid PDFs; the page may add the
// lines and VAT breakdown it lacks), then a payment QR code on its pages, then the text layer; a
// QR code and the text layer combine. Pages without a
// usable text layer go to OCR, each rendered once for the code search and the OCR. The pdf.js
// parsing happens in a read worker and the rendering in the page workers: this thread only decides.
import { combineQrAndText } from './combine.js';
import type { Document } from './document.js';
import { type ErrorCode, ReadError } from './errors.js';
import type { OcrPage } from './ocr/ocr-page.js';
import { addPageTables } from './page-tables.js';
import { embeddedFailureAnswers, MAX_PAGES, type PdfLayers } from './pdf/layers.js';
import { readLayers } from './pdf/layers-cache.js';
import { takeQrScan } from './qr/kept-scans.js';
import { paymentQrOf, type QrScan } from './qr/read-qr.js';
import { ocrPdfPages, readOcrPagesOffThread, scanQrPages, withSecondRead } from './read-ocr.js';
import { asFailure, Failure, looksLikeInvoice, type ReadContext, type Reading, timeLeft } from './reading.js';
import type { Mode, RequestedMode } from './result.js';
import { runPageTask } from './workers/page-tasks.js';

export async function readPdf(bytes: Uint8Array, mode: RequestedMode, ctx: ReadContext): Promise<Reading> {
  // The pdf.js parsing (embedded XML, text layer) runs in a read worker, given the time left;
  // an estimate of the same file may have done it already.
  let layers: PdfLayers;
  try {
    layers = await readLayers(bytes, mode, ctx.country, timeLeft(ctx));
  } catch (err) {
    asFailure(err, mode === 'auto' ? null : mode);
  }
  const { pages, text, textDoc } = layers;
  if (pages > MAX_PAGES) {
    throw new Failure(
      'too_many_pages',
      `the PDF has ${pages} pages; at most ${MAX_PAGES} are read`,
      mode === 'auto' ? null : mode,
      pages,
    );
  }
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
      if (layers.xml) {
        // The lines and VAT breakdown an XML without them leaves to the page, where its figures
        // confirm what the page prints (page-tables.ts).
        const { document, checks } = addPageTables(layers.xml.document, textDoc);
        return {
          mode: 'xml',
          document,
          pages,
          pagesScanned: 0,
          embeddedFile: layers.xml.embeddedFile,
          ...(checks.length ? { checks } : {}),
          ...(textDoc ? { tried: ['xml', 'text'] as Mode[] } : {}),
        };
      }
      const xmlError = layers.xmlError && new ReadError(layers.xmlError.code, layers.xmlError.message);
      if (xmlError) tried.push('xml');
      if (mode === 'xml' || embeddedFailureAnswers(layers.xmlError)) {
        // An embedded invoice that cannot be read is the answer: its text layer only shows it.
        const e = xmlError ?? new ReadError('no_embedded_invoice', 'the PDF has no embedded invoice XML');
        fail(e.code, e.message, 'xml');
      }
      if (xmlError) reasons.push(xmlError.message);
    }
    const usable = text.filter((p) => p.usable);
    const scanned = pagesToOcr(layers, mode);
    const ocrDone: OcrPage[] = [];
    const ocrStarted = Date.now();
    if (mode === 'auto' || mode === 'qr') {
      tried.push('qr');
      // The estimate at submission may have made this very search already (qr/kept-scans.ts).
      const kept = mode === 'auto' ? takeQrScan(bytes, ctx.country) : undefined;
      const scan =
        kept ??
        (scanned.length
          ? await scanQrAndOcr(bytes, pages, scanned, ctx, ocrDone)
          : await scanPages(bytes, pages, ctx));
      if (scan.found) {
        if (textDoc) tried.push('text');
        const { document, checks } = combineQrAndText(scan.found.document, textDoc);
        // An invoice whose text layer names its number, with a payment code added, is read from its
        // text: the code adds its payment data to what the page says. A page that is the payment
        // slip alone (a QR bill) is read from its code.
        const invoice = !!textDoc?.number && looksLikeInvoice(textDoc);
        return { mode: invoice ? 'text' : 'qr', document, pages, pagesScanned: 0, checks, tried };
      }
      const why = qrFailure(scan, pages);
      if (mode === 'qr') fail(why.code, why.message, 'qr');
      reasons.push(why.message);
    }
    if (textDoc) tried.push('text');
    if (textDoc && !scanned.length) {
      if (!looksLikeInvoice(textDoc))
        fail('not_an_invoice', 'the text layer names no invoice number, date or total', 'text');
      return { mode: 'text', document: textDoc, pages, pagesScanned: 0, tried };
    }
    if (mode === 'text') fail('no_text_layer', 'the PDF has no usable text layer', 'text');
    // Scanned pages: OCR, the only reading that is charged (pages_scanned counts exactly the
    // pages recognised).
    tried.push('ocr');
    const done = new Set(ocrDone.map((p) => p.page));
    const rest = await ocrPdfPages(
      bytes,
      scanned.filter((p) => !done.has(p)),
      ctx,
    );
    const ocrPages = [...ocrDone, ...rest].sort((a, b) => a.page - b.page);
    const textPages = textDoc ? usable : [];
    const document = await withSecondRead(
      await readOcrPagesOffThread(ocrPages, ctx, textPages),
      ocrStarted,
      ctx,
      (backend, again, own) => ocrPdfPages(bytes, again, own, backend),
      textPages,
      ocrPages.map((p) => p.page),
    );
    if (!looksLikeInvoice(document))
      fail('not_an_invoice', 'the scanned pages name no invoice number, date or total', 'ocr');
    return { mode: 'ocr', document, pages, pagesScanned: ocrPages.length, tried };
  } catch (err) {
    asFailure(err, mode === 'auto' ? null : mode, pages);
  }
}

/**
 * The pages a read OCRs unless it finds a payment code: in `ocr` mode every page; in `auto` the
 * pages without a usable text layer, and only when the text pages alone do not make the invoice
 * (a typed invoice with a scanned delivery note is read, and charged, as text). The estimate at
 * submission reserves these (estimate.ts).
 */
export function pagesToOcr(layers: PdfLayers, mode: RequestedMode): number[] {
  if (mode === 'ocr') return Array.from({ length: layers.pages }, (_, i) => i + 1);
  if (mode !== 'auto' || (layers.textDoc && isComplete(layers.textDoc))) return [];
  return layers.text.filter((p) => !p.usable).map((p) => p.page);
}

/** Pages scanned for a payment code: all of a short document, else the first two and last two. */
export function qrPages(count: number): number[] {
  if (count <= 4) return Array.from({ length: count }, (_, i) => i + 1);
  return [1, 2, count - 1, count];
}

/** The pages' QR codes, found in the engine's worker pool (rendering is heavy, and a damaged
 * page must not stall or crash the host). */
async function scanPages(bytes: Uint8Array, pages: number, ctx: ReadContext): Promise<QrScan> {
  // The payment part of a QR bill is usually on the last page: look there first.
  const { codes } = await runPageTask(
    { kind: 'qr-pdf', bytes, pages: qrPages(pages).reverse() },
    timeLeft(ctx),
  );
  return paymentQrOf(codes);
}

/** The same search on a PDF with scanned pages: a page searched for a code that OCR needs too
 * is rendered once for both, and its OCR (done unless a payment code is found) lands in `ocr`. */
async function scanQrAndOcr(
  bytes: Uint8Array,
  pages: number,
  scanned: number[],
  ctx: ReadContext,
  ocr: OcrPage[],
): Promise<QrScan> {
  const result = await scanQrPages(bytes, qrPages(pages).reverse(), scanned, ctx);
  ocr.push(...result.pages);
  return paymentQrOf(result.codes);
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

/** Text pages that name the invoice number and its gross total need no scanned page beside them. */
function isComplete(d: Document): boolean {
  return !!(d.number && d.totals.gross);
}
