// Blobs in an S3-compatible bucket, under the same layout as on disk (<prefix>aa/bb/<sha256>), so a
// bucket copied to a folder (`aws s3 sync`) is a DATA_DIR/blobs and back. An object is written
// whole by one PUT (S3 never shows half of one) with its MD5, which the server checks.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Location } from './blob-url.js';
import { BlobMissing, type BlobStore, BlobStoreUnavailable, checkedSha, hashOf } from './store.js';

/** How long one request may take before it is given up (the SDK tries three times). */
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

export class S3BlobStore implements BlobStore {
  readonly where: string;
  private readonly client: S3Client;

  constructor(private readonly loc: S3Location) {
    this.where = `s3://${loc.bucket}/${loc.prefix}`;
    this.client = new S3Client({
      region: loc.region,
      ...(loc.endpoint ? { endpoint: loc.endpoint, forcePathStyle: true } : {}),
      ...(loc.credentials ? { credentials: loc.credentials } : {}),
      // Checksums only where S3 requires them: the newer default (a CRC trailer in aws-chunked
      // bodies) is not understood by every S3-compatible server; Content-MD5 is, and is sent.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: CONNECT_TIMEOUT_MS },
    });
  }

  /** Asks for the bucket once (at start): a wrong address, name or key stops the service with a
   * clear message rather than failing every upload later. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.loc.bucket }));
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'no such bucket'
          : status === 403
            ? 'access denied (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)'
            : err instanceof Error
              ? `${err.name}: ${err.message}`
              : String(err);
      throw new BlobStoreUnavailable(`${this.where}: ${why}`, { cause: err });
    }
  }

  keyOf(sha256: string): string {
    checkedSha(sha256);
    return `${this.loc.prefix}${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha = hashOf(bytes);
    // Content-addressed: a blob that is there holds these bytes (no second write, no new version).
    if (await this.contains(sha)) return sha;
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.loc.bucket,
          Key: this.keyOf(sha),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentMD5: createHash('md5').update(bytes).digest('base64'),
          ContentType: 'application/octet-stream',
        }),
      ),
    );
    return sha;
  }

  async get(sha256: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.open(sha256)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(sha256: string): Promise<Readable> {
    const key = this.keyOf(sha256);
    const out = await this.call(
      () => this.client.send(new GetObjectCommand({ Bucket: this.loc.bucket, Key: key })),
      sha256,
    );
    if (!(out.Body instanceof Readable)) throw new BlobStoreUnavailable(`${this.where}: no body for ${key}`);
    return out.Body;
  }

  async contains(sha256: string): Promise<boolean> {
    const key = this.keyOf(sha256);
    try {
      await this.call(
        () => this.client.send(new HeadObjectCommand({ Bucket: this.loc.bucket, Key: key })),
        sha256,
      );
      return true;
    } catch (err) {
      if (err instanceof BlobMissing) return false;
      throw err;
    }
  }

  async delete(sha256: string): Promise<void> {
    const key = this.keyOf(sha256);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.loc.bucket, Key: key })));
  }

  /** Stops the client's kept-alive connections (at shutdown). */
  close(): void {
    this.client.destroy();
  }

  /** A 404 is BlobMissing (when a blob was asked for); anything else is the store unavailable. */
  private async call<T>(request: () => Promise<T>, sha256?: string): Promise<T> {
    try {
      return await request();
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (sha256 && status === 404) throw new BlobMissing(sha256);
      const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw new BlobStoreUnavailable(`${this.where}: ${why}`, { cause: err });
    }
  }
}
