// The page work the engine hands to its worker pool, and the one shared pool that runs it.
// Workers load from the built engine (dist); when the engine runs from its TypeScript sources
// (the tests), the worker still comes from dist, which `npm test` builds first.
import { fileURLToPath } from 'node:url';
import type { OcrPage } from '../ocr/ocr-page.js';
import type { QrCode } from '../qr/detect.js';
import { WorkerPool } from './pool.js';

export type PageTask =
  | { kind: 'qr-pdf'; bytes: Uint8Array; pages: number[] }
  | { kind: 'qr-image'; bytes: Uint8Array; maxPixels?: number }
  | { kind: 'ocr-pdf'; bytes: Uint8Array; pages: number[]; langs: string[] }
  | { kind: 'ocr-image'; bytes: Uint8Array; langs: string[] };

export interface QrCodesResult {
  codes: QrCode[];
}

export interface OcrResult {
  pages: OcrPage[];
}

let pool: WorkerPool | undefined;

function workerScript(): URL {
  const here = new URL(import.meta.url);
  if (fileURLToPath(here).endsWith('.ts')) return new URL('../../dist/workers/page-worker.js', here);
  return new URL('./page-worker.js', here);
}

type ResultOf<T extends PageTask> = T['kind'] extends 'ocr-pdf' | 'ocr-image' ? OcrResult : QrCodesResult;

/** Runs page work in the pool; the bytes are copied, so the caller keeps its buffer. */
export function runPageTask<T extends PageTask>(task: T, timeoutMs: number): Promise<ResultOf<T>> {
  pool ??= new WorkerPool(workerScript());
  const bytes = new Uint8Array(task.bytes);
  return pool.run<ResultOf<T>>({ ...task, bytes }, { timeoutMs, transfer: [bytes.buffer as ArrayBuffer] });
}

/** Ends the engine's workers (hosts call it on shutdown; a CLI may simply exit). */
export async function shutdownWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
