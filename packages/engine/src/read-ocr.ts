// Reads an invoice from OCR'd pages: the words become laid-out text for the same field
// extraction as a PDF text layer, and each value's confidence is capped by the OCR confidence
// of the words it was read from, so a doubtful digit never becomes a confirmed value.
import type { Document } from './document.js';
import { ReadError } from './errors.js';
import type { LayoutPage } from './extract/page/layout.js';
import { readTextInvoice } from './extract/text-invoice.js';
import { tesseractLangs } from './ocr/models.js';
import { doubtNameVariants } from './ocr/name-variants.js';
import {
  capByOcrConfidence,
  type OcrBackend,
  type OcrPage,
  ocrLayout,
  ratedDocument,
  rateUnreadIban,
} from './ocr/ocr-page.js';
import { combineReads, needsSecondRead, SECOND_READER, secondReadPages } from './ocr/second-read.js';
import { looksLikeInvoice, type ReadContext, timeLeft } from './reading.js';
import { pageWorkers, runPageTask, type ScanResult } from './workers/page-tasks.js';
import { runReadTask } from './workers/read-tasks.js';

/**
 * The invoice on OCR'd pages, together with the usable text-layer pages of the same PDF (a file
 * mixing typed and scanned pages): values found on a text page keep the text layer as source.
 */
export function readOcrPages(pages: OcrPage[], country: string, textPages: LayoutPage[] = []): Document {
  const all = [...textPages, ...pages.map(ocrLayout)].sort((a, b) => a.page - b.page);
  const doc = readTextInvoice(all, { source: 'ocr', reader: 'tesseract', country });
  capByOcrConfidence(doc, pages, country);
  rateUnreadIban(doc, pages);
  doubtNameVariants(doc, pages);
  const typed = new Set(textPages.map((p) => p.page));
  for (const prov of Object.values(doc.provenance)) {
    if (prov.page && typed.has(prov.page)) Object.assign(prov, { source: 'text', reader: 'pdf-text' });
  }
  return doc;
}

/** readOcrPages in a read worker: the extraction takes 2-15 ms a scan, which a server's thread
 * (answering `/health` and polls meanwhile) should not spend. */
export async function readOcrPagesOffThread(
  pages: OcrPage[],
  ctx: ReadContext,
  textPages: LayoutPage[] = [],
): Promise<Document> {
  const task = { kind: 'read-ocr-pages', pages, country: ctx.country, textPages } as const;
  return ratedDocument(await runReadTask(task, timeLeft(ctx)));
}

/**
 * The first read's document, completed by a second read with the other backend when the first
 * left its core incomplete (ocr/second-read.ts) and the read has time for it: a second read
 * takes about as long again as the first. It runs to a deadline of its own, SECOND_READ_MARGIN_MS
 * before the read's, so one that runs late is cut and dropped, as one that fails is, and the
 * first read is returned, never a timeout. A first read that found no number, date or total has
 * nothing to return (the read would end `not_an_invoice`): the second read is then tried with
 * whatever time is left. Both reads cover the same pages, so `pages_scanned` is unchanged.
 */
export async function withSecondRead(
  first: Document,
  startedAt: number,
  ctx: ReadContext,
  readAgain: (backend: OcrBackend, pages: number[], ctx: ReadContext) => Promise<OcrPage[]>,
  textPages: LayoutPage[] = [],
  scanned: number[] = [1],
): Promise<Document> {
  if (!needsSecondRead(first)) return first;
  const again = secondReadPages(first, scanned);
  const took = Date.now() - startedAt;
  const own: ReadContext = { ...ctx, deadline: ctx.deadline - SECOND_READ_MARGIN_MS };
  const left = own.deadline - Date.now();
  const needed = (SECOND_READ_ROOM * took * again.length) / scanned.length;
  if (left <= 0 || (looksLikeInvoice(first) && left < needed)) return first;
  try {
    return combineReads(
      first,
      await readOcrPagesOffThread(await readAgain(SECOND_READER, again, own), own, textPages),
    );
  } catch (err) {
    if (err instanceof ReadError) return first;
    throw err;
  }
}

/** The time a second read needs, as a multiple of the first read's (the hybrid takes ~1.6×). */
const SECOND_READ_ROOM = 1.6;

/** How long before the read's deadline a second read is cut: room to return the first read. */
export const SECOND_READ_MARGIN_MS = 2_000;

/**
 * The pages searched for a payment code, each rendered once for the search and (when it is one
 * of `scanned`) for OCR; the OCR is skipped when a valid payment code turns up.
 */
export function scanQrPages(
  bytes: Uint8Array,
  qrPages: number[],
  scanned: number[],
  ctx: ReadContext,
): Promise<ScanResult> {
  const ocrPages = qrPages.filter((p) => scanned.includes(p));
  return runPageTask(
    { kind: 'scan-pdf', bytes, qrPages, ocrPages, langs: tesseractLangs(ctx.country), stopOnPaymentQr: true },
    timeLeft(ctx),
  );
}

/** OCR of PDF pages, split into one run of consecutive pages per worker (so a long scan uses
 * every core, and holds one copy of the file per worker, not per page). */
export async function ocrPdfPages(
  bytes: Uint8Array,
  pages: number[],
  ctx: ReadContext,
  backend?: OcrBackend,
): Promise<OcrPage[]> {
  if (!pages.length) return [];
  const runs = Math.min(pageWorkers(), pages.length);
  const size = Math.ceil(pages.length / runs);
  const chunks = Array.from({ length: runs }, (_, i) => pages.slice(i * size, (i + 1) * size)).filter(
    (c) => c.length,
  );
  const langs = tesseractLangs(ctx.country);
  const results = await Promise.all(
    chunks.map((ocrPages) =>
      runPageTask(
        { kind: 'scan-pdf', bytes, qrPages: [], ocrPages, langs, stopOnPaymentQr: false, backend },
        timeLeft(ctx),
      ),
    ),
  );
  return results.flatMap((r) => r.pages).sort((a, b) => a.page - b.page);
}

export async function ocrImage(
  bytes: Uint8Array,
  ctx: ReadContext,
  backend?: OcrBackend,
): Promise<OcrPage[]> {
  const task = { kind: 'ocr-image' as const, bytes, langs: tesseractLangs(ctx.country), backend };
  return (await runPageTask(task, timeLeft(ctx))).pages;
}
