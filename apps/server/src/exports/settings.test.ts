// The DATEV numbers the exports screen remembers: per account, the writer's defaults until
// saved, checked like an export request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer, type TestSession } from '../test-support/server.js';

let s: TestServer;
let anna: TestSession;
let bob: TestSession;

beforeAll(async () => {
  s = await startTestServer();
  anna = await s.session('anna@example.com');
  bob = await s.session('bob@example.com');
});
afterAll(() => s.stop());

describe('export settings', () => {
  it("answers the writer's defaults before anything is saved", async () => {
    const r = await call(s.url, '/api/v1/exports/settings', { session: anna });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ok: true,
      consultant_no: '',
      client_no: '',
      account: '1200',
      contra_account: '8400',
      bu_key: '',
      fiscal_year_start: 1,
    });
  });

  it('remembers what an account saves, for that account only', async () => {
    const put = await call(s.url, '/api/v1/exports/settings', {
      session: anna,
      method: 'PUT',
      json: {
        consultant_no: '1001',
        client_no: '20002',
        account: '1600',
        contra_account: '3400',
        bu_key: '9',
        fiscal_year_start: 7,
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ consultant_no: '1001', account: '1600' });
    const again = await call(s.url, '/api/v1/exports/settings', { session: anna });
    expect(again.body).toEqual({
      ok: true,
      consultant_no: '1001',
      client_no: '20002',
      account: '1600',
      contra_account: '3400',
      bu_key: '9',
      fiscal_year_start: 7,
    });
    expect((await call(s.url, '/api/v1/exports/settings', { session: bob })).body.consultant_no).toBe('');
    // A later save replaces the whole set; a key left out takes its default.
    await call(s.url, '/api/v1/exports/settings', { session: anna, method: 'PUT', json: { client_no: '7' } });
    expect((await call(s.url, '/api/v1/exports/settings', { session: anna })).body).toMatchObject({
      consultant_no: '',
      client_no: '7',
      account: '1200',
    });
  });

  it('refuses values an export request would refuse, and changes nothing', async () => {
    const bad = await call(s.url, '/api/v1/exports/settings', {
      session: bob,
      method: 'PUT',
      json: { consultant_no: 'x'.repeat(21) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'consultant_no']);
    const wrongType = await call(s.url, '/api/v1/exports/settings', {
      session: bob,
      method: 'PUT',
      json: { account: 1200 },
    });
    expect(wrongType.status).toBe(422);
    for (const month of [0, 13, 1.5, '7']) {
      const r = await call(s.url, '/api/v1/exports/settings', {
        session: bob,
        method: 'PUT',
        json: { fiscal_year_start: month },
      });
      expect([r.status, r.body.detail?.[0]?.loc], String(month)).toEqual([
        422,
        ['body', 'fiscal_year_start'],
      ]);
    }
    expect((await call(s.url, '/api/v1/exports/settings', { session: bob })).body.account).toBe('1200');
  });

  it('takes only the numbers DATEV takes, for the settings and the export alike', async () => {
    for (const [key, value] of [
      ['consultant_no', 'abc'],
      ['consultant_no', '123'],
      ['client_no', '123456'],
      ['account', '12'],
      ['contra_account', '84OO'],
      ['bu_key', '12345'],
    ]) {
      const r = await call(s.url, '/api/v1/exports/settings', {
        session: bob,
        method: 'PUT',
        json: { [key!]: value },
      });
      expect([r.status, r.body.detail?.[0]?.type, r.body.detail?.[0]?.loc], `${key}=${value}`).toEqual([
        422,
        'string_pattern_mismatch',
        ['body', key],
      ]);
    }
    const ledger = await call(s.url, '/api/v1/exports/ledger-de', {
      session: bob,
      json: { client_no: 'abc' },
    });
    expect([ledger.status, ledger.body.detail?.[0]?.loc]).toEqual([422, ['body', 'client_no']]);
    const fine = await call(s.url, '/api/v1/exports/settings', {
      session: bob,
      method: 'PUT',
      json: { consultant_no: '1001', client_no: '1', account: '123456789', bu_key: '' },
    });
    expect(fine.status).toBe(200);
  });

  it('needs a session, and a cookie change needs the service Origin', async () => {
    expect((await call(s.url, '/api/v1/exports/settings')).status).toBe(401);
    const noOrigin = await call(s.url, '/api/v1/exports/settings', {
      method: 'PUT',
      json: { consultant_no: '1' },
      headers: { cookie: anna.cookie },
    });
    expect(noOrigin.status).toBe(403);
  });
});
