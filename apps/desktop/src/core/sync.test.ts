// The desktop sync against a real service started in the test (real SMTP for the sign-in link):
// sign in, send, see the jobs in /api/v1/parse with source desktop, edits both ways (the later
// wins), offline then online, and nothing sent twice.
import { copyFileSync, rmSync } from 'node:fs';
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
import { DesktopCore } from './core.js';
import { allJobs, enqueueOutbox, jobById, outboxRows, updateJob } from './store.js';
import { SyncClient, tokenOf } from './sync.js';
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

const fieldsOf = (id: number) => JSON.parse(jobById(core.db, id)!.result!).fields as Record<string, string>;

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
