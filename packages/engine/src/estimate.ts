// A cheap look at a file before it is read, for hosts that bill: its type, its page count and how
// many pages may need OCR (the only reading that is charged). It never runs OCR or QR detection; a
// PDF's text layer is parsed in a read worker, off the host's thread. The real read later charges
// only the pages it actually scanned, which is never more than this upper bound.
import { extractSignedContent } from './cms/p7m.js';
import { type ErrorCode, ReadError } from './errors.js';
import { MAX_PAGES, type PdfLayers } from './pdf/layers.js';
import { estimateLayers } from './pdf/layers-cache.js';
import { countryOf } from './project/countries.js';
import { DEFAULT_TIMEOUT_MS } from './read-invoice.js';
import { type FileType, sniff } from './sniff.js';
import { runReadTask } from './workers/read-tasks.js';

export interface Estimate {
  fileType: FileType | null;
  pages: number;
  /** Upper bound of the pages the read may OCR: 0 for XML, hybrid and text-layer PDFs. */
  pagesToScan: number;
  /** Set when the file is refused before reading (the host answers it at once). */
  error?: ErrorCode;
  message?: string;
}

export interface EstimateOptions {
  /** Upper bound for the PDF parsing (the read's default timeout when absent). */
  timeoutMs?: number;
  /**
   * The country the file will be read for: a PDF's text layer is then parsed as the read parses
   * it and kept a short while, so that the read which follows does not parse it again.
   */
  country?: string;
}

export async function estimateRead(bytes: Uint8Array, opts: EstimateOptions = {}): Promise<Estimate> {
  const type = sniff(bytes);
  if (type === 'empty') return refuse('empty_file', 'the file is empty', null);
  if (type === 'unknown')
    return refuse('unsupported_file_type', 'the file is not a PDF, JPG, PNG or XML', null);
  if (type === 'xml') return { fileType: type, pages: 0, pagesToScan: 0 };
  if (type === 'png' || type === 'jpeg') return { fileType: type, pages: 1, pagesToScan: 1 };
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
    return estimateOfLayers(await estimateLayers(bytes, country, timeoutMs));
  } catch (err) {
    if (err instanceof ReadError) return { fileType: 'pdf', pages: 0, pagesToScan: 0 };
    throw err;
  }
}

/** The estimate-pdf task's answer (pdf/estimate-pdf.ts), from the layers the read will use. */
function estimateOfLayers(layers: PdfLayers): Estimate {
  const { pages } = layers;
  if (pages > MAX_PAGES)
    return refuse(
      'too_many_pages',
      `the PDF has ${pages} pages; at most ${MAX_PAGES} are read`,
      'pdf',
      pages,
    );
  // An embedded invoice (read, or an attachment named as one that fails to read) is never scanned.
  if (layers.xml || (layers.xmlError && layers.xmlError.code !== 'malformed_pdf'))
    return { fileType: 'pdf', pages, pagesToScan: 0 };
  return { fileType: 'pdf', pages, pagesToScan: layers.text.filter((p) => !p.usable).length };
}

function refuse(error: ErrorCode, message: string, fileType: FileType | null, pages = 0): Estimate {
  return { fileType, pages, pagesToScan: 0, error, message };
}
