// The authorization matrix: every route of the OpenAPI description, called as every kind of
// caller that must not get in (anonymous, another account, a revoked key, a rotated-away key, an
// expired and a logged-out session, the browser's cookie without the service's Origin, a key
// where a session belongs and a session where a key belongs). Each answer is 401, 403 or 404 —
// never another account's data. A route in the document without a row here fails the test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusFile,
  form,
  repoRoot,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
} from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';

type Kind = 'public' | 'key' | 'session';
interface Row {
  kind: Kind;
  /** The path names an object of the owner's (job, key, subscription): others get 404. */
  owned?: boolean;
  body?: unknown;
  multipart?: boolean;
  query?: string;
}

const ROWS: Record<string, Row> = {
  'POST /v1/parse': { kind: 'key', multipart: true },
  'GET /v1/parse/{job_id}': { kind: 'key', owned: true },
  'GET /v1/usage': { kind: 'key' },
  'GET /v1/price': { kind: 'public' },
  'GET /v1/countries': { kind: 'public' },
  'GET /health': { kind: 'public' },
  'POST /api/v1/auth/start': { kind: 'public', body: { email: 'x@example.com' } },
  'GET /api/v1/auth/verify': { kind: 'public' },
  'POST /api/v1/auth/verify': { kind: 'public', body: { token: 'nope' } },
  'POST /api/v1/auth/pin/verify': { kind: 'public', body: { pin: '1234', token: 'nope' } },
  'POST /api/v1/auth/device/start': { kind: 'public', body: {} },
  'POST /api/v1/auth/device/token': { kind: 'public', body: { device_code: 'nope' } },
  'POST /api/v1/auth/device/confirm': { kind: 'session', body: { user_code: 'BCDF-GHJK' } },
  'POST /api/v1/auth/logout': { kind: 'session' },
  'POST /api/v1/auth/logout_all': { kind: 'session' },
  'GET /api/v1/me': { kind: 'session' },
  'POST /api/v1/auth/pin/set': { kind: 'session', body: { pin: '' } },
  'GET /api/v1/auth/pin/status': { kind: 'session' },
  'GET /api/v1/api/price': { kind: 'public' },
  'GET /api/v1/api/scale': { kind: 'public' },
  'GET /api/v1/api/dashboard': { kind: 'session' },
  'GET /api/v1/api/keys': { kind: 'session' },
  'POST /api/v1/api/keys': { kind: 'session', body: { label: 'x' } },
  'GET /api/v1/api/usage': { kind: 'session' },
  'GET /api/v1/api/countries': { kind: 'session' },
  'GET /api/v1/api/country/{code}': { kind: 'session' },
  'GET /api/v1/api/balance': { kind: 'session' },
  'POST /api/v1/api/keys/{key_id}/revoke': { kind: 'session', owned: true },
  'POST /api/v1/api/key/rotate': { kind: 'session', owned: true, body: { key_id: 0 } },
  'POST /api/v1/parse/upload': { kind: 'session', multipart: true },
  'GET /api/v1/parse': { kind: 'session' },
  'GET /api/v1/parse/{job_id}': { kind: 'session', owned: true },
  'DELETE /api/v1/parse/{job_id}': { kind: 'session', owned: true },
  'PATCH /api/v1/parse/{job_id}/fields': { kind: 'session', owned: true, body: { buyer_name: 'Intruder' } },
  'PATCH /api/v1/parse/{job_id}/lines': {
    kind: 'session',
    owned: true,
    body: { 'lines.0.description': 'Intruder' },
  },
  'POST /api/v1/parse/{job_id}/reparse': { kind: 'session', owned: true },
  'GET /api/v1/parse/{job_id}/pages/{n}.png': { kind: 'session', owned: true },
  'POST /api/v1/sync/jobs': {
    kind: 'session',
    body: {
      sha256: 'a'.repeat(64),
      filename: 'intruder.xml',
      country: 'de',
      size: 1,
      file_type: 'xml',
      mode: 'xml',
      pages: 1,
      pages_scanned: 0,
      read_at: '2026-01-01T00:00:00.000Z',
      result: { document: {} },
    },
  },
  'GET /api/v1/sync/changes': { kind: 'session' },
  'POST /api/v1/leads': { kind: 'public', body: { email: 'lead@example.com' } },
  'GET /api/v1/leads/count': { kind: 'public' },
  'GET /api/v1/reviews': { kind: 'public' },
  'POST /api/v1/reviews': { kind: 'public', body: { name: 'A', stars: 5 } },
  'GET /reviews': { kind: 'public' },
  'GET /review-photo/{review_id}': { kind: 'public' },
  'GET /app/{path}': { kind: 'public' },
  'GET /': { kind: 'public' },
  'GET /{lang}': { kind: 'public' },
  'POST /{lang}/lead': { kind: 'public' },
  'POST /api/v1/try': { kind: 'public', multipart: true },
  'GET /api/v1/guide/provider': { kind: 'public' },
  'POST /api/v1/exports/ledger-de': { kind: 'session', owned: true, body: { job_ids: [0] } },
  'GET /api/v1/parse/{job_id}/export/ledger-de': { kind: 'session', owned: true },
  'GET /api/v1/parse/{job_id}/export/{format}': { kind: 'session', owned: true },
  'POST /api/v1/exports/ledger-ru': { kind: 'session', owned: true, body: { job_ids: [0] } },
  'GET /api/v1/exports/settings': { kind: 'session' },
  'PUT /api/v1/exports/settings': { kind: 'session', body: { consultant_no: '1001' } },
  'GET /api/v1/account/company': { kind: 'session' },
  'PUT /api/v1/account/company': { kind: 'session', body: { name: 'Intruder GmbH' } },
  'POST /api/v1/exports/{format}': { kind: 'session', owned: true, body: { job_ids: [0] } },
  'GET /api/v1/plans': { kind: 'public' },
  'GET /api/v1/plans/current': { kind: 'session' },
  'GET /api/v1/plans/upgrade-price': { kind: 'session', query: '?to=m' },
  'POST /api/v1/plans/select': { kind: 'session', body: { plan_code: 's' } },
  'POST /api/v1/payments/checkout': { kind: 'session', body: { plan_code: 's' } },
  'POST /api/v1/payments/webhook': { kind: 'public' },
  'POST /api/v1/payments/{subscription_id}/refresh': { kind: 'session', owned: true },
  'POST /api/v1/payments/{subscription_id}/new-link': { kind: 'session', owned: true },
  'GET /api/v1/payments/history': { kind: 'session' },
  'GET /api/v1/billing/autorenew': { kind: 'session' },
  'POST /api/v1/billing/autorenew': { kind: 'session', body: { enabled: false } },
  'GET /inv/{token}': { kind: 'public' },
  'GET /api/v1/resolve/{token}': { kind: 'public' },
  'POST /api/v1/api/topup': { kind: 'session', body: { amount_minor: 800 } },
  'POST /api/v1/api/topup/refresh': { kind: 'session' },
  'GET /api/v1/mail/account': { kind: 'session' },
  'DELETE /api/v1/mail/account': { kind: 'session' },
  'POST /api/v1/mail/account/connect': { kind: 'session' },
  'GET /oauth/callback': { kind: 'public', query: '?code=x&state=1.forgedforgedforged.9999999999999.x' },
  'POST /api/v1/inbox/scan': { kind: 'session' },
  'GET /api/v1/inbox': { kind: 'session' },
  'POST /api/v1/letters': { kind: 'session', owned: true, body: { job_id: 0 } },
  'GET /api/v1/letters': { kind: 'session' },
  'GET /track/{token}.gif': { kind: 'public' },
};

