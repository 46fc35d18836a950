// Faults a running service meets: headers too large (431 before any route), and a callback target
// that never answers (the dispatcher gives up on that try and other work goes on). SQLite's lock
// held by another writer: sqlite-busy.test.ts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { sqlRow } from '../test-support/sql.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ CALLBACK_ALLOW_PRIVATE: '1' });
});
afterAll(() => s.stop());

describe('faults', () => {
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
            sqlRow(s.db, 'select attempts, last_error, status from callbacks where last_error is not null'),
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
