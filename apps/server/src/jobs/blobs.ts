// Content-addressed file store: a file lives at blobs/<aa>/<bb>/<sha256>, written to a temporary
// name and renamed, so a crash never leaves a half-written blob under a real name.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class BlobStore {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  static hash(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a sha256');
    return path.join(this.dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /** Stores the bytes under their hash (once: the same bytes are the same blob). */
  put(bytes: Uint8Array): string {
    const sha = BlobStore.hash(bytes);
    const file = this.pathOf(sha);
    if (this.has(file)) return sha;
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
    } catch (err) {
      // A disk that filled up mid-write leaves nothing behind, not half a file.
      rmSync(tmp, { force: true });
      throw err;
    }
    return sha;
  }

  /** Removes a blob no job refers to any more (the caller checks). */
  delete(sha256: string): void {
    rmSync(this.pathOf(sha256), { force: true });
  }

  /** Whether the file is kept (a job synced from the desktop app has none: it was read there). */
  contains(sha256: string): boolean {
    return this.has(this.pathOf(sha256));
  }

  get(sha256: string): Buffer {
    return readFileSync(this.pathOf(sha256));
  }

  private has(file: string): boolean {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  }
}
