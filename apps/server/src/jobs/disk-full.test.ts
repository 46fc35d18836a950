// A full disk while an upload is stored: a real one, a 64 KiB tmpfs mounted over the blob folder
// (mounting needs root, which this project's machines and CI are). The answer is 507
// `insufficient_storage`, no half-written file stays, no job is made, and a file that fits
// is still taken.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChildOk } from '../../../../scripts/run-child.mjs';
import {
  call,
  corpusDir,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  waitFor,
} from '../test-support/server.js';

const root = process.getuid?.() === 0;
let s: TestServer;
let blobDir = '';

describe.skipIf(!haveCorpus || !root)('disk full while storing an upload', () => {
  beforeAll(async () => {
    s = await startTestServer();
    blobDir = path.join(s.dataDir, 'blobs');
    await runChildOk('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', blobDir]);
  });
  afterAll(async () => {
    if (blobDir) await runChildOk('umount', [blobDir]);
    await s?.stop();
  });

  it('answers 507 and keeps nothing; a file that fits is still taken', async () => {
    const who = await s.session('disk@example.com');
    const big = readFileSync(path.join(corpusDir, 'einvoice/mustangproject/zugferd_invoice.pdf'));
    expect(big.length).toBeGreaterThan(64 * 1024);
    const full = await call(s.url, '/api/v1/parse/upload', { session: who, body: form(big) });
    expect([full.status, full.body]).toEqual([507, { detail: 'insufficient_storage' }]);
    expect(readdirSync(blobDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual(
      [],
    );
    expect((await call(s.url, '/api/v1/parse', { session: who })).body.total).toBe(0);
    const small = await call(s.url, '/api/v1/parse/upload', {
      session: who,
      body: form(readFileSync(SAMPLE_XML)),
    });
    expect(small.status).toBe(200);
    // Read to its end before the tmpfs is unmounted: a read in progress holds the file open.
    const ended = await waitFor(async () => {
      const r = await call(s.url, `/api/v1/parse/${small.body.job_id}`, { session: who });
      return r.body.status === 'done' || r.body.status === 'failed' ? r.body.status : undefined;
    }, 'the small upload read');
    expect(ended).toBe('done');
  });
});
