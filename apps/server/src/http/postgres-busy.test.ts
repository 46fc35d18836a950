// PostgreSQL's counterpart of sqlite-busy.test.ts, on a PostgreSQL of its own in every run: a
// table locked by another session past the role's or database's `lock_timeout` (set by the
// operator, docs/operations.md) answers a clear 503 `busy` with Retry-After, reads of other tables
// go on, and the write goes through once the lock is gone; a start waiting for another process's
// migration is not bounded by it.
import { closeHandle, MIGRATION_LOCK, openPostgres } from '@invoice-reader/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPostgresDatabase } from '../../../../scripts/test-databases.js';
import { call, startTestServer, type TestServer, waitFor } from '../test-support/server.js';

let s: TestServer;
let url: string;
beforeAll(async () => {
  url = await migratedPostgresDatabase();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Each new connection of the database waits this long for a lock, then fails with 55P03.
    await admin.query(`alter database ${url.slice(url.lastIndexOf('/') + 1)} set lock_timeout = '300ms'`);
  } finally {
    await admin.end();
  }
  s = await startTestServer({ DATABASE_URL: url });
});
afterAll(() => s?.stop());

describe('PostgreSQL locked by another session', () => {
  it('answers 503 busy while another session holds a lock past lock_timeout, and writes once it is free', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table leads in access exclusive mode');
      const r = await call(s.url, '/api/v1/leads', { json: { email: 'busy@example.com' } });
      expect([r.status, r.body]).toEqual([503, { detail: 'busy' }]);
      expect(r.headers.get('retry-after')).toBe('2');
      // Other tables are read meanwhile.
      expect((await call(s.url, '/health')).status).toBe(200);
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
    expect((await call(s.url, '/api/v1/leads', { json: { email: 'busy@example.com' } })).status).toBe(200);
  });
});

describe('a start while another process migrates, under lock_timeout', () => {
  it('waits for the migration lock past lock_timeout instead of failing', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const opening = openPostgres(url);
      let opened = false;
      void opening.then(() => {
        opened = true;
      });
      // The start waits on the lock (seen by the server), and still waits past lock_timeout.
      const waiting = async () =>
        (
          await other.query(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
          )
        ).rows[0].n > 0;
      await waitFor(waiting, 'the start to wait for the migration lock');
      await other.query('select pg_sleep(0.6)');
      expect(opened).toBe(false);
      await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      await closeHandle(await opening);
    } finally {
      await other.end();
    }
  });
});
