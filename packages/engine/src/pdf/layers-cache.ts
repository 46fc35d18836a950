// The layers (layers.ts) of a PDF an estimate parsed, kept a short while for the read of the same
// file that usually follows (a host estimates at upload and reads in its job queue), so that a
// text PDF is parsed once, not twice. Small and short-lived: a few dozen short files for minutes;
// a file read again later, or a large one, is simply parsed again.
import { createHash } from 'node:crypto';
import type { RequestedMode } from '../result.js';
import { runReadTask } from '../workers/read-tasks.js';
import type { PdfLayers } from './layers.js';

const MAX_ENTRIES = 64;
/** Larger files are not kept (nor hashed on the host's thread). */
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_PAGES = 10;
const KEEP_MS = 10 * 60_000;

const kept = new Map<string, { layers: PdfLayers; until: number }>();

const keyOf = (bytes: Uint8Array, country: string) =>
  `${country}:${createHash('sha256').update(bytes).digest('hex')}`;

/** The `auto` layers of a PDF parsed in a read worker for an estimate, kept for its read. */
export async function estimateLayers(
  bytes: Uint8Array,
  country: string,
  timeoutMs: number,
): Promise<PdfLayers> {
  const layers = await runReadTask({ kind: 'pdf-layers', bytes, mode: 'auto', country }, timeoutMs);
  if (bytes.length <= MAX_BYTES && layers.pages <= MAX_PAGES) {
    const now = Date.now();
    for (const [key, entry] of kept) if (entry.until <= now) kept.delete(key);
    // Oldest first: the map keeps insertion order.
    while (kept.size >= MAX_ENTRIES) kept.delete(kept.keys().next().value!);
    kept.set(keyOf(bytes, country), { layers, until: now + KEEP_MS });
  }
  return layers;
}

/** The layers for a read: those an estimate kept (taken, once), else parsed in a read worker. */
export function readLayers(
  bytes: Uint8Array,
  mode: RequestedMode,
  country: string,
  timeoutMs: number,
): Promise<PdfLayers> {
  if (mode === 'auto' && bytes.length <= MAX_BYTES && kept.size) {
    const key = keyOf(bytes, country);
    const entry = kept.get(key);
    kept.delete(key);
    if (entry && entry.until > Date.now()) return Promise.resolve(entry.layers);
  }
  return runReadTask({ kind: 'pdf-layers', bytes, mode, country }, timeoutMs);
}

/** How many files' layers are kept (for tests). */
export function keptLayers(): number {
  return kept.size;
}
