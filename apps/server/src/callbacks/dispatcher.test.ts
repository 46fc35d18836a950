// Callbacks over real sockets: a receiver on loopback answers 500 first and 200 next; the job is
// delivered, signed with the key's callback secret, and retried after the failure.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackSecret, hashKey } from '../keys/keys.js';
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
import { sqlRows } from '../test-support/sql.js';
import { isPrivateAddress, signBody } from './dispatcher.js';

interface Received {
  body: string;
  signature: string;
}

let s: TestServer;
const received: Received[] = [];
const receiver = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ body, signature: String(req.headers['x-signature'] ?? '') });
    res.statusCode = received.length === 1 ? 500 : 200;
    res.end();
  });
});

beforeAll(async () => {
  s = await startTestServer({ CALLBACK_ALLOW_PRIVATE: '1' });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await s.stop();
  receiver.close();
});

describe('callbacks', () => {
  it.skipIf(!haveCorpus)('POSTs the ended job, signed, and retries after a failure', async () => {
    const { key } = await s.account('callback@example.com');
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const sub = await call(s.url, '/v1/parse', {
      key,
      body: form(corpusFile(SAMPLE_XML), { callback_url: url }),
    });
    expect(sub.status).toBe(200);
    await waitFor(() => received.length >= 2, 'the retried callback');
    expect(received).toHaveLength(2);
    const last = received[1] as Received;
    const job = JSON.parse(last.body);
    expect(job).toMatchObject({ job_id: sub.body.job_id, status: 'done' });
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(last.signature);
    expect(m).not.toBeNull();
    const secret = callbackSecret(s.secret, hashKey(key));
    const expected = createHmac('sha256', secret).update(`${m?.[1]}.${last.body}`).digest('hex');
    expect(m?.[2]).toBe(expected);
  });

  it('signs "<t>.<body>" and recognises private addresses', () => {
    expect(signBody('k', '{}', 1)).toBe(`t=1,v1=${createHmac('sha256', 'k').update('1.{}').digest('hex')}`);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.16.5.5',
      '169.254.169.254',
      '::1',
      'fd00::1',
      // IPv4-mapped, as the URL parser writes [::ffff:127.0.0.1], and IPv4-compatible loopback
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a00:1',
      '::7f00:1',
      '0.0.0.0',
      'fe80::1',
      'not-an-address',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '2a00:1450::1', '::ffff:808:808'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses a private target unless allowed: an address literal, however written, and a name resolving to one', async () => {
    const strict = await startTestServer();
    try {
      const { key } = await strict.account('strict@example.com');
      const port = (receiver.address() as AddressInfo).port;
      const before = received.length;
      // localhost is resolved when connecting: the refusal comes from the connection's own lookup.
      const urls = [
        `http://127.0.0.1:${port}/hook`,
        `http://[::ffff:127.0.0.1]:${port}/hook`,
        `http://localhost:${port}/hook`,
      ];
      for (const [i, callback_url] of urls.entries()) {
        // Files that differ, so that each is a job of its own (an identical upload is the same job).
        const xml = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/><!-- ${i} -->`;
        const sub = await call(strict.url, '/v1/parse', {
          key,
          body: form(Buffer.from(xml), { callback_url }),
        });
        expect(sub.status).toBe(200);
      }
      // The dispatcher records why it did not deliver: wait for all three, then nothing was sent.
      const rows = await waitFor(async () => {
        const found = await sqlRows<{ url: string; last_error: string }>(
          strict.db,
          'select url, last_error from callbacks where last_error is not null',
        );
        return found.length === urls.length ? found : undefined;
      }, 'the refused callbacks to be recorded');
      for (const row of rows) expect(row.last_error, row.url).toMatch(/private address/);
      expect(received.length).toBe(before);
    } finally {
      await strict.stop();
    }
  });
});
