// What an estimate worked out about a file (its PDF layers, its payment code search), kept a short
// while for the read of the same file that usually follows (a host estimates at upload and reads
// in its job queue), so that the work is done once and the two cannot decide differently. Small
// and short-lived: a few dozen files for minutes; a file read again later, or a large one, is
// simply worked on again. Keyed by the country too: it decides a PDF's text layer.
import { createHash } from 'node:crypto';

const MAX_ENTRIES = 64;
/** Larger files are not kept (nor hashed on the host's thread). */
const MAX_BYTES = 5 * 1024 * 1024;
const KEEP_MS = 10 * 60_000;

export class KeptForRead<T> {
  private readonly kept = new Map<string, { value: T; until: number }>();

  keep(bytes: Uint8Array, country: string, value: T): void {
    if (bytes.length > MAX_BYTES) return;
    const now = Date.now();
    for (const [key, entry] of this.kept) if (entry.until <= now) this.kept.delete(key);
    // Oldest first: the map keeps insertion order.
    while (this.kept.size >= MAX_ENTRIES) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(keyOf(bytes, country), { value, until: now + KEEP_MS });
  }

  /** What was kept for this file and country (taken, once), if anything. */
  take(bytes: Uint8Array, country: string): T | undefined {
    if (bytes.length > MAX_BYTES || !this.kept.size) return undefined;
    const key = keyOf(bytes, country);
    const entry = this.kept.get(key);
    this.kept.delete(key);
    return entry && entry.until > Date.now() ? entry.value : undefined;
  }

  /** How many files are kept (for tests). */
  get size(): number {
    return this.kept.size;
  }
}

const keyOf = (bytes: Uint8Array, country: string) =>
  `${country}:${createHash('sha256').update(bytes).digest('hex')}`;
