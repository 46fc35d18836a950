// The desktop sync against a real service started in the test (real SMTP for the sign-in link):
// sign in, send, see the jobs in /api/v1/parse with source desktop, edits both ways (the later
// wins), offline then online, and nothing sent twice.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../../../server/src/test-support/server.js';
import type { TestSmtp } from '../../../server/src/test-support/smtp.js';
import {
  call,
  EINVOICE,
  linkIn,
  startTestServer,
  startTestSmtp,
  TEXT_PDF,
  tempDir,
  unreachableUrl,
} from '../test-support/corpus.js';
import { DesktopCore } from './core.js';
import { clockOffset } from './service-clock.js';
import { allJobs, editsOf, enqueueOutbox, getSetting, jobById, outboxRows, updateJob } from './store.js';
import { MAX_REFUSALS, SyncClient, tokenOf } from './sync.js';
import { KeychainTokenStore, MemoryTokenStore } from './token-store.js';

let smtp: TestSmtp;
let s: TestServer;
let core: DesktopCore;
let watchDir: string;
let storeDir: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  watchDir = tempDir('watch');
  storeDir = tempDir('store');
  core = new DesktopCore({ storeDir, folders: [watchDir], country: 'de', quietMs: 100 });
});
afterAll(async () => {
  await core.stop();
  await s.stop();
  await smtp.close();
  rmSync(watchDir, { recursive: true, force: true });
  rmSync(storeDir, { recursive: true, force: true });
});

const fieldsOf = (id: number, db = core.db) =>
  JSON.parse(jobById(db, id)!.result!).fields as Record<string, string>;

