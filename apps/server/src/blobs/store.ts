// What the service asks of the place that keeps uploaded files: content-addressed blobs (the key
// is the SHA-256 of the bytes), written whole or not at all and never changed. Two places keep
// them: files under DATA_DIR (the default, files.ts) and an S3-compatible bucket (s3.ts).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface BlobStore {
  /** Where the blobs are, for logs and errors ("files in /srv/data/blobs", "s3://bucket/prefix"). */
  readonly where: string;
  /** Stores the bytes under their hash (once: the same bytes are the same blob); returns it. */
  put(bytes: Uint8Array): Promise<string>;
  /** The whole blob (the engine reads a file whole); BlobMissing when it is not kept. */
  get(sha256: string): Promise<Buffer>;
  /** The blob as a stream, read as it is used (no whole copy in memory); BlobMissing when gone. */
  open(sha256: string): Promise<Readable>;
  /** Whether the blob is kept (a job synced from the desktop app has none: it was read there). */
  contains(sha256: string): Promise<boolean>;
  /** Removes a blob no job refers to any more (the caller checks); a missing one is no error. */
  delete(sha256: string): Promise<void>;
  /** Lets go of connections (at shutdown). */
  close(): void;
}

/** Asked for a blob that is not kept (removed, or never stored here). */
export class BlobMissing extends Error {
  readonly code = 'blob_missing';
  constructor(readonly sha256: string) {
    super(`no blob ${sha256}`);
  }
}

/** The store did not answer or refused (network, credentials, bucket): nothing was changed. The
 * service answers `503 busy` (try again), as for a database that stayed locked. */
export class BlobStoreUnavailable extends Error {
  readonly code = 'blob_store_unavailable';
}

export function hashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Refuses anything but a lowercase SHA-256: a key never comes from a caller's free text. */
export function checkedSha(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a sha256');
  return sha256;
}
