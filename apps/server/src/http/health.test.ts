// `/health` is answered before Express (http/health.ts): the same body, headers, request id and
// request log as any answer, GET and HEAD only, with or without a query; other methods get 405.
import { insertJob } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';

let s: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: 'debug' }, (line) => lines.push(line));
});
afterAll(() => s.stop());

describe('GET /health', () => {
  it('counts the jobs that wait and the jobs being read', async () => {
    const { accountId } = await s.account('health@example.com');
    for (const status of ['processing', 'processing', 'done'] as const)
      await insertJob(s.db, {
        accountId,
        source: 'api',
        status,
        country: 'DE',
        size: 1,
        sha256: status.padEnd(64, '0'),
        createdAt: new Date().toISOString(),
      });
    const r = await fetch(`${s.url}/health?probe=1`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await r.json()).toEqual({ ok: true, version: expect.any(String), queued: 0, processing: 2 });
  });

  it('answers HEAD with the headers and no body', async () => {
    const r = await fetch(`${s.url}/health`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(Number(r.headers.get('content-length'))).toBeGreaterThan(0);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await r.text()).toBe('');
  });

  it('leaves other methods and longer paths to the routes: 405 and 404', async () => {
    const post = await fetch(`${s.url}/health`, { method: 'POST' });
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([
      405,
      'GET, HEAD',
      { detail: 'method_not_allowed' },
    ]);
    const longer = await fetch(`${s.url}/health/x`);
    expect([longer.status, await longer.json()]).toEqual([404, { detail: 'not_found' }]);
  });

  it('writes one request line with its id, as every other answer does', async () => {
    await fetch(`${s.url}/health`, { headers: { 'x-request-id': 'health-log-1' } });
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.id === 'health-log-1');
    expect(logged).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/health', status: 200 }),
    ]);
  });
});
