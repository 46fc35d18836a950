// PostgreSQL out of reach, on the test file's own throw-away server (every run): stopped under a
// running service, a request that needs the database answers 503 `busy` with Retry-After (as a
// lock timeout does), logged as one line without a stack, and once the server is started again
// the same request succeeds without restarting the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePostgres, migratedPostgresDatabase } from '../../../../scripts/test-databases.js';
import { call, startTestServer, type TestServer, waitFor } from '../test-support/server.js';
import { databaseNotNow } from './errors.js';

let s: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ DATABASE_URL: await migratedPostgresDatabase(), LOG_LEVEL: 'warn' }, (line) =>
    lines.push(line),
  );
});
afterAll(() => s?.stop());

describe('PostgreSQL stopped under a running service', () => {
  it('answers 503 busy with Retry-After while it is down, and the same request succeeds once it is back', async () => {
    const { key } = await s.account('down@example.com');
    expect((await call(s.url, '/v1/usage', { key })).status).toBe(200);

    const pg = await filePostgres();
    await pg.halt();
    try {
      const r = await call(s.url, '/v1/usage', { key });
      expect([r.status, r.body]).toEqual([503, { detail: 'busy' }]);
      expect(r.headers.get('retry-after')).toBe('2');
      expect((await call(s.url, '/health')).status).toBe(503);
    } finally {
      await pg.start();
    }
    // Back: the pool connects again on its own (the health check says so first).
    await waitFor(
      async () => (await call(s.url, '/health')).status === 200,
      'the health check to pass again',
    );
    const again = await call(s.url, '/v1/usage', { key });
    expect(again.status).toBe(200);

    // Each refused request is one warning line naming the cause; none is an error with a stack.
    const refused = lines.filter((l) => l.includes('"database unreachable"'));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toContain('"path":"/v1/usage"');
    expect(lines.filter((l) => l.includes('"request failed"'))).toEqual([]);
    expect(lines.filter((l) => /\n\s+at /.test(l) || /\\n\s+at /.test(l))).toEqual([]);
  });
});

describe('databaseNotNow', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
  const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
  it("names node-postgres errors of a server out of reach, through drizzle's wrapping", () => {
    for (const err of [
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P02'),
      coded('08006'),
      coded('08P01'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(databaseNotNow(err)?.why).toBe('unreachable');
      expect(databaseNotNow(wrapped(err))).toEqual({ why: 'unreachable', message: err.message });
    }
  });
  it('keeps lock timeouts and deadlocks busy, and leaves every other error alone', () => {
    expect(databaseNotNow(wrapped(coded('55P03')))?.why).toBe('busy');
    expect(databaseNotNow(coded('SQLITE_BUSY'))?.why).toBe('busy');
    expect(databaseNotNow(coded('57P03'))?.why).toBe('busy');
    for (const err of [new Error('boom'), wrapped(coded('23505')), coded('42P01'), 'text', undefined, null])
      expect(databaseNotNow(err)).toBeUndefined();
  });
});
