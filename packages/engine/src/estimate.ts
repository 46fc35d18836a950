// A cheap look at a file before it is read, for hosts that bill: its type, its page count and how
// many pages may need OCR (the only reading that is charged). It never runs OCR. A PDF's text
// layer is parsed in a read worker, off the host's thread. An image, and a PDF with pages to OCR,
// is searched for a payment QR code as the read searches it (qr/page-codes.ts, in a read worker,
// within QR_SEARCH_MS): a QR bill is read from its code and never charged, so nothing is reserved.
// The search is kept for the read (qr/kept-scans.ts). The real read later charges only the pages
// it actually scanned, which is never more than this upper bound.
import { extractSignedContent } from './cms/p7m.js';
import { type ErrorCode, ReadError } from './errors.js';
import { embeddedFailureAnswers, MAX_PAGES, type PdfLayers } from './pdf/layers.js';
import { estimateLayers } from './pdf/layers-cache.js';
import { countryOf } from './project/countries.js';
import { keepQrScan } from './qr/kept-scans.js';
import { paymentQrOf, type QrScan } from './qr/read-qr.js';
import { imageNeedsOcr } from './read-image.js';
import { DEFAULT_TIMEOUT_MS } from './read-invoice.js';
import { pagesToOcr, qrPages } from './read-pdf.js';
import type { Estimate, FileType } from './result.js';
import { sniff } from './sniff.js';
import { runReadTask } from './workers/read-tasks.js';

export interface EstimateOptions {
  /** Upper bound for the PDF parsing (the read's default timeout when absent). */
  timeoutMs?: number;
  /**
   * The country the file will be read for: a PDF's text layer is then parsed as the read parses
   * it, and it and the payment code search are kept a short while, so that the read which follows
   * does not do them again. A PDF is searched for a payment code only when the country is given.
   */
  country?: string;
  /** Upper bound for the payment code search, queue included (QR_SEARCH_MS when absent); a
   * `timeoutMs` given bounds it too. */
  qrTimeoutMs?: number;
  /**
   * Whether to search for a payment code (default true). A host that can cover the pages anyway
   * skips it (`false`): the pages are reserved and given back when the read finds a code, and an
   * upload is answered without waiting for the search.
   */
  qrSearch?: boolean;
}

/**
 * How long a submission waits for the payment code search: on the corpus it takes 30-730 ms for
 * an image and 150-1,300 ms for a scanned PDF (up to four pages); past this bound the file is
 * estimated as if it had no code (its pages are reserved, and given back if the read finds one).
 */
export const QR_SEARCH_MS = 5_000;

export async function estimateRead(bytes: Uint8Array, opts: EstimateOptions = {}): Promise<Estimate> {
  const type = sniff(bytes);
  if (type === 'empty') return refuse('empty_file', 'the file is empty', null);
  if (type === 'unknown')
    return refuse('unsupported_file_type', 'the file is not a PDF, JPG, PNG or XML', null);
  if (type === 'xml') return { fileType: type, pages: 0, pagesToScan: 0 };
  if (type === 'png' || type === 'jpeg') {
    if (opts.qrSearch === false) return { fileType: type, pages: 1, pagesToScan: 1 };
    const scan = await searchQr(bytes, undefined, opts);
    return { fileType: type, pages: 1, pagesToScan: scan && !imageNeedsOcr(scan) ? 0 : 1 };
  }
  if (type === 'cms') {
    // A signed envelope (.p7m) carries an XML invoice; what it holds is read, never scanned.
    try {
      return { ...(await estimateRead(extractSignedContent(bytes).content, opts)), fileType: type };
    } catch {
      return { fileType: type, pages: 0, pagesToScan: 0 };
    }
  }
  return estimatePdfOffThread(bytes, opts);
}

/** The PDF's estimate from a read worker; a PDF the worker cannot finish (it runs out of time, or
 * pdf.js crashes on it) costs the read the same work, which then fails and charges nothing. */
async function estimatePdfOffThread(bytes: Uint8Array, opts: EstimateOptions): Promise<Estimate> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const country = countryOf(opts.country ?? '')?.code;
  try {
    if (!country) return await runReadTask({ kind: 'estimate-pdf', bytes }, timeoutMs);
    const { estimate, scanned } = estimateOfLayers(await estimateLayers(bytes, country, timeoutMs));
    if (!scanned.length || opts.qrSearch === false) return estimate;
    // The pages the read searches for a payment code, last first, the ones it would OCR in OCR's
    // pixels: where it finds a valid code, it reads that and scans nothing.
    const scan = await searchQr(bytes, { pages: qrPages(estimate.pages).reverse(), scanned }, opts);
    return scan?.found ? { ...estimate, pagesToScan: 0 } : estimate;
  } catch (err) {
    if (err instanceof ReadError) return { fileType: 'pdf', pages: 0, pagesToScan: 0 };
    throw err;
  }
}

/**
 * The search for a payment code a read makes first, in a read worker (not the page pool, where an
 * upload would wait behind OCR), bounded by `qrTimeoutMs` from now; kept for the read when a
 * country is given. Undefined when it could not finish (the file is then estimated as without a
 * code; an image that does not decode fails its read, unscanned, just the same).
 */
async function searchQr(
  bytes: Uint8Array,
  pdf: { pages: number[]; scanned: number[] } | undefined,
  opts: EstimateOptions,
): Promise<QrScan | undefined> {
  // Only a timeout given shortens the search: a host's longer qrTimeoutMs (a busy machine's) holds.
  const bound = Math.max(1, Math.min(opts.qrTimeoutMs ?? QR_SEARCH_MS, opts.timeoutMs ?? Infinity));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), bound);
  });
  try {
    const codes = await Promise.race([
      runReadTask({ kind: 'qr-codes', bytes, ...(pdf ? { pdf } : {}) }, bound).catch(() => undefined),
      late,
    ]);
    if (!codes) return undefined;
    const scan = paymentQrOf(codes);
    const country = countryOf(opts.country ?? '')?.code;
    if (country) keepQrScan(bytes, country, scan);
    return scan;
  } finally {
    clearTimeout(timer);
  }
}

/** The estimate-pdf task's answer (pdf/estimate-pdf.ts) from the layers the read will use, and
 * the pages the read would OCR (read-pdf.ts's pagesToOcr). */
function estimateOfLayers(layers: PdfLayers): { estimate: Estimate; scanned: number[] } {
  const { pages } = layers;
  if (pages > MAX_PAGES) {
    const message = `the PDF has ${pages} pages; at most ${MAX_PAGES} are read`;
    return { estimate: refuse('too_many_pages', message, 'pdf', pages), scanned: [] };
  }
  // An embedded invoice (read, or an attachment named as one that fails to read) is never scanned.
  if (layers.xml || embeddedFailureAnswers(layers.xmlError))
    return { estimate: { fileType: 'pdf', pages, pagesToScan: 0 }, scanned: [] };
  const scanned = pagesToOcr(layers, 'auto');
  return { estimate: { fileType: 'pdf', pages, pagesToScan: scanned.length }, scanned };
}

function refuse(error: ErrorCode, message: string, fileType: FileType | null, pages = 0): Estimate {
  return { fileType, pages, pagesToScan: 0, error, message };
}