const doc = JSON.parse(readFileSync(path.join(repoRoot, 'docs/openapi.json'), 'utf8'));
const OPERATIONS = Object.entries(
  doc.paths as Record<string, Record<string, { security?: unknown[] }>>,
).flatMap(([p, item]) =>
  Object.entries(item).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, security: op.security ?? [] })),
);

let s: TestServer;
let owner: TestSession;
let other: TestSession;
let ids: Record<string, string | number>;
let keys: { owner: string; other: string; revoked: string; rotated: string };
const OWNER_MARK = 'owner-private-invoice.xml';

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.session('owner@matrix.example');
  other = await s.session('other@matrix.example');
  const mk = async (who: TestSession, label: string) =>
    (await call(s.url, '/api/v1/api/keys', { session: who, json: { label } })).body;
  const ownerKey = await mk(owner, 'owner');
  const revoked = await mk(owner, 'revoked');
  const rotated = await mk(owner, 'rotated');
  await call(s.url, `/api/v1/api/keys/${revoked.key_id}/revoke`, { session: owner, method: 'POST' });
  await call(s.url, '/api/v1/api/key/rotate', { session: owner, json: { key_id: rotated.key_id } });
  keys = {
    owner: ownerKey.key,
    other: (await mk(other, 'other')).key,
    revoked: revoked.key,
    rotated: rotated.key,
  };
  const up = await call(s.url, '/api/v1/parse/upload', {
    session: owner,
    body: form(corpusFile(SAMPLE_XML), {}, OWNER_MARK),
  });
  await waitFor(
    async () =>
      (await call(s.url, `/api/v1/parse/${up.body.job_id}`, { session: owner })).body.status === 'done',
    'the job',
  );
  const checkout = await call(s.url, '/api/v1/payments/checkout', {
    session: owner,
    json: { plan_code: 's' },
  });
  ids = {
    job_id: up.body.job_id,
    key_id: ownerKey.key_id,
    subscription_id: checkout.body.subscription_id,
    token: checkout.body.pay_url.split('/inv/')[1],
    n: 1,
    code: 'DE',
    format: 'xrechnung-cii',
    review_id: 1,
    path: 'invoices',
    lang: 'de',
  };
});
afterAll(() => s.stop());

