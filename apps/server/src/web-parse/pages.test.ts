// The review screen's page pictures over real HTTP: a text PDF's page rendered at the asked
// width (decoded with sharp), an image made upright, the cache, and every refusal.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { jobById } from '@invoice-reader/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusDir,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
} from '../test-support/server.js';

let s: TestServer;
let erin: TestSession;
let finn: TestSession;

beforeAll(async () => {
  s = await startTestServer();
  erin = await s.session('erin@example.com');
  finn = await s.session('finn@example.com');
});
afterAll(() => s.stop());

const upload = async (who: TestSession, bytes: Uint8Array, name: string): Promise<number> => {
  const r = await call(s.url, '/api/v1/parse/upload', { session: who, body: form(bytes, {}, name) });
  expect(r.status).toBe(200);
  return r.body.job_id;
};
/** The picture's bytes (call() reads bodies as text, which would spoil a PNG). */
const picture = async (who: TestSession, p: string) => {
  const res = await fetch(s.url + p, { headers: { cookie: who.cookie } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
};

describe.skipIf(!haveCorpus)('page pictures', () => {
  let pdfJob: number;

  it('renders a PDF page at the asked width, keeps it, and shows it to its owner only', async () => {
    const dir = path.join(corpusDir, 'textpdf/invoice2data');
    const pdf = readdirSync(dir).find((f) => f.endsWith('.pdf'))!;
    pdfJob = await upload(erin, corpusFile(path.join(dir, pdf)), pdf);
    const first = await picture(erin, `/api/v1/parse/${pdfJob}/pages/1.png`);
    expect([first.status, first.type]).toEqual([200, 'image/png']);
    const meta = await sharp(first.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200 });
    expect(meta.height).toBeGreaterThan(1000); // a portrait page
    // Not a blank page: a text invoice has dark pixels.
    const { min } = (await sharp(first.bytes).stats()).channels[0]!;
    expect(min).toBeLessThan(100);

    const small = await picture(erin, `/api/v1/parse/${pdfJob}/pages/1.png?width=600`);
    expect((await sharp(small.bytes).metadata()).width).toBe(600);
    // Kept in the page cache, and the same picture answered again.
    const cache = path.join(s.dataDir, 'page-cache');
    expect(readdirSync(cache, { recursive: true }).filter((f) => String(f).endsWith('.png'))).toHaveLength(2);
    expect((await picture(erin, `/api/v1/parse/${pdfJob}/pages/1.png`)).bytes.equals(first.bytes)).toBe(true);

    expect((await call(s.url, `/api/v1/parse/${pdfJob}/pages/99.png`, { session: erin })).body).toEqual({
      detail: 'page_not_found',
    });
    expect((await call(s.url, `/api/v1/parse/${pdfJob}/pages/1.png`, { session: finn })).body).toEqual({
      detail: 'job_not_found',
    });
    expect((await call(s.url, `/api/v1/parse/${pdfJob}/pages/1.png`)).body).toEqual({
      detail: 'not_authenticated',
    });
  });

  it('refuses bad page numbers and widths with 422', async () => {
    for (const [p, loc] of [
      ['0.png', ['path', 'n']],
      ['x.png', ['path', 'n']],
      ['1.png?width=50', ['query', 'width']],
      ['1.png?width=9000', ['query', 'width']],
    ] as const) {
      const r = await call(s.url, `/api/v1/parse/${pdfJob}/pages/${p}`, { session: erin });
      expect([r.status, r.body.detail[0].loc], p).toEqual([422, loc]);
    }
  });

  it('has no page for an e-invoice', async () => {
    const id = await upload(erin, corpusFile(SAMPLE_XML), 'factur-x.xml');
    expect((await call(s.url, `/api/v1/parse/${id}/pages/1.png`, { session: erin })).body).toEqual({
      detail: 'no_page',
    });
  });

  it('shows an image upright, never enlarged, and forgets it when the job is deleted', async () => {
    // A 300×200 JPEG stored sideways with EXIF orientation 6: upright it is 200×300.
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const id = await upload(finn, jpeg, 'photo.jpg');
    const r = await picture(finn, `/api/v1/parse/${id}/pages/1.png`);
    expect(r.status).toBe(200);
    expect(await sharp(r.bytes).metadata()).toMatchObject({ format: 'png', width: 200, height: 300 });
    expect((await call(s.url, `/api/v1/parse/${id}/pages/2.png`, { session: finn })).body).toEqual({
      detail: 'page_not_found',
    });
    await waitFor(async () => {
      const j = await call(s.url, `/api/v1/parse/${id}`, { session: finn });
      return j.body.status === 'done' || j.body.status === 'failed';
    }, 'the image job to end');
    const sha = (await jobById(s.db, id))!.sha256;
    expect(existsSync(path.join(s.dataDir, 'page-cache', sha))).toBe(true);
    expect((await call(s.url, `/api/v1/parse/${id}`, { session: finn, method: 'DELETE' })).status).toBe(200);
    expect(existsSync(path.join(s.dataDir, 'page-cache', sha))).toBe(false);
  });
});
