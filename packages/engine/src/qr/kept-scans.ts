// The payment QR code search an estimate made, kept a short while for the read of the same file
// that usually follows (as pdf/layers-cache.ts keeps a PDF's layers): the file is searched once,
// and the read takes the code the estimate found, so the two cannot decide differently. Small and
// short-lived; a file read again later, or a large one, is simply searched again.
import { createHash } from 'node:crypto';
import type { QrScan } from './read-qr.js';

const MAX_ENTRIES = 64;
/** Larger files are not kept (nor hashed on the host's thread). */
const MAX_BYTES = 5 * 1024 * 1024;
const KEEP_MS = 10 * 60_000;

const kept = new Map<string, { scan: QrScan; until: number }>();

// The country is part of the key: it decides a PDF's text layer, so which pages the read OCRs and
// in which pixels it searches them.
const keyOf = (bytes: Uint8Array, country: string) =>
  `${country}:${createHash('sha256').update(bytes).digest('hex')}`;

export function keepQrScan(bytes: Uint8Array, country: string, scan: QrScan): void {
  if (bytes.length > MAX_BYTES) return;
  const now = Date.now();
  for (const [key, entry] of kept) if (entry.until <= now) kept.delete(key);
  // Oldest first: the map keeps insertion order.
  while (kept.size >= MAX_ENTRIES) kept.delete(kept.keys().next().value!);
  kept.set(keyOf(bytes, country), { scan, until: now + KEEP_MS });
}

/** The search an estimate kept for this file and country (taken, once), if any. */
export function takeQrScan(bytes: Uint8Array, country: string): QrScan | undefined {
  if (bytes.length > MAX_BYTES || !kept.size) return undefined;
  const key = keyOf(bytes, country);
  const entry = kept.get(key);
  kept.delete(key);
  return entry && entry.until > Date.now() ? entry.scan : undefined;
}

/** How many searches are kept (for tests). */
export function keptQrScans(): number {
  return kept.size;
}