function request(key: string, row: Row) {
  const [method, template] = key.split(' ') as [string, string];
  const p = template.replace(/\{(\w+)\}/g, (_, k: string) => String(ids[k])) + (row.query ?? '');
  let body = row.body;
  if (body && typeof body === 'object' && 'job_ids' in body) body = { job_ids: [ids.job_id] };
  if (body && typeof body === 'object' && 'key_id' in body) body = { key_id: ids.key_id };
  if (body && typeof body === 'object' && 'job_id' in body) body = { job_id: ids.job_id };
  const init = row.multipart
    ? { body: form(corpusFile(SAMPLE_XML)) }
    : body !== undefined
      ? { json: body }
      : {};
  return { method, path: p, init };
}

async function as(key: string, row: Row, who: Parameters<typeof call>[2]) {
  const { method, path: p, init } = request(key, row);
  return call(s.url, p, { method, ...init, ...who });
}

describe('authorization matrix', () => {
  it('has a row for every route of the OpenAPI description, and its kind matches the security there', () => {
    expect(OPERATIONS.map((o) => o.key).sort()).toEqual(Object.keys(ROWS).sort());
    for (const o of OPERATIONS) {
      const names = (o.security as Array<Record<string, unknown>>).flatMap((x) => Object.keys(x));
      const kind: Kind = names.includes('ApiKey') ? 'key' : names.length ? 'session' : 'public';
      expect(ROWS[o.key]?.kind, o.key).toBe(kind);
    }
  });

  it('turns away every caller that does not belong, on every route', async () => {
    const expired = await s.session('expired@matrix.example');
    await sqlRows(
      s.db,
      "update sessions set expires_at = '2000-01-01T00:00:00.000Z' where account_id = ?",
      expired.accountId,
    );
    const loggedOut = await s.session('gone@matrix.example');
    await call(s.url, '/api/v1/auth/logout', { bearer: loggedOut.token, method: 'POST' });
    let checked = 0;
    const seen = (label: string, key: string, r: { status: number; body: unknown }, allowed: number[]) => {
      checked++;
      expect(
        allowed,
        `${label}: ${key} answered ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`,
      ).toContain(r.status);
      expect(JSON.stringify(r.body), `${label}: ${key} leaked the owner's data`).not.toContain(OWNER_MARK);
    };
    // Anything but session routes first: so no identity here ends the owner's session or job.
    const order = Object.entries(ROWS).sort(
      ([a], [b]) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')),
    );
    for (const [key, row] of order) {
      if (row.kind === 'public') {
        const r = await as(key, row, {});
        seen('anonymous', key, r, [200, 302, 400, 401, 404, 410, 422]);
        if (key === 'POST /api/v1/payments/webhook') expect(r.status).toBe(401);
        continue;
      }
      if (row.kind === 'key') {
        seen('anonymous', key, await as(key, row, {}), [401]);
        seen('revoked key', key, await as(key, row, { key: keys.revoked }), [401]);
        seen('rotated-away key', key, await as(key, row, { key: keys.rotated }), [401]);
        seen('a session instead of a key', key, await as(key, row, { bearer: owner.token }), [401]);
        if (row.owned) seen('another account', key, await as(key, row, { key: keys.other }), [404]);
        continue;
      }
      seen('anonymous', key, await as(key, row, {}), [401]);
      seen('expired session', key, await as(key, row, { bearer: expired.token }), [401]);
      seen('logged-out session', key, await as(key, row, { bearer: loggedOut.token }), [401]);
      seen('an API key instead of a session', key, await as(key, row, { key: keys.owner }), [401]);
      const { method } = request(key, row);
      if (method !== 'GET') {
        const cookieOnly = await as(key, row, { headers: { cookie: owner.cookie } });
        seen('cookie without Origin', key, cookieOnly, [403]);
        const foreign = await as(key, row, {
          headers: { cookie: owner.cookie, origin: 'https://evil.example' },
        });
        seen('cookie from another origin', key, foreign, [403]);
      }
      if (row.owned) {
        seen('another account', key, await as(key, row, { bearer: other.token }), [404]);
      } else if (method === 'GET') {
        const r = await as(key, row, { bearer: other.token });
        seen('another account', key, r, [200]);
        expect(JSON.stringify(r.body), key).not.toContain('owner@matrix.example');
      }
    }
    // The owner's job, key and subscription came through all of it untouched.
    expect((await call(s.url, `/api/v1/parse/${ids.job_id}`, { session: owner })).body.filename).toBe(
      OWNER_MARK,
    );
    expect((await call(s.url, '/v1/usage', { key: keys.owner })).status).toBe(200);
    console.log(
      `authorization matrix: ${Object.keys(ROWS).length} routes, ${checked} calls turned away or kept apart`,
    );
    expect(checked).toBeGreaterThanOrEqual(200);
  }, 180_000);
});
