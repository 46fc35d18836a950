// PATCH /api/v1/parse/{id}/lines against the real service: cells checked by kind, written with
// `user` provenance, the account's own jobs only, and corrections kept over a new reading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  junkPng,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
} from '../test-support/server.js';

let s: TestServer;
let anna: TestSession;

beforeAll(async () => {
  s = await startTestServer();
  anna = await s.session('anna-lines@example.com');
});
afterAll(() => s.stop());

const job = (who: TestSession, id: number) => call(s.url, `/api/v1/parse/${id}`, { session: who });
const done = (who: TestSession, id: number) =>
  waitFor(async () => {
    const r = await job(who, id);
    return r.body.status === 'done' || r.body.status === 'failed' ? r.body : undefined;
  }, `job ${id} to end`);
const patchLines = (who: TestSession, id: number, json: unknown) =>
  call(s.url, `/api/v1/parse/${id}/lines`, { session: who, method: 'PATCH', json });

describe.skipIf(!haveCorpus)('correcting line items', () => {
  let id: number;

  beforeAll(async () => {
    const up = await call(s.url, '/api/v1/parse/upload', {
      session: anna,
      body: form(corpusFile(SAMPLE_XML), {}, 'factur-x.xml'),
    });
    id = up.body.job_id;
    const read = await done(anna, id);
    expect(read.status).toBe('done');
    expect(read.document.lines.length).toBeGreaterThan(0);
  });

  it('refuses bad cells one by one, in the validation shape, and changes nothing', async () => {
    const before = (await job(anna, id)).body.document;
    const bad = await patchLines(anna, id, {
      'lines.0.quantity': '2,5',
      'lines.0.net_amount': '12',
      'vat_breakdown.0.rate': '120',
      'lines.99.description': 'x',
      'totals.net': '1.00',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: string[]; ctx: { kind: string } }) => [d.loc, d.ctx.kind])).toEqual(
      [
        [['body', 'lines.0.quantity'], 'quantity'],
        [['body', 'lines.0.net_amount'], 'amount'],
        [['body', 'vat_breakdown.0.rate'], 'rate'],
        [['body', 'lines.99.description'], 'unknown_cell'],
        [['body', 'totals.net'], 'unknown_cell'],
      ],
    );
    expect(bad.body.detail[0]).toMatchObject({ type: 'value_error', input: '2,5' });
    expect((await job(anna, id)).body.document).toEqual(before);
    expect((await patchLines(anna, id, {})).status).toBe(422);
    expect((await patchLines(anna, id, { 'lines.0.quantity': 2 })).status).toBe(422);
    expect((await patchLines(anna, id, [])).status).toBe(422);
  });

  it('keeps a correction in the document as the person’s, with the checks made again', async () => {
    const ok = await patchLines(anna, id, {
      'lines.0.description': ' Corrected item ',
      'vat_breakdown.0.tax': '1.00',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.document.lines[0].description).toBe('Corrected item');
    expect(ok.body.document.provenance['lines.0.description']).toMatchObject({
      source: 'user',
      reader: 'edit',
    });
    expect(ok.body.document.vat_breakdown[0].tax).toBe('1.00');
    // The breakdown's VAT no longer makes the total: the engine's check says so.
    expect(ok.body.checks.find((c: { id: string }) => c.id === 'sum.vat_breakdown')).toMatchObject({
      outcome: 'fail',
    });
    const again = await job(anna, id);
    expect(again.body.document.lines[0].description).toBe('Corrected item');
  });

  it('is the owner’s only, for a read invoice, with a session and the right Origin', async () => {
    const bob = await s.session('bob-lines@example.com');
    expect([(await patchLines(bob, id, { 'lines.0.unit': 'h' })).status]).toEqual([404]);
    expect((await patchLines(anna, 999999, { 'lines.0.unit': 'h' })).body).toEqual({
      detail: 'job_not_found',
    });
    const p = `/api/v1/parse/${id}/lines`;
    expect((await call(s.url, p, { method: 'PATCH', json: {} })).body).toEqual({
      detail: 'not_authenticated',
    });
    expect((await call(s.url, p, { method: 'PATCH', headers: { cookie: anna.cookie } })).body).toEqual({
      detail: 'csrf_origin',
    });
  });

  it('keeps the corrections when the same file is read again', async () => {
    const again = await call(s.url, `/api/v1/parse/${id}/reparse`, { session: anna, method: 'POST' });
    expect(again.status).toBe(200);
    const read = await done(anna, id);
    expect(read.document.lines[0].description).toBe('Corrected item');
    expect(read.document.provenance['lines.0.description']).toMatchObject({ source: 'user' });
    expect(read.document.vat_breakdown[0].tax).toBe('1.00');
  });

  it('answers job_not_done for a file that could not be read', async () => {
    const carl = await s.session('carl-lines@example.com');
    const up = await call(s.url, '/api/v1/parse/upload', {
      session: carl,
      body: form(junkPng(7), {}, 'scan.png'),
    });
    expect((await done(carl, up.body.job_id)).status).toBe('failed');
    expect((await patchLines(carl, up.body.job_id, { 'lines.0.unit': 'h' })).body).toEqual({
      detail: 'job_not_done',
    });
  });
});
