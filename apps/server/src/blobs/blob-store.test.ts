// The two blob stores keep the same promises, checked against real places: a temporary folder,
// and s3rver (an S3-compatible server from npm) on loopback. Then the service with BLOB_URL: an
// upload lands in the bucket and is read from it, and a store that does not answer refuses the
// upload with 503 (nothing recorded), leaves a queued job queued until it answers again, and
// does not stop a job's deletion.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test-support/s3.js';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  waitFor,
  waitForJob,
} from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';
import { parseBlobUrl } from './blob-url.js';
import { FileBlobStore } from './files.js';
import { openBlobStore } from './open.js';
import { S3BlobStore } from './s3.js';
import { BlobMissing, type BlobStore, BlobStoreUnavailable, hashOf } from './store.js';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(path.join(tmpdir(), 'ir-blobs-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

const s3Store = (prefix = 'blobs') => {
  const env = s3.env(prefix);
  return new S3BlobStore(parseBlobUrl(env.BLOB_URL!, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }));
};
const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe.each([
  ['files', (): BlobStore => new FileBlobStore(dir)],
  ['s3', (): BlobStore => s3Store()],
])('the %s blob store', (_name, make) => {
  it('keeps bytes under their SHA-256, once, and gives them back whole or as a stream', async () => {
    const store = make();
    const bytes = Buffer.from(`an invoice ${Math.random()}`);
    const sha = await store.put(bytes);
    expect(sha).toBe(hashOf(bytes));
    expect(await store.put(bytes)).toBe(sha);
    expect(await store.contains(sha)).toBe(true);
    expect((await store.get(sha)).equals(bytes)).toBe(true);
    expect((await read(await store.open(sha))).equals(bytes)).toBe(true);
    store.close();
  });

  it('streams a large blob as it was written', async () => {
    const store = make();
    // 6 MiB of varied bytes: more than one read of a stream, and nothing a store can shorten.
    const big = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
    const sha = await store.put(big);
    let chunks = 0;
    let length = 0;
    for await (const c of await store.open(sha)) {
      chunks++;
      length += (c as Buffer).length;
    }
    expect(length).toBe(big.length);
    expect(chunks).toBeGreaterThan(1);
    expect(hashOf(await store.get(sha))).toBe(sha);
    store.close();
  });

  it('answers BlobMissing for a blob it does not keep, and deletes quietly', async () => {
    const store = make();
    const sha = await store.put(Buffer.from(`short-lived ${Math.random()}`));
    await store.delete(sha);
    await store.delete(sha);
    expect(await store.contains(sha)).toBe(false);
    await expect(store.get(sha)).rejects.toBeInstanceOf(BlobMissing);
    await expect(store.open(sha)).rejects.toBeInstanceOf(BlobMissing);
    await expect(store.get('not-a-hash')).rejects.toThrow('not a sha256');
    store.close();
  });
});

describe('the S3 blob store', () => {
  it('keeps blobs under the prefix in the layout of DATA_DIR/blobs', () => {
    const sha = hashOf(Buffer.from('x'));
    expect(s3Store('tenant/a').keyOf(sha)).toBe(`tenant/a/${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`);
    expect(s3Store('').keyOf(sha)).toBe(`${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`);
  });

  it('refuses to start on a bucket that is not there, or a server that does not answer', async () => {
    const wrongBucket = { ...parseBlobUrl(`s3://nothing-here?endpoint=${s3.endpoint}`), kind: 's3' as const };
    await expect(
      openBlobStore({ ...wrongBucket, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }),
    ).rejects.toThrow(/nothing-here.*no such bucket/);
    const down = await startTestS3();
    const env = down.env();
    await down.stop();
    const loc = parseBlobUrl(env.BLOB_URL!, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    await expect(openBlobStore({ kind: 's3', ...loc })).rejects.toBeInstanceOf(BlobStoreUnavailable);
  });
});

describe('BLOB_URL', () => {
  it('reads bucket, prefix, endpoint and region', () => {
    expect(parseBlobUrl('s3://my.bucket-1/a/b/?endpoint=http://127.0.0.1:9000/&region=eu-central-1')).toEqual(
      {
        bucket: 'my.bucket-1',
        prefix: 'a/b/',
        region: 'eu-central-1',
        endpoint: 'http://127.0.0.1:9000',
        credentials: undefined,
      },
    );
    expect(parseBlobUrl('s3://bucket')).toMatchObject({
      prefix: '',
      region: 'us-east-1',
      endpoint: undefined,
    });
  });

  it('refuses what it cannot use, saying why', () => {
    expect(() => parseBlobUrl('http://bucket')).toThrow('scheme http: is not s3:');
    expect(() => parseBlobUrl('s3://Bad_Bucket')).toThrow('is not a bucket name');
    expect(() => parseBlobUrl('s3://key:secret@bucket')).toThrow('credentials do not belong in the URL');
    expect(() => parseBlobUrl('s3://bucket?endpoint=ftp://x')).toThrow('is not an http(s) address');
    expect(() => parseBlobUrl('s3://bucket?endpont=http://x')).toThrow('unknown parameter "endpont"');
    expect(() => parseBlobUrl('s3://bucket', { accessKeyId: 'a' })).toThrow('go together');
  });
});

describe.skipIf(!haveCorpus)('the service with BLOB_URL', () => {
  it('stores an upload in the bucket, reads it from there, and nothing under DATA_DIR/blobs', async () => {
    const server = await startTestServer(s3.env('service'));
    try {
      const { key } = await server.account('s3@example.com');
      const bytes = corpusFile(SAMPLE_XML);
      const r = await call(server.url, '/v1/parse', { key, body: form(bytes) });
      expect(r.status).toBe(200);
      const job = await waitForJob(server.url, key, r.body.job_id);
      expect(job.status).toBe('done');
      const store = s3Store('service');
      expect(await store.contains(hashOf(bytes))).toBe(true);
      store.close();
      expect(readdirSync(server.dataDir)).not.toContain('blobs');
    } finally {
      await server.stop();
    }
  });

  it('answers 503 busy while the store is down (nothing recorded), and a queued job waits for it', async () => {
    const own = await startTestS3();
    const port = Number(new URL(own.endpoint).port);
    const server = await startTestServer(own.env());
    let again: TestS3 | undefined;
    try {
      const { key, accountId } = await server.account('s3-down@example.com');
      const bytes = corpusFile(SAMPLE_XML);
      const sha = hashOf(bytes);
      // Stored while the store answered; the job itself is queued below, while it does not.
      const first = await call(server.url, '/v1/parse', { key, body: form(bytes) });
      await waitForJob(server.url, key, first.body.job_id);
      const person = await server.session('s3-down-web@example.com');
      const web = await call(server.url, '/api/v1/parse/upload', {
        session: person,
        body: form(Buffer.concat([bytes, Buffer.from('\n\n')])),
      });
      expect(web.status).toBe(200);
      await waitFor(async () => {
        const r = await call(server.url, `/api/v1/parse/${web.body.job_id}`, { session: person });
        return r.body.status === 'done';
      }, 'the web upload read');
      await own.stop();
      // Deleting a job does not wait for the bucket: the job goes, its file stays behind.
      const deleted = await call(server.url, `/api/v1/parse/${web.body.job_id}`, {
        session: person,
        method: 'DELETE',
      });
      expect([deleted.status, deleted.body]).toEqual([200, { ok: true, deleted: web.body.job_id }]);
      const refused = await call(server.url, '/v1/parse', {
        key,
        body: form(Buffer.concat([bytes, Buffer.from('\n')])),
      });
      expect([refused.status, refused.body, refused.headers.get('retry-after')]).toEqual([
        503,
        { detail: 'busy' },
        '2',
      ]);
      const jobs = () => sqlRows(server.db, 'select id, status from jobs where account_id = ?', accountId);
      expect(await jobs()).toHaveLength(1);
      // A read asked again (the web application's reparse) finds the store down: it stays queued.
      await sqlRows(
        server.db,
        "update jobs set status = 'queued', attempts = 0 where id = ?",
        first.body.job_id,
      );
      server.runner?.kick();
      await waitFor(
        async () => server.runner?.idle && (await jobs())[0]?.status === 'queued',
        'the job left queued',
      );
      // The store is back (same address, empty): the file is put back, and the job is read.
      again = await startTestS3(port);
      const store = new S3BlobStore(
        parseBlobUrl(again.env().BLOB_URL!, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
      );
      expect(await store.put(bytes)).toBe(sha);
      store.close();
      const done = await waitForJob(server.url, key, first.body.job_id);
      expect(done.status).toBe('done');
    } finally {
      await server.stop();
      await again?.stop();
    }
  });
});
