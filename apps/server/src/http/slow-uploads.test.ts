// Slow and oversize uploads over a real socket: a client trickling its upload byte by byte
// (slowloris) or its headers is cut by the request or headers timeout (408, connection closed,
// nothing stored) while others are served; a stalled upload is closed by the idle timeout; a
// body over the limit answers 413 long before it has been sent whole, asked first or not.
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  waitFor,
  waitForJob,
} from '../test-support/server.js';
import { sqlRow } from '../test-support/sql.js';

const LIMIT = 64 * 1024;
const GIB = 1024 * 1024 * 1024;

/** A raw HTTP/1.1 client: what it sent, what it received, and whether the connection is gone. */
class RawClient {
  readonly sock: net.Socket;
  received = '';
  sent = 0;
  closed = false;
  constructor(url: string) {
    const u = new URL(url);
    this.sock = net.connect(Number(u.port), u.hostname);
    this.sock.setNoDelay(true);
    this.sock.on('data', (d: Buffer) => {
      this.received += d.toString('latin1');
    });
    // A reset is one of the ways a cut connection ends; the test looks at `closed`.
    this.sock.on('error', () => {});
    this.sock.on('close', () => {
      this.closed = true;
    });
  }
  write(data: string | Buffer): boolean {
    if (this.closed || this.sock.destroyed) return false;
    this.sent += Buffer.byteLength(data);
    return this.sock.write(data);
  }
  /** Sends `bytes` one at a time, a byte every few ms, until they run out or the connection goes. */
  trickle(bytes: Buffer): () => void {
    let i = 0;
    // The pace is the client's behaviour under test, not a wait of the test.
    const timer = setInterval(() => {
      if (this.closed || i >= bytes.length) return clearInterval(timer);
      this.write(bytes.subarray(i, ++i));
    }, 20);
    return () => clearInterval(timer);
  }
  /** Writes `chunk` again and again, as fast as the connection takes it, until it closes. */
  async flood(chunk: () => Buffer): Promise<void> {
    while (!this.closed) {
      if (!this.write(chunk()))
        await new Promise<void>((resolve) => {
          const done = () => {
            this.sock.off('drain', done).off('close', done);
            resolve();
          };
          this.sock.once('drain', done).once('close', done);
        });
    }
  }
  status(): number | undefined {
    const m = /^HTTP\/1\.1 (\d{3})/.exec(this.received);
    return m ? Number(m[1]) : undefined;
  }
  close(): void {
    this.sock.destroy();
  }
}

