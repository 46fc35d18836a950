import { readInvoice } from '@invoice-reader/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOf } from '../blobs/store.js';
import { call, corpusFile, SAMPLE_XML, startTestServer, type TestServer } from '../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

async function localRead() {
  const bytes = corpusFile(SAMPLE_XML);
  const r = await readInvoice(bytes, { country: 'de' });
  return {
    sha256: hashOf(bytes),
    filename: 'local.xml',
    country: 'de',
    size: bytes.length,
    file_type: r.file_type,
    mode: r.mode,
    pages: r.pages,
    pages_scanned: 5,
    read_at: '2026-03-01T10:00:00.000Z',
    result: { document: r.document, fields: { invoice_no: 'FORGED' }, checks: [] },
  };
}

describe('desktop sync routes', () => {
  it('keeps a locally read result once per content, uncharged, with fields made from its document', async () => {
    const me = await s.session('sync@example.com');
    const body = await localRead();
    const first = await call(s.url, '/api/v1/sync/jobs', { bearer: me.token, json: body });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, duplicate: false, edited_at: null, edits: {} });
    const job = (await call(s.url, `/api/v1/parse/${first.body.job_id}`, { bearer: me.token })).body;
    expect(job).toMatchObject({ status: 'done', source: 'desktop', filename: 'local.xml', charged: false });
    // The client's own fields are not taken: they are projected again from the document.
    expect(job.fields.invoice_no).not.toBe('FORGED');
    expect(job.fields.invoice_no).toBeTruthy();
    // Nothing of the web allowance is used, whatever pages_scanned says.
    expect((await call(s.url, '/api/v1/me', { bearer: me.token })).body.free_parses_used).toBe(0);
    const again = await call(s.url, '/api/v1/sync/jobs', { bearer: me.token, json: body });
    expect(again.body).toMatchObject({ duplicate: true, job_id: first.body.job_id });
    expect((await call(s.url, '/api/v1/parse', { bearer: me.token })).body.total).toBe(1);
    // No file on the service: reading again and page pictures answer so.
    const reparse = await call(s.url, `/api/v1/parse/${job.job_id}/reparse`, {
      bearer: me.token,
      method: 'POST',
    });
    expect(reparse).toMatchObject({ status: 409, body: { detail: 'no_file' } });
    const page = await call(s.url, `/api/v1/parse/${job.job_id}/pages/1.png`, { bearer: me.token });
    expect(page).toMatchObject({ status: 404, body: { detail: 'no_file' } });
  });

  it('merges edits per field, the later winning, and lists them since a cursor', async () => {
    const me = await s.session('edits@example.com');
    const body = await localRead();
    const up = await call(s.url, '/api/v1/sync/jobs', {
      bearer: me.token,
      json: { ...body, edits: { invoice_no: { value: 'D-1', at: '2026-03-01T10:00:00.000Z' } } },
    });
    expect(up.body.edits.invoice_no.value).toBe('D-1');
    const start = await call(s.url, '/api/v1/sync/changes', { bearer: me.token });
    expect(start.body.items.map((i: { job_id: number }) => i.job_id)).toEqual([up.body.job_id]);
    const cursor = start.body.cursor;
    expect(
      (await call(s.url, `/api/v1/sync/changes?since=${encodeURIComponent(cursor)}`, { bearer: me.token }))
        .body.items,
    ).toEqual([]);

    // A correction in the web application shows in the changes, with its time per field.
    const patched = await call(s.url, `/api/v1/parse/${up.body.job_id}/fields`, {
      bearer: me.token,
      method: 'PATCH',
      json: { buyer_name: 'Web Buyer' },
    });
    expect(patched.status).toBe(200);
    const changes = await call(s.url, `/api/v1/sync/changes?since=${encodeURIComponent(cursor)}`, {
      bearer: me.token,
    });
    expect(changes.body.items).toHaveLength(1);
    expect(changes.body.items[0].edits).toMatchObject({
      invoice_no: { value: 'D-1' },
      buyer_name: { value: 'Web Buyer' },
    });

    // An older edit of a field loses; a newer one wins.
    const older = await call(s.url, '/api/v1/sync/jobs', {
      bearer: me.token,
      json: { ...body, edits: { invoice_no: { value: 'OLD', at: '2026-02-01T00:00:00.000Z' } } },
    });
    expect(older.body.edits.invoice_no.value).toBe('D-1');
    const newer = await call(s.url, '/api/v1/sync/jobs', {
      bearer: me.token,
      json: { ...body, edits: { buyer_name: { value: 'Desk Buyer', at: '2099-01-01T00:00:00.000Z' } } },
    });
    expect(newer.body.edits.buyer_name.value).toBe('Desk Buyer');
    const job = (await call(s.url, `/api/v1/parse/${up.body.job_id}`, { bearer: me.token })).body;
    expect(job.fields).toMatchObject({ invoice_no: 'D-1', buyer_name: 'Desk Buyer' });
  });

  it('compares the times of edits as instants, whatever their form', async () => {
    const me = await s.session('forms@example.com');
    const body = await localRead();
    const send = (edits: Record<string, { value: string; at: string }>) =>
      call(s.url, '/api/v1/sync/jobs', { bearer: me.token, json: { ...body, edits } });
    const first = await send({ invoice_no: { value: 'HALF-PAST', at: '2026-03-01T10:00:00.500Z' } });
    expect(first.body.edits.invoice_no).toEqual({ value: 'HALF-PAST', at: '2026-03-01T10:00:00.500Z' });
    // Half a second earlier, without milliseconds: it sorts after '…00.500Z' as text, and loses.
    const noMs = await send({ invoice_no: { value: 'NO-MS', at: '2026-03-01T10:00:00Z' } });
    expect(noMs.body.edits.invoice_no.value).toBe('HALF-PAST');
    // A later one with more digits wins, and is kept in one form.
    const later = await send({ invoice_no: { value: 'LATER', at: '2026-03-01T10:00:01.25Z' } });
    expect(later.body.edits.invoice_no).toEqual({ value: 'LATER', at: '2026-03-01T10:00:01.250Z' });
    const fresh = await send({ buyer_name: { value: 'Buyer', at: '2026-03-01T10:00:02Z' } });
    expect(fresh.body.edits.buyer_name.at).toBe('2026-03-01T10:00:02.000Z');
  });

  it('a correction on the web wins over an edit stamped later by a clock that ran ahead', async () => {
    const me = await s.session('ahead@example.com');
    const body = await localRead();
    // A desktop whose clock ran a year ahead (before it measured it against the service's).
    const ahead = { invoice_no: { value: 'DESK', at: '2099-01-01T00:00:00.000Z' } };
    const up = await call(s.url, '/api/v1/sync/jobs', { bearer: me.token, json: { ...body, edits: ahead } });
    const patched = await call(s.url, `/api/v1/parse/${up.body.job_id}/fields`, {
      bearer: me.token,
      method: 'PATCH',
      json: { invoice_no: 'WEB' },
    });
    expect(patched.body.fields.invoice_no).toBe('WEB');
    // The desktop sends its edit again (its outbox, or another round): the web's, made after it, stays.
    const again = await call(s.url, '/api/v1/sync/jobs', {
      bearer: me.token,
      json: { ...body, edits: ahead },
    });
    expect(again.body.edits.invoice_no).toEqual({ value: 'WEB', at: '2099-01-01T00:00:00.001Z' });
    const job = (await call(s.url, `/api/v1/parse/${up.body.job_id}`, { bearer: me.token })).body;
    expect(job.fields.invoice_no).toBe('WEB');
  });

  it("states the service's own time in its answers (the desktop measures its clock by it)", async () => {
    const me = await s.session('time@example.com');
    const body = await localRead();
    // This process is the service: its clock, read before and after each answer, brackets the time.
    const send = [
      () => call(s.url, '/api/v1/sync/jobs', { bearer: me.token, json: body }),
      () => call(s.url, '/api/v1/sync/jobs', { bearer: me.token, json: body }), // the duplicate
      () => call(s.url, '/api/v1/sync/changes', { bearer: me.token }),
    ];
    for (const answer of send) {
      const before = Date.now();
      const { status, body: out } = await answer();
      const after = Date.now();
      expect(status).toBe(200);
      expect(out.service_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(out.service_time)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(out.service_time)).toBeLessThanOrEqual(after);
    }
  });

  it('refuses bad input with 422 in the validation shape', async () => {
    const me = await s.session('bad@example.com');
    const body = await localRead();
    const badEdit = await call(s.url, '/api/v1/sync/jobs', {
      bearer: me.token,
      json: { ...body, edits: { invoice_date: { value: '2026-02-31', at: '2026-03-01T10:00:00.000Z' } } },
    });
    expect(badEdit.status).toBe(422);
    expect(badEdit.body.detail[0].loc).toEqual(['body', 'edits', 'invoice_date', 'value']);
    const badSha = await call(s.url, '/api/v1/sync/jobs', {
      bearer: me.token,
      json: { ...body, sha256: 'x' },
    });
    expect(badSha.status).toBe(422);
    const badDoc = await call(s.url, '/api/v1/sync/jobs', {
      bearer: me.token,
      json: { ...body, sha256: 'b'.repeat(64), result: { document: { nonsense: true } } },
    });
    expect(badDoc.status).toBe(422);
    expect(badDoc.body.detail[0].loc).toEqual(['body', 'result', 'document']);
    const badCursor = await call(s.url, '/api/v1/sync/changes?since=yesterday', { bearer: me.token });
    expect(badCursor.status).toBe(422);
    expect((await call(s.url, '/api/v1/parse', { bearer: me.token })).body.total).toBe(0);
  });
});
