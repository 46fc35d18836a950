// Rendered page pictures, kept so the review screen's second look costs nothing: one file per
// sha256, page and width under DATA_DIR/page-cache/<sha256>/, removed with the file's blob.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class PageCache {
  constructor(private readonly dir: string) {}

  private fileOf(sha256: string, page: number, width: number): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a sha256');
    return path.join(this.dir, sha256, `${page}-${width}.png`);
  }

  get(sha256: string, page: number, width: number): Buffer | undefined {
    try {
      return readFileSync(this.fileOf(sha256, page, width));
    } catch {
      return undefined;
    }
  }

  /** Written under a temporary name and renamed: a reader never sees half a picture. */
  put(sha256: string, page: number, width: number, png: Uint8Array): void {
    const file = this.fileOf(sha256, page, width);
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(tmp, png);
    renameSync(tmp, file);
  }

  /** Every picture of a file (when its blob goes). */
  delete(sha256: string): void {
    if (/^[0-9a-f]{64}$/.test(sha256)) rmSync(path.join(this.dir, sha256), { recursive: true, force: true });
  }
}