describe('sync with the hosted service', () => {
  it('signs in by link, catches up after being offline, edits flow both ways, nothing is sent twice', async () => {
    copyFileSync(EINVOICE, path.join(watchDir, 'e.xml'));
    copyFileSync(TEXT_PDF, path.join(watchDir, 'text.pdf'));
    await core.scan();
    await core.drain();
    const local = allJobs(core.db);
    expect(local.map((j) => j.status)).toEqual(['done', 'done']);

    // Sign in: the link from the mail, pasted; the token goes to the keychain (or memory, with a notice).
    const tokens = new KeychainTokenStore(s.url);
    const client = new SyncClient({ db: core.db, server: s.url, tokens });
    expect(client.signedIn).toBe(false);
    expect((await client.syncOnce()).signedIn).toBe(false);
    await client.startSignIn('desk@example.com');
    const link = linkIn(await smtp.next('desk@example.com'));
    expect(await client.finishSignIn(link.toString())).toEqual({ email: 'desk@example.com' });
    expect(client.signedIn).toBe(true);
    if (tokens.notice) expect(tokens.notice).toMatch(/memory only/);
    const bearer = tokens.get()!;
    const serverJobs = async () => (await call(s.url, '/api/v1/parse', { bearer })).body;

    // Offline: nothing reaches the service, nothing is lost.
    const offline = new SyncClient({ db: core.db, server: await unreachableUrl(), tokens });
    expect(await offline.syncOnce()).toMatchObject({ signedIn: true, offline: true, sent: 0, waiting: 2 });
    expect((await serverJobs()).total).toBe(0);

    // Online again: it catches up.
    expect(await client.syncOnce()).toMatchObject({ offline: false, sent: 2, waiting: 0 });
    const listed = await serverJobs();
    expect(listed.total).toBe(2);
    expect(
      listed.items.every(
        (i: { source: string; status: string }) => i.source === 'desktop' && i.status === 'done',
      ),
    ).toBe(true);
    expect(listed.items.map((i: { filename: string }) => i.filename).sort()).toEqual(['e.xml', 'text.pdf']);
    const xml = allJobs(core.db).find((j) => j.filename === 'e.xml')!;
    expect(xml.remoteJobId).toBeTruthy();
    const remote = await call(s.url, `/api/v1/parse/${xml.remoteJobId}`, { bearer });
    expect(remote.body.fields).toEqual(fieldsOf(xml.id));
    expect(remote.body.charged).toBe(false);

    // Never twice: a copy of a file, another round, and even everything queued again.
    copyFileSync(EINVOICE, path.join(watchDir, 'e copy.xml'));
    await core.scan();
    expect(await client.syncOnce()).toMatchObject({ sent: 0 });
    for (const j of allJobs(core.db)) {
      updateJob(core.db, j.id, { remoteJobId: null });
      enqueueOutbox(core.db, j.id, new Date().toISOString());
    }
    expect(await client.syncOnce()).toMatchObject({ sent: 2, waiting: 0 });
    expect((await serverJobs()).total).toBe(2);

    // An edit on the desktop reaches the service.
    core.edit(xml.id, { buyer_name: 'Desk Buyer GmbH' });
    expect(outboxRows(core.db).map((r) => r.jobId)).toEqual([xml.id]);
    await client.syncOnce();
    expect((await call(s.url, `/api/v1/parse/${xml.remoteJobId}`, { bearer })).body.fields.buyer_name).toBe(
      'Desk Buyer GmbH',
    );

    // An edit on the service reaches the desktop.
    const patched = await call(s.url, `/api/v1/parse/${xml.remoteJobId}/fields`, {
      bearer,
      method: 'PATCH',
      json: { invoice_no: 'WEB-7' },
    });
    expect(patched.status).toBe(200);
    expect(await client.syncOnce()).toMatchObject({ pulled: 1 });
    expect(fieldsOf(xml.id)).toMatchObject({ invoice_no: 'WEB-7', buyer_name: 'Desk Buyer GmbH' });

    // The later edit wins per field: an older desktop edit of invoice_no loses on both sides.
    core.edit(xml.id, { invoice_no: 'STALE' }, '2000-01-01T00:00:00.000Z');
    await client.syncOnce();
    expect(fieldsOf(xml.id).invoice_no).toBe('WEB-7');
    expect((await call(s.url, `/api/v1/parse/${xml.remoteJobId}`, { bearer })).body.fields.invoice_no).toBe(
      'WEB-7',
    );
    // ... and a newer one wins on both.
    core.edit(xml.id, { invoice_no: 'DESK-8' });
    await client.syncOnce();
    expect((await call(s.url, `/api/v1/parse/${xml.remoteJobId}`, { bearer })).body.fields.invoice_no).toBe(
      'DESK-8',
    );
    expect((await serverJobs()).total).toBe(2);

    // Signing out forgets the token.
    await client.signOut();
    expect(client.signedIn).toBe(false);
    expect((await call(s.url, '/api/v1/parse', { bearer })).status).toBe(401);
  });

  it('takes the token from a pasted link or the bare token, and refuses other text', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv_-12';
    expect(tokenOf(`https://x.example/api/v1/auth/verify?token=${token}&lang=de`)).toBe(token);
    expect(tokenOf(`  ${token}\n`)).toBe(token);
    expect(() => tokenOf('hello')).toThrow(/whole link/);
    const memory = new MemoryTokenStore();
    memory.set('t');
    expect(memory.get()).toBe('t');
  });
});

/**
 * A real HTTP server on loopback in front of the test service, as a proxy or a load balancer is:
 * it forwards every request, except that while a rule has answers left it answers the rule's
 * status for its method and path instead (a 409 from a proxy, a 400 on the cursor...). Its own
 * `Date` header goes with every answer (as nginx's does), from a clock `dateOffsetMs` off; with
 * `withoutServiceTime` it drops `service_time` from JSON answers, as a service older than it was.
 */
