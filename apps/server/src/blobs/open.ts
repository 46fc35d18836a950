// Opens the blob store the configuration names: files under DATA_DIR, or the bucket of BLOB_URL.
// The S3 client is loaded only then, so the embedded default does not pay for it at start.
import type { S3Location } from './blob-url.js';
import { FileBlobStore } from './files.js';
import type { BlobStore } from './store.js';

export type BlobConfig = { kind: 'files'; dir: string } | ({ kind: 's3' } & S3Location);

export async function openBlobStore(config: BlobConfig): Promise<BlobStore> {
  if (config.kind === 'files') return new FileBlobStore(config.dir);
  const { S3BlobStore } = await import('./s3.js');
  const store = new S3BlobStore(config);
  try {
    await store.check();
  } catch (err) {
    store.close();
    throw err;
  }
  return store;
}
