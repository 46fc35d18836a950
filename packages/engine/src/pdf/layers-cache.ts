// The layers (layers.ts) of a PDF an estimate parsed, kept for the read of the same file that
// usually follows (kept-for-read.ts), so that a text PDF is parsed once, not twice.
import { KeptForRead } from '../kept-for-read.js';
import type { RequestedMode } from '../result.js';
import { runReadTask } from '../workers/read-tasks.js';
import type { PdfLayers } from './layers.js';

/** Longer PDFs are not kept. */
const MAX_PAGES = 10;

const kept = new KeptForRead<PdfLayers>();

/** The `auto` layers of a PDF parsed in a read worker for an estimate, kept for its read. */
export async function estimateLayers(
  bytes: Uint8Array,
  country: string,
  timeoutMs: number,
): Promise<PdfLayers> {
  const layers = await runReadTask({ kind: 'pdf-layers', bytes, mode: 'auto', country }, timeoutMs);
  if (layers.pages <= MAX_PAGES) kept.keep(bytes, country, layers);
  return layers;
}

/** The layers for a read: those an estimate kept (taken, once), else parsed in a read worker. */
export function readLayers(
  bytes: Uint8Array,
  mode: RequestedMode,
  country: string,
  timeoutMs: number,
): Promise<PdfLayers> {
  const layers = mode === 'auto' ? kept.take(bytes, country) : undefined;
  if (layers) return Promise.resolve(layers);
  return runReadTask({ kind: 'pdf-layers', bytes, mode, country }, timeoutMs);
}

/** How many files' layers are kept (for tests). */
export function keptLayers(): number {
  return kept.size;
}