async function startProxy(
  target: string,
  opts: { dateOffsetMs?: number; withoutServiceTime?: boolean } = {},
) {
  const rules: Array<{ method: string; path: string; status: number; times: number }> = [];
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const key = `${req.method} ${req.url!.split('?')[0]}`;
      seen.push(key);
      const rule = rules.find((r) => r.times > 0 && key === `${r.method} ${r.path}`);
      if (rule) {
        rule.times--;
        res.writeHead(rule.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: `answered ${rule.status} by the proxy` }));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const body = Buffer.concat(chunks);
      const answer = await fetch(target + req.url, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
      });
      const type = answer.headers.get('content-type') ?? 'text/plain';
      let out = Buffer.from(await answer.arrayBuffer());
      if (opts.withoutServiceTime && type.startsWith('application/json')) {
        const json = JSON.parse(out.toString('utf8'));
        delete json.service_time;
        out = Buffer.from(JSON.stringify(json));
      }
      res.writeHead(answer.status, {
        'content-type': type,
        date: new Date(Date.now() + (opts.dateOffsetMs ?? 0)).toUTCString(),
      });
      res.end(out);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    rules,
    seen,
    count: (key: string) => seen.filter((k) => k === key).length,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe('sync when the service answers errors, and switching accounts', () => {
  const cores: DesktopCore[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const c of cores) await c.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** A store with its own watched folder, holding the given files read; `clock` is the machine's. */
  async function readStore(files: Record<string, string | Buffer>, clock?: () => number) {
    const watch = tempDir('watch');
    const store = tempDir('store');
    dirs.push(watch, store);
    const c = new DesktopCore({ storeDir: store, folders: [watch], country: 'de', quietMs: 100, clock });
    cores.push(c);
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(watch, name), content);
    await c.scan();
    await c.drain();
    return { c, watch };
  }

  /** Three distinct e-invoices (a comment makes each its own content). */
  const threeInvoices = () => {
    const xml = readFileSync(EINVOICE, 'utf8');
    return Object.fromEntries(
      [0, 1, 2].map((i) => [
        `e${i}.xml`,
        xml.replace('</rsm:CrossIndustryInvoice>', `<!-- ${i} --></rsm:CrossIndustryInvoice>`),
      ]),
    );
  };

  async function signIn(client: SyncClient, email: string) {
    await client.startSignIn(email);
    return client.finishSignIn(linkIn(await smtp.next(email)).toString());
  }

  it('retries results the service could not take for a passing reason, and gives up only on refusals (422)', async () => {
    const { c } = await readStore(threeInvoices());
    const proxy = await startProxy(s.url);
    try {
      const tokens = new MemoryTokenStore();
      const viaProxy = new SyncClient({ db: c.db, server: proxy.url, tokens, retryBaseMs: 0 });
      await signIn(viaProxy, 'retry@example.com');
      // Six rounds of 409 from the proxy: nothing is given up.
      proxy.rules.push({ method: 'POST', path: '/api/v1/sync/jobs', status: 409, times: 18 });
      for (let i = 0; i < 6; i++) expect(await viaProxy.syncOnce()).toMatchObject({ sent: 0, waiting: 3 });
      expect(proxy.count('POST /api/v1/sync/jobs')).toBe(18);
      expect(outboxRows(c.db).map((r) => [r.attempts, r.retries])).toEqual([
        [0, 6],
        [0, 6],
        [0, 6],
      ]);
      expect(outboxRows(c.db)[0]!.lastError).toMatch(/409/);
      // The service is fine again: everything goes.
      expect(await viaProxy.syncOnce()).toMatchObject({ sent: 3, waiting: 0 });
      const bearer = tokens.get()!;
      expect((await call(s.url, '/api/v1/parse', { bearer })).body.total).toBe(3);

      // A refusal of the item itself (422) counts, and is given up after MAX_REFUSALS.
      const [job] = allJobs(c.db);
      c.edit(job!.id, { buyer_name: 'Refused GmbH' });
      proxy.rules.push({ method: 'POST', path: '/api/v1/sync/jobs', status: 422, times: 100 });
      for (let i = 0; i < MAX_REFUSALS + 2; i++) await viaProxy.syncOnce();
      expect(outboxRows(c.db)).toMatchObject([{ jobId: job!.id, attempts: MAX_REFUSALS, retries: 0 }]);
      expect(proxy.count('POST /api/v1/sync/jobs')).toBe(18 + 3 + MAX_REFUSALS);

      // With a real backoff, a result that failed waits: the next round does not send it again.
      proxy.rules.length = 0;
      c.edit(job!.id, { buyer_name: 'Later GmbH' });
      proxy.rules.push({ method: 'POST', path: '/api/v1/sync/jobs', status: 429, times: 1 });
      const patient = new SyncClient({ db: c.db, server: proxy.url, tokens });
      const before = proxy.count('POST /api/v1/sync/jobs');
      expect(await patient.syncOnce()).toMatchObject({ sent: 0, waiting: 1 });
      expect(await patient.syncOnce()).toMatchObject({ sent: 0, waiting: 1 });
      expect(proxy.count('POST /api/v1/sync/jobs')).toBe(before + 1);
      expect(outboxRows(c.db)[0]!.retryAt! > new Date().toISOString()).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('answers an error of the changes feed in the report instead of throwing', async () => {
    const { c } = await readStore({});
    const proxy = await startProxy(s.url);
    try {
      const client = new SyncClient({ db: c.db, server: proxy.url, tokens: new MemoryTokenStore() });
      await signIn(client, 'changes@example.com');
      proxy.rules.push({ method: 'GET', path: '/api/v1/sync/changes', status: 400, times: 1 });
      const report = await client.syncOnce();
      expect(report).toMatchObject({ signedIn: true, offline: false, sent: 0 });
      expect(report.error).toMatch(/400/);
      expect((await client.syncOnce()).error).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });

  it('syncs the result of an e-invoice with a thousand lines', async () => {
    // 8 MB of XML (under the 20 MB limit), its document about 2 MB.
    const xml = readFileSync(EINVOICE, 'utf8');
    const item = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/;
    const line = item.exec(xml)![0].replace(/<!--[\s\S]*?-->/g, '');
    const many = xml.replace(
      item,
      Array.from({ length: 1000 }, (_, i) =>
        line.replace(/<ram:LineID>[^<]*<\/ram:LineID>/, `<ram:LineID>${i + 1}</ram:LineID>`),
      ).join('\n'),
    );
    const { c } = await readStore({ 'many.xml': many });
    const [job] = allJobs(c.db);
    expect([job!.status, job!.error, job!.message]).toEqual(['done', null, null]);
    // Far over the shared 1 MB JSON limit of the account interface.
    expect(JSON.stringify(JSON.parse(job!.result!).document).length).toBeGreaterThan(1.5 * 1024 * 1024);
    const tokens = new MemoryTokenStore();
    const client = new SyncClient({ db: c.db, server: s.url, tokens });
    await signIn(client, 'many@example.com');
    expect(await client.syncOnce()).toMatchObject({ sent: 1, waiting: 0 });
    const remote = await call(s.url, `/api/v1/parse/${jobById(c.db, job!.id)!.remoteJobId}`, {
      bearer: tokens.get()!,
    });
    expect(remote.status).toBe(200);
    expect(remote.body.fields).toEqual(JSON.parse(job!.result!).fields);
  });

  it("the later correction wins whatever the desktop's clock says: ten minutes behind, then ahead", async () => {
    // The desktop's clock, off from the service's (this process's) by `skew`: the sync client is
    // given it, and a correction is typed with this process's Date set to it (only for that
    // synchronous call, so the service in this process keeps the real time).
    let skew = -10 * 60_000;
    const clock = () => Date.now() + skew;
    const onDesktopClock = (fn: () => unknown) => {
      vi.useFakeTimers({ toFake: ['Date'], now: clock() });
      try {
        fn();
      } finally {
        vi.useRealTimers();
      }
    };
    const { c } = await readStore({ 'e.xml': readFileSync(EINVOICE) });
    const tokens = new MemoryTokenStore();
    const client = new SyncClient({ db: c.db, server: s.url, tokens, clock });
    await signIn(client, 'clock@example.com');
    expect(await client.syncOnce()).toMatchObject({ sent: 1, waiting: 0 });
    const job = allJobs(c.db)[0]!;
    const bearer = tokens.get()!;
    const remoteJob = `/api/v1/parse/${jobById(c.db, job.id)!.remoteJobId}`;
    const patch = (json: Record<string, string>) =>
      call(s.url, `${remoteJob}/fields`, { bearer, method: 'PATCH', json });
    const both = async (key: string) => [
      fieldsOf(job.id, c.db)[key],
      (await call(s.url, remoteJob, { bearer })).body.fields[key],
    ];
    // The service's time of a desktop edit is known to within a second or so (the Date header):
    // rather than wait, the test moves the desktop's clock a minute to place its edit in time.

    // Ten minutes behind: corrected on the web, then on the desktop a minute later.
    expect((await patch({ invoice_no: 'WEB-1' })).status).toBe(200);
    skew += 60_000;
    onDesktopClock(() => c.edit(job.id, { invoice_no: 'DESK-1' }));
    skew -= 60_000;
    await client.syncOnce();
    expect(await both('invoice_no')).toEqual(['DESK-1', 'DESK-1']);

    // Ten minutes ahead (measured by the next round): corrected on the desktop, a minute later on the web.
    skew = 10 * 60_000;
    await client.syncOnce();
    skew -= 60_000;
    onDesktopClock(() => c.edit(job.id, { buyer_name: 'Desk Buyer' }));
    skew += 60_000;
    expect((await patch({ buyer_name: 'Web Buyer' })).status).toBe(200);
    await client.syncOnce();
    expect(await both('buyer_name')).toEqual(['Web Buyer', 'Web Buyer']);
    // The desktop's own later correction of that field still wins, on both sides.
    onDesktopClock(() => c.edit(job.id, { buyer_name: 'Desk Buyer 2' }));
    await client.syncOnce();
    expect(await both('buyer_name')).toEqual(['Desk Buyer 2', 'Desk Buyer 2']);
  });

  /**
   * Through `proxy`, a desktop whose clock is five minutes behind the service's: its offset, and a
   * correction made on it a minute before one on the web (the desktop's clock moved a minute back
   * for that edit rather than waited for) losing on both sides, then one a minute after winning.
   */
  async function correctionsInServiceTime(proxy: { url: string }, email: string) {
    let skew = -5 * 60_000;
    const clock = () => Date.now() + skew;
    const { c } = await readStore({ 'e.xml': readFileSync(EINVOICE) }, clock);
    const tokens = new MemoryTokenStore();
    const client = new SyncClient({ db: c.db, server: proxy.url, tokens, clock });
    await signIn(client, email);
    expect(await client.syncOnce()).toMatchObject({ sent: 1, waiting: 0 });
    const job = allJobs(c.db)[0]!;
    const bearer = tokens.get()!;
    const remoteJob = `/api/v1/parse/${jobById(c.db, job.id)!.remoteJobId}`;
    const both = async (key: string) => [
      fieldsOf(job.id, c.db)[key],
      (await call(s.url, remoteJob, { bearer })).body.fields[key],
    ];
    const offset = clockOffset(c.db);

    skew -= 60_000;
    c.edit(job.id, { invoice_no: 'DESK-1' });
    skew += 60_000;
    expect(
      (await call(s.url, `${remoteJob}/fields`, { bearer, method: 'PATCH', json: { invoice_no: 'WEB-1' } }))
        .status,
    ).toBe(200);
    await client.syncOnce();
    const earlier = await both('invoice_no');

    skew += 60_000;
    c.edit(job.id, { invoice_no: 'DESK-2' });
    skew -= 60_000;
    await client.syncOnce();
    return { offset, earlier, later: await both('invoice_no') };
  }

  it("stamps corrections in the service's time when a proxy's Date header is ten minutes off", async () => {
    // The proxy's clock (its Date header) is ten minutes ahead: the service's own time in the
    // answers (service_time) counts, so the offset is the service's five minutes, not fifteen.
    const proxy = await startProxy(s.url, { dateOffsetMs: 10 * 60_000 });
    try {
      const { offset, earlier, later } = await correctionsInServiceTime(proxy, 'proxy-clock@example.com');
      expect(Math.abs(offset - 5 * 60_000)).toBeLessThan(60_000);
      expect(earlier).toEqual(['WEB-1', 'WEB-1']);
      expect(later).toEqual(['DESK-2', 'DESK-2']);
    } finally {
      await proxy.close();
    }
  });

  it('measures the clock by the Date header when the answers do not state the service time', async () => {
    // A service older than service_time: its Date header (right, to the second) is all there is.
    const proxy = await startProxy(s.url, { withoutServiceTime: true });
    try {
      const { offset, earlier, later } = await correctionsInServiceTime(proxy, 'old-service@example.com');
      expect(Math.abs(offset - 5 * 60_000)).toBeLessThan(60_000);
      expect(earlier).toEqual(['WEB-1', 'WEB-1']);
      expect(later).toEqual(['DESK-2', 'DESK-2']);
    } finally {
      await proxy.close();
    }
  });

  it("measures the clock at sign-in by the service's time when a proxy's Date header is ten minutes off", async () => {
    // Before the first round, the sign-in answer alone measures the clock: a desktop five minutes
    // behind, through a proxy whose Date header is ten minutes ahead. By service_time the offset is
    // the service's five minutes (by the header it would be fifteen), and a correction made right
    // after signing in is stamped now in the service's time.
    const clock = () => Date.now() - 5 * 60_000;
    const { c } = await readStore({ 'e.xml': readFileSync(EINVOICE) }, clock);
    const proxy = await startProxy(s.url, { dateOffsetMs: 10 * 60_000 });
    try {
      const client = new SyncClient({ db: c.db, server: proxy.url, tokens: new MemoryTokenStore(), clock });
      await signIn(client, 'sign-in-clock@example.com');
      expect(proxy.seen).toEqual(['POST /api/v1/auth/start', 'POST /api/v1/auth/verify']);
      expect(Math.abs(clockOffset(c.db) - 5 * 60_000)).toBeLessThan(60_000);
      const job = allJobs(c.db)[0]!;
      c.edit(job.id, { invoice_no: 'DESK-1' });
      const at = Date.parse(editsOf(jobById(c.db, job.id)!).invoice_no!.at);
      expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
    } finally {
      await proxy.close();
    }
  });

  it('signing in as another account on the same store sends everything to it, nothing of the earlier one', async () => {
    const { c, watch } = await readStore(threeInvoices());
    const tokens = new MemoryTokenStore();
    const client = new SyncClient({ db: c.db, server: s.url, tokens });
    expect(await signIn(client, 'bee@example.com')).toEqual({ email: 'bee@example.com' });
    expect(await client.syncOnce()).toMatchObject({ sent: 3 });
    const bee = tokens.get()!;
    const [first] = allJobs(c.db);
    // A correction on the web for B: pulled, and the cursor moves on.
    await call(s.url, `/api/v1/parse/${first!.remoteJobId}/fields`, {
      bearer: bee,
      method: 'PATCH',
      json: { invoice_no: 'BEE-1' },
    });
    expect(await client.syncOnce()).toMatchObject({ pulled: 1 });
    expect(getSetting(c.db, 'sync_cursor')).toBeTruthy();
    const beeIds = allJobs(c.db).map((j) => j.remoteJobId);

    await client.signOut();
    expect(client.account).toBe('bee@example.com');
    expect(await signIn(client, 'cee@example.com')).toEqual({
      email: 'cee@example.com',
      switchedFrom: 'bee@example.com',
    });
    expect(client.account).toBe('cee@example.com');
    expect(getSetting(c.db, 'sync_cursor')).toBeUndefined();
    expect(allJobs(c.db).every((j) => j.remoteJobId === null)).toBe(true);
    copyFileSync(TEXT_PDF, path.join(watch, 'new.pdf'));
    await c.scan();
    await c.drain();
    expect(await client.syncOnce()).toMatchObject({ sent: 4, waiting: 0 });
    const cee = tokens.get()!;
    expect((await call(s.url, '/api/v1/parse', { bearer: cee })).body.total).toBe(4);
    const ceeIds = allJobs(c.db).map((j) => j.remoteJobId);
    expect(ceeIds.every((id) => id && !beeIds.includes(id))).toBe(true);
    // An edit now goes to C's job, and B's jobs stay as they were.
    c.edit(first!.id, { buyer_name: 'Cee Buyer' });
    await client.syncOnce();
    const mine = await call(s.url, `/api/v1/parse/${jobById(c.db, first!.id)!.remoteJobId}`, { bearer: cee });
    expect(mine.body.fields.buyer_name).toBe('Cee Buyer');
    expect((await call(s.url, `/api/v1/parse/${beeIds[0]}`, { bearer: cee })).status).toBe(404);
    // Signing in again as the same account keeps everything.
    await client.signOut();
    expect(await signIn(client, 'cee@example.com')).toEqual({ email: 'cee@example.com' });
    expect(allJobs(c.db).map((j) => j.remoteJobId)).toEqual(ceeIds);
  });
});
