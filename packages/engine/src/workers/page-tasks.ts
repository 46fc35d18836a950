// The page work the engine hands to its worker pool, and the one shared pool that runs it.
// Workers load from the built engine (dist); when the engine runs from its TypeScript sources
// (the tests), the worker still comes from dist, which `npm test` builds first.
import type { OcrBackend, OcrLine, OcrPage } from '../ocr/ocr-page.js';
import type { PagePngResult } from '../pdf/page-png.js';
import type { QrCode } from '../qr/detect.js';
import { WorkerPool, workerScript } from './pool.js';

export type PageTask =
  | { kind: 'qr-pdf'; bytes: Uint8Array; pages: number[] }
  | { kind: 'qr-image'; bytes: Uint8Array; maxPixels?: number }
  /**
   * Scanned PDF pages, each rendered once: the `qrPages` are searched for codes first (at OCR
   * resolution when they are also to be OCR'd); unless `stopOnPaymentQr` finds a valid payment
   * code among them, the `ocrPages` are then recognised.
   */
  | {
      kind: 'scan-pdf';
      bytes: Uint8Array;
      qrPages: number[];
      ocrPages: number[];
      langs: string[];
      stopOnPaymentQr: boolean;
      /** The OCR backend; the languages' default when absent. */
      backend?: OcrBackend;
    }
  | { kind: 'ocr-image'; bytes: Uint8Array; langs: string[]; backend?: OcrBackend }
  /** A rendered page (RGBA pixels) handed off by a `scan-pdf` task to be recognised (hand-off.ts). */
  | {
      kind: 'ocr-raster';
      bytes: Uint8Array;
      width: number;
      height: number;
      page: number;
      dpi?: number;
      langs: string[];
      backend?: OcrBackend;
    }
  /** A band of a prepared page (grey pixels) handed off by the page's own task (hand-off.ts). */
  | { kind: 'ocr-band'; bytes: Uint8Array; width: number; height: number; dpi: number; langs: string[] }
  /** One page as a PNG picture of `width` pixels (page-image.ts). */
  | { kind: 'page-png'; bytes: Uint8Array; type: 'pdf' | 'image'; page: number; width: number };

export interface QrCodesResult {
  codes: QrCode[];
}

export interface OcrResult {
  pages: OcrPage[];
}

/** Lines of an `ocr-band`, word boxes in the band's pixels. */
export interface BandResult {
  lines: OcrLine[];
}

export interface ScanResult extends QrCodesResult, OcrResult {
  /** Pages rendered (each page at most once). */
  rendered: number;
}

let pool: WorkerPool | undefined;

type ResultOf<T extends PageTask> = T['kind'] extends 'scan-pdf'
  ? ScanResult
  : T['kind'] extends 'ocr-image' | 'ocr-raster'
    ? OcrResult
    : T['kind'] extends 'page-png'
      ? PagePngResult
      : T['kind'] extends 'ocr-band'
        ? BandResult
        : QrCodesResult;

function thePool(): WorkerPool {
  pool ??= new WorkerPool(workerScript(import.meta.url, 'page-worker.js'));
  return pool;
}

/** How many tasks run at once (one worker per core, at most four). */
export function pageWorkers(): number {
  return thePool().size;
}

/** Runs page work in the pool; the bytes are copied, so the caller keeps its buffer. */
export function runPageTask<T extends PageTask>(task: T, timeoutMs: number): Promise<ResultOf<T>> {
  const pool = thePool();
  const bytes = new Uint8Array(task.bytes);
  return pool.run<ResultOf<T>>({ ...task, bytes }, { timeoutMs, transfer: [bytes.buffer as ArrayBuffer] });
}

/** Ends the page workers (shutdownWorkers in shutdown.ts ends them with the read pool). */
export async function shutdownPageWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
