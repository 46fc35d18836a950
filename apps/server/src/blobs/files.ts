// The default blob store: a file lives at DATA_DIR/blobs/<aa>/<bb>/<sha256>, written to a
// temporary name and renamed, so a crash never leaves a half-written blob under a real name.

import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobMissing, type BlobStore, checkedSha, hashOf } from './store.js';

export class FileBlobStore implements BlobStore {
  readonly where: string;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.where = `files in ${dir}`;
  }

  pathOf(sha256: string): string {
    checkedSha(sha256);
    return path.join(this.dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha = hashOf(bytes);
    const file = this.pathOf(sha);
    if (await isFile(file)) return sha;
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    } catch (err) {
      // A disk that filled up mid-write leaves nothing behind, not half a file.
      await rm(tmp, { force: true });
      throw err;
    }
    return sha;
  }

  async get(sha256: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(sha256));
    } catch (err) {
      throw missingOr(err, sha256);
    }
  }

  async open(sha256: string): Promise<Readable> {
    const file = this.pathOf(sha256);
    // Checked first: a stream reports a missing file only once it is read.
    if (!(await isFile(file))) throw new BlobMissing(sha256);
    return createReadStream(file);
  }

  contains(sha256: string): Promise<boolean> {
    return isFile(this.pathOf(sha256));
  }

  async delete(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  close(): void {}
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function missingOr(err: unknown, sha256: string): unknown {
  return (err as { code?: string }).code === 'ENOENT' ? new BlobMissing(sha256) : err;
}
