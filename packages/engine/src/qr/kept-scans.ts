// The payment QR code search an estimate made, kept for the read of the same file that usually
// follows (kept-for-read.ts): the file is searched once, and the read takes the code the estimate
// found, so the two cannot decide differently.
import { KeptForRead } from '../kept-for-read.js';
import type { QrScan } from './read-qr.js';

const kept = new KeptForRead<QrScan>();

export function keepQrScan(bytes: Uint8Array, country: string, scan: QrScan): void {
  kept.keep(bytes, country, scan);
}

/** The search an estimate kept for this file and country (taken, once), if any. */
export function takeQrScan(bytes: Uint8Array, country: string): QrScan | undefined {
  return kept.take(bytes, country);
}

/** How many searches are kept (for tests). */
export function keptQrScans(): number {
  return kept.size;
}
