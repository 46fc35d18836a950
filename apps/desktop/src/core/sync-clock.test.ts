// The desktop sync's clock against a real service started in the test: the later correction wins
// whatever the desktop's clock says, corrections are stamped in the service's time (its
// service_time, else a Date header), also through a proxy whose Date header is minutes off, and
// from the sign-in on.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../../../server/src/test-support/server.js';
import type { TestSmtp } from '../../../server/src/test-support/smtp.js';
import { call, EINVOICE, startTestServer, startTestSmtp } from '../test-support/corpus.js';
import { fieldsOf, signInByMail, startProxy, syncStores } from '../test-support/sync-kit.js';
import { clockOffset } from './service-clock.js';
import { allJobs, editsOf, jobById } from './store.js';
import { SyncClient } from './sync.js';
import { MemoryTokenStore } from './token-store.js';

let smtp: TestSmtp;
let s: TestServer;
const stores = syncStores();
const { readStore } = stores;
const signIn = (client: SyncClient, email: string) => signInByMail(smtp, client, email);

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await stores.stop();
  await s.stop();
  await smtp.close();
});

describe("sync's clock: corrections in the service's time", () => {
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
      fieldsOf(c.db, job.id)[key],
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
      fieldsOf(c.db, job.id)[key],
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
});
