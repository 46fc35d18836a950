// Faults a running service meets: the database locked by another writer past its busy timeout
// (a clear 503 `busy` with Retry-After, and the write goes through once the lock is gone),
// headers too large (431 before any route), and a callback target that never answers (the
// dispatcher gives up on that try and other work goes on).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SERVICE_BUSY_TIMEOUT_MS } from '@invoice-reader/db';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  waitFor,
} from '../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ CALLBACK_ALLOW_PRIVATE: '1' });
});
afterAll(() => s.stop());

describe('faults', () => {
  it('answers 503 busy while another writer holds the database, and writes once it is free', async () => {
    // The service's one connection waits for the lock on its event loop's thread: a second, not five.
    expect(s.db.$client.pragma('busy_timeout', { simple: true })).toBe(SERVICE_BUSY_TIMEOUT_MS);
    expect(SERVICE_BUSY_TIMEOUT_MS).toBeLessThanOrEqual(1000);
    const other = new Database(path.join(s.dataDir, 'invoice-reader.sqlite'));
    other.prepare('begin immediate').run();
    try {
      const r = await call(s.url, '/api/v1/leads', { json: { email: 'busy@example.com' } });
      expect([r.status, r.body]).toEqual([503, { detail: 'busy' }]);
      expect(r.headers.get('retry-after')).toBe('2');
      // Reads go on meanwhile (WAL).
      expect((await call(s.url, '/health')).status).toBe(200);
    } finally {
      other.prepare('rollback').run();
      other.close();
    }
    expect((await call(s.url, '/api/v1/leads', { json: { email: 'busy@example.com' } })).status).toBe(200);
  }, 60_000);

  it('refuses headers over 16 KiB with 431', async () => {
    const r = await fetch(`${s.url}/health`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    expect(r.status).toBe(431);
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
  });

  it.skipIf(!haveCorpus)(
    'gives up on a callback target that hangs, and goes on with other work',
    async () => {
      const hung: Array<unknown> = [];
      const target = createServer((req) => {
        hung.push(req.url); // never answers
      });
      await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
      try {
        const { key } = await s.account('hang@example.com');
        const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;
        const sub = await call(s.url, '/v1/parse', {
          key,
          body: form(corpusFile(SAMPLE_XML), { callback_url: url }),
        });
        expect(sub.status).toBe(200);
        // The try is recorded as failed (timed out) and another is scheduled.
        const row = await waitFor(
          () =>
            s.db.$client
              .prepare('select attempts, last_error, status from callbacks where last_error is not null')
              .get() as { attempts: number; last_error: string; status: string } | undefined,
          'the hanging callback to be given up',
        );
        expect(row.status).toBe('pending');
        expect(row.last_error).toMatch(/timeout|abort/i);
        expect(hung.length).toBeGreaterThanOrEqual(1);
        // Meanwhile the service answers and reads other files.
        const next = await call(s.url, '/v1/parse', {
          key,
          body: form(Buffer.from(corpusFile(SAMPLE_XML).toString().replace('?>', '?><!-- 2 -->'))),
        });
        expect(next.status).toBe(200);
      } finally {
        target.closeAllConnections();
        target.close();
      }
    },
    120_000,
  );
});
