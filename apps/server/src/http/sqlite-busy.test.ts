// SQLite only (its file's write lock; excluded from the PostgreSQL run, vitest.config.ts): the
// database locked by another writer past the service's busy timeout answers a clear 503 `busy`
// with Retry-After, reads go on, and the write goes through once the lock is gone.
import path from 'node:path';
import { SERVICE_BUSY_TIMEOUT_MS, type SqliteHandle } from '@invoice-reader/db';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

describe('SQLite locked by another writer', () => {
  it('answers 503 busy while another writer holds the database, and writes once it is free', async () => {
    // The service's one connection waits for the lock on its event loop's thread: a second, not five.
    expect((s.db as SqliteHandle).$client.pragma('busy_timeout', { simple: true })).toBe(
      SERVICE_BUSY_TIMEOUT_MS,
    );
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
});
