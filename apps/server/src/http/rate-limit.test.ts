// The rate limit over real HTTP: 120 a minute per key by default (here 5), RateLimit-* headers on
// every answer, 429 rate_limited with Retry-After past the limit, and /health unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test-support/server.js';
import { sqlRow } from '../test-support/sql.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(() => s.stop());

describe('rate limit', () => {
  it('counts per key and refuses past the limit with Retry-After', async () => {
    const a = await s.account('limited@example.com');
    const b = await s.account('unlimited@example.com');
    for (let i = 0; i < 5; i++) {
      const r = await call(s.url, '/v1/usage', { key: a.key });
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-limit')).toBe('5');
      expect(r.headers.get('ratelimit-remaining')).toBe(String(4 - i));
    }
    const refused = await call(s.url, '/v1/usage', { key: a.key });
    expect(refused).toMatchObject({ status: 429, body: { detail: 'rate_limited' } });
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect((await call(s.url, '/v1/usage', { key: b.key })).status).toBe(200);
  });

  it('keeps /health answering under a flood of 429s', async () => {
    // The limit counts fixed one-minute windows: a flood that crosses a minute's end (a slow
    // machine makes that likelier) gets the limit once more for each window it touches.
    const firstWindow = Math.floor(Date.now() / 60_000);
    const flood = Array.from({ length: 400 }, () => call(s.url, '/v1/usage', { key: 'ir_flood' }));
    const health = Array.from({ length: 20 }, () => call(s.url, '/health'));
    const [floods, healths] = await Promise.all([Promise.all(flood), Promise.all(health)]);
    const windows = Math.floor(Date.now() / 60_000) - firstWindow + 1;
    expect(floods.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(400 - 5 * windows);
    expect(floods.every((r) => r.status === 429 || r.status === 401)).toBe(true);
    expect(healths.every((r) => r.status === 200 && r.body.ok === true)).toBe(true);
  });

  it('counts requests with made-up keys per client address, not per key', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++)
      codes.push((await call(s.url, '/v1/usage', { key: `ir_made_up_${i}` })).status);
    expect(codes).toContain(429);
    const rows = (await sqlRow(
      s.db,
      "select count(distinct bucket) as n from rate_limits where bucket like 'key:%'",
    )) as { n: number };
    // Only the two real keys of the first test have buckets of their own.
    expect(rows.n).toBeLessThanOrEqual(2);
  });

  it('limits the public endpoints per client address', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await call(s.url, '/v1/price')).status);
    expect(codes).toContain(429);
  });
});
