// The cross-process exclusions on a real PostgreSQL: one leader among several processes (here,
// several Leader objects on connections of their own), the next taking over when it stops; and
// one inbox scan per account across handles, as two API processes would hold them.
import { closeHandle, type Db, openPostgres } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPostgres, startPostgres } from '../../../../scripts/postgres.mjs';
import { createLogger } from '../log.js';
import { AccountLocks } from './account-lock.js';
import { Leader } from './leader.js';

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const log = createLogger('silent');

describe('the leader lock', () => {
  it('lets one process lead; another leads once it stops', async () => {
    const events: string[] = [];
    let bLed: () => void = () => {};
    const bLeads = new Promise<void>((r) => {
      bLed = r;
    });
    const a = new Leader(server.url, log, {
      lead: () => void events.push('a leads'),
      follow: async () => void events.push('a follows'),
    });
    const b = new Leader(server.url, log, {
      lead: () => {
        events.push('b leads');
        bLed();
      },
      follow: async () => void events.push('b follows'),
    });
    await a.start();
    await b.start();
    expect([a.leading, b.leading]).toEqual([true, false]);
    await a.stop();
    // b tries every 2 s: it leads on its next try.
    await bLeads;
    expect([a.leading, b.leading]).toEqual([false, true]);
    await b.stop();
    expect(events).toEqual(['a leads', 'a follows', 'b leads', 'b follows']);
  });
});

describe('one inbox scan per account', () => {
  it('refuses a second holder on another handle while the first holds the lock, and frees it after', async () => {
    const one = (await openPostgres(server.url)) as unknown as Db;
    const two = (await openPostgres(server.url)) as unknown as Db;
    try {
      const [first, second] = [new AccountLocks(one, 7), new AccountLocks(two, 7)];
      let release: () => void = () => {};
      const holding = new Promise<void>((r) => {
        release = r;
      });
      let entered: () => void = () => {};
      const inside = new Promise<void>((r) => {
        entered = r;
      });
      const scan = first.tryWith(42, async () => {
        entered();
        await holding;
        return 'scanned';
      });
      await inside;
      expect(await second.tryWith(42, async () => 'twice')).toBeUndefined();
      expect(await second.tryWith(43, async () => 'another account')).toEqual({ value: 'another account' });
      release();
      expect(await scan).toEqual({ value: 'scanned' });
      expect(await second.tryWith(42, async () => 'after')).toEqual({ value: 'after' });
    } finally {
      await closeHandle(one);
      await closeHandle(two);
    }
  });
});