const BOUNDARY = 'slowUploadBoundary';
function multipartHead(file = 'invoice.xml'): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n'
  );
}
function requestHead(url: string, key: string, headers: Record<string, string | number>): string {
  const lines = [
    'POST /v1/parse HTTP/1.1',
    `Host: ${new URL(url).host}`,
    `x-api-key: ${key}`,
    `content-type: multipart/form-data; boundary=${BOUNDARY}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Every file in the blob store (temporary names included). */
function blobFiles(s: TestServer): string[] {
  return readdirSync(`${s.dataDir}/blobs`, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}
const jobsOf = async (s: TestServer, accountId: number) =>
  (await sqlRow(s.db, 'select count(*) as n from jobs where account_id = ?', accountId))?.n;

describe('slow clients against the request and headers timeouts', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Short timeouts so the test is quick; the idle timeout is left long so that only the
    // request and headers timeouts can cut a trickling client here.
    s = await startTestServer({
      HEADERS_TIMEOUT_MS: '1500',
      REQUEST_TIMEOUT_MS: '3000',
      IDLE_TIMEOUT_MS: '600000',
      MAX_UPLOAD_BYTES: String(LIMIT),
    });
  });
  afterAll(() => s.stop());

  it.skipIf(!haveCorpus)(
    'cuts slowloris uploads with 408 and stores nothing, while other clients are served',
    async () => {
      const slow = await s.account('slowloris@example.com');
      const good = await s.account('patient@example.com');
      const xml = corpusFile(SAMPLE_XML);
      const body = Buffer.concat([Buffer.from(multipartHead()), xml, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
      const clients = Array.from({ length: 5 }, () => new RawClient(s.url));
      const stops = clients.map((c) => {
        c.write(requestHead(s.url, slow.key, { 'content-length': body.length }));
        return c.trickle(body);
      });
      try {
        // Meanwhile: health checks and a whole submission of another account go through.
        let servedWhileOpen = 0;
        for (let i = 0; i < 10; i++) {
          expect((await call(s.url, '/health')).status).toBe(200);
          if (clients.some((c) => !c.closed)) servedWhileOpen++;
        }
        const sub = await call(s.url, '/v1/parse', { key: good.key, body: form(xml) });
        expect(sub.status).toBe(200);
        expect((await waitForJob(s.url, good.key, sub.body.job_id)).status).toBe('done');
        expect(servedWhileOpen).toBeGreaterThan(0);

        await waitFor(() => clients.every((c) => c.closed), 'the slow uploads to be cut');
        for (const c of clients) {
          expect(c.status()).toBe(408);
          expect(c.sent).toBeLessThan(body.length + 400);
        }
        // Nothing of the slow uploads is kept: no job, and the only file is the other account's.
        expect(await jobsOf(s, slow.accountId)).toBe(0);
        expect(blobFiles(s)).toHaveLength(1);
        expect((await call(s.url, '/health')).status).toBe(200);
      } finally {
        for (const stop of stops) stop();
        for (const c of clients) c.close();
      }
    },
    120_000,
  );

  it('cuts a client trickling its headers with 408', async () => {
    const c = new RawClient(s.url);
    const stop = c.trickle(
      Buffer.from(`GET /health HTTP/1.1\r\nHost: x\r\nx-padding: ${'a'.repeat(4000)}\r\n\r\n`),
    );
    try {
      await waitFor(() => c.closed, 'the slow headers to be cut');
      expect(c.status()).toBe(408);
      expect((await call(s.url, '/health')).status).toBe(200);
    } finally {
      stop();
      c.close();
    }
  }, 60_000);

  it('refuses a declared body over the limit with 413 long before it is sent whole', async () => {
    const { key, accountId } = await s.account('declared@example.com');
    const c = new RawClient(s.url);
    c.write(requestHead(s.url, key, { 'content-length': GIB }));
    c.write(multipartHead());
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    await c.flood(() => chunk);
    expect(c.status()).toBe(413);
    expect(c.received).toContain('{"detail":"file_too_large"}');
    // The server read at most about a megabyte past the refusal (plus what socket buffers hold).
    expect(c.sent).toBeLessThan(64 * 1024 * 1024);
    expect(await jobsOf(s, accountId)).toBe(0);
  }, 60_000);

  it('refuses a chunked body once it passes the limit, without reading the rest', async () => {
    const { key, accountId } = await s.account('chunked@example.com');
    const c = new RawClient(s.url);
    c.write(requestHead(s.url, key, { 'transfer-encoding': 'chunked' }));
    const head = Buffer.from(multipartHead());
    c.write(`${head.length.toString(16)}\r\n`);
    c.write(Buffer.concat([head, Buffer.from('\r\n')]));
    const data = Buffer.alloc(64 * 1024, 0x42);
    const chunk = Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    await c.flood(() => chunk);
    expect(c.status()).toBe(413);
    expect(c.sent).toBeLessThan(64 * 1024 * 1024);
    expect(await jobsOf(s, accountId)).toBe(0);
  }, 60_000);

  it('answers Expect: 100-continue with 413 for an oversize body, and 100 for one that fits', async () => {
    const { key, accountId } = await s.account('expect@example.com');
    const big = new RawClient(s.url);
    big.write(requestHead(s.url, key, { 'content-length': GIB, expect: '100-continue' }));
    await waitFor(() => big.closed, 'the refusal of the announced body');
    expect(big.status()).toBe(413);
    expect(big.received).not.toContain('100 Continue');
    expect(big.received).toContain('{"detail":"file_too_large"}');

    const body = Buffer.concat([
      Buffer.from(multipartHead()),
      Buffer.from('<?xml version="1.0"?><nothing/>'),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const fits = new RawClient(s.url);
    fits.write(requestHead(s.url, key, { 'content-length': body.length, expect: '100-continue' }));
    await waitFor(() => fits.received.includes('100 Continue'), 'the server to ask for the body');
    fits.write(body);
    await waitFor(() => /\r\n\r\n[\s\S]*\}/.test(fits.received.split('100 Continue')[1] ?? ''), 'an answer');
    // The body reached the route: an XML that is no invoice is refused by the reader's checks, not by size.
    expect(fits.received).not.toContain('file_too_large');
    expect(fits.received).toMatch(/HTTP\/1\.1 (200|400)/);
    fits.close();
    expect(await jobsOf(s, accountId)).toBeLessThanOrEqual(1);
  }, 60_000);
});

describe('a stalled upload against the idle timeout', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ IDLE_TIMEOUT_MS: '1000', MAX_UPLOAD_BYTES: String(LIMIT) });
  });
  afterAll(() => s.stop());

  it('closes a connection whose upload stops half way, and stores nothing', async () => {
    const { key, accountId } = await s.account('stalled@example.com');
    const c = new RawClient(s.url);
    c.write(requestHead(s.url, key, { 'content-length': 10_000 }));
    c.write(`${multipartHead()}half of a file`);
    await waitFor(() => c.closed, 'the stalled upload to be closed');
    expect(c.received).toBe('');
    expect(await jobsOf(s, accountId)).toBe(0);
    expect(blobFiles(s)).toHaveLength(0);
    expect((await call(s.url, '/health')).status).toBe(200);
  }, 60_000);
});

describe('timeout settings', () => {
  it('are read from the environment, and a headers timeout longer than the request one is refused', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/ir-none', SECRET: 'x'.repeat(32), REQUEST_TIMEOUT_MS: '30000' });
    expect(c.timeouts).toEqual({ headersMs: 20_000, requestMs: 30_000, idleMs: 60_000, keepAliveMs: 5_000 });
    expect(() =>
      loadConfig({
        DATA_DIR: '/tmp/ir-none',
        SECRET: 'x'.repeat(32),
        HEADERS_TIMEOUT_MS: '9000',
        REQUEST_TIMEOUT_MS: '8000',
      }),
    ).toThrow(ConfigError);
  });
});
