// The pdf.js half of reading and estimating a PDF (parsing, attachments, the text layer and the
// invoice read from it), the parsing of XML e-invoices and the field extraction from OCR'd pages
// run in a small pool of read workers of its own, so that the host's thread only orchestrates.
// Not the page pool: an estimate answers an upload, and must not wait behind seconds of OCR
// queued there. Workers load from dist (workerScript in pool.ts).
import { availableParallelism } from 'node:os';
import type { Document } from '../document.js';
import type { LayoutPage } from '../extract/page/layout.js';
import type { OcrPage, RatedDocument } from '../ocr/ocr-page.js';
import type { PdfLayers } from '../pdf/layers.js';
import type { QrCode } from '../qr/detect.js';
import type { Estimate, RequestedMode } from '../result.js';
import { WorkerPool, workerScript } from './pool.js';

export type ReadTask =
  | { kind: 'estimate-pdf'; bytes: Uint8Array }
  | { kind: 'pdf-layers'; bytes: Uint8Array; mode: RequestedMode; country: string }
  /** An XML e-invoice: small ones parse in milliseconds, a hostile one of megabytes in seconds. */
  | { kind: 'read-xml'; bytes: Uint8Array }
  /** The invoice on OCR'd pages (read-ocr.ts): 2-15 ms of extraction a scan, off the host's thread. */
  | { kind: 'read-ocr-pages'; pages: OcrPage[]; country: string; textPages: LayoutPage[] }
  /**
   * An estimate's search for a payment QR code (qr/page-codes.ts): an image, or the `pages` of a
   * PDF with the pages the read will OCR (`scanned`). The read makes the same search in the page
   * pool; the estimate's is here, so that an upload never waits behind OCR.
   */
  | { kind: 'qr-codes'; bytes: Uint8Array; pdf?: { pages: number[]; scanned: number[] } };

type ResultOf<T extends ReadTask> = T['kind'] extends 'estimate-pdf'
  ? Estimate
  : T['kind'] extends 'read-xml'
    ? Document
    : T['kind'] extends 'read-ocr-pages'
      ? RatedDocument
      : T['kind'] extends 'qr-codes'
        ? QrCode[]
        : PdfLayers;

/** Read workers: parsing is quick next to OCR, so two at most (one per core). */
export const READ_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

let pool: WorkerPool | undefined;

/** Runs a read task in the read pool; a task's bytes are copied, so the caller keeps its buffer.
 * Rejects with a ReadError (the worker's code, `timeout`, or `internal_error`). */
export function runReadTask<T extends ReadTask>(task: T, timeoutMs: number): Promise<ResultOf<T>> {
  pool ??= new WorkerPool(workerScript(import.meta.url, 'read-worker.js'), READ_WORKERS);
  if (!('bytes' in task)) return pool.run<ResultOf<T>>({ ...task }, { timeoutMs });
  const bytes = new Uint8Array(task.bytes);
  return pool.run<ResultOf<T>>({ ...task, bytes }, { timeoutMs, transfer: [bytes.buffer as ArrayBuffer] });
}

/** Ends the read workers (shutdownWorkers in workers/shutdown.ts ends them with the page pool). */
export async function shutdownReadWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
