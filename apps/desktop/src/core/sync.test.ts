// The desktop sync against a real service started in the test (real SMTP for the sign-in link):
// sign in, send, see the jobs in /api/v1/parse with source desktop, edits both ways (the later
// wins), offline then online, nothing sent twice; what the service or a proxy answers with an
// error, a large result, and switching accounts. Its clock: sync-clock.test.ts.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { fieldsOf, signInByMail, startProxy, syncStores, threeInvoices } from '../test-support/sync-kit.js';
import { DesktopCore } from './core.js';
import { allJobs, enqueueOutbox, getSetting, jobById, outboxRows, updateJob } from './store.js';
import { MAX_REFUSALS, SyncClient, tokenOf } from './sync.js';
import { KeychainTokenStore, MemoryTokenStore } from './token-store.js';

let smtp: TestSmtp;
let s: TestServer;
let core: DesktopCore;
let watchDir: string;
let storeDir: string;
const stores = syncStores();
const { readStore } = stores;
const signIn = (client: SyncClient, email: string) => signInByMail(smtp, client, email);

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  watchDir = tempDir('watch');
  storeDir = tempDir('store');
  core = new DesktopCore({ storeDir, folders: [watchDir], country: 'de', quietMs: 100 });
});
afterAll(async () => {
  await stores.stop();
  await core.stop();
  await s.stop();
  await smtp.close();
  rmSync(watchDir, { recursive: true, force: true });
  rmSync(storeDir, { recursive: true, force: true });
});

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
    expect(remote.body.fields).toEqual(fieldsOf(core.db, xml.id));
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
    expect(fieldsOf(core.db, xml.id)).toMatchObject({ invoice_no: 'WEB-7', buyer_name: 'Desk Buyer GmbH' });

    // The later edit wins per field: an older desktop edit of invoice_no loses on both sides.
    core.edit(xml.id, { invoice_no: 'STALE' }, '2000-01-01T00:00:00.000Z');
    await client.syncOnce();
    expect(fieldsOf(core.db, xml.id).invoice_no).toBe('WEB-7');
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

describe('sync when the service answers errors, and switching accounts', () => {
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
